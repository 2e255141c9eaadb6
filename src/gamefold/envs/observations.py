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
"""

from __future__ import annotations

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

__all__ = ["SKIPPED", "ObservationEncoder", "view_key"]

SKIPPED = frozenset({"config", "scenario", "rng", "viewer"})
"""The fields left out of observations and view keys by default: constant or hidden."""

Write = Callable[[Any, list[float]], None]
_MAX_DEPTH = 6


class _Source:
    """The generated writers of one encoder: each record type's ``write(value, out)`` as
    one Python function with its fields read inline, so that a slot costs an ``append``
    rather than a call (the observation is encoded at every decision of an env)."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {"float": float, "len": len, "sorted": sorted, "repr": repr}
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
    lines.append(f"{indent}A(float({expression}))")


def _caps(caps: Mapping[str, int] | None) -> dict[str, int]:
    """``caps`` checked: field names to whole numbers from 0 to :data:`MAX_CAP`."""
    if caps is None:
        return {}
    if not isinstance(caps, Mapping) or not all(isinstance(name, str) for name in caps):
        raise ConfigError("caps", f"caps maps field names to caps, not {quoted(caps)}")
    return {name: count("caps", cap, 0, MAX_CAP, f"caps[{name!r}]") for name, cap in caps.items()}


class ObservationEncoder:
    """The numeric encoding of ``game``'s views (see the module docstring)."""

    def __init__(
        self,
        game: GameDef[Any],
        *,
        caps: Mapping[str, int] | None = None,
        default_cap: int = 6,
        skip: Iterable[str] = SKIPPED,
    ) -> None:
        self.caps = _caps(caps)
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
        self._records: dict[tuple[type, int], tuple[str, int]] = {}
        scalar = self._source.constant(_scalar(self.vocabulary), "scalar")
        # A string of the vocabulary is its number (never 0, so ``or`` falls through only
        # for what _scalar reads otherwise: another string, a number, an enum, anything).
        known = self._source.constant({s: float(i) for s, i in self.vocabulary.items()}, "vocab")
        self._scalar: Emit = lambda e, indent, lines: lines.append(
            f"{indent}A({known}.get({e}) or {scalar}({e}))"
        )
        self._top = self._fields(views[0])
        self.size = sum(width for _, _, width in self._top)
        self._rules = game.rules
        self._kept: dict[str, tuple[Any, Any, dict[str, list[float]]]] = {}
        self.shape: tuple[int] = (self.size,)
        """The observation's shape."""
        self.low = -float(2**31)
        """The lowest value a slot may hold."""
        self.high = float(2**31)
        """The highest value a slot may hold."""

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

    def _fields(self, sample: Any) -> list[tuple[str, Write, int]]:
        """The top level's writers, one a field: the game record's annotations name the
        slices' states, its view holds their views, so they read a sample view's types."""
        hints = typing.get_type_hints(type(sample))
        found = []
        for field in attrs.fields(type(sample)):
            if field.name in self.skip:
                continue
            value = getattr(sample, field.name)
            tp = type(value) if attrs.has(type(value)) else hints.get(field.name, Any)
            emit, width = self._of(tp, field.name, 1)
            if width:
                lines: list[str] = []
                emit("value", "", lines)
                found.append((field.name, self._source.function(lines), width))
        return found

    # -- the layout, from the types --------------------------------------------------------

    def _record(self, cls: type, depth: int) -> tuple[str, int]:
        """The generated writer of ``cls`` (its global name) and its width."""
        key = (cls, depth)
        if key in self._records:
            return self._records[key]
        hints = typing.get_type_hints(cls)
        lines: list[str] = []
        size = 0
        for field in attrs.fields(cls):
            if field.name in self.skip:
                continue
            emit, width = self._of(hints.get(field.name, Any), field.name, depth + 1)
            if width:
                emit(f"value.{field.name}", "", lines)
                size += width
        found = self._records[key] = (self._source.function(lines).__name__, size)
        return found

    def _of(self, tp: Any, name: str, depth: int) -> tuple[Emit, int]:
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            inner = [arg for arg in args if arg is not type(None)]
            if len(inner) == 1 and len(args) == 2:
                return self._optional(inner[0], name, depth)
            return self._scalar, 1
        if tp in (int, float, bool):
            return _number, 1
        if tp is str:
            return self._scalar, 1
        if isinstance(tp, type) and issubclass(tp, Enum):
            position = {member: float(i + 1) for i, member in enumerate(tp)}
            table = self._source.constant(position, "enum")
            return lambda e, indent, lines: lines.append(f"{indent}A({table}.get({e}, 0.0))"), 1
        if isinstance(tp, type) and attrs.has(tp):
            if depth > _MAX_DEPTH:
                return _skip_none, 0
            write, width = self._record(tp, depth)
            return lambda e, indent, lines: lines.append(f"{indent}{write}({e}, out)"), width
        if origin is tuple and args and args[-1] is not Ellipsis:
            return self._fixed(args, name, depth)
        if origin in (tuple, PVector, list) or origin is typing.Sequence:
            return self._sequence(args[0] if args else Any, name, depth, ordered=True)
        if origin in (PSet, frozenset, set):
            return self._sequence(args[0] if args else Any, name, depth, ordered=False)
        if origin in (PMap, dict) or origin is typing.Mapping:
            return self._mapping(args, name, depth)
        return self._scalar, 1

    def _optional(self, tp: Any, name: str, depth: int) -> tuple[Emit, int]:
        inner, width = self._of(tp, name, depth)
        zeros = self._source.constant([0.0] * (width + 1), "zeros")

        def optional(e: str, indent: str, lines: list[str]) -> None:
            local = self._source.fresh("v")
            lines.append(f"{indent}{local} = {e}")
            lines.append(f"{indent}if {local} is None:")
            lines.append(f"{indent}    E({zeros})")
            lines.append(f"{indent}else:")
            lines.append(f"{indent}    A(1.0)")
            inner(local, indent + "    ", lines)

        return optional, width + 1

    def _fixed(self, args: tuple[Any, ...], name: str, depth: int) -> tuple[Emit, int]:
        parts = [self._of(arg, name, depth) for arg in args]

        def fixed(e: str, indent: str, lines: list[str]) -> None:
            local, count = self._source.fresh("v"), self._source.fresh("n")
            lines.append(f"{indent}{local} = {e}")
            lines.append(f"{indent}{count} = len({local})")
            for i, (part, _) in enumerate(parts):  # as zip: a shorter value writes less
                lines.append(f"{indent}if {count} > {i}:")
                part(f"{local}[{i}]", indent + "    ", lines)

        return fixed, sum(width for _, width in parts)

    def _padding(self, cap: int, width: int) -> str:
        """A global tuple: item ``n`` is the zeros after ``n`` of ``cap`` items of ``width``."""
        pads = tuple([0.0] * (width * (cap - min(cap, n))) for n in range(cap + 1))
        return self._source.constant(pads, "pads")

    def _sequence(self, tp: Any, name: str, depth: int, *, ordered: bool) -> tuple[Emit, int]:
        cap = self.caps.get(name, self.default_cap)
        item, width = self._of(tp, name, depth)
        pads = self._padding(cap, width)

        def sequence(e: str, indent: str, lines: list[str]) -> None:
            items, count, each = (self._source.fresh(stem) for stem in ("v", "n", "x"))
            read = f"list({e})" if ordered else f"sorted({e}, key=repr)"
            lines.append(f"{indent}{items} = {read}")
            lines.append(f"{indent}{count} = len({items})")
            lines.append(f"{indent}A(float({count}))")
            if width:
                lines.append(f"{indent}for {each} in {items}[:{cap}]:")
                item(each, indent + "    ", lines)
            lines.append(f"{indent}E({pads}[{count} if {count} < {cap} else {cap}])")

        return sequence, 1 + cap * width

    def _mapping(self, args: tuple[Any, ...], name: str, depth: int) -> tuple[Emit, int]:
        cap = self.caps.get(name, self.default_cap)
        key, kw = self._of(args[0] if args else Any, name, depth)
        val, vw = self._of(args[1] if len(args) > 1 else Any, name, depth)
        pads = self._padding(cap, kw + vw)

        def mapping(e: str, indent: str, lines: list[str]) -> None:
            items, count, k, v = (self._source.fresh(stem) for stem in ("v", "n", "k", "x"))
            lines.append(f"{indent}{items} = sorted({e}.items(), key=repr)")  # EN-3: sorted
            lines.append(f"{indent}{count} = len({items})")
            lines.append(f"{indent}A(float({count}))")
            if kw + vw:
                lines.append(f"{indent}for {k}, {v} in {items}[:{cap}]:")
                key(k, indent + "    ", lines)
                val(v, indent + "    ", lines)
            lines.append(f"{indent}E({pads}[{count} if {count} < {cap} else {cap}])")

        return mapping, 1 + cap * (kw + vw)


def _scalar(vocabulary: Mapping[str, int]) -> Callable[[Any], float]:
    def scalar(value: Any) -> float:
        if isinstance(value, str):
            return float(vocabulary.get(value, 0))
        if isinstance(value, bool | int | float):
            return float(value)
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
