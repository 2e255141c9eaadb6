"""EN-9: what a player sees of summit's map (every field of the map but its random stream)
and of its turn flow (all of it)."""

from __future__ import annotations

import attrs

from gamefold.games.summit import MAP, NAME, Ask, MapView, Phase, determinize, view
from gamefold.games.summit.state import map_determinize, map_view
from gamefold.rng import Rng
from gamefold.territory import Truce

from .helpers import board, first_turn, flow, summit, with_flow, with_map


def _busy_map() -> tuple[object, object]:
    """A game whose map and flow have a distinctive value in every field a view shows."""
    game_def = summit(players=4)
    game = first_turn(game_def)
    state = board(game)
    n = len(state.owners)
    game = with_map(
        game,
        forts=tuple(i % 3 for i in range(n)),
        garrisons=tuple(i + 2 for i in range(n)),
        traps=tuple((i + 1) % 2 for i in range(n)),
        truces=(Truce(7, "p1", "p3"),),
        current="p2",
    )
    game = with_flow(game, phase=Phase.WINDOW, round=3, turn=9, asked=Ask(4, "p3"), proposals=2)
    return game_def, game


def test_en9_the_map_view_shows_every_field_but_the_rng() -> None:
    """EN-9: the view carries each of the map's fields as they stand, names its viewer, and
    has no random stream (a bot must not see the rolls to come)."""
    _, game = _busy_map()
    state = board(game)
    seen = map_view(state, "p4")
    assert seen.viewer == "p4"
    shown = [f.name for f in attrs.fields(MapView) if f.name != "viewer"]
    assert "rng" not in shown
    assert sorted(shown) == sorted(f.name for f in attrs.fields(type(state)) if f.name != "rng")
    for name in shown:
        assert getattr(seen, name) == getattr(state, name), name
    drawn = map_determinize(seen, "p4", Rng.from_seed(1))
    assert map_view(drawn, "p4") == seen
    assert drawn.rng != state.rng


def test_en9_every_player_sees_the_same_public_map_and_the_whole_turn_flow() -> None:
    """EN-9: the map is public: two players' views differ only in whose view it is, and the
    registry hands each player this view of the map slice; the turn flow is its own view."""
    game_def, game = _busy_map()
    first = game_def.rules.view(game, "p1")
    third = game_def.rules.view(game, "p3")
    assert first[MAP] == map_view(board(game), "p1")
    assert third[MAP] == map_view(board(game), "p3")
    assert attrs.evolve(first[MAP], viewer="p3") == third[MAP]
    assert first[NAME] == third[NAME] == view(flow(game), "p2") == flow(game)
    assert determinize(first[NAME], "p1", Rng.from_seed(2)) == flow(game)
