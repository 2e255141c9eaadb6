"""The Gymnasium env: one seat against gamefold policies, checked by Gymnasium itself."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.error import InvalidAction
from gymnasium.utils.env_checker import check_env

from gamefold import ConfigError
from gamefold.envs import as_policy, gym_env
from gamefold.games.base import get_game, play

GAMES = ("skirmish", "summit", "campaign")
SEATS = {"skirmish": "ana", "summit": "p1", "campaign": "p1"}


def _lowest(observation: object, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def _episode(env, seed: int, choose=None):  # type: ignore[no-untyped-def]
    """A whole episode, masked random (or ``choose(env)``): actions, rewards, the end."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, rewards = [], []
    while True:
        assert observation in env.observation_space
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        legal = np.flatnonzero(env.action_masks())
        action = int(rng.choice(legal)) if choose is None else choose(env)
        observation, reward, terminated, truncated, info = env.step(action)
        actions.append(action)
        rewards.append(reward)
        if terminated or truncated:
            assert observation in env.observation_space
            assert not env.action_masks().any()
            return actions, rewards, terminated


@pytest.mark.parametrize("name", GAMES)
def test_gymnasiums_check_env(name: str) -> None:
    check_env(gym_env(name, SEATS[name]))


def test_the_dict_form_passes_check_env_too() -> None:
    env = gym_env("summit", "p2", observation="dict")
    check_env(env)
    observation, info = env.reset(seed=1)
    assert np.array_equal(observation["action_mask"], info["action_mask"])


@pytest.mark.parametrize("name", GAMES)
def test_a_masked_random_episode_ends_with_the_seats_win_share(name: str) -> None:
    env = gym_env(name, SEATS[name], "greedy")
    actions, rewards, terminated = _episode(env, seed=4)
    again, same, _ = _episode(gym_env(name, SEATS[name], "greedy"), seed=4)
    assert (actions, rewards) == (again, same)
    assert terminated
    assert all(reward == 0.0 for reward in rewards[:-1])
    assert rewards[-1] in (0.0, 1.0, 0.5, 1 / 3, 0.25)


def test_reset_seed_plays_the_game_play_plays_with_those_policies() -> None:
    """The env's game of seed S is ``play(game, S, policies)`` with the agent in its seat:
    the same opponents' streams, the same final state."""
    game = get_game("summit")()
    env = gym_env(game, "p2", {"p1": "greedy"})
    _episode(env, seed=6, choose=lambda env: int(np.flatnonzero(env.action_masks())[0]))
    policies = {"p1": game.policies()["greedy"], "p2": as_policy(_lowest, game)}
    played = play(game, 6, policies)
    assert env._state == played.states[-1]


def test_a_seat_that_never_gets_a_choice_is_a_clear_error() -> None:
    """A step cap that ends every game before the seat's first choice: the env passes over
    a bounded number of games, then says why."""
    env = gym_env("summit", "p1", max_steps=1)
    with pytest.raises(RuntimeError, match=r"p1 had no choice in the 100 games from seed 9"):
        env.reset(seed=9)
    _, info = gym_env("summit", "p1").reset(seed=9)
    assert info["seed"] == 9


def test_the_step_cap_truncates_with_the_rewards_value_there() -> None:
    env = gym_env("skirmish", "ana", max_steps=np.int64(30))
    _, rewards, terminated = _episode(env, seed=2)
    assert not terminated
    assert rewards[-1] == 0.0  # no winner yet: the win share is 0
    assert env.steps == 30


@pytest.mark.parametrize(
    "make",
    [float, np.float64, lambda i: i + 0.5, lambda i: True, str, lambda i: -1, lambda i: 10**9],
    ids=["float", "np.float64", "fraction", "bool", "str", "negative", "beyond"],
)
def test_an_action_outside_the_space_is_gymnasiums_invalid_action(make) -> None:  # type: ignore[no-untyped-def]
    env = gym_env("summit", "p1")
    observation, _ = env.reset(seed=3)
    index = int(np.flatnonzero(env.action_masks())[0])
    with pytest.raises(InvalidAction, match="not in p1's action space"):
        env.step(make(index))
    assert np.array_equal(env.step(np.int32(index))[0].shape, observation.shape)


def test_an_index_naming_no_legal_action_leaves_the_game_where_it_was() -> None:
    env = gym_env("summit", "p1")
    observation, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    again, reward, terminated, truncated, shown = env.step(illegal)
    assert shown["illegal"] is True
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert np.array_equal(again, observation)
    assert np.array_equal(shown["action_mask"], info["action_mask"])


def test_an_illegal_index_earns_the_illegal_reward_and_moves_nothing() -> None:
    """An unmasked learner is taught by a penalty; the game stays as it was."""
    env = gym_env("summit", "p1", illegal_reward=-0.25)
    observation, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    again, reward, terminated, truncated, shown = env.step(illegal)
    assert (reward, terminated, truncated, shown["illegal"]) == (-0.25, False, False, True)
    assert np.array_equal(again, observation)
    legal = int(np.flatnonzero(env.action_masks())[0])
    assert "illegal" not in env.step(legal)[4]


def test_the_penalty_adds_to_the_reward_when_the_step_cap_ends_the_game() -> None:
    probe = gym_env("summit", "p1")
    probe.reset(seed=3)
    cap = probe.steps + 3  # the clock's actions before p1's first choice, then three refusals
    env = gym_env("summit", "p1", max_steps=cap, illegal_reward=-1.0, reward=lambda g, s, p: 0.5)
    env.reset(seed=3)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    results = [env.step(illegal) for _ in range(3)]
    assert [r[1] for r in results] == [-1.0, -1.0, -0.5]
    assert [r[3] for r in results] == [False, False, True]  # truncated at the cap


def test_illegal_raise_refuses_the_index_and_leaves_the_episode_as_it_was() -> None:
    env = gym_env("summit", "p1", illegal="raise")
    observation, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    steps = env.steps
    with pytest.raises(ValueError, match=f"action {illegal} is not a legal action of p1 now"):
        env.step(illegal)
    assert env.steps == steps
    legal = int(np.flatnonzero(env.action_masks())[0])
    assert env.step(legal)[0].shape == observation.shape


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"illegal": "ignore"}, "illegal"),
        ({"illegal": None}, "illegal"),
        ({"illegal_reward": float("nan")}, "illegal_reward"),
        ({"illegal_reward": float("-inf")}, "illegal_reward"),
        ({"illegal_reward": True}, "illegal_reward"),
        ({"illegal_reward": "-1"}, "illegal_reward"),
        ({"illegal": "raise", "illegal_reward": -1.0}, "illegal_reward"),
    ],
    ids=["unknown", "none", "nan", "infinity", "bool", "str", "raise-with-reward"],
)
def test_a_bad_illegal_option_is_a_config_error_naming_it(
    options: dict[str, object], field: str
) -> None:
    with pytest.raises(ConfigError, match=rf"^{field} .*\[{field}\]$"):
        gym_env("summit", "p1", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [np.int64(5), np.uint32(5), 5])
def test_reset_takes_numpy_integer_seeds(seed: object) -> None:
    env = gym_env("summit", "p1")
    first, _ = env.reset(seed=seed)  # type: ignore[arg-type]
    second, _ = gym_env("summit", "p1").reset(seed=5)
    assert np.array_equal(first, second)


@pytest.mark.parametrize("seed", [5.0, True, "5"])
def test_reset_refuses_a_seed_that_is_no_whole_number(seed: object) -> None:
    with pytest.raises(TypeError, match="a seed is an int or a NumPy integer"):
        gym_env("summit", "p1").reset(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("max_steps", [0, 10**7, 2.5, True, "9"])
def test_a_step_cap_outside_1_to_a_million_is_a_config_error(max_steps: object) -> None:
    with pytest.raises(ConfigError, match="max_steps is a whole number from 1"):
        gym_env("summit", "p1", max_steps=max_steps)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seat", "opponents", "message"),
    [
        ("zed", "random", "summit has no seat 'zed'"),
        ("p1", {"p1": "greedy"}, "p1 is the agent's seat"),
        ("p1", {"p9": "greedy"}, "summit has no player 'p9'"),
        ("p1", "cunning", "unknown policy 'cunning'"),
    ],
)
def test_a_seat_or_opponent_the_game_lacks_is_refused_at_once(
    seat: str, opponents: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        gym_env("summit", seat, opponents)  # type: ignore[arg-type]


def test_step_before_reset_or_after_the_end_says_to_reset() -> None:
    env = gym_env("summit", "p1")
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    _episode(env, seed=1)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_ismcts_opponents_and_the_ansi_render() -> None:
    env = gym_env("summit", "p1", "ismcts:iterations=4", max_steps=40, render_mode="ansi")
    env.reset(seed=2)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    text = env.render()
    assert isinstance(text, str)
    assert text
