"""The writers of :class:`~gamefold.envs.ObservationEncoder` (package-private): from a
view's record types alone, the Python code that writes a view's slots, generated and compiled
once per encoder, with each slot's bounds (the layout the encoder's docstring describes).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

import attrs
from pyrsistent import PMap, PSet, PVector

from gamefold.envs._checks import LIMIT
from gamefold.envs._patches import Items, Part
from gamefold.envs._source import Source, clamped

__all__ = ["Bounds", "Write", "Writers"]

Write = Callable[[Any, list[float]], None]
Bounds = list[tuple[float, float]]
"""Each slot's ``(low, high)``, in order."""
_MAX_DEPTH = 6
_KEPT_SLOTS = 8
"""A record inside a slice's view with this many slots or more repeats its numbers while it
is the same object (:meth:`Writers._kept`); a smaller one costs less to write again."""
_KEPT_RECORDS = 256
"""The most records one writer remembers: a few games' worth of owners and combatants."""
_FLAG: Bounds = [(0.0, 1.0)]
_NUMBER: Bounds = [(-LIMIT, LIMIT)]
_LENGTH = (0.0, LIMIT)


Emit = Callable[[str, str, list[str]], None]
"""``emit(expression, indent, lines)``: append the code writing ``expression``'s slots."""


def _skip_none(expression: str, indent: str, lines: list[str]) -> None:
    return None


def _number(expression: str, indent: str, lines: list[str]) -> None:
    lines.append(f"{indent}x = {expression}")
    lines.append(f"{indent}A(float(x) if -LIMIT <= x <= LIMIT else clamped(x))")


def _ranged(low: float, high: float) -> Emit:
    def number(expression: str, indent: str, lines: list[str]) -> None:
        lines.append(f"{indent}x = {expression}")
        lines.append(
            f"{indent}A(float(x) if {low!r} <= x <= {high!r} else clamped(x, {low!r}, {high!r}))"
        )

    return number


class Writers:
    """The layout of one encoder's views: each record type's writer, generated from its
    field annotations, and each slot's bounds."""

    def __init__(
        self,
        *,
        caps: dict[str, int],
        bounds: dict[str, tuple[float, float]],
        default_cap: int,
        skip: frozenset[str],
        vocabulary: Mapping[str, int],
    ) -> None:
        self.caps, self.bounds, self.default_cap, self.skip = caps, bounds, default_cap, skip
        self._source = Source()
        self._records: dict[tuple[type, int], tuple[str, Bounds, int]] = {}
        self._fixed_count = 0
        """Fixed-length tuples laid out so far: their values may write fewer slots."""
        scalar = self._source.constant(_scalar(vocabulary), "scalar")
        # A string of the vocabulary is its number (never 0, so ``or`` falls through only
        # for what _scalar reads otherwise: another string, a number, an enum, anything).
        known = self._source.constant({s: float(i) for s, i in vocabulary.items()}, "vocab")
        self._scalar: Emit = lambda e, indent, lines: lines.append(
            f"{indent}A({known}.get({e}) or {scalar}({e}))"
        )
        self._string: Bounds = [(0.0, float(len(vocabulary)))]

    @property
    def source(self) -> Source:
        """Where the writers are compiled, for code that inlines them."""
        return self._source

    def fields(self, sample: Any, bounds: Bounds) -> list[tuple[str, Write, int]]:
        """The top level's writers, one a field (their slots' bounds added to ``bounds``):
        the game record's annotations name the slices' states, its view holds their views,
        so they read a sample view's types."""
        hints = typing.get_type_hints(type(sample))
        found = []
        for field in attrs.fields(type(sample)):
            if field.name in self.skip:
                continue
            value = getattr(sample, field.name)
            tp = type(value) if attrs.has(type(value)) else hints.get(field.name, Any)
            emit, slots = self._of(tp, field.name, 1)
            if slots:
                lines: list[str] = []
                emit("value", "", lines)
                found.append((field.name, self._source.function(lines), len(slots)))
                bounds += slots
        return found

    def parts(self, sample: Any) -> dict[str, tuple[type, list[Part]]]:
        """For each top-level field whose value in the sample view is a record, that
        record's type and its own fields laid out one by one (as :meth:`fields` lays them
        out together), so that a slice's view that changed in a few fields is written
        again in those only. A record holding a fixed-length tuple is left out: a shorter
        value writes fewer slots, moving those after it, so it is written whole."""
        found = {}
        for field in attrs.fields(type(sample)):
            cls = type(getattr(sample, field.name))
            if field.name not in self.skip and attrs.has(cls):
                laid = self._parts(cls)
                if laid is not None:
                    found[field.name] = (cls, laid)
        return found

    def _parts(self, cls: type, depth: int = 1) -> list[Part] | None:
        """The fields of the record ``cls`` at ``depth`` laid out one by one, or ``None``."""
        before = self._fixed_count
        hints = typing.get_type_hints(cls)
        found: list[Part] = []
        start = 0
        for field in attrs.fields(cls):
            if field.name in self.skip:
                continue
            tp = hints.get(field.name, Any)
            emit, slots = self._of(tp, field.name, depth + 1)  # the depth _record gives
            if slots:
                items = self._items(tp, field.name, depth + 1)
                written = self._written(emit)
                record = self._nested(tp, depth + 1)
                found.append(Part(field.name, start, len(slots), written, items, emit, record))
                start += len(slots)
        return found if self._fixed_count == before else None

    def _nested(self, tp: Any, depth: int) -> tuple[type, list[Part]] | None:
        """A record type ``tp`` at ``depth`` and its fields laid out one by one (a record
        inside a slice's view written again in the fields that changed), or ``None``."""
        if not (isinstance(tp, type) and attrs.has(tp)) or depth > _MAX_DEPTH:
            return None
        laid = self._parts(tp, depth)
        return None if laid is None else (tp, laid)

    def _items(self, tp: Any, name: str, depth: int) -> Items | None:
        """The items of a field of type ``tp`` at ``depth``, an ordered sequence of records
        (a slice's items laid out field by field in turn), or ``None``."""
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        ordered = origin in (tuple, PVector, list) or origin is typing.Sequence
        if not ordered or not args or (origin is tuple and args[-1] is not Ellipsis):
            return None
        if not (isinstance(args[0], type) and attrs.has(args[0])):
            return None
        emit, slots = self._of(args[0], name, depth)
        cap = self.caps.get(name, self.default_cap)
        laid = self._parts(args[0], depth) if depth == 2 else None
        return Items(cap, len(slots), self._written(emit), args[0], laid)

    def _written(self, emit: Emit) -> Write:
        lines: list[str] = []
        emit("value", "", lines)
        return self._source.function(lines)

    # -- the layout, from the types --------------------------------------------------------

    def _record(self, cls: type, depth: int) -> tuple[str, Bounds]:
        """The generated writer of ``cls`` (its global name) and its slots' bounds."""
        key = (cls, depth)
        if key in self._records:
            made, laid, fixed = self._records[key]
            self._fixed_count += fixed  # as if laid out again
            return made, laid
        before = self._fixed_count
        hints = typing.get_type_hints(cls)
        lines: list[str] = []
        bounds: Bounds = []
        for field in attrs.fields(cls):
            if field.name in self.skip:
                continue
            emit, slots = self._of(hints.get(field.name, Any), field.name, depth + 1)
            if slots:
                emit(f"value.{field.name}", "", lines)
                bounds += slots
        name = self._source.function(lines).__name__
        self._records[key] = (name, bounds, self._fixed_count - before)
        return name, bounds

    def _of(self, tp: Any, name: str, depth: int) -> tuple[Emit, Bounds]:
        """The code writing a value of type ``tp``, and its slots' bounds."""
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            inner = [arg for arg in args if arg is not type(None)]
            if len(inner) == 1 and len(args) == 2:
                return self._optional(inner[0], name, depth)
            return self._scalar, _NUMBER
        if tp is bool:
            return _number, _FLAG
        if tp in (int, float):
            if name in self.bounds:
                low, high = self.bounds[name]
                return _ranged(low, high), [(min(low, 0.0), max(high, 0.0))]
            return _number, _NUMBER
        if tp is str:
            return self._scalar, self._string
        if isinstance(tp, type) and issubclass(tp, Enum):
            return self._enum(tp)
        if isinstance(tp, type) and attrs.has(tp):
            if depth > _MAX_DEPTH:
                return _skip_none, []
            write, bounds = self._record(tp, depth)
            if depth > 1 and len(bounds) >= _KEPT_SLOTS:
                return self._kept(write), bounds
            return lambda e, indent, lines: lines.append(f"{indent}{write}({e}, out)"), bounds
        if origin is tuple and args and args[-1] is not Ellipsis:
            return self._fixed(args, name, depth)
        if origin in (tuple, PVector, list) or origin is typing.Sequence:
            return self._sequence(args[0] if args else Any, name, depth, ordered=True)
        if origin in (PSet, frozenset, set):
            return self._sequence(args[0] if args else Any, name, depth, ordered=False)
        if origin in (PMap, dict) or origin is typing.Mapping:
            return self._mapping(args, name, depth)
        return self._scalar, _NUMBER

    def _kept(self, write: str) -> Emit:
        """The code writing a record through ``write``, or repeating the numbers it wrote
        last time for the very same object: a view keeps the records of what did not
        change (a combatant, an owner), and they are immutable, so their numbers are too.
        Each entry holds its record, so no other object can take its ``id`` meanwhile; the
        table is emptied when full, bounding it."""
        memo = self._source.constant({}, "memo")

        def kept(e: str, indent: str, lines: list[str]) -> None:
            record, found = self._source.fresh("r"), self._source.fresh("m")
            lines.append(f"{indent}{record} = {e}")
            lines.append(f"{indent}{found} = {memo}.get(id({record}))")
            lines.append(f"{indent}if {found} is not None and {found}[0] is {record}:")
            lines.append(f"{indent}    E({found}[1])")
            lines.append(f"{indent}else:")
            lines.append(f"{indent}    {found} = []")
            lines.append(f"{indent}    {write}({record}, {found})")
            lines.append(f"{indent}    if len({memo}) >= {_KEPT_RECORDS}:")
            lines.append(f"{indent}        {memo}.clear()")
            lines.append(f"{indent}    {memo}[id({record})] = ({record}, {found})")
            lines.append(f"{indent}    E({found})")

        return kept

    def _enum(self, tp: type[Enum]) -> tuple[Emit, Bounds]:
        position = {member: float(i + 1) for i, member in enumerate(tp)}
        table = self._source.constant(position, "enum")

        def enum(e: str, indent: str, lines: list[str]) -> None:
            lines.append(f"{indent}A({table}.get({e}, 0.0))")

        return enum, [(0.0, float(len(position)))]

    def _optional(self, tp: Any, name: str, depth: int) -> tuple[Emit, Bounds]:
        inner, bounds = self._of(tp, name, depth)
        zeros = self._source.constant([0.0] * (len(bounds) + 1), "zeros")

        def optional(e: str, indent: str, lines: list[str]) -> None:
            local = self._source.fresh("v")
            lines.append(f"{indent}{local} = {e}")
            lines.append(f"{indent}if {local} is None:")
            lines.append(f"{indent}    E({zeros})")
            lines.append(f"{indent}else:")
            lines.append(f"{indent}    A(1.0)")
            inner(local, indent + "    ", lines)

        return optional, _FLAG + bounds

    def _fixed(self, args: tuple[Any, ...], name: str, depth: int) -> tuple[Emit, Bounds]:
        self._fixed_count += 1
        parts = [self._of(arg, name, depth) for arg in args]

        def fixed(e: str, indent: str, lines: list[str]) -> None:
            local, count = self._source.fresh("v"), self._source.fresh("n")
            lines.append(f"{indent}{local} = {e}")
            lines.append(f"{indent}{count} = len({local})")
            for i, (part, _) in enumerate(parts):  # as zip: a shorter value writes less
                lines.append(f"{indent}if {count} > {i}:")
                part(f"{local}[{i}]", indent + "    ", lines)

        return fixed, [slot for _, bounds in parts for slot in bounds]

    def _length(self, name: str) -> tuple[tuple[float, float], Callable[[str], str]]:
        """A length slot's bounds, ``bounds["len(NAME)"]`` or 0 to :data:`LIMIT`, and the
        code writing a count (cut to its end when declared)."""
        declared = self.bounds.get(f"len({name})")
        if declared is None:
            return _LENGTH, lambda count: f"float({count})"
        high = max(declared[1], 0.0)
        return (0.0, high), lambda count: f"float({count}) if {count} <= {high!r} else {high!r}"

    def _padding(self, cap: int, width: int) -> str:
        """A global tuple: item ``n`` is the zeros after ``n`` of ``cap`` items of ``width``."""
        pads = tuple([0.0] * (width * (cap - min(cap, n))) for n in range(cap + 1))
        return self._source.constant(pads, "pads")

    def _sequence(self, tp: Any, name: str, depth: int, *, ordered: bool) -> tuple[Emit, Bounds]:
        cap = self.caps.get(name, self.default_cap)
        item, bounds = self._of(tp, name, depth)
        width = len(bounds)
        pads = self._padding(cap, width)
        length, written = self._length(name)

        whole = self._whole_numbers(name) if tp is int and ordered else None

        def sequence(e: str, indent: str, lines: list[str]) -> None:
            items, count, each = (self._source.fresh(stem) for stem in ("v", "n", "x"))
            read = f"list({e})" if ordered else f"sorted({e}, key=repr)"
            lines.append(f"{indent}{items} = {read}")
            lines.append(f"{indent}{count} = len({items})")
            lines.append(f"{indent}A({written(count)})")
            if width:
                lines.append(f"{indent}{items} = {items}[:{cap}]")
                inner = indent
                if whole is not None:
                    lines.append(f"{indent}if {whole(items)}:")
                    lines.append(f"{indent}    E(map(float, {items}))")
                    lines.append(f"{indent}else:")
                    inner += "    "
                lines.append(f"{inner}for {each} in {items}:")
                item(each, inner + "    ", lines)
            lines.append(f"{indent}E({pads}[{count} if {count} < {cap} else {cap}])")

        return sequence, [length, *bounds * cap]

    def _whole_numbers(self, name: str) -> Callable[[str], str]:
        """The test that a list of numbers named ``name`` holds whole numbers only (their
        sum is an ``int``: no float, no NaN), each within its bounds, so that each is its
        ``float`` as it is: cards and garrisons, written in one call rather than one a
        number."""
        low, high = self.bounds.get(name, (-LIMIT, LIMIT))
        return lambda v: (
            f"type(sum({v})) is int and {v} and {low!r} <= min({v}) and max({v}) <= {high!r}"
        )

    def _mapping(self, args: tuple[Any, ...], name: str, depth: int) -> tuple[Emit, Bounds]:
        cap = self.caps.get(name, self.default_cap)
        key, keys = self._of(args[0] if args else Any, name, depth)
        val, values = self._of(args[1] if len(args) > 1 else Any, name, depth)
        kw, vw = len(keys), len(values)
        pads = self._padding(cap, kw + vw)
        length, written = self._length(name)

        def mapping(e: str, indent: str, lines: list[str]) -> None:
            items, count, k, v = (self._source.fresh(stem) for stem in ("v", "n", "k", "x"))
            lines.append(f"{indent}{items} = sorted({e}.items(), key=repr)")  # EN-3: sorted
            lines.append(f"{indent}{count} = len({items})")
            lines.append(f"{indent}A({written(count)})")
            if kw + vw:
                lines.append(f"{indent}for {k}, {v} in {items}[:{cap}]:")
                key(k, indent + "    ", lines)
                val(v, indent + "    ", lines)
            lines.append(f"{indent}E({pads}[{count} if {count} < {cap} else {cap}])")

        return mapping, [length, *(keys + values) * cap]


def _scalar(vocabulary: Mapping[str, int]) -> Callable[[Any], float]:
    def scalar(value: Any) -> float:
        if isinstance(value, str):
            return float(vocabulary.get(value, 0))
        if isinstance(value, bool | int | float):
            return clamped(value)
        if isinstance(value, Enum):
            return float(vocabulary.get(str(value.value), 0))
        return 0.0

    return scalar
