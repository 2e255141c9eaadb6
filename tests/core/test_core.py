"""Core records (EN-1) and the fast ``replace`` copy reducers use."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamefold
from gamefold import Action, EndRound, EndTurn, Lifecycle, StartRound, StartTurn, replace, replacer


@attrs.frozen
class Hand:
    player: str
    cards: tuple[int, ...]
    limit: int = 5


@given(st.text(), st.lists(st.integers()), st.integers(), st.integers())
def test_en1_replace_equals_evolve_and_leaves_the_original(
    player: str, cards: list[int], limit: int, new_limit: int
) -> None:
    hand = Hand(player, tuple(cards), limit)
    copy = replace(hand, limit=new_limit)
    assert copy == attrs.evolve(hand, limit=new_limit)
    assert hand == Hand(player, tuple(cards), limit)
    assert replace(hand) == hand


def test_replace_rejects_unknown_fields() -> None:
    with pytest.raises(TypeError, match="no field"):
        replace(Hand("p", ()), size=3)


def test_en1_lifecycle_actions_are_frozen_value_records() -> None:
    assert StartTurn("p1") == StartTurn("p1")
    assert hash(StartTurn("p1")) == hash(StartTurn("p1"))
    assert StartRound() == StartRound()
    assert repr(EndTurn("p2")) == "EndTurn(player='p2')"
    for cls in (StartRound, EndRound, StartTurn, EndTurn):
        assert issubclass(cls, Lifecycle)
        assert issubclass(cls, Action)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        StartTurn("p1").player = "p2"  # type: ignore[misc]


def test_public_api_is_curated() -> None:
    """Everything in ``__all__`` exists and has a docstring; nothing private leaks."""
    for name in gamefold.__all__:
        assert hasattr(gamefold, name), name
        assert not name.startswith("_") or name == "__version__"
    for name in set(gamefold.__all__) - {"__version__", "Events", "Invariant"}:
        assert getattr(gamefold, name).__doc__, name


@attrs.frozen
class Awkward:
    """Field names that clash with the generated copy's own locals would break it."""

    obj: int
    new: int
    cls: int = 0


def test_replace_handles_field_names_like_its_own_locals() -> None:
    assert replace(Awkward(1, 2), new=5, obj=4) == Awkward(4, 5)
    assert replace(Awkward(1, 2), cls=3) == Awkward(1, 2, 3)


def test_replacer_is_a_positional_replace_built_once() -> None:
    set_cards = replacer(Hand, "cards", "limit")
    hand = Hand("ann", (1, 2), 5)
    assert set_cards(hand, (3,), 4) == Hand("ann", (3,), 4)
    assert hand == Hand("ann", (1, 2), 5)
    with pytest.raises(TypeError, match="no field"):
        replacer(Hand, "size")


def test_en7_attests_gives_the_same_rules_for_every_event() -> None:
    """EN-7: ``attests(...)`` is an event-rules entry naming fixed rules, for any event."""
    entry = gamefold.attests("SD-3", "SD-13")
    assert entry(StartRound()) == ("SD-3", "SD-13")
    assert entry(object()) == ("SD-3", "SD-13")
    assert gamefold.attests()(StartRound()) == ()


@attrs.frozen
class Wide:
    """A record with every kind of field a copy fills: defaults, a private name, a mapping."""

    a: int
    b: tuple[int, ...] = ()
    _c: str = "c"
    d: dict[str, int] = attrs.field(factory=dict, eq=False)


@given(st.integers(), st.lists(st.integers()), st.text())
def test_en1_a_copy_is_a_plain_frozen_record_of_its_class(a: int, b: list[int], c: str) -> None:
    """EN-1: a copy is an ordinary instance of the record's own class: it refuses assignment,
    compares, hashes and pickles like one built by the constructor."""
    import pickle

    original = Wide(0, c="x")
    copy = replace(original, a=a, b=tuple(b), _c=c)
    assert type(copy) is Wide
    assert copy == Wide(a, tuple(b), c)
    assert hash(copy) == hash(Wide(a, tuple(b), c))
    assert pickle.loads(pickle.dumps(copy)) == copy
    assert copy.d is original.d  # unchanged fields are shared, not copied
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.a = 1  # type: ignore[misc]


@attrs.frozen(slots=False)
class Unslotted:
    a: int
    b: str = "b"


def test_en1_replace_copies_a_record_without_slots_too() -> None:
    """A user's frozen record built without slots copies the same way."""
    copy = replace(Unslotted(1), b="c")
    assert type(copy) is Unslotted
    assert copy == Unslotted(1, "c")
    assert vars(copy) == {"a": 1, "b": "c"}


def test_en1_copies_leave_no_class_behind_for_json() -> None:
    """EN-7: the helper class a copy is filled in is never a record type JSON may name."""
    from gamefold._convert import _tagged_subclasses

    replace(StartTurn("p"), player="q")
    helpers = [cls for cls in StartTurn.__subclasses__() if cls.__name__ == "StartTurnFiller"]
    assert helpers  # the copy above made one
    tagged = _tagged_subclasses(Lifecycle).values()
    assert StartTurn in tagged
    assert not set(helpers) & set(tagged)


def test_kept_by_identity_returns_the_kept_result_for_the_very_object_only() -> None:
    """EN-9's views are kept this way: the very object and key give the very result; an
    equal but other object, or another key, is built again; a full table starts afresh."""
    from gamefold.core import kept_by_identity

    built: list[tuple[tuple[int, ...], str]] = []

    @kept_by_identity(most=2)
    def shown(obj: tuple[int, ...], key: str) -> list[int]:
        built.append((obj, key))
        return [*obj]

    a, b = (1, 2), tuple(range(1, 3))  # equal, and another object
    first = shown(a, "x")
    assert shown(a, "x") is first
    assert shown(b, "x") == first
    assert shown(b, "x") is not first
    assert shown(a, "y") is not first
    assert len(built) == 3  # a/x, b/x (another object), a/y (another key)
    assert shown(a, "x") is not first  # the third entry cleared the table of two
