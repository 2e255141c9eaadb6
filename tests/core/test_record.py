"""JSON persistence of records (EN-8): pyrsistent collections and tagged actions/events."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector
from tests.core.toy import Add, Added

from gamefold import Action, EndRound, Event, Rng, StartRound, StartTurn
from gamefold.record import from_json, tag_of, to_json


@attrs.frozen
class Everything:
    hand: tuple[int, ...]
    deck: PVector[int]
    scores: PMap[str, int]
    flags: PSet[str]
    rng: Rng
    last: Action | None
    log: tuple[Action, ...]
    events: tuple[Event, ...]


names = st.text(max_size=5)
everything = st.builds(
    Everything,
    hand=st.lists(st.integers(), max_size=5).map(tuple),
    deck=st.lists(st.integers(), max_size=5).map(pvector),
    scores=st.dictionaries(names, st.integers(), max_size=4).map(pmap),
    flags=st.sets(names, max_size=4).map(pset),
    rng=st.integers(0, 2**64 - 1).map(Rng),
    last=st.one_of(st.none(), st.builds(Add, st.integers()), st.builds(StartTurn, names)),
    log=st.lists(
        st.one_of(st.builds(Add, st.integers()), st.just(StartRound()), st.just(EndRound())),
        max_size=4,
    ).map(tuple),
    events=st.lists(st.builds(Added, names, st.integers()), max_size=3).map(tuple),
)


@given(everything)
def test_en8_records_round_trip_through_json(record: Everything) -> None:
    text = to_json(record)
    back = from_json(text, Everything)
    assert back == record
    assert to_json(back) == text  # stable output: sorted keys and sets


def test_en8_actions_are_tagged_with_their_type() -> None:
    text = to_json(StartTurn("p1"))
    assert '"type": "gamefold.core.StartTurn"' in text
    assert from_json(text, Action) == StartTurn("p1")
    assert tag_of(Add) == "tests.core.toy.Add"


@attrs.frozen
class Moved(Action):
    """An action whose class moved: it keeps the tag it was recorded under."""

    recorded_as: ClassVar[str] = "tests.core.elsewhere.Moved"
    amount: int


def test_en8_a_moved_class_keeps_its_recorded_tag() -> None:
    text = to_json(Moved(3))
    assert '"type": "tests.core.elsewhere.Moved"' in text
    assert from_json(text, Action) == Moved(3)
    assert tag_of(Moved) == "tests.core.elsewhere.Moved"


def test_en8_unknown_or_malformed_tags_are_rejected() -> None:
    with pytest.raises(ValueError, match=r'unknown Action type "os\.system"'):
        from_json('{"type": "os.system"}', Action)
    with pytest.raises(ValueError, match="is an object"):
        from_json("[1, 2]", Action)


@given(st.lists(everything, min_size=1, max_size=3))
def test_en8_shared_data_is_the_converters_and_an_object_met_again_gives_it_again(
    records: list[Everything],
) -> None:
    """The viewer converts each part of consecutive states once (``shared_unstructure``):
    its data is the record converter's, and an object met again in the block gives the very
    same data object (a record, a tuple, a pyrsistent collection)."""
    from gamefold._convert import shared_unstructure
    from gamefold.record import converter

    with shared_unstructure() as unstructure:
        for record in records:
            data = unstructure(record, Everything)
            assert data == converter.unstructure(record, unstructure_as=Everything)
            assert unstructure(record, Everything) is data
            again = unstructure(attrs.evolve(record, events=()), Everything)
            kept = ("hand", "deck", "scores", "flags", "rng", "log")
            assert all(again[name] is data[name] for name in kept)
