"""The OpenSpiel game: random simulation test and MCTS on all three games."""

from __future__ import annotations

import re

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from gamefold import ConfigError, Rng
from gamefold.envs import Resampler, openspiel_game

GAMES = ("skirmish", "summit", "campaign")


@pytest.mark.parametrize("name", GAMES)
def test_pyspiel_random_simulation_test(name: str) -> None:
    game = openspiel_game(name)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_game_is_registered_and_typed() -> None:
    game = openspiel_game("summit")
    kind = game.get_type()
    # The plain name, or a numbered one when another test made summit with other options.
    assert re.fullmatch(r"gamefold_summit(_\d+)?", kind.short_name)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == 4
    assert pyspiel.load_game(kind.short_name).num_distinct_actions() == (
        game.num_distinct_actions()
    )


def test_the_seed_is_the_one_chance_node_and_fixes_the_game() -> None:
    game = openspiel_game("summit")
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 1000
    a, b = state.clone(), state.clone()
    a.apply_action(7)
    b.apply_action(7)
    assert not a.is_chance_node()
    assert a.legal_actions() == b.legal_actions()
    assert a.information_state_string() == b.information_state_string()
    assert np.array_equal(a.observation_tensor(), b.observation_tensor())


def test_information_states_hide_other_players_hands() -> None:
    game = openspiel_game("summit")
    state = game.new_initial_state()
    state.apply_action(3)
    mover = state.current_player()
    other = (mover + 1) % game.num_players()
    assert state.observation_string(mover) != state.observation_string(other)
    before = state.information_state_string(mover)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(mover) != before


def test_mcts_bot_plays_a_game_through_it() -> None:
    game = openspiel_game("summit", max_decisions=120)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng) for _ in range(4)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice(100)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    assert len(returns) == 4
    assert all(0.0 <= r <= 1.0 for r in returns)


def _ismcts_game(seed: int) -> list[int]:
    """The actions of a short summit game where OpenSpiel's ISMCTSBot, resampling with
    gamefold's determinization, plays every seat."""
    game = openspiel_game("summit", max_decisions=40)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
    bot.set_resampler(Resampler(seed))
    state, played = game.new_initial_state(), []
    while not state.is_terminal():
        if state.is_chance_node():
            action = 3
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
        played.append(action)
        state.apply_action(action)
    return played


def test_ismcts_bot_searches_through_the_seeded_resampler() -> None:
    """OpenSpiel's ISMCTSBot plays through gamefold's determinization (EN-9): its search
    sees only the player's view, and with the same seeds it makes the same moves."""
    assert _ismcts_game(1) == _ismcts_game(1)


def _finished(game):  # type: ignore[no-untyped-def]
    state = game.new_initial_state()
    state.apply_action(5)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("max_decisions", [1, 5000])
def test_a_terminal_state_refuses_every_action_and_keeps_its_returns(max_decisions: int) -> None:
    """Once over, a state is over: no action starts another game behind the returns (as
    OpenSpiel's own Python games, the refusal is a ValueError)."""
    state = _finished(openspiel_game("skirmish", max_decisions=max_decisions))
    returns, history = state.returns(), state.history()
    for action in (0, 5, state.get_game().num_distinct_actions() - 1):
        with pytest.raises(ValueError, match="the game is over"):
            state.apply_action(action)
    assert state.is_terminal()
    assert state.returns() == returns
    assert state.history() == history
    if max_decisions == 5000:
        assert sum(returns) == pytest.approx(1.0)  # a whole skirmish has a winner


@pytest.mark.parametrize("seed", [10, 11, 10**6])
def test_the_chance_node_refuses_a_seed_outside_its_outcomes(seed: int) -> None:
    game = openspiel_game("summit", seeds=10)
    state = game.new_initial_state()
    assert [outcome for outcome, _ in state.chance_outcomes()] == list(range(10))
    with pytest.raises(ValueError, match=f"seed {seed} is not a chance outcome: .* 0 to 9"):
        state.apply_action(seed)
    assert state.is_chance_node()
    state.apply_action(9)  # the last outcome is taken
    assert not state.is_chance_node()


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("seeds", 0),
        ("seeds", -3),
        ("seeds", 1_000_001),
        ("seeds", 2.0),
        ("seeds", True),
        ("max_decisions", 0),
        ("max_decisions", 1_000_001),
        ("max_decisions", "10"),
    ],
)
def test_counts_outside_1_to_a_million_are_config_errors(option: str, value: object) -> None:
    """Refused where the game is built (``seeds=0`` used to fail later, at the chance
    node, with an IndexError), naming the option."""
    with pytest.raises(ConfigError, match=f"{option} is a whole number from 1 to 1,000,000"):
        openspiel_game("summit", **{option: value})  # type: ignore[arg-type]


def test_one_seed_and_numpy_counts_are_taken() -> None:
    game = openspiel_game("skirmish", seeds=np.int64(1), max_decisions=np.int32(3))
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 1.0)]
    assert game.max_game_length() == 4


def test_the_resampler_takes_a_numpy_seed_and_refuses_a_float() -> None:
    assert Resampler(np.int64(4)).rng == Resampler(4).rng
    with pytest.raises(TypeError, match="a seed is an int or a NumPy integer"):
        Resampler(4.0)  # type: ignore[arg-type]


def test_returns_refuse_a_reward_that_is_no_finite_number() -> None:
    def broken(game, state, agent):  # type: ignore[no-untyped-def]
        return float("nan")

    state = _finished(openspiel_game("skirmish", max_decisions=1, reward=broken))
    with pytest.raises(ValueError, match="reward broken gave ana nan: a reward is a finite"):
        state.returns()


def test_a_player_outside_the_game_has_no_view() -> None:
    """``players[-1]`` would have handed out the last player's view."""
    state = openspiel_game("summit").new_initial_state()
    state.apply_action(3)
    for player in (-1, 4):
        with pytest.raises(ValueError, match=f"player {player} is not one of 0 to 3"):
            state.view_of(player)
        with pytest.raises(ValueError, match=f"player {player} is not one of 0 to 3"):
            state.determinized(player, Rng.from_seed(1))
    assert state.view_of(3) is not None


def test_the_observer_refuses_parameters_as_openspiels_python_games_do() -> None:
    game = openspiel_game("summit")
    with pytest.raises(ValueError, match="observation parameters are not supported"):
        game.make_py_observer(None, {"private_info": "none"})
    assert game.make_py_observer(None, {}) is not None
