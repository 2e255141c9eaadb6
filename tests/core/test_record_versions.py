"""Config fields added in a later record format: older records read them as their default
(EN-8, ``gamefold.record.added_in``)."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from pyrsistent import PMap, pmap

from gamefold import RecordError
from gamefold.games import definition
from gamefold.record import ADDED_IN, GameRecord, added_in, to_json

from .toy import Race


@attrs.frozen
class Lane:
    name: str
    speed: int = attrs.field(default=1, metadata=added_in(2))


@attrs.frozen
class LaterConfig:
    """A config as a release at record format 2 would have it: ``head_start``, ``lanes`` and
    ``Lane.speed`` joined at format 2."""

    target: int = 10
    derived: int = attrs.field(init=False, default=0)  # no record holds it: nothing to fill
    head_start: int = attrs.field(default=0, metadata=added_in(2))
    lanes: tuple[Lane, ...] = attrs.field(factory=lambda: (Lane("a"),), metadata=added_in(2))
    pit: Lane | None = None
    note: str | None = None
    named: PMap[str, Lane] = attrs.field(factory=pmap, converter=pmap)


class LaterRace(Race):
    name = "toy-race-later"
    config_type = LaterConfig  # type: ignore[assignment]


@pytest.fixture
def format_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """This library as a release at format 2 would be, with the game registered."""
    monkeypatch.setattr("gamefold.record.game_record.FORMAT_VERSION", 2)
    monkeypatch.setitem(definition._GAMES, LaterRace.name, LaterRace)


def record(version: int, config: dict[str, Any]) -> str:
    """A record of ``version`` with ``config`` as written, and one clock action."""
    text = GameRecord(LaterRace.name, LaterConfig(), 1, ()).to_json()
    data = json.loads(text)
    data.update(format_version=version, config=config)
    return json.dumps(data)


FORMAT_ONE = {
    "target": 12,
    "pit": {"name": "p"},
    "note": None,
    "named": {"x": {"name": "x"}},
}
"""A format-1 config: no head_start, no lanes, no Lane.speed anywhere."""


@pytest.mark.usefixtures("format_two")
def test_en8_an_older_record_reads_fields_added_since_as_their_defaults() -> None:
    """EN-8: a format-1 record leaves out what format 2 added: each reads as its default,
    in nested records and maps too; what the record names is kept."""
    read = GameRecord.from_json(record(1, FORMAT_ONE))
    assert read.format_version == 1
    assert read.config == LaterConfig(
        target=12, pit=Lane("p", speed=1), named=pmap({"x": Lane("x", speed=1)})
    )
    named = {**FORMAT_ONE, "head_start": 3, "lanes": [{"name": "b"}], "pit": None}
    read = GameRecord.from_json(record(1, named))
    assert (read.config.head_start, read.config.lanes, read.config.pit) == (3, (Lane("b"),), None)


@pytest.mark.usefixtures("format_two")
def test_en8_a_record_of_the_format_that_added_a_field_must_name_it() -> None:
    """EN-8: from the format that added it, a field left out is refused, as every field is;
    and a field every format has is needed in an older record too."""
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(record(2, FORMAT_ONE))
    assert (caught.value.code, caught.value.path) == ("record/malformed", "config.head_start")
    full = json.loads(to_json(LaterConfig()))
    del full["lanes"][0]["speed"]
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(record(2, full))
    assert caught.value.path == "config.lanes[0].speed"
    without_target = {k: v for k, v in FORMAT_ONE.items() if k != "target"}
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(record(1, without_target))
    assert caught.value.path == "config.target"


@pytest.mark.usefixtures("format_two")
def test_en8_a_release_reads_every_format_up_to_its_own() -> None:
    """EN-8: format 2 reads formats 1 and 2 and refuses 3, saying which it reads."""
    full = json.loads(to_json(LaterConfig()))
    assert GameRecord.from_json(record(2, full)).config == LaterConfig()
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(record(3, full))
    assert str(caught.value) == (
        "format_version: format version 3; this gamefold reads 1 to 2 [record/version]"
    )


def test_en8_added_in_is_field_metadata() -> None:
    """``added_in(n)`` is the metadata that marks a field, read back from the field."""
    assert added_in(2) == {ADDED_IN: 2}
    assert attrs.fields(LaterConfig).head_start.metadata[ADDED_IN] == 2
    assert ADDED_IN not in attrs.fields(LaterConfig).target.metadata


@pytest.mark.usefixtures("format_two")
@pytest.mark.parametrize(
    ("field", "value"), [("target", {"x": 1}), ("target", [1]), ("note", {"a": 1})]
)
def test_en8_an_older_records_value_of_the_wrong_kind_is_refused_with_its_path(
    field: str, value: object
) -> None:
    """EN-8: filling an older record never judges its values: one of the wrong kind is the
    same RecordError, with its path, as in a current record."""
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(record(1, {**FORMAT_ONE, field: value}))
    assert (caught.value.code, caught.value.path) == ("record/malformed", f"config.{field}")
