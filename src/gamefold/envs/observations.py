"""A player's view as numbers, and as a compact key.

:class:`ObservationEncoder` lays out, from the view's record types alone (their field
annotations), a fixed-length vector of floats for any game: a number, a flag or an enum (its
position, from 1) takes one slot; a string its position, from 1, in the game's vocabulary
(every string of the initial views, sorted; 0 for one not met there); ``X | None`` a
presence flag and ``X``; a variable-length tuple, set or mapping its length and its first
``cap`` items (sorted for sets and mappings), padded with zeros; a record its fields. Fields
named in ``skip`` (the constant config, the scenario, the RNG) are left out. ``caps`` maps a
field name to its cap (``default_cap`` otherwise; each a whole number from 0 to 1,000, else
a :class:`~gamefold.ConfigError`), so a game declares the caps of its own variable-length
fields. :func:`view_key` is the view as a short string without those fields.

Each slot has true bounds, read from the same types (:attr:`ObservationEncoder.low` and
:attr:`~ObservationEncoder.high`): a flag or a presence flag 0 to 1, an enum 0 to its number
of members, a string 0 to the size of the vocabulary, a length 0 to :data:`LIMIT`, and a
number (an ``int`` or ``float`` field, or a value of no declared type) ``-LIMIT`` to
``LIMIT``, unless a range names it: the game's
(:meth:`GameDef.observation_bounds <gamefold.games.GameDef.observation_bounds>`, derived
from its config), each overridden by the range ``bounds`` gives (``bounds={"hp": (0,
20)}``). A field's name bounds its numbers; ``len(NAME)`` bounds the length of the
variable-length field ``NAME``. A number or length beyond its range is written as the
nearest end, so every slot holds what its bounds say. Padding and absence are 0, within
every slot's bounds (a declared range is widened to take 0).
"""

from __future__ import annotations

import numbers
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any

import attrs
from pyrsistent import PMap, PSet, PVector

from gamefold._fields import quoted
from gamefold.envs._checks import MAX_CAP, count
from gamefold.errors import ConfigError
from gamefold.games.base import GameDef

__all__ = ["LIMIT", "SKIPPED", "ObservationEncoder", "view_key"]

SKIPPED = frozenset({"config", "scenario", "rng", "viewer"})
"""The fields left out of observations and view keys by default: constant or hidden."""

LIMIT = float(2**31)
"""The largest magnitude of a number slot, and the largest length slot (a float32 holds it
exactly)."""

Write = Callable[[Any, list[float]], None]
Bounds = list[tuple[float, float]]
"""Each slot's ``(low, high)``, in order."""
_MAX_DEPTH = 6
_FLAG: Bounds = [(0.0, 1.0)]
_NUMBER: Bounds = [(-LIMIT, LIMIT)]
_LENGTH = (0.0, LIMIT)


def _clamped(value: Any, low: float = -LIMIT, high: float = LIMIT) -> float:
    """A number beyond ``low`` to ``high`` as the nearest end (a NaN as 0)."""
    number = float(value)
    if number != number:
        return 0.0
    return high if number > high else low if number < low else number


class _Source:
    """The generated writers of one encoder: each record type's ``write(value, out)`` as
    one Python function with its fields read inline, so that a slot costs an ``append``
    rather than a call (the observation is encoded at every decision of an env)."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {
            "float": float,
            "len": len,
            "sorted": sorted,
            "repr": repr,
            "LIMIT": LIMIT,
            "clamped": _clamped,
        }
        self._count = 0

    def fresh(self, stem: str) -> str:
        """A new local or global name."""
        self._count += 1
        return f"{stem}{self._count}"

    def constant(self, value: Any, stem: str = "k") -> str:
        """A global name holding ``value`` in the generated functions."""
        name = self.fresh(stem)
        self.names[name] = value
        return name

    def function(self, lines: list[str]) -> Write:
        """Compile ``def write(value, out)`` with ``lines`` as its body."""
        name = self.fresh("write")
        body = "\n".join(f"    {line}" for line in lines) or "    pass"
        text = f"def {name}(value, out):\n    A = out.append\n    E = out.extend\n{body}\n"
        exec(compile(text, f"<observation {name}>", "exec"), self.names)
        write: Write = self.names[name]
        return write


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


def _caps(caps: Mapping[str, int] | None) -> dict[str, int]:
    """``caps`` checked: field names to whole numbers from 0 to :data:`MAX_CAP`."""
    if caps is None:
        return {}
    if not isinstance(caps, Mapping) or not all(isinstance(name, str) for name in caps):
        raise ConfigError("caps", f"caps maps field names to caps, not {quoted(caps)}")
    return {name: count("caps", cap, 0, MAX_CAP, f"caps[{name!r}]") for name, cap in caps.items()}


def _bounds(bounds: Mapping[str, tuple[float, float]] | None) -> dict[str, tuple[float, float]]:
    """``bounds`` checked: field names to ``(low, high)``, numbers from ``-LIMIT`` to
    ``LIMIT`` with ``low < high``."""
    if bounds is None:
        return {}
    if not isinstance(bounds, Mapping) or not all(isinstance(name, str) for name in bounds):
        raise ConfigError("bounds", f"bounds maps field names to (low, high), not {quoted(bounds)}")
    return {name: _range(name, given) for name, given in bounds.items()}


def _range(name: str, given: object) -> tuple[float, float]:
    pair = tuple(given) if isinstance(given, tuple | list) else ()
    if len(pair) == 2 and all(
        isinstance(end, numbers.Real)
        and not isinstance(end, bool)
        and -LIMIT <= float(end) <= LIMIT
        for end in pair
    ):
        low, high = float(pair[0]), float(pair[1])
        if low < high:
            return low, high
    message = (
        f"bounds[{name!r}] is a pair (low, high) of numbers from {-LIMIT:,.0f} to "
        f"{LIMIT:,.0f}, low below high, not {quoted(given)}"
    )
    raise ConfigError("bounds", message)


class ObservationEncoder:
    """The numeric encoding of ``game``'s views (see the module docstring)."""

    def __init__(
        self,
        game: GameDef[Any],
        *,
        caps: Mapping[str, int] | None = None,
        default_cap: int = 6,
        skip: Iterable[str] = SKIPPED,
        bounds: Mapping[str, tuple[float, float]] | None = None,
    ) -> None:
        self.caps = _caps(caps)
        # The game's declared ranges, each overridden by the caller's.
        self.bounds = {**_bounds(game.observation_bounds()), **_bounds(bounds)}
        self.default_cap = count("default_cap", default_cap, 0, MAX_CAP)
        self.skip = frozenset(skip)
        state = game.setup(0)
        views = [game.rules.view(state, player) for player in game.players(state)]
        strings: set[str] = set()
        for seen in views:
            _strings(seen, strings, self.skip)
        self.vocabulary: dict[str, int] = {s: i + 1 for i, s in enumerate(sorted(strings))}
        """Every string of the initial views, numbered from 1."""
        self._source = _Source()
        self._records: dict[tuple[type, int], tuple[str, Bounds]] = {}
        scalar = self._source.constant(_scalar(self.vocabulary), "scalar")
        # A string of the vocabulary is its number (never 0, so ``or`` falls through only
        # for what _scalar reads otherwise: another string, a number, an enum, anything).
        known = self._source.constant({s: float(i) for s, i in self.vocabulary.items()}, "vocab")
        self._scalar: Emit = lambda e, indent, lines: lines.append(
            f"{indent}A({known}.get({e}) or {scalar}({e}))"
        )
        self._string: Bounds = [(0.0, float(len(self.vocabulary)))]
        slots: Bounds = []
        self._top = self._fields(views[0], slots)
        self.size = len(slots)
        self._rules = game.rules
        self._kept: dict[str, tuple[Any, Any, dict[str, list[float]]]] = {}
        self._into: dict[str, tuple[Any, Any, Any]] = {}
        self.shape: tuple[int] = (self.size,)
        """The observation's shape."""
        self.low: tuple[float, ...] = tuple(low for low, _ in slots)
        """The lowest value each slot may hold (see the module docstring)."""
        self.high: tuple[float, ...] = tuple(high for _, high in slots)
        """The highest value each slot may hold."""

    def encode(self, view: Any) -> list[float]:
        """``view`` as ``size`` floats."""
        out: list[float] = []
        for name, write, _ in self._top:
            write(getattr(view, name), out)
        return out

    def observe(self, game: Any, viewer: str) -> tuple[Any, list[float]]:
        """``viewer``'s view of ``game`` (``Rules.view``) and its encoding (:meth:`encode`).

        An env observes at every decision, and a step changes one slice or two: the view is
        taken ``since`` this viewer's last one, so each unchanged slice keeps its view, and
        a part of the view that is the very object it was keeps its numbers.
        """
        last = self._kept.get(viewer)
        seen = self._rules.view(game, viewer, since=None if last is None else last[:2])
        out: list[float] = []
        parts: dict[str, list[float]] = {}
        for name, write, _ in self._top:
            value = getattr(seen, name)
            if last is not None and value is getattr(last[1], name):
                numbers = last[2][name]
            else:
                numbers = []
                write(value, numbers)
            parts[name] = numbers
            out += numbers
        self._kept[viewer] = (game, seen, parts)
        return seen, out

    def observe_into(self, game: Any, viewer: str, out: Any) -> Any:
        """``viewer``'s view of ``game``, its encoding written into ``out`` (``size`` slots
        that support slice assignment, such as a NumPy array the caller keeps for this
        viewer), and the view returned.

        As :meth:`observe`, the view is taken since this viewer's last one; and while ``out``
        is the buffer of the last call for this viewer, only the slots of the parts that are
        not the very objects they were are written again (the rest hold their numbers).
        """
        last = self._into.get(viewer)
        seen = self._rules.view(game, viewer, since=None if last is None else last[:2])
        earlier = None if last is None or last[2] is not out else last[1]
        start = 0
        for name, write, width in self._top:
            value = getattr(seen, name)
            if earlier is None or value is not getattr(earlier, name):
                numbers: list[float] = []
                write(value, numbers)
                if len(numbers) != width:  # a fixed tuple shorter than declared writes less
                    numbers = (numbers + [0.0] * width)[:width]
                out[start : start + width] = numbers
            start += width
        self._into[viewer] = (game, seen, out)
        return seen

    def _fields(self, sample: Any, bounds: Bounds) -> list[tuple[str, Write, int]]:
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

    # -- the layout, from the types --------------------------------------------------------

    def _record(self, cls: type, depth: int) -> tuple[str, Bounds]:
        """The generated writer of ``cls`` (its global name) and its slots' bounds."""
        key = (cls, depth)
        if key in self._records:
            return self._records[key]
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
        found = self._records[key] = (self._source.function(lines).__name__, bounds)
        return found

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

        def sequence(e: str, indent: str, lines: list[str]) -> None:
            items, count, each = (self._source.fresh(stem) for stem in ("v", "n", "x"))
            read = f"list({e})" if ordered else f"sorted({e}, key=repr)"
            lines.append(f"{indent}{items} = {read}")
            lines.append(f"{indent}{count} = len({items})")
            lines.append(f"{indent}A({written(count)})")
            if width:
                lines.append(f"{indent}for {each} in {items}[:{cap}]:")
                item(each, indent + "    ", lines)
            lines.append(f"{indent}E({pads}[{count} if {count} < {cap} else {cap}])")

        return sequence, [length, *bounds * cap]

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
            return _clamped(value)
        if isinstance(value, Enum):
            return float(vocabulary.get(str(value.value), 0))
        return 0.0

    return scalar


def _strings(value: Any, into: set[str], skip: frozenset[str]) -> None:
    if isinstance(value, str):
        into.add(value)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            if field.name not in skip:
                _strings(getattr(value, field.name), into, skip)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            _strings(k, into, skip)
            _strings(v, into, skip)
    elif isinstance(value, tuple | list | PVector | PSet | frozenset | set):
        for item in value:
            _strings(item, into, skip)


def view_key(view: Any, skip: Iterable[str] = SKIPPED) -> str:
    """``view`` as a compact, deterministic string, without the fields in ``skip``."""
    return _key(view, frozenset(skip))


_PLAIN = (int, str, bool, float, type(None))
_FIELDS: dict[tuple[type, frozenset[str]], tuple[str, ...] | None] = {}


def _fields_of(cls: type, skip: frozenset[str]) -> tuple[str, ...] | None:
    key = (cls, skip)
    if key not in _FIELDS:
        _FIELDS[key] = (
            tuple(f.name for f in attrs.fields(cls) if f.name not in skip)
            if attrs.has(cls)
            else None
        )
    return _FIELDS[key]


def _key(value: Any, skip: frozenset[str]) -> str:
    cls = type(value)
    if cls in _PLAIN:
        return repr(value)
    names = _fields_of(cls, skip)
    if names is not None:
        inner = ",".join(f"{name}={_key(getattr(value, name), skip)}" for name in names)
        return f"{cls.__name__}({inner})"
    if isinstance(value, tuple | list | PVector):
        return "(" + ",".join(_key(item, skip) for item in value) + ")"
    if isinstance(value, Mapping):
        items = sorted(f"{_key(k, skip)}:{_key(v, skip)}" for k, v in value.items())
        return "{" + ",".join(items) + "}"
    if isinstance(value, PSet | frozenset | set):
        return "{" + ",".join(sorted(_key(item, skip) for item in value)) + "}"
    if isinstance(value, Enum):
        return str(value.value)
    return repr(value)
