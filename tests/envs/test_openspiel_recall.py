"""The OpenSpiel game's information states: perfect recall of the player's own views and
actions (EN-9), as a string and as a tensor of fixed size."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamefold import ConfigError, Rng
from gamefold.envs import openspiel_game
from gamefold.games.skirmish import Skirmish
from gamefold.games.skirmish.config import scenario


def _duel(**options: Any) -> Any:
    return openspiel_game(Skirmish(scenario("duel")), seeds=2, **options)


def _decisions(game: Any) -> list[Any]:
    """Every decision state of ``game``'s whole tree."""
    found, stack = [], [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            found.append(state)
        stack.extend(state.child(action) for action in state.legal_actions())
    return found


def _recalled(state: Any, player: int) -> tuple[Any, ...]:
    """What ``player`` saw and did, by replaying ``state``'s history: its observation at
    every state after the seed and its own actions (OpenSpiel's perfect recall), built
    from the observation string alone, independently of the information state."""
    replay = state.get_game().new_initial_state()
    seen: list[Any] = []
    for action in state.history():
        if not replay.is_chance_node():
            seen.append(replay.observation_string(player))
            if replay.current_player() == player:
                seen.append(action)
        replay.apply_action(action)
    seen.append(replay.observation_string(player))
    return tuple(seen)


@pytest.mark.parametrize("name", ["skirmish", "summit", "campaign"])
def test_random_simulation_checks_information_states_and_tensors(name: str) -> None:
    """OpenSpiel's own test, with the information state's string and tensor provided."""
    game = openspiel_game(name, seeds=3, max_decisions=40, recall_tensor=True)
    kind = game.get_type()
    assert kind.provides_information_state_string
    assert kind.provides_information_state_tensor
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_duel_information_states_are_exactly_what_the_player_recalls() -> None:
    """Over the duel's whole tree: two decisions share the mover's information state if and
    only if the mover saw the same views and took the same actions, and then it has the
    same legal actions, the same observation and the same information-state tensor."""
    game = _duel(max_decisions=12, recall_tensor=True)
    groups: dict[tuple[int, str], list[Any]] = {}
    recalls: dict[tuple[int, tuple[Any, ...]], str] = {}
    for state in _decisions(game):
        player = state.current_player()
        text = state.information_state_string(player)
        groups.setdefault((player, text), []).append(state)
        assert recalls.setdefault((player, _recalled(state, player)), text) == text
    assert len(groups) == len(recalls)  # distinct recalls never share a string
    assert any(len(states) > 1 for states in groups.values())  # hidden Hands (CB-1)
    for (player, _), states in groups.items():
        first = states[0]
        for other in states[1:]:
            assert other.legal_actions() == first.legal_actions()
            assert other.observation_string(player) == first.observation_string(player)
            assert other.information_state_tensor(player) == first.information_state_tensor(player)


def test_the_tensor_rows_are_the_history_and_the_own_actions() -> None:
    game = _duel(max_decisions=12, recall_tensor=True)
    rows, width = game.information_state_tensor_shape()
    assert rows == 13  # a row for each state a history of 12 decisions may pass through
    state = game.new_initial_state()
    assert not any(state.information_state_tensor(0))
    state.apply_action(1)
    taken = []
    while state.current_player() == 0:
        action = state.legal_actions()[-1]
        taken.append(action)
        state.apply_action(action)
    tensor = np.array(state.information_state_tensor(0)).reshape(rows, width)
    filled = len(taken) + 1
    assert tensor[:filled, 0].tolist() == [1.0] * filled
    assert not tensor[filled:].any()
    bits = width - 2 - game.observation_tensor_size()
    powers = 1 << np.arange(bits)
    acted = [int(row[2 : 2 + bits] @ powers) for row in tensor[:filled] if row[1]]
    assert acted == taken
    assert np.array_equal(tensor[filled - 1, 2 + bits :], state.observation_tensor(0))


def test_the_tensor_is_provided_only_when_asked() -> None:
    """Its size grows with ``max_decisions``: a game asks for it with ``recall_tensor``."""
    game = openspiel_game("skirmish")
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.information_state_string(0).startswith("SkirmishGame(")
    with pytest.raises(ValueError, match="pass openspiel_game\\(recall_tensor=True\\)"):
        state.information_state_tensor(0)


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_recall_tensor_is_a_bool(value: object) -> None:
    with pytest.raises(ConfigError, match="recall_tensor is True or False"):
        openspiel_game("skirmish", recall_tensor=value)  # type: ignore[arg-type]


def test_a_tensor_beyond_the_bound_names_max_decisions() -> None:
    with pytest.raises(ConfigError, match=r"max_decisions 1,000,000 would make .* at most"):
        openspiel_game("skirmish", max_decisions=10**6, recall_tensor=True)
    assert openspiel_game("skirmish", max_decisions=10**6).max_game_length() == 10**6 + 1


def test_a_player_outside_the_game_has_no_information_state() -> None:
    """``players[-1]`` would have handed out the last player's history."""
    game = openspiel_game("skirmish", max_decisions=10, recall_tensor=True)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    state = game.new_initial_state()
    state.apply_action(0)
    for player in (-1, 4):
        with pytest.raises(ValueError, match=f"player {player} is not one of 0 to 3"):
            observer.string_from(state, player)
        with pytest.raises(ValueError, match=f"player {player} is not one of 0 to 3"):
            observer.set_from(state, player)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 9), choices=st.lists(st.integers(0, 50), min_size=1, max_size=12))
def test_a_determinized_state_keeps_the_players_information_state(
    seed: int, choices: list[int]
) -> None:
    """EN-9: the state ISMCTS resamples shows the player the history it recalls, so the
    same legal actions and observation; the others' histories start where it was drawn."""
    game = openspiel_game("summit", seeds=10)
    state = game.new_initial_state()
    state.apply_action(seed)
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[choice % len(legal)])
    if state.is_terminal():
        return
    player = state.current_player()
    drawn = state.determinized(player, Rng.from_seed(choices[0]))
    assert drawn.information_state_string(player) == state.information_state_string(player)
    assert drawn.legal_actions() == state.legal_actions()
    assert drawn.observation_string(player) == state.observation_string(player)
    other = (player + 1) % game.num_players()
    assert drawn.information_state_string(other).startswith("(drawn)\n")
