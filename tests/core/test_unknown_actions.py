"""EN-4: an action of a subsystem a game lacks is refused, never a composition error.

A hostile or confused client may send a ready-made game any action class gamefold
defines; the game refuses those it has no handler for with a stable code and changes
nothing, as it refuses any illegal action.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import IllegalAction, combat, diplomacy, skills
from gamefold.core import Action
from gamefold.games.skirmish import Skirmish
from gamefold.games.summit import Summit
from gamefold.registry import UNKNOWN_ACTION

SKIRMISH, SUMMIT = Skirmish(), Summit()
STARTS = {"skirmish": SKIRMISH.setup(1), "summit": SUMMIT.setup(1)}
FOREIGN: list[tuple[Any, type[Action]]] = [
    *((SKIRMISH, kind) for kind in diplomacy.ACTIONS),
    *((SUMMIT, kind) for kind in (*skills.ACTIONS, *combat.ACTIONS)),
]


@given(
    st.sampled_from(FOREIGN).flatmap(
        lambda pair: st.tuples(st.just(pair[0]), st.from_type(pair[1]))
    )
)
def test_en4_an_action_of_a_missing_subsystem_is_illegal(case: tuple[Any, Action]) -> None:
    game, action = case
    start = STARTS[game.name]
    problem = game.rules.check(start, action)
    assert problem is not None
    assert (problem.code, problem.rule) == (UNKNOWN_ACTION, "EN-4")
    with pytest.raises(IllegalAction) as refused:
        game.rules.step(start, action)
    assert refused.value == problem
