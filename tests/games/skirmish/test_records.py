"""EN-8: states and records round-trip through JSON; replay catches a tampered record."""

from __future__ import annotations

import attrs
import pytest

from gamefold.games import Played, play
from gamefold.games.skirmish import Skirmish, UseAbility
from gamefold.games.skirmish.config import scenario, scenario_names
from gamefold.record import GameRecord, from_json, to_json, verify
from gamefold.registry import Game


def _played(policy: str, seed: int) -> tuple[Skirmish, Played]:
    game_def = Skirmish()
    return game_def, play(game_def, seed, game_def.policies()[policy])


def test_en8_every_state_of_two_games_round_trips_through_json() -> None:
    """EN-8: ``from_json(to_json(state), Game) == state`` at every step."""
    for policy, seed in (("random", 2), ("greedy", 3)):
        _, played = _played(policy, seed)
        for state in played.states:
            assert from_json(to_json(state), Game) == state


def test_en8_a_record_round_trips_byte_for_byte_and_replays() -> None:
    """EN-8: the record's JSON reads back to an equal record, and replays every state."""
    game_def, played = _played("greedy", 4)
    record = GameRecord(game_def.name, game_def.config, 4, played.actions)
    text = record.to_json()
    copy = GameRecord.from_json(text)
    assert copy == record
    assert copy.to_json() == text
    assert verify(copy, played.states) is None


@pytest.mark.parametrize("name", scenario_names())
def test_en8_a_record_of_each_scenario_replays(name: str) -> None:
    """EN-8: a record of each named scenario reads back and replays every state."""
    game_def = Skirmish(scenario(name))
    played = play(game_def, 5, game_def.policies()["greedy"])
    record = GameRecord.from_json(
        GameRecord(game_def.name, game_def.config, 5, played.actions).to_json()
    )
    assert record.config == game_def.config
    assert verify(record, played.states) is None


def _tamper(record: GameRecord, index: int, action: object) -> GameRecord:
    actions = (*record.actions[:index], action, *record.actions[index + 1 :])
    return attrs.evolve(record, actions=actions)


def test_en8_replay_catches_a_tampered_choice_at_its_step() -> None:
    """EN-8: another Hand for one UseAbility: the replay diverges right after it."""
    game_def, played = _played("greedy", 5)
    record = GameRecord(game_def.name, game_def.config, 5, played.actions)
    index, use = next(
        (i, a)
        for i, a in enumerate(played.actions)
        if isinstance(a, UseAbility) and a.hand is not None
    )
    state = played.states[index]
    legal = game_def.rules.legal_actions(state, game_def.actor(state) or "")
    other = next(
        a
        for a in legal
        if isinstance(a, UseAbility)
        and a.hand != use.hand
        and a.target == use.target
        and a.cards == use.cards
        and a.ability == use.ability
    )
    divergence = verify(_tamper(record, index, other), played.states)
    assert divergence is not None
    assert divergence.step == index + 1


def test_en8_replay_catches_an_illegal_action_at_its_step() -> None:
    """EN-8: an action the rules refuse on replay is reported at its step."""
    game_def, played = _played("greedy", 6)
    record = GameRecord(game_def.name, game_def.config, 6, played.actions)
    index = 10
    bad = _tamper(record, index, played.actions[0])  # a second StartRound mid-Round
    divergence = verify(bad, played.states)
    assert divergence is not None
    assert divergence.step == index + 1
    assert "illegal" in divergence.reason


def test_en8_replay_catches_another_seed_at_the_start() -> None:
    """EN-8: the same actions from another seed diverge at the initial state."""
    game_def, played = _played("greedy", 7)
    record = GameRecord(game_def.name, game_def.config, 8, played.actions)
    divergence = verify(record, played.states)
    assert divergence is not None
    assert divergence.step == 0
