"""A player's view as numbers, and as a compact key.

:class:`ObservationEncoder` lays out, from the view's record types alone (their field
annotations), a fixed-length vector of floats for any game: a number, a flag or an enum (its
position, from 1) takes one slot; a string its position, from 1, in the game's vocabulary
(every string of the initial views, sorted; 0 for one not met there); ``X | None`` a
presence flag and ``X``; a variable-length tuple, set or mapping its length and its first
``cap`` items (sorted for sets and mappings), padded with zeros; a record its fields. Fields
named in ``skip`` (the constant config, the scenario, the RNG) are left out. ``caps`` maps a
field name to its cap (``default_cap`` otherwise), so a game declares the caps of its own
variable-length fields. :func:`view_key` is the view as a short string without those fields.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any

import attrs
from pyrsistent import PMap, PSet, PVector

from gamefold.games.base import GameDef

__all__ = ["SKIPPED", "ObservationEncoder", "view_key"]

SKIPPED = frozenset({"config", "scenario", "rng", "viewer"})
"""The fields left out of observations and view keys by default: constant or hidden."""

Write = Callable[[Any, list[float]], None]
_MAX_DEPTH = 6


def _skip_none(value: Any, out: list[float]) -> None:
    return None


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
        self.caps = dict(caps or {})
        self.default_cap = default_cap
        self.skip = frozenset(skip)
        state = game.setup(0)
        views = [game.rules.view(state, player) for player in game.players(state)]
        strings: set[str] = set()
        for seen in views:
            _strings(seen, strings, self.skip)
        self.vocabulary: dict[str, int] = {s: i + 1 for i, s in enumerate(sorted(strings))}
        """Every string of the initial views, numbered from 1."""
        self._write, self.size = self._record(type(views[0]), 0, views[0])
        self._rules = game.rules
        self.shape: tuple[int] = (self.size,)
        """The observation's shape."""
        self.low = -float(2**31)
        """The lowest value a slot may hold."""
        self.high = float(2**31)
        """The highest value a slot may hold."""

    def encode(self, view: Any) -> list[float]:
        """``view`` as ``size`` floats."""
        out: list[float] = []
        self._write(view, out)
        return out

    # -- the layout, from the types --------------------------------------------------------

    def observe(self, game: Any, viewer: str) -> tuple[Any, list[float]]:
        """``viewer``'s view of ``game`` (``Rules.view``) and its encoding (:meth:`encode`)."""
        seen = self._rules.view(game, viewer)
        return seen, self.encode(seen)

    def _record(self, cls: type, depth: int, sample: Any = None) -> tuple[Write, int]:
        # The game record's annotations name the slices' states; its view holds their
        # views, so the top level reads the types of a sample view's values.
        if depth > _MAX_DEPTH:
            return _skip_none, 0
        hints = typing.get_type_hints(cls)
        parts: list[tuple[str, Write]] = []
        size = 0
        for field in attrs.fields(cls):
            if field.name in self.skip:
                continue
            tp = hints.get(field.name, Any)
            if sample is not None and attrs.has(type(getattr(sample, field.name))):
                tp = type(getattr(sample, field.name))
            write, width = self._of(tp, field.name, depth + 1)
            if width:
                parts.append((field.name, write))
                size += width

        def record(value: Any, out: list[float]) -> None:
            for name, write in parts:
                write(getattr(value, name), out)

        return record, size

    def _of(self, tp: Any, name: str, depth: int) -> tuple[Write, int]:
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            inner = [arg for arg in args if arg is not type(None)]
            if len(inner) == 1 and len(args) == 2:
                return self._optional(inner[0], name, depth)
            return _scalar(self.vocabulary), 1
        if tp in (int, float, bool):
            return _number, 1
        if tp is str:
            return _scalar(self.vocabulary), 1
        if isinstance(tp, type) and issubclass(tp, Enum):
            return _enum(tp), 1
        if isinstance(tp, type) and attrs.has(tp):
            return self._record(tp, depth)
        if origin is tuple and args and args[-1] is not Ellipsis:
            return self._fixed(args, name, depth)
        if origin in (tuple, PVector, list) or origin is typing.Sequence:
            return self._sequence(args[0] if args else Any, name, depth, ordered=True)
        if origin in (PSet, frozenset, set):
            return self._sequence(args[0] if args else Any, name, depth, ordered=False)
        if origin in (PMap, dict) or origin is typing.Mapping:
            return self._mapping(args, name, depth)
        return _scalar(self.vocabulary), 1

    def _optional(self, tp: Any, name: str, depth: int) -> tuple[Write, int]:
        inner, width = self._of(tp, name, depth)

        def optional(value: Any, out: list[float]) -> None:
            if value is None:
                out.extend([0.0] * (width + 1))
            else:
                out.append(1.0)
                inner(value, out)

        return optional, width + 1

    def _fixed(self, args: tuple[Any, ...], name: str, depth: int) -> tuple[Write, int]:
        parts = [self._of(arg, name, depth) for arg in args]

        def fixed(value: Any, out: list[float]) -> None:
            for (write, _), item in zip(parts, value, strict=False):
                write(item, out)

        return fixed, sum(width for _, width in parts)

    def _sequence(self, tp: Any, name: str, depth: int, *, ordered: bool) -> tuple[Write, int]:
        cap = self.caps.get(name, self.default_cap)
        item, width = self._of(tp, name, depth)

        def sequence(value: Any, out: list[float]) -> None:
            items = list(value) if ordered else sorted(value, key=repr)
            out.append(float(len(items)))
            for element in items[:cap]:
                item(element, out)
            out.extend([0.0] * (width * (cap - min(cap, len(items)))))

        return sequence, 1 + cap * width

    def _mapping(self, args: tuple[Any, ...], name: str, depth: int) -> tuple[Write, int]:
        cap = self.caps.get(name, self.default_cap)
        key, kw = self._of(args[0] if args else Any, name, depth)
        val, vw = self._of(args[1] if len(args) > 1 else Any, name, depth)

        def mapping(value: Any, out: list[float]) -> None:
            items = sorted(value.items(), key=repr)  # EN-3: sorted, never map order
            out.append(float(len(items)))
            for k, v in items[:cap]:
                key(k, out)
                val(v, out)
            out.extend([0.0] * ((kw + vw) * (cap - min(cap, len(items)))))

        return mapping, 1 + cap * (kw + vw)


def _number(value: Any, out: list[float]) -> None:
    out.append(float(value))


def _enum(kind: type[Enum]) -> Write:
    position = {member: float(i + 1) for i, member in enumerate(kind)}

    def enum(value: Any, out: list[float]) -> None:
        out.append(position.get(value, 0.0))

    return enum


def _scalar(vocabulary: Mapping[str, int]) -> Write:
    def scalar(value: Any, out: list[float]) -> None:
        if isinstance(value, str):
            out.append(float(vocabulary.get(value, 0)))
        elif isinstance(value, bool | int | float):
            out.append(float(value))
        elif isinstance(value, Enum):
            out.append(float(vocabulary.get(str(value.value), 0)))
        else:
            out.append(0.0)

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
