"""The public strategies validate their arguments the way Hypothesis's own do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis.errors import InvalidArgument

from gamefold.testing import combat, diplomacy, skills

BAD: list[tuple[str, Callable[[], Any]]] = [
    ("skills max_deck_size", lambda: skills.configs(max_deck_size=0)),
    ("skills max_hand_limit", lambda: skills.configs(max_hand_limit=True)),
    ("skills max_players", lambda: skills.initial_states(max_players=0)),
    ("skills configs", lambda: skills.initial_states(configs=3)),  # type: ignore[arg-type]
    ("skills max_steps", lambda: skills.reachable_states(max_steps=-1)),
    ("combat party", lambda: combat.initial_states(party=(3, 1))),
    ("combat enemies", lambda: combat.initial_states(enemies=(0, 2))),
    ("combat config", lambda: combat.initial_states(config="x")),  # type: ignore[arg-type]
    ("combat max_steps", lambda: combat.reachable_states(max_steps=1.5)),  # type: ignore[arg-type]
    ("diplomacy most", lambda: diplomacy.bonus_zones(most=-1)),
    ("diplomacy players", lambda: diplomacy.initial_states(players=4)),  # type: ignore[arg-type]
    ("diplomacy max_steps", lambda: diplomacy.reachable_states(max_steps=-2)),
]


@pytest.mark.parametrize(("name", "build"), BAD, ids=[name for name, _ in BAD])
def test_bad_arguments_raise_invalid_argument_when_the_strategy_is_built(
    name: str, build: Callable[[], Any]
) -> None:
    with pytest.raises(InvalidArgument):
        build()


@settings(max_examples=5, deadline=None)
@given(
    skills.reachable_states(max_steps=5),
    combat.reachable_states(max_steps=5),
    diplomacy.reachable_states(max_steps=5),
)
def test_good_arguments_draw_states(a: object, b: object, c: object) -> None:
    assert a is not None
    assert b is not None
    assert c is not None
