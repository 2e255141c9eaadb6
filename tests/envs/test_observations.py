"""Observations: a fixed-length numeric view and a compact view key."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamefold import ConfigError
from gamefold.envs import ObservationEncoder, aec_env, view_key
from gamefold.envs.observations import LIMIT
from gamefold.games.base import get_game, play
from gamefold.games.playing import Played

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
            assert all(
                lo <= x <= hi for lo, x, hi in zip(encoder.low, encoded, encoder.high, strict=True)
            )
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


@pytest.mark.parametrize("name", GAMES)
def test_observe_into_rewrites_what_changed_and_holds_every_observation_whole(name: str) -> None:
    """The envs' path: each viewer's buffer, written again only where the view changed,
    holds at every state the whole encoding of that state's view; a new buffer is written
    whole."""
    game = get_game(name)()
    encoder = ObservationEncoder(game)
    played = play(game, 6, max_steps=400)
    players = game.players(played.states[0])
    buffers = {viewer: np.zeros(encoder.shape, np.float32) for viewer in players}
    for state in played.states:
        for viewer in players:
            view = encoder.observe_into(state, viewer, buffers[viewer])
            assert view == game.rules.view(state, viewer)
            expected = np.asarray(encoder.encode(view), np.float32)
            assert np.array_equal(buffers[viewer], expected)
    fresh = np.full(encoder.shape, 7.0, np.float32)
    encoder.observe_into(played.states[-1], players[0], fresh)
    assert np.array_equal(fresh, buffers[players[0]])


@pytest.mark.parametrize("name", GAMES)
def test_an_encoder_that_saw_earlier_views_encodes_as_a_fresh_one(name: str) -> None:
    """Repeating the numbers of a record that is the same object as before never changes
    them: through a whole game, every viewer's buffer (a float32 array, a float64 array, a
    list) holds what an encoder that never saw the game writes for that state's view."""
    game = get_game(name)()
    encoder = ObservationEncoder(game)
    played = play(game, 3, max_steps=300)
    players = game.players(played.states[0])
    size = encoder.size
    kinds = [(np.zeros(size, np.float32), np.zeros(size), [0.0] * size) for _ in players]
    buffers = {viewer: kinds[i][i % 3] for i, viewer in enumerate(players)}  # one a viewer
    for i, state in enumerate(played.states):
        views = {viewer: encoder.observe_into(state, viewer, buffers[viewer]) for viewer in players}
        if i % 40:
            continue
        fresh = ObservationEncoder(game)  # one that never saw a view of this game
        for viewer, view in views.items():
            expected = np.asarray(fresh.encode(game.rules.view(state, viewer)), np.float32)
            assert np.array_equal(np.asarray(buffers[viewer], np.float32), expected)
            assert encoder.encode(view) == fresh.encode(view)


@pytest.mark.parametrize("name", GAMES)
def test_the_bounds_are_read_from_the_types(name: str) -> None:
    """Flags are 0 to 1, enums and strings 0 to their count, only numbers and lengths wide;
    every slot's range holds 0, the padding."""
    encoder = ObservationEncoder(get_game(name)())
    pairs = list(zip(encoder.low, encoder.high, strict=True))
    assert len(pairs) == encoder.size
    assert all(low <= 0.0 <= high and low < high for low, high in pairs)
    assert (0.0, 1.0) in pairs
    assert (0.0, float(len(encoder.vocabulary))) in pairs
    tight = [pair for pair in pairs if pair not in ((-LIMIT, LIMIT), (0.0, LIMIT))]
    assert len(tight) > encoder.size / 3


def _masked_random_observations(env, seed: int):  # type: ignore[no-untyped-def]
    """Every observation of every agent in a masked random game of ``seed``."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        yield agent, observation
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=10)  # each example a game of up to 300 steps
def test_every_observation_of_random_play_lies_within_its_bounds(name: str, seed: int) -> None:
    """The Box's per-slot bounds are true: no observation of a random game leaves them."""
    env = aec_env(name, observation="flat", max_steps=300)
    space = env.observation_space(env.possible_agents[0])
    seen = 0
    for agent, observation in _masked_random_observations(env, seed):
        assert observation in env.observation_space(agent), _outside(space, observation)
        seen += 1
    assert seen > 1


def _outside(space, observation) -> str:  # type: ignore[no-untyped-def]
    slots = np.flatnonzero((observation < space.low) | (observation > space.high))
    return f"slots {slots[:5]} outside their bounds: {observation[slots[:5]]}"


def test_declared_bounds_narrow_a_number_and_clamp_it() -> None:
    """``bounds`` gives a number field its range; a value beyond it is written as the end."""
    game = get_game("skirmish")()
    wide = ObservationEncoder(game)
    narrow = ObservationEncoder(game, bounds={"hp": (0, 3)})
    changed = [
        i
        for i, pair in enumerate(zip(wide.low, wide.high, strict=True))
        if pair != (narrow.low[i], narrow.high[i])
    ]
    assert changed
    assert all((narrow.low[i], narrow.high[i]) == (0.0, 3.0) for i in changed)
    view = game.rules.view(game.setup(1), "ana")
    numbers, clamped = wide.encode(view), narrow.encode(view)
    assert any(numbers[i] > 3 for i in changed)
    assert all(clamped[i] == min(numbers[i], 3.0) for i in changed)


@pytest.mark.parametrize(
    "bounds",
    [
        {"hp": (3, 1)},
        {"hp": (0,)},
        {"hp": (0, float("nan"))},
        {"hp": (0, 2**40)},
        {"hp": (False, 2)},
        [("hp", (0, 1))],
    ],
    ids=["reversed", "one", "nan", "huge", "bool", "not-a-mapping"],
)
def test_bounds_that_are_no_range_are_refused(bounds: object) -> None:
    with pytest.raises(ConfigError, match="bounds"):
        ObservationEncoder(get_game("skirmish")(), bounds=bounds)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2), data=st.data())
@settings(max_examples=10)  # each walks a whole game
def test_a_buffer_written_at_any_states_holds_each_one_s_encoding(
    name: str, seed: int, data: st.DataObject
) -> None:
    """The envs observe a viewer at its own decisions only, many steps apart: whichever
    states each viewer is observed at, its float32 buffer, written again only in the
    slices, fields and items that are not the objects they were, holds the whole encoding
    of the view of the state it was observed at."""
    game = get_game(name)()
    encoder = ObservationEncoder(game)
    played = _played(name, seed)
    players = game.players(played.states[0])
    buffers = {viewer: np.zeros(encoder.shape, np.float32) for viewer in players}
    for state in played.states:
        for viewer in data.draw(st.sets(st.sampled_from(players))):
            view = encoder.observe_into(state, viewer, buffers[viewer])
            expected = np.asarray(encoder.encode(game.rules.view(state, viewer)), np.float32)
            assert np.array_equal(buffers[viewer], expected)
            assert view == game.rules.view(state, viewer)


@cache
def _played(name: str, seed: int) -> Played:
    return play(get_game(name)(), seed, max_steps=300)
