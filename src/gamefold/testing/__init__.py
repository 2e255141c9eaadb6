"""Property-based testing as a product: strategies, invariants, a state machine, conformance.

Add these to your own test suite to test your house rules and card effects the way
gamefold tests its own:

- :func:`reachable_games`, :func:`choices`, :func:`illegal_actions`,
  :func:`action_sequences`: Hypothesis strategies for any :class:`~gamefold.games.GameDef`;
- :func:`mutated_actions`, :func:`garbage_actions`, :func:`non_actions`: input a reducer
  must refuse without changing anything;
- :func:`check_invariants` / :func:`assert_invariants`: every invariant the subsystems
  declare, by name;
- :func:`game_machine`: a ready ``RuleBasedStateMachine`` for any game;
- :func:`conformance`: an OpenSpiel-style random-simulation check with replay.

Each subsystem's own strategies live in :mod:`gamefold.testing.skills`,
:mod:`gamefold.testing.combat` and :mod:`gamefold.testing.diplomacy`.
"""

from gamefold.testing.actions import garbage_actions, mutated_actions, non_actions
from gamefold.testing.conformance import ConformanceError, ConformanceReport, conformance
from gamefold.testing.games import (
    action_sequences,
    choices,
    illegal_actions,
    reachable_games,
    seeds,
)
from gamefold.testing.invariants import (
    InvariantViolation,
    assert_invariants,
    check_invariants,
    distinct_rng_streams,
)
from gamefold.testing.machine import assert_refused, game_machine

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "InvariantViolation",
    "action_sequences",
    "assert_invariants",
    "assert_refused",
    "check_invariants",
    "choices",
    "conformance",
    "distinct_rng_streams",
    "game_machine",
    "garbage_actions",
    "illegal_actions",
    "mutated_actions",
    "non_actions",
    "reachable_games",
    "seeds",
]
