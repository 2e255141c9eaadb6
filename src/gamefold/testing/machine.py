"""A ready :class:`~hypothesis.stateful.RuleBasedStateMachine` for any game.

>>> from gamefold.testing import game_machine
>>> TestMyGame = game_machine(MyGame()).TestCase      # doctest: +SKIP

The machine starts from a random seed and, step by step, plays random legal actions (the
clock's when one is due) and throws illegal and garbage actions at the rules. After every
step it checks the invariants of every slice, that the previous state was not mutated, that
an illegal action raised :class:`~gamefold.IllegalAction` and changed nothing, that the
state survives pickle and JSON round trips, and that equal states hash equally.
"""

from __future__ import annotations

import pickle
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from gamefold.core import Action
from gamefold.errors import IllegalAction
from gamefold.games.base import GameDef
from gamefold.record import from_json, to_json
from gamefold.registry import Game
from gamefold.testing.actions import garbage_actions, mutated_actions, non_actions
from gamefold.testing.games import choices, seeds
from gamefold.testing.invariants import assert_invariants

__all__ = ["assert_refused", "game_machine"]


def assert_refused(game: GameDef[Any], state: Game, action: Any) -> IllegalAction | None:
    """Apply ``action``; if refused, check it was refused properly and changed nothing.

    Returns the :class:`IllegalAction` (or ``None`` when the action was in fact legal, in
    which case :meth:`Rules.check` must have said so too). Any other exception fails.
    """
    saved = pickle.dumps(state)
    if not isinstance(action, Action):
        try:
            game.rules.step(state, action)
        except TypeError:
            assert pickle.loads(saved) == state, "a refused action changed the state"
            return None
        raise AssertionError(f"a non-action {action!r} was not refused with TypeError")
    predicted = game.rules.check(state, action)
    refused: IllegalAction | None = None
    try:
        game.rules.step(state, action)
    except IllegalAction as err:
        refused = err
    if refused is None:
        assert predicted is None, f"check() refused {action!r} but step() applied it"
        return None
    assert pickle.loads(saved) == state, "a refused action changed the state (EN-4)"
    assert predicted is not None, f"check() accepted {action!r} but step() refused it"
    assert (refused.code, refused.rule) == (predicted.code, predicted.rule)
    assert "/" in refused.code, f"unstable code {refused.code!r}"
    assert refused.rule, "an IllegalAction must name its rule"
    assert refused.message, "an IllegalAction must explain itself"
    return refused


def game_machine(game: GameDef[Any], *, illegal: bool = True) -> type[RuleBasedStateMachine]:
    """A state machine class playing ``game``; use its ``TestCase`` in a test module.

    With ``illegal=False`` only legal play is generated. Tune it with
    ``Machine.TestCase.settings = settings(max_examples=…, stateful_step_count=…)``.
    """
    if not isinstance(game, GameDef):
        raise InvalidArgument(f"game must be a GameDef instance, not {game!r}")

    class GameMachine(RuleBasedStateMachine):
        state: Game

        @initialize(seed=seeds())
        def start(self, seed: int) -> None:
            self.state = game.setup(seed)

        @precondition(lambda self: not game.is_over(self.state))
        @rule(data=st.data())
        def legal_step(self, data: st.DataObject) -> None:
            action = data.draw(choices(game, self.state), label="action")
            saved = pickle.dumps(self.state)
            assert game.rules.check(self.state, action) is None
            new, _ = game.rules.step(self.state, action)
            assert pickle.loads(saved) == self.state, "step() mutated its input (EN-2)"
            self.state = new

        @precondition(lambda self: illegal)
        @rule(data=st.data())
        def refused_step(self, data: st.DataObject) -> None:
            players = game.players(self.state)
            legal = [a for p in players for a in game.rules.legal_actions(self.state, p)]
            kinds = sorted({type(a) for a in legal}, key=lambda t: t.__qualname__)
            options = [non_actions()]
            if legal:
                options += [mutated_actions(legal, names=players), garbage_actions(kinds)]
            action = data.draw(st.one_of(options), label="refused")
            assert_refused(game, self.state, action)

        @invariant()
        def invariants_hold(self) -> None:
            assert_invariants(self.state, game.rules)

        @invariant()
        def round_trips(self) -> None:
            copy = pickle.loads(pickle.dumps(self.state))
            assert copy == self.state
            assert hash(copy) == hash(self.state)
            assert from_json(to_json(self.state), Game) == self.state

    GameMachine.__name__ = GameMachine.__qualname__ = f"{type(game).__name__}Machine"
    return GameMachine
