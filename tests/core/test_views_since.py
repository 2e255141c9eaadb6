"""EN-9: a view taken ``since`` any earlier one of the same viewer equals the view taken
afresh, along games of every shipped game (the envs take one at every decision)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamefold.games.base import GameDef, get_game, play
from gamefold.games.playing import Played

GAMES = ("skirmish", "summit", "campaign")


@cache
def _played(name: str, seed: int) -> tuple[GameDef[Any], Played]:
    game = get_game(name)()
    return game, play(game, seed, max_steps=300)


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2), data=st.data())
@settings(max_examples=10)  # each walks a whole game, a view a state
def test_en9_a_view_since_any_earlier_one_is_the_view_taken_afresh(
    name: str, seed: int, data: st.DataObject
) -> None:
    """Whichever earlier view of its own a viewer passes as ``since`` (its last, an older
    one, or one from before a seat changed hands), the view is the fresh one, secrets and
    all: a slice kept is one that did not change, and only those the viewer may see."""
    game, played = _played(name, seed)
    players = game.players(played.states[0])
    taken: dict[str, list[tuple[Any, Any]]] = {player: [] for player in players}
    for state in played.states:
        viewer = data.draw(st.sampled_from(players))
        earlier = taken[viewer]
        pick = data.draw(st.integers(-1, len(earlier) - 1))  # -1: none
        since = earlier[pick] if pick >= 0 else None
        seen = game.rules.view(state, viewer, since=since)
        assert seen == game.rules.view(state, viewer)
        earlier.append((state, seen))
