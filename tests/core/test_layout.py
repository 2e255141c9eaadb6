"""EN-6: rules that read slices by position say where (a ``Layout``), and a registry refuses,
when built, positions its slices do not match; ``Game.with_slice_at`` writes by position."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import Action, IllegalAction, RegistryError, Rules
from gamefold.core import Events
from gamefold.registry import Game, Layout, Subsystem


@attrs.frozen
class TwoSlices(Layout):
    """A game whose rules read ``a`` and ``b``."""

    a: int = 0
    b: int = 1


NAMES = ("a", "b", "c", "d")


@given(order=st.permutations(NAMES))
def test_en6_layout_of_places_each_slice_where_the_names_hold_it(order: list[str]) -> None:
    """EN-6: ``Layout.of(names)`` reads each field's position off ``names``; ``positions``
    gives them back by name."""
    at = TwoSlices.of(order)
    assert (at.a, at.b) == (order.index("a"), order.index("b"))
    assert at.positions() == {"a": order.index("a"), "b": order.index("b")}


def test_en6_layout_of_names_the_slices_the_registry_lacks() -> None:
    """EN-6: a layout for slices a registry does not hold is refused, naming them."""
    with pytest.raises(RegistryError, match=r"TwoSlices reads the slices \['b'\]"):
        TwoSlices.of(("c", "a"))


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        (-1, 1, "'a' is -1: not an int >= 0"),
        (0, True, "'b' is True: not an int >= 0"),
        (0, "1", "'b' is '1': not an int >= 0"),
        (1, 1, "two slices share a position"),
    ],
)
def test_en6_layout_refuses_impossible_positions(a: object, b: object, why: str) -> None:
    """EN-6: a position is an ``int`` of at least 0 (not a ``bool``), one slice to each."""
    with pytest.raises(RegistryError, match=why):
        TwoSlices(a, b)  # type: ignore[arg-type]


def _inert_step(state: int, action: Action) -> tuple[int, Events]:
    raise AssertionError("an inert slice owns no action")


def _inert_check(state: int, action: Action) -> IllegalAction | None:
    raise AssertionError("an inert slice owns no action")


def _inert(name: str) -> Subsystem[int]:
    """A slice that owns no action: here only its place in the registry matters."""
    return Subsystem(name, (), (), _inert_step, _inert_check, lambda state, actor: ())


def _rules(names: tuple[str, ...], positions: dict[str, int]) -> Rules:
    return Rules([_inert(name) for name in names], positions=positions)


def test_en6_rules_keep_positions_their_slices_match() -> None:
    """EN-6: positions where the slices are: the registry is built and keeps them, through
    ``override``, ``wrap``, ``with_rules`` and ``with_reactions`` too."""
    rules = _rules(("c", "a", "b"), TwoSlices.of(("c", "a", "b")).positions())
    assert rules.positions == {"a": 1, "b": 2}
    assert rules.override().positions == rules.with_reactions().positions == rules.positions
    assert rules.wrap().positions == rules.with_rules().positions == rules.positions
    assert _rules(("a", "b"), {}).positions == {}


def test_en6_rules_refuse_positions_their_slices_do_not_match() -> None:
    """EN-6: rules built for another layout are refused when the registry is built, with
    where they read, where the slice is, and how to build them for this one."""
    with pytest.raises(RegistryError) as refused:
        _rules(("c", "a", "b"), TwoSlices().positions())
    message = str(refused.value)
    assert "slice 'a' at position 0, but this registry holds it at 1" in message
    assert "['c', 'a', 'b']" in message
    assert "Layout.of(names)" in message


@pytest.mark.parametrize("place", [True, 1.0, "1"])
def test_en6_rules_refuse_a_position_that_is_no_int(place: object) -> None:
    """EN-6: a position given by hand is an ``int``: ``True`` or ``1.0`` for 1 is refused."""
    with pytest.raises(RegistryError, match="slice 'b' at position"):
        _rules(("a", "b"), {"b": place})  # type: ignore[dict-item]


def test_en6_rules_refuse_positions_of_a_slice_they_do_not_hold() -> None:
    """EN-6: a position for a slice the registry lacks is refused, naming its slices."""
    with pytest.raises(RegistryError, match=r"no slice of that name: its slices are \['a'\]"):
        _rules(("a",), {"b": 1})


@given(
    slices=st.lists(st.integers(), min_size=1, max_size=5),
    data=st.data(),
)
def test_en1_with_slice_at_is_with_slice_by_position(
    slices: list[int], data: st.DataObject
) -> None:
    """EN-1: writing by position gives the game writing by name gives; the game is untouched."""
    names = tuple(f"s{i}" for i in range(len(slices)))
    game = Game(names, tuple(slices))
    i = data.draw(st.integers(0, len(slices) - 1))
    assert game.with_slice_at(i, "new") == game.with_slice(names[i], "new")
    assert game.with_slice_at(i, "new")[names[i]] == "new"
    assert game.slices == tuple(slices)
