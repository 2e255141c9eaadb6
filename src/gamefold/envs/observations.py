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
from its config), and, given a ``horizon`` (the most actions a game runs: an env's
``max_steps``), the range each growth of
:meth:`GameDef.observation_growth <gamefold.games.GameDef.observation_growth>` reaches in
that many actions, the widest of a name's ranges, each overridden by the range ``bounds``
gives (``bounds={"hp": (0, 20)}``). A field's name bounds its numbers; ``len(NAME)``
bounds the length of the variable-length field ``NAME``. A number or length beyond its
range is written as the nearest end, so every slot holds what its bounds say. Padding and
absence are 0, within every slot's bounds (a declared range is widened to take 0).
"""

from __future__ import annotations

import numbers
import struct
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any

import attrs
from pyrsistent import PSet, PVector

from gamefold._fields import quoted
from gamefold.domains import EXACT, widest
from gamefold.envs import _checks
from gamefold.envs._checks import MAX_CAP, count
from gamefold.envs._patches import Slice, patcher, top_patcher
from gamefold.envs._writers import Write, Writers
from gamefold.errors import ConfigError
from gamefold.games.base import GameDef

__all__ = ["LIMIT", "SKIPPED", "ObservationEncoder", "view_key"]

SKIPPED = frozenset({"config", "scenario", "rng", "viewer"})
"""The fields left out of observations and view keys by default: constant or hidden."""

LIMIT = _checks.LIMIT
"""The largest magnitude of a number slot, and the largest length slot (a float32 holds it
exactly)."""


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


def _numbers(given: object, length: int) -> tuple[float, ...] | None:
    """``given`` as ``length`` floats, if it is a tuple or list of that many real numbers
    (no bool) within ``±LIMIT``; else ``None``."""
    found = tuple(given) if isinstance(given, tuple | list) else ()
    if len(found) == length and all(
        isinstance(n, numbers.Real) and not isinstance(n, bool) and -LIMIT <= float(n) <= LIMIT
        for n in found
    ):
        return tuple(float(n) for n in found)
    return None


def _range(name: str, given: object) -> tuple[float, float]:
    pair = _numbers(given, 2)
    if pair is not None and pair[0] < pair[1]:
        return pair[0], pair[1]
    message = (
        f"bounds[{name!r}] is a pair (low, high) of numbers from {-LIMIT:,.0f} to "
        f"{LIMIT:,.0f}, low below high, not {quoted(given)}"
    )
    raise ConfigError("bounds", message)


_Growth = tuple[float, float, float]


def _grown(game: GameDef[Any], horizon: int | None) -> dict[str, tuple[float, float]]:
    """The range each of ``game``'s growths reaches in ``horizon`` actions (none without a
    horizon); past :data:`~gamefold.domains.EXACT` a ``ConfigError`` on ``max_steps``, the
    horizon an env takes, naming the most the game allows."""
    if horizon is None:
        return {}
    growth = {name: _growth(name, given) for name, given in game.observation_growth().items()}
    # As domains.span does, a range that would be empty is widened by one: low below high.
    found = {
        n: (low, max(start + horizon * step, low + 1)) for n, (low, start, step) in growth.items()
    }
    beyond = [(high, name) for name, (_, high) in found.items() if high > EXACT]
    if beyond:
        name = max(beyond)[1]  # the one growing furthest
        most = min((int((EXACT - s) // step) for _, s, step in growth.values() if step), default=0)
        message = (
            f"max_steps {horizon:,} lets {name!r} in {game.name}'s views reach "
            f"{found[name][1]:,.0f}, beyond the {EXACT:,} a float32 observation holds "
            f"exactly; {game.name} allows max_steps up to {most:,}"
        )
        raise ConfigError("max_steps", message)
    return found


def _growth(name: str, given: object) -> _Growth:
    """A game's growth of ``name`` checked: ``(low, start, step)``, ``low`` at most
    ``start``, ``step`` 0 or more, all within ``±LIMIT``."""
    triple = _numbers(given, 3)
    if triple is not None:
        low, start, step = triple
        if low <= start and step >= 0:
            return low, start, step
    message = (
        f"observation_growth()[{name!r}] is (low, start, step), numbers within "
        f"{LIMIT:,.0f}, low at most start and step 0 or more, not {quoted(given)}"
    )
    raise ConfigError("observation_growth", message)


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
        horizon: int | None = None,
    ) -> None:
        self.caps = _caps(caps)
        self.horizon = None if horizon is None else count("horizon", horizon, 1)
        """The most actions a game observed runs (an env's ``max_steps``), or ``None``."""
        # The game's declared ranges and those its growths reach within the horizon (the
        # widest, since a name covers every field so named), each overridden by the caller's.
        declared = widest(_bounds(game.observation_bounds()), _grown(game, self.horizon))
        self.bounds = {**_bounds(declared), **_bounds(bounds)}
        self.default_cap = count("default_cap", default_cap, 0, MAX_CAP)
        self.skip = frozenset(skip)
        state = game.setup(0)
        views = [game.rules.view(state, player) for player in game.players(state)]
        strings: set[str] = set()
        for seen in views:
            _strings(seen, strings, self.skip)
        self.vocabulary: dict[str, int] = {s: i + 1 for i, s in enumerate(sorted(strings))}
        """Every string of the initial views, numbered from 1."""
        writers = Writers(
            caps=self.caps,
            bounds=self.bounds,
            default_cap=self.default_cap,
            skip=self.skip,
            vocabulary=self.vocabulary,
        )
        slots: list[tuple[float, float]] = []
        self._top: list[tuple[str, Write, int]] = writers.fields(views[0], slots)
        # Each record slice's fields on their own, to rewrite only those that changed; the
        # view's slices one by one, to rewrite only those that are not what they were.
        plans = {
            name: (cls, patcher(laid, writers.source))
            for name, (cls, laid) in writers.parts(views[0]).items()
        }
        self._slices: list[Slice] = []
        start = 0
        for name, write, width in self._top:
            self._slices.append(Slice(name, start, _whole(write, width), plans.get(name)))
            start += width
        self._patch = top_patcher(self._slices, writers.source)
        self.size = len(slots)
        self._rules = game.rules
        self._kept: dict[str, tuple[Any, Any, dict[str, list[float]]]] = {}
        self._into: dict[str, tuple[Any, Any, Any, Any, dict[str, list[float]]]] = {}
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
        if last is None or last[2] is not out:
            raw = _packed(out)
            parts: dict[str, list[float]] = {}
            self._rewrite(seen, None, out, raw, parts)
        else:
            raw, parts = last[3], last[4]
            if raw is not None:
                # Record slices of the same type as before are patched field by field.
                self._patch(seen, last[1], raw[1], raw[0], 0)
            else:
                self._rewrite(seen, last[1], out, raw, parts)
        self._into[viewer] = (game, seen, out, raw, parts)
        return seen

    def _rewrite(
        self,
        seen: Any,
        earlier: Any,
        out: Any,
        raw: tuple[memoryview, memoryview] | None,
        parts: dict[str, list[float]],
    ) -> None:
        """Write each top-level field of ``seen`` whole but those that are the very objects
        they were in ``earlier``, the view ``out`` holds (``None``: write all): packed into
        a float32 buffer's bytes, else set in the slots whose numbers changed."""
        for (name, write, width), part in zip(self._top, self._slices, strict=True):
            value = getattr(seen, name)
            if earlier is not None and value is getattr(earlier, name):
                continue
            if raw is not None:  # packed whole: cheaper than comparing it run by run
                part.whole(value, raw[1], part.start)
                continue
            numbers = _padded(write, width, value)
            if numbers != parts.get(name):
                out[part.start : part.start + width] = numbers
                parts[name] = numbers


def _padded(write: Write, width: int, value: Any) -> list[float]:
    """``value`` written by ``write``: ``width`` numbers (a fixed tuple shorter than
    declared writes fewer, padded with zeros)."""
    numbers: list[float] = []
    write(value, numbers)
    if len(numbers) != width:
        numbers = (numbers + [0.0] * width)[:width]
    return numbers


def _whole(write: Write, width: int) -> Callable[[Any, memoryview, int], None]:
    """``whole(value, raw, start)``: ``value``'s numbers (:func:`_padded`) packed into the
    bytes ``raw`` from slot ``start``."""
    pack = struct.Struct(f"={width}f").pack_into

    def whole(value: Any, raw: memoryview, start: int) -> None:
        pack(raw, start * 4, *_padded(write, width, value))

    return whole


def _packed(out: Any) -> tuple[memoryview, memoryview] | None:
    """``out`` as floats and as bytes that a ``struct`` packs float32 numbers into, when
    it is a flat, writable, contiguous float32 buffer (a NumPy ``float32`` array); else
    ``None``."""
    try:
        raw = memoryview(out)
    except TypeError:
        return None
    if raw.format != "f" or raw.ndim != 1 or raw.readonly or not raw.c_contiguous:
        return None
    return raw, raw.cast("B")


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
