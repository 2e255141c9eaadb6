"""Observations: a fixed-length numeric view and a compact view key."""

from __future__ import annotations

import pytest

from gamefold.envs import ObservationEncoder, view_key
from gamefold.games.base import get_game, play

GAMES = ("skirmish", "summit", "campaign")


@pytest.mark.parametrize("name", GAMES)
def test_every_view_of_a_whole_game_has_the_declared_shape_within_bounds(name: str) -> None:
    game = get_game(name)()
    encoder = ObservationEncoder(game)
    played = play(game, 4)
    players = game.players(played.states[0])
    seen = set()
    for state in played.states[:: max(1, len(played.states) // 40)]:
        for player in players:
            encoded = encoder.encode(game.rules.view(state, player))
            assert len(encoded) == encoder.size == encoder.shape[0]
            assert all(encoder.low <= x <= encoder.high for x in encoded)
            seen.add(tuple(encoded))
    assert len(seen) > 10  # the numbers follow the game


def test_players_see_their_own_hands_only() -> None:
    game = get_game("summit")()
    encoder = ObservationEncoder(game)
    state = game.setup(2)
    p1, p2 = (encoder.encode(game.rules.view(state, p)) for p in ("p1", "p2"))
    assert p1 != p2


def test_caps_bound_variable_length_fields() -> None:
    game = get_game("summit")()
    small = ObservationEncoder(game, default_cap=2)
    large = ObservationEncoder(game, default_cap=6)
    assert small.size < large.size
    wider = ObservationEncoder(game, default_cap=2, caps={"players": 6})
    assert small.size < wider.size


def test_the_view_key_leaves_out_the_constant_config() -> None:
    game = get_game("summit")()
    state = game.setup(0)
    view = game.rules.view(state, "p1")
    key = view_key(view)
    assert "config" not in key
    assert "scenario" not in key
    assert len(key) < len(repr(view)) / 2
    assert view_key(view, skip=()) != key
    assert key == view_key(game.rules.view(game.setup(0), "p1"))
    assert key != view_key(game.rules.view(state, "p2"))


@pytest.mark.parametrize("name", GAMES)
def test_observe_gives_the_games_own_view_and_its_encoding(name: str) -> None:
    """EN-9: observe keeps a slice's view while the slice is unchanged, and never shows a
    stale one: at every state of a game, for the actor and for every player (the campaign's
    defending faction sees the GM's seat it commands, then gives it back)."""
    game = get_game(name)()
    encoder = ObservationEncoder(game)
    played = play(game, 6, max_steps=400)
    players = game.players(played.states[0])
    for state in played.states:
        actor = game.actor(state)
        for viewer in (actor, *players) if actor is not None else players:
            view, numbers = encoder.observe(state, viewer)
            assert view == game.rules.view(state, viewer)
            assert numbers == encoder.encode(view)
