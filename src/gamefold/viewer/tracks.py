"""A page's tracks: the full state's and each player's view's, as a first node and one diff a
step, built from what each step changed.

Consecutive states share every part a step left alone (the reducers copy only the path to
what they change), and :func:`~gamefold._convert.shared_unstructure` turns a part met again
into the very JSON data it gave before. Views are taken from the view before
(:meth:`Rules.view <gamefold.registry.Rules.view>`'s ``since``) and share with it every
part equal to its own (:func:`shared`), so a view's data is shared the same way. A diff
(:func:`~gamefold.viewer.diff.diff`) skips a shared subtree at once, and the panel
(:func:`~gamefold.viewer.panels.remembered`) redraws only the rows of changed parts: a step
costs what it changed, not the size of the state.

The data is JSON data as the record converter gives it; what a page stores of it (the first
node, the values a diff sets) goes through :class:`~gamefold.viewer.encode.Exact`, which
writes integers beyond 2**53 as their digits (a page's numbers are doubles).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator
from itertools import compress
from operator import is_, is_not, ne
from typing import Any, TypeAlias

import attrs

from gamefold.core import replace
from gamefold.games.base import GameDef
from gamefold.registry import Game
from gamefold.viewer.diff import Op, diff
from gamefold.viewer.encode import Exact
from gamefold.viewer.panels import CardNames, Section, panel

__all__ = ["shared", "track", "views"]


def track(
    game: GameDef[Any], data: Iterable[Any], names: CardNames, exact: Exact
) -> dict[str, Any]:
    """One track of ``data`` (a state's or view's a step): the first node (state tree and
    panel), then one diff a step."""
    previous: Any = None
    first: Any = None
    diffs: list[list[Op]] = []
    for tree in data:
        node = {"state": tree, "panel": panel(game.name, tree, names)}
        if previous is None:
            first = exact(node)
        else:
            ops = diff(previous["state"], tree, at=["state"])
            _panel_ops(previous["panel"], node["panel"], ops)
            diffs.append([exact.op(op) for op in ops])
        previous = node
    return {"first": first, "diffs": diffs}


def _panel_ops(old: list[Section], new: list[Section], ops: list[Op]) -> None:
    """The ops that turn the ``old`` panel into the ``new`` (what :func:`diff` gives, told
    faster): a row is compared whole (its cells are text or integers, which ``==`` tells
    apart), and a changed one cell by cell."""
    if len(old) != len(new):
        ops.append([["panel"], new])
        return
    for index in compress(range(len(new)), map(is_not, old, new)):
        before, after = old[index], new[index]
        if (
            before["title"] != after["title"]
            or before["columns"] != after["columns"]
            or before.get("folded") != after.get("folded")
        ):
            ops.append([["panel", index], after])
            continue
        rows, changed = before["rows"], after["rows"]
        if len(rows) != len(changed):
            ops.append([["panel", index, "rows"], changed])
            continue
        for r in compress(range(len(changed)), map(ne, rows, changed)):
            row = changed[r]
            cells = (
                []
                if len(rows[r]) != len(row)
                else list(compress(range(len(row)), map(ne, rows[r], row)))
            )
            if not cells or 2 * len(cells) > len(row):  # most of the row: set it whole
                ops.append([["panel", index, "rows", r], row])
            else:
                ops.extend([["panel", index, "rows", r, c], row[c]] for c in cells)


def views(game: GameDef[Any], states: Iterable[Game], viewer: str) -> Iterator[Game]:
    """``viewer``'s view of each state, from the game's view function: each from the one
    before, so that only the slices a step changed are viewed again, and sharing with it
    every part equal to its own (:func:`shared`)."""
    since: tuple[Game, Game] | None = None
    for state in states:
        shown = game.rules.view(state, viewer, since=since)
        if since is not None:
            shown = shared(since[1], shown)
        since = (state, shown)
        yield shown


def shared(old: Any, new: Any) -> Any:
    """``new``, with each part equal to the same part of ``old`` replaced by that part of
    ``old`` (an equal value: the same JSON data), so that ``old``'s converted data and
    drawn rows serve again; ``old`` itself when the two are equal. Records and tuples of
    records are compared part by part (what is the very same object is not compared at
    all, and a changed item of a tuple is kept whole); anything else is kept or replaced
    whole."""
    if old is new or type(old) is not type(new):
        return new
    fields = _fields(type(new))
    if fields is not None:
        return _shared_record(old, new, *fields)
    if type(new) is tuple and new and len(old) == len(new) and _fields(type(new[0])):
        if all(map(is_, old, new)):  # a tuple made again of the very same records
            return old
        # Most items are equal (one owner of four changed): an item's own == tells it.
        items = tuple(a if a is b or a == b else b for a, b in zip(old, new, strict=True))
        if all(a is b for a, b in zip(items, old, strict=True)):
            return old
        return new if all(a is b for a, b in zip(items, new, strict=True)) else items
    return old if old == new else new


def _shared_record(old: Any, new: Any, names: tuple[str, ...], parts: Parts) -> Any:
    kept: dict[str, Any] = {}  # the parts of new to replace: old's, or partly old's
    changed = False
    for name, before, after in zip(names, parts(old), parts(new), strict=False):
        if before is after:
            continue
        if type(after) in _PLAIN:  # its data is itself: nothing to share, only to compare
            changed = changed or type(before) is not type(after) or before != after
            continue
        part = shared(before, after)
        changed = changed or part is not before
        if part is not after:
            kept[name] = part
    if not changed:
        return old
    return replace(new, **kept) if kept else new


_PLAIN = frozenset({int, str, bool, float, type(None)})
"""Values that are their own JSON data."""

Parts: TypeAlias = Callable[[Any], tuple[Any, ...]]
"""Reads every field of a record at once, in the order of its class's fields."""

_FIELDS: dict[type, tuple[tuple[str, ...], Parts] | None] = {}


def _fields(cls: type) -> tuple[tuple[str, ...], Parts] | None:
    """An attrs record class's field names and its :data:`Parts`, or ``None`` for any other
    class."""
    try:
        return _FIELDS[cls]
    except KeyError:
        names = tuple(f.name for f in attrs.fields(cls)) if attrs.has(cls) else ()
        # One more name than the fields, so that one field still reads as a tuple; zip
        # stops at the names.
        found = (names, operator.attrgetter(*names, names[0])) if names else None
        return _FIELDS.setdefault(cls, found)
