"""The PettingZoo AEC environment: api_test and seed_test on all three games."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.error import InvalidAction
from pettingzoo.test import api_test, seed_test

from gamefold import ConfigError
from gamefold.envs import aec_env, win_share
from gamefold.games.base import get_game, play

GAMES = ("skirmish", "summit", "campaign")


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name: str) -> None:
    api_test(aec_env(name), num_cycles=300)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: aec_env(name), num_cycles=200)


def _masked_random_game(env, seed: int) -> tuple[list[int], dict[str, float]]:  # type: ignore[no-untyped-def]
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    chosen: list[int] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = int(env.action_space(agent).sample(obs["action_mask"]))
        chosen.append(action)
        env.step(action)
    return chosen, totals


def test_same_seed_same_trajectory_and_win_shares_at_the_end() -> None:
    env = aec_env("summit")
    first, rewards = _masked_random_game(env, 5)
    second, again = _masked_random_game(aec_env("summit"), 5)
    assert first == second
    assert rewards == again
    assert sum(rewards.values()) == pytest.approx(1.0)  # summit always has a winner
    assert set(rewards.values()) <= {0.0, 1.0, 0.5, 1 / 3, 0.25}


def test_reset_seed_plays_the_game_of_that_seed() -> None:
    """The env's game of seed S starts where ``play(game, S)`` (and simulate) starts."""
    game = get_game("skirmish")()
    env = aec_env(game)
    env.reset(seed=9)
    played = play(game, 9, max_steps=1)
    first_choice = 0
    while game.clock_action(played.states[first_choice]) is not None:
        first_choice += 1
        played = play(game, 9, max_steps=first_choice + 1)
    assert env.state_ == played.states[first_choice]
    assert env.agent_selection == game.actor(env.state_)


def test_the_mask_is_the_actors_legal_listing_and_illegal_indices_are_refused() -> None:
    env = aec_env("skirmish")
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    legal = env.game.rules.legal_actions(env.state_, agent)
    assert int(mask.sum()) == len(legal)
    others = [a for a in env.possible_agents if a != agent]
    assert all(not env.observe(a)["action_mask"].any() for a in others)
    with pytest.raises(ValueError, match=f"not a legal action of {agent}"):
        env.step(int(np.flatnonzero(mask == 0)[-1]))


def test_win_share_splits_among_winners() -> None:
    game = get_game("summit")()
    final = play(game, 2).final
    shares = [win_share(game, final, p) for p in game.players(final)]
    winners = [p for p, row in game.outcome(final).items() if row.get("winner")]
    assert sum(shares) == pytest.approx(1.0 if winners else 0.0)


def test_render_tells_the_last_events() -> None:
    env = aec_env("summit", render_mode="ansi")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    env.step(int(np.flatnonzero(mask)[0]))
    assert isinstance(env.render(), str)
    assert aec_env("summit").render() is None


def _first_legal(env) -> int:  # type: ignore[no-untyped-def]
    return int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])


@pytest.mark.parametrize(
    "make",
    [
        float,
        np.float64,
        lambda i: i + 0.7,  # int() would play index i
        str,
        lambda i: True,
        lambda i: np.bool_(True),
        lambda i: None,
        lambda i: -1,
        lambda i: 10**9,
        lambda i: np.array([i]),
    ],
    ids=["float", "np.float64", "fraction", "str", "bool", "np.bool_", "None", "-1", "huge", "1-d"],
)
def test_an_action_outside_the_space_is_gymnasiums_invalid_action(make) -> None:  # type: ignore[no-untyped-def]
    """What Gymnasium's own envs raise for an action the space does not contain; the game
    does not move (an index inside the space that the mask rules out stays a ValueError)."""
    env = aec_env("skirmish")
    env.reset(seed=3)
    before, agent = env.state_, env.agent_selection
    with pytest.raises(InvalidAction, match=r"not in .* action space Discrete"):
        env.step(make(_first_legal(env)))
    assert env.state_ is before
    assert env.agent_selection == agent


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint16, np.array])
def test_numpy_integer_actions_play_like_ints(kind) -> None:  # type: ignore[no-untyped-def]
    env, again = aec_env("skirmish"), aec_env("skirmish")
    env.reset(seed=3)
    again.reset(seed=3)
    for _ in range(5):
        index = _first_legal(env)
        env.step(kind(index))
        again.step(index)
        assert env.state_ == again.state_
        assert env.agent_selection == again.agent_selection


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint8])
def test_reset_takes_a_numpy_integer_seed(kind) -> None:  # type: ignore[no-untyped-def]
    env, again = aec_env("summit"), aec_env("summit")
    env.reset(seed=kind(3))
    again.reset(seed=3)
    assert env.state_ == again.state_
    env.reset()  # the next seed follows the NumPy one as it follows an int
    again.reset()
    assert env.state_ == again.state_
    assert env.state_ != aec_env("summit").game.setup(3)


@pytest.mark.parametrize(
    "seed", [3.0, "3", True, np.float64(3)], ids=["float", "str", "bool", "np.float64"]
)
def test_reset_refuses_a_seed_that_is_no_whole_number(seed: object) -> None:
    env = aec_env("summit")
    with pytest.raises(TypeError, match="a seed is an int or a NumPy integer"):
        env.reset(seed=seed)


@pytest.mark.parametrize("max_steps", [0, -1, 1_000_001, 2.5, True, "10"])
def test_a_step_cap_outside_1_to_a_million_is_a_config_error(max_steps: object) -> None:
    with pytest.raises(ConfigError, match="max_steps is a whole number from 1") as caught:
        aec_env("summit", max_steps=max_steps)
    assert caught.value.field == "max_steps"


def test_the_step_cap_takes_numpy_integers_and_truncates_there() -> None:
    env = aec_env("summit", max_steps=np.int64(1))
    env.reset(seed=2)
    assert env.steps == 1
    assert all(env.truncations.values())


@pytest.mark.parametrize(
    ("caps", "message"),
    [
        ({"hand": -1}, "caps\\['hand'\\] is a whole number from 0 to 1,000"),
        ({"hand": 1_001}, "caps\\['hand'\\]"),
        ({"hand": 2.5}, "caps\\['hand'\\]"),
        ({3: 2}, "caps maps field names"),
        ([("hand", 2)], "caps maps field names"),
    ],
)
def test_observation_caps_are_bounded_counts(caps: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        aec_env("summit", caps=caps)
    assert caught.value.field == "caps"


@pytest.mark.parametrize("given", [float("nan"), float("inf"), -np.inf, "1", None])
def test_a_reward_that_is_no_finite_number_is_refused(given: object) -> None:
    """A NaN reward would poison every return a learner averages: named, not passed on."""

    def broken(game, state, agent):  # type: ignore[no-untyped-def]
        return given

    env = aec_env("summit", reward=broken, max_steps=1)
    with pytest.raises(ValueError, match=r"reward broken gave p1 .*: a reward is a finite number"):
        env.reset(seed=2)


def test_a_numpy_float_reward_is_taken_as_a_float() -> None:
    env = aec_env("summit", reward=lambda game, state, agent: np.float32(0.5), max_steps=1)
    env.reset(seed=2)
    assert env.rewards == dict.fromkeys(env.possible_agents, 0.5)
    assert all(type(r) is float for r in env.rewards.values())


@pytest.mark.parametrize("name", GAMES)
def test_the_flat_form_passes_api_and_seed_tests(name: str) -> None:
    """``observation="flat"``: the float32 Box alone, the actor's mask in its info."""
    env = aec_env(name, observation="flat")
    api_test(env, num_cycles=100)
    seed_test(lambda: aec_env(name, observation="flat"), num_cycles=50)


def test_the_flat_form_shows_the_dict_forms_numbers_and_mask() -> None:
    flat, nested = aec_env("summit", observation="flat"), aec_env("summit")
    flat.reset(seed=2)
    nested.reset(seed=2)
    for _ in range(12):
        agent = flat.agent_selection
        observation, _, _, _, info = flat.last()
        shown = nested.observe(agent)
        assert observation.dtype == np.float32
        assert flat.observation_space(agent).shape == observation.shape
        assert np.array_equal(observation, shown["observation"])
        assert np.array_equal(info["action_mask"], shown["action_mask"])
        action = int(np.flatnonzero(info["action_mask"])[0])
        flat.step(action)
        nested.step(action)
        assert "action_mask" not in flat.infos[agent] or flat.agent_selection == agent


@pytest.mark.parametrize("observation", ["Dict", "box", None, 1])
def test_an_observation_form_other_than_dict_or_flat_is_refused(observation: object) -> None:
    with pytest.raises(ConfigError, match="observation is 'dict' or 'flat'"):
        aec_env("skirmish", observation=observation)  # type: ignore[arg-type]
