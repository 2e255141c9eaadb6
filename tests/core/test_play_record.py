"""Driving whole games, game records, replay and verification (EN-3, EN-8)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.core.toy import Add, Race, RaceConfig, Sub

from gamefold import Action, RecordError, Rng
from gamefold.games import Played, game_names, get_game, play
from gamefold.record import Divergence, GameRecord, from_json, replay, to_json, verify
from gamefold.registry import Game

seeds = st.integers(min_value=0, max_value=2**32)


def record_of(game: Race, seed: int, played: Played) -> GameRecord:
    return GameRecord(game.name, game.config, seed, played.actions)


@given(seeds)
def test_en3_play_is_deterministic_and_reaches_the_end(seed: int) -> None:
    game = Race()
    first, second = play(game, seed), play(game, seed)
    assert first == second
    assert first.finished
    assert len(first.states) == len(first.actions) + 1 == len(first.events) + 1
    assert game.is_over(first.final)


def test_play_gives_each_actor_its_view_and_own_stream() -> None:
    seen: list[tuple[str, int]] = []

    def greedy(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
        seen.append((type(legal[0]).__name__, len(view.slices)))
        return legal[-1], rng

    played = play(Race(RaceConfig(target=6)), 3, {"a": greedy})
    a_moves = [x for x in played.actions if isinstance(x, Add)]
    assert a_moves == [Add(3)] * len(a_moves)
    assert {name for name, _ in seen} == {"Add"}
    assert any(isinstance(x, Sub) for x in played.actions)  # b played at random


def test_play_stops_at_the_step_cap() -> None:
    played = play(Race(RaceConfig(target=1000)), 1, max_steps=7, keep_states=False)
    assert not played.finished
    assert len(played.actions) == 7
    assert len(played.states) == 2


@given(seeds)
def test_en8_a_record_round_trips_and_replays_every_state(seed: int) -> None:
    game = Race(RaceConfig(target=8))
    played = play(game, seed)
    record = record_of(game, seed, played)
    text = record.to_json()
    assert GameRecord.from_json(text) == record
    assert GameRecord.from_json(text).to_json() == text
    assert tuple(replay(record)) == played.states
    assert verify(record, played.states) is None


def test_en8_verify_reports_the_first_divergent_step() -> None:
    game = Race()
    played = play(game, 5)
    record = record_of(game, 5, played)
    step = next(i for i, a in enumerate(record.actions) if isinstance(a, Add | Sub))
    changed = type(record.actions[step])(record.actions[step].amount % 3 + 1)
    tampered = attrs.evolve(
        record, actions=(*record.actions[:step], changed, *record.actions[step + 1 :])
    )
    found = verify(tampered, played.states)
    assert found == Divergence(step + 1, "the replayed state differs from the stored one")
    illegal = attrs.evolve(
        record, actions=(*record.actions[:step], Add(-1), *record.actions[step + 1 :])
    )
    found = verify(illegal, played.states)
    assert found is not None
    assert found.step == step + 1
    assert "illegal on replay" in found.reason
    shorter = attrs.evolve(record, actions=record.actions[:-1])
    assert verify(shorter, played.states) == Divergence(
        len(played.states) - 1, "the record has fewer actions than the history"
    )
    assert verify(record, played.states[:-1]) == Divergence(
        len(played.states) - 1, "the record has more actions than the history"
    )


@pytest.mark.parametrize(
    ("text", "code", "reason"),
    [
        ("not json", "record/not-json", "not JSON: Expecting value"),
        ('{"format_version": 2}', "record/version", "format_version: format version 2"),
        ('{"format_version": 1}', "record/malformed", "game: expected a string, got null"),
        (
            '{"format_version": 2, "game": "toy-race", "config": {}, "seed": 1, "actions": []}',
            "record/version",
            "format_version: format version 2",
        ),
        (
            '{"format_version": true, "game": "toy-race", "config": {}, "seed": 1, "actions": []}',
            "record/version",
            "format_version: format version true",
        ),
        (
            '{"format_version": 1, "game": "chess", "config": {}, "seed": 1, "actions": []}',
            "record/unknown-game",
            "game: unknown game 'chess'",
        ),
        (
            '{"format_version": 1, "game": 3, "config": {}, "seed": 1, "actions": []}',
            "record/malformed",
            "game: expected a string, got 3",
        ),
        ('{"format_version": 1, "game": "toy-race"}', "record/malformed", "seed: missing"),
        (
            '{"format_version": 1, "game": "toy-race", "config": {}, "seed": 1.5, "actions": []}',
            "record/malformed",
            "seed: expected an int or a string, got 1.5",
        ),
        (
            '{"format_version": 1, "game": "toy-race", "config": {"target": 5}, "seed": 1,'
            ' "actions": [{"type": "os.system"}]}',
            "record/malformed",
            'actions[0]: unknown Action type "os.system"',
        ),
    ],
)
def test_en8_a_bad_record_is_one_clear_record_error(text: str, code: str, reason: str) -> None:
    """EN-8: a bad record is one RecordError (a ValueError) with its code and path."""
    with pytest.raises(RecordError) as err:
        GameRecord.from_json(text)
    assert isinstance(err.value, ValueError)
    assert err.value.code == code
    assert str(err.value).startswith(reason)
    assert str(err.value).endswith(f" [{code}]")


@given(seeds)
def test_en8_game_states_round_trip_through_json(seed: int) -> None:
    for state in play(Race(RaceConfig(target=5)), seed).states:
        assert from_json(to_json(state), Game) == state


def test_games_are_registered_by_name() -> None:
    assert "toy-race" in game_names()
    assert get_game("toy-race") is Race
    with pytest.raises(KeyError, match="unknown game 'chess'; known:"):
        get_game("chess")


def test_a_game_definition_pickles_as_class_and_config() -> None:
    import pickle

    game = Race(RaceConfig(target=4))
    back = pickle.loads(pickle.dumps(game))
    assert back == game
    assert back.config == RaceConfig(target=4)
    assert play(back, 9) == play(game, 9)
