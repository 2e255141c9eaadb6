"""EN-8: records are read strictly: nothing lenient is decoded as if it were right.

A record or config file is UTF-8 (never UTF-16 guessed from its bytes), its digests are
exactly what :func:`~gamefold.record.state_digest` writes, a config field of the wrong kind
or value is refused with its path, and a config that is not an object says so in a sentence.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamefold import RecordError
from gamefold.games import play
from gamefold.games.skirmish import Skirmish
from gamefold.record import DIGEST_LENGTH, GameRecord, read_config, state_digest

GAME = Skirmish()
PLAYED = play(GAME, 1, max_steps=4)
TEXT = GameRecord(GAME.name, GAME.config, 1, PLAYED.actions).with_digests(PLAYED.states).to_json()


def _refused(text: str | bytes) -> RecordError:
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(text)
    return caught.value


def _changed(change: Any) -> str:
    data = json.loads(TEXT)
    change(data)
    return json.dumps(data)


def test_en8_the_record_itself_reads() -> None:
    assert GameRecord.from_json(TEXT.encode("utf-8")).actions == PLAYED.actions


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig"])
def test_en8_a_record_in_another_encoding_is_refused(encoding: str) -> None:
    error = _refused(TEXT.encode(encoding))
    assert error.code == "record/not-utf-8"


def test_en8_undecodable_bytes_are_refused_with_their_place() -> None:
    error = _refused(b'{"game": "\xff"}')
    assert (error.code, error.message) == (
        "record/not-utf-8",
        "the file is not UTF-8: byte 10 cannot be decoded",
    )


@pytest.mark.parametrize("digest", ["", "x", "0" * 31, "0" * 33, "Z" * 32, "A" * 32, " " * 32])
def test_en8_a_digest_of_another_length_or_alphabet_is_refused(digest: str) -> None:
    error = _refused(_changed(lambda d: d["digests"].__setitem__(2, digest)))
    assert (error.code, error.path) == ("record/malformed", "digests[2]")
    assert f"{DIGEST_LENGTH} lowercase hexadecimal digits" in error.message


def test_en8_digests_have_the_checked_length() -> None:
    assert len(state_digest(PLAYED.final)) == DIGEST_LENGTH


def test_en8_a_config_value_of_no_meaning_is_refused_with_its_path() -> None:
    """SK-16: card_damage names a parameter of an ability card's effect, not any string."""
    error = _refused(_changed(lambda d: d["config"].__setitem__("card_damage", "nonsense")))
    assert (error.code, error.path) == ("record/bad-config", "config.card_damage")
    with pytest.raises(RecordError) as caught:
        read_config('{"card_damage": "nonsense"}', "skirmish")
    assert caught.value.path == "card_damage"


@pytest.mark.parametrize(("value", "shown"), [([], "an array"), (3, "3"), ("default", '"default"')])
def test_en8_a_config_that_is_no_object_says_so(value: Any, shown: str) -> None:
    error = _refused(_changed(lambda d: d.__setitem__("config", value)))
    assert (error.code, error.path) == ("record/malformed", "config")
    assert error.message == f"a SkirmishConfig in JSON is an object, not {shown}"


def test_en8_a_nested_config_that_is_no_object_says_so() -> None:
    error = _refused(_changed(lambda d: d["config"].__setitem__("skills", [1])))
    assert error.path == "config.skills"
    assert error.message == "a SkillsConfig in JSON is an object, not an array"
