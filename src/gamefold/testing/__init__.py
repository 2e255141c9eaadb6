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

**The strategy dialect.** Every strategy of the kit, here and in the subsystem modules,
follows Hypothesis's own conventions:

1. *Names* are plural nouns saying what is drawn: ``configs()``, ``initial_states()``,
   ``reachable_states()``, ``legal_actions(state)`` (legal ones only), ``actions(state)`` and
   ``candidate_actions(state)`` (legal or not). Plain helper functions that are not
   strategies (``legal_moves``, ``random_play`` …) are named as functions.
2. *Subjects* are positional: what the strategy draws from and cannot do without, the
   ``game``, the ``state``, the ``actions`` to mutate, the ``action_types``, the ``config`` a
   fighter must fit. A subject is a plain value, never a strategy: draw the state first
   (``st.data()`` or ``.flatmap``) and pass it.
3. *Options* are keyword-only, and each is either a plain value, fixed for every example
   (``max_steps=10``), or a strategy, drawn once per example (``max_steps=st.integers(0,
   10)``). An option whose default is ``None`` is drawn when left out, from the range its
   docstring states; a config strategy's options are named after the config fields they
   set (``combat.configs(max_hp=5)``).
4. *Arguments are checked when the strategy is built*: a bad subject or option value raises
   :class:`~hypothesis.errors.InvalidArgument` with a sentence naming the argument
   (``max_steps=-1 must be at least 0``); a bad value drawn from a strategy option raises it
   when drawn (``max_steps=-1 (drawn from the strategy given) must be at least 0``).

>>> from hypothesis import strategies as st
>>> from gamefold.testing import combat
>>> fights = combat.initial_states(party=(2, 2), enemies=st.sampled_from([(1, 1), (3, 3)]))
>>> combat.reachable_states(max_steps=-1)
Traceback (most recent call last):
    ...
hypothesis.errors.InvalidArgument: max_steps=-1 must be at least 0
"""

from gamefold.testing.actions import garbage_actions, mutated_actions, non_actions
from gamefold.testing.codec import CodecReport, codec_conformance
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
    "CodecReport",
    "ConformanceError",
    "ConformanceReport",
    "InvariantViolation",
    "action_sequences",
    "assert_invariants",
    "assert_refused",
    "check_invariants",
    "choices",
    "codec_conformance",
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
