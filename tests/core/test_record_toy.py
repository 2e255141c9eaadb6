"""Game records of the toy race, end to end (EN-8): digests, the JSON text, the notebook
display, replay, check_record and read_config, pinned where mutation testing
(``tests/mutation/run.py record.py``) found them loose."""

from __future__ import annotations

import hashlib
import html
import json
import re
from typing import Any

import attrs
import pytest
from tests.core.toy import Add, Counter, Race, RaceConfig, make

from gamefold import ConfigError, RecordError
from gamefold.games import Played, play, register_game
from gamefold.record import (
    Divergence,
    GameRecord,
    Limits,
    canonical_json,
    check_record,
    read_config,
    replay,
    state_digest,
    verify,
)
from gamefold.registry import Game, Rules


def _race(seed: int = 4, target: int = 6) -> tuple[GameRecord, Played]:
    game = Race(RaceConfig(target=target))
    played = play(game, seed)
    return GameRecord(game.name, game.config, seed, played.actions), played


def test_en8_a_record_rebuilds_its_game_with_its_config() -> None:
    record, _ = _race(target=6)
    assert record.game_def().config == RaceConfig(target=6)


def test_en8_with_digests_stores_one_digest_per_state_and_checks_the_count() -> None:
    record, played = _race()
    digested = record.with_digests(played.states)
    assert digested.digests == tuple(state_digest(s) for s in played.states)
    assert (digested.game, digested.actions) == (record.game, record.actions)
    n = len(record.actions)
    with pytest.raises(ValueError, match=f"^{n} actions need {n + 1} states$"):
        record.with_digests(played.states[:-1])
    checked = check_record(digested)
    assert (checked.digests, checked.divergence, checked.steps) == (True, None, n)


def test_en8_record_text_has_sorted_keys_digests_and_an_optional_indent() -> None:
    """EN-8: the text is canonical (keys sorted, so equal records give identical bytes),
    carries the digests when the record has them, and is indented only when asked."""
    record, played = _race()
    text = record.to_json()
    assert "\n" not in text
    data = json.loads(text)
    assert list(data) == sorted(data)
    assert "digests" not in data
    digested = record.with_digests(played.states)
    data = json.loads(digested.to_json())
    assert list(data) == ["actions", "config", "digests", "format_version", "game", "seed"]
    assert data["digests"] == list(digested.digests or ())
    assert GameRecord.from_json(digested.to_json()) == digested
    indented = digested.to_json(indent=2)
    assert indented.startswith('{\n  "actions": [')
    assert json.loads(indented) == data


def test_a_record_shows_itself_in_a_notebook_as_its_viewer_page() -> None:
    """The notebook display: the viewer page in a frame of its own, and a line of text."""
    record, _ = _race(seed="</b>")  # type: ignore[arg-type]
    page = record.to_html()
    assert page.startswith("<!DOCTYPE html>") or page.lower().startswith("<!doctype html>")
    assert record.to_html(docs="https://example.org/rules") != page
    bundle = record._repr_mimebundle_()
    assert set(bundle) == {"text/html", "text/plain"}
    frame = bundle["text/html"]
    assert frame == record._repr_html_()
    assert frame.startswith('<iframe srcdoc="')
    assert 'title="gamefold viewer: toy-race"' in frame
    assert frame.endswith(' style="width: 100%; height: 720px; border: 1px solid #ddd"></iframe>')
    srcdoc = re.search(r'srcdoc="([^"]*)"', frame)
    assert srcdoc is not None
    assert html.unescape(srcdoc.group(1)) == page
    n = len(record.actions)
    assert bundle["text/plain"] == f"<GameRecord toy-race, seed '</b>': {n} actions>"


def _with_digest(record: GameRecord, step: int, digest: str) -> str:
    data = json.loads(record.to_json())
    data["digests"][step] = digest
    return json.dumps(data)


def test_en8_check_record_replays_a_whole_record_to_its_end() -> None:
    record, played = _race(seed=9)
    for given in (record, record.to_json(), record.to_json().encode()):
        checked = check_record(given)
        assert (checked.game, checked.seed) == ("toy-race", 9)
        assert (checked.steps, checked.final, checked.over) == (
            len(record.actions),
            played.final,
            True,
        )
        assert (checked.digests, checked.divergence) == (False, None)
    assert verify(record) is None


@pytest.mark.parametrize("step", [0, 1, 3])
def test_en8_a_wrong_digest_stops_the_check_at_its_step(step: int) -> None:
    """EN-8: the first state whose digest differs is the divergence; the check stops on the
    state before it, which is not the end of the game."""
    record, played = _race(seed=2)
    digested = record.with_digests(played.states)
    found = check_record(_with_digest(digested, step, "0" * 32))
    what = "the initial state" if step == 0 else f"the state after action {step}"
    reason = f"{what} differs from the one recorded (its digest differs)"
    assert found.divergence == Divergence(step, reason)
    assert found.steps == max(step - 1, 0)
    assert found.final == played.states[max(step - 1, 0)]
    assert (found.digests, found.over) == (True, False)
    tampered = tuple(json.loads(_with_digest(digested, step, "0" * 32))["digests"])
    assert verify(attrs.evolve(digested, digests=tampered)) == Divergence(step, reason)


def test_en8_a_check_compares_the_digests_its_caller_computes() -> None:
    """EN-8: ``digest`` fingerprints each state the check compares (the viewer's reuses its
    own encoding of the state); a digest of a state's canonical text is the state's."""
    record, played = _race(seed=2)
    digested = record.with_digests(played.states)
    seen: list[Game] = []

    def digest(state: Game) -> str:
        seen.append(state)
        return state_digest(state, text=canonical_json(state))

    assert check_record(digested, digest=digest).divergence is None
    assert seen == list(played.states)
    wrong = check_record(digested, digest=lambda state: "0" * 32).divergence
    assert wrong is not None
    assert wrong.step == 0
    assert state_digest(played.final, text="{}") != state_digest(played.final)


def test_en8_an_illegal_recorded_action_stops_the_check_before_it() -> None:
    record, played = _race(seed=3)
    step = next(i for i, a in enumerate(record.actions) if isinstance(a, Add))
    bad = attrs.evolve(
        record, actions=(*record.actions[:step], Add(-1), *record.actions[step + 1 :])
    )
    for given in (bad, bad.to_json()):
        found = check_record(given)
        assert found.divergence is not None
        assert found.divergence.step == step + 1
        assert found.divergence.reason.startswith("the recorded action is illegal on replay: ")
        assert "positive" in found.divergence.reason
        assert (found.steps, found.final) == (step, played.states[step])


def test_en8_read_config_fills_a_config_file_from_the_default() -> None:
    assert read_config('{"target": 4}', "toy-race") == RaceConfig(target=4)
    assert read_config(b"{}", Race) == RaceConfig()
    with pytest.raises(RecordError, match="a config is an object, not an array") as raised:
        read_config("[1]", "toy-race")
    assert raised.value.code == "record/malformed"
    with pytest.raises(RecordError) as raised:
        read_config('{"target": 4, "speed": 1}', "toy-race")
    assert "speed" in str(raised.value)


@register_game
class Unseatable(Race):
    """The race, but a target above 100 cannot be seated: a config that validates alone
    and fails at setup."""

    name = "toy-unseatable"

    def setup(self, seed: int | str) -> Game:
        if self.config.target > 100:
            raise ConfigError("target", "a target above 100 seats nobody", "EN-8")
        return super().setup(seed)


def _text(record: GameRecord, **changes: Any) -> str:
    data = json.loads(record.to_json())
    data.update(changes)
    return json.dumps(data)


def _refusal(text: str | bytes, *, limits: Limits | None = None) -> str:
    with pytest.raises(RecordError) as raised:
        GameRecord.from_json(text, limits=limits or Limits())
    return str(raised.value)


def test_en8_a_record_that_cannot_seat_its_game_is_a_bad_config() -> None:
    record = GameRecord("toy-unseatable", RaceConfig(target=101), 1, ())
    with pytest.raises(RecordError) as raised:
        check_record(record.to_json())
    assert str(raised.value) == (
        "config: a target above 100 seats nobody [target, EN-8] [record/bad-config]"
    )
    assert check_record(GameRecord("toy-unseatable", RaceConfig(target=3), 1, ())).steps == 0


def test_en8_each_malformed_part_of_a_record_is_named_with_its_code() -> None:
    record, _ = _race()
    assert _refusal("[1, 2]") == "a game record is an object, not an array [record/malformed]"
    assert _refusal(_text(record, extra=1)) == "unknown key 'extra' [record/malformed]"
    assert _refusal(_text(record, actions={"a": 1})) == (
        "actions: expected an array, got an object [record/malformed]"
    )
    assert _refusal(_text(record, format_version=7)) == (
        "format_version: format version 7; this gamefold reads 1 [record/version]"
    )
    n = len(record.actions)
    assert _refusal(_text(record, digests=["0" * 32] * n)) == (
        f"digests: {n} actions need {n + 1} digests (one per state), not {n} [record/malformed]"
    )
    data = json.loads(record.to_json())
    del data["config"]["target"]
    assert _refusal(json.dumps(data)) == "config.target: missing [record/malformed]"


def test_en8_max_actions_is_the_most_actions_a_record_may_hold() -> None:
    record, _ = _race()
    n = len(record.actions)
    assert GameRecord.from_json(record.to_json(), limits=Limits(max_actions=n)) == record
    assert _refusal(record.to_json(), limits=Limits(max_actions=n - 1)) == (
        f"actions: {n:,} actions; the limit is {n - 1:,} (max_actions) [record/too-many-actions]"
    )


def test_en8_a_string_seed_round_trips_and_is_replayed() -> None:
    record, played = _race(seed="dawn")  # type: ignore[arg-type]
    assert GameRecord.from_json(record.to_json()) == record
    assert verify(record, played.states) is None
    assert tuple(replay(record)) == played.states


def test_en8_a_malformed_action_met_in_a_check_names_its_index() -> None:
    record, _ = _race()
    data = json.loads(record.to_json())
    data["actions"][2] = {"type": "tests.core.toy.Add", "amount": "two"}
    with pytest.raises(RecordError) as raised:
        check_record(json.dumps(data))
    assert raised.value.path.startswith("actions[2]")


def test_en3_a_digest_is_of_ascii_canonical_json_whatever_the_names() -> None:
    """EN-3: the canonical text is ASCII (non-ASCII names escaped), so every platform
    digests the same bytes; a lazy view digests as the view it equals."""
    rules = Rules([make("zoë")])
    game = rules.new_game({"zoë": Counter("zoë", value=2)})
    text = canonical_json(game)
    assert text.isascii()
    assert "zo\\u00eb" in text
    assert state_digest(game) == hashlib.sha256(text.encode("ascii")).hexdigest()[:32]
    assert canonical_json(rules.lazy_view(game, "p1")) == canonical_json(rules.view(game, "p1"))


def test_en8_replay_sets_the_game_up_with_the_recorded_seed() -> None:
    """EN-8: replay starts from the recorded seed's own setup (a seeded game's deal)."""
    from gamefold.games import get_game

    game = get_game("summit")()
    played = play(game, 11, max_steps=2)
    record = GameRecord("summit", game.config, 11, played.actions)
    assert next(replay(record)) == game.setup(11)
    assert next(replay(record)) != game.setup(12)


def test_en8_a_nested_config_part_of_the_wrong_kind_is_a_record_error() -> None:
    with pytest.raises(RecordError) as raised:
        read_config('{"diplomacy": 3}', "summit")
    assert raised.value.path.startswith("diplomacy")
