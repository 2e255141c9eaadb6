"""The PettingZoo AEC environment: api_test and seed_test on all three games."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

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
