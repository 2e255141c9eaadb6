"""Each observation slot named by where it comes from, for the tests of its bounds.

:func:`slot_paths` walks a game's view types the way :class:`ObservationEncoder` lays them
out and names each slot by its path in the view (``map.realms[].troops``: a field of every
item of a sequence; ``.len`` its length), and checks, slot by slot, that it walked the
encoder's layout: the same number of slots, each with the bounds the encoder gives it.
"""

from __future__ import annotations

import types
import typing
from enum import Enum
from typing import Any

import attrs
from pyrsistent import PMap, PSet, PVector

from gamefold.envs import ObservationEncoder
from gamefold.envs.observations import LIMIT
from gamefold.games import GameDef

Slot = tuple[str, tuple[float, float]]


class _Walk:
    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.slots: list[Slot] = []

    def add(self, path: str, low: float, high: float) -> None:
        self.slots.append((path, (low, high)))

    def of(self, tp: Any, name: str, path: str, depth: int) -> None:
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            inner = [arg for arg in args if arg is not type(None)]
            if len(inner) == 1 and len(args) == 2:
                self.add(f"{path}?", 0.0, 1.0)
                self.of(inner[0], name, path, depth)
            else:
                self.add(path, -LIMIT, LIMIT)
        elif tp is bool:
            self.add(path, 0.0, 1.0)
        elif tp in (int, float):
            low, high = self.encoder.bounds.get(name, (-LIMIT, LIMIT))
            self.add(path, min(low, 0.0), max(high, 0.0))
        elif tp is str:
            self.add(path, 0.0, float(len(self.encoder.vocabulary)))
        elif isinstance(tp, type) and issubclass(tp, Enum):
            self.add(path, 0.0, float(len(tp)))
        elif isinstance(tp, type) and attrs.has(tp):
            if depth <= 6:
                self.record(tp, path, depth)
        elif origin is tuple and args and args[-1] is not Ellipsis:
            for i, arg in enumerate(args):
                self.of(arg, name, f"{path}[{i}]", depth)
        else:
            self.collection(tp, name, path, depth)

    def collection(self, tp: Any, name: str, path: str, depth: int) -> None:
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        mapping = origin in (PMap, dict) or origin is typing.Mapping
        sequence = origin in (tuple, PVector, list, PSet, frozenset, set, typing.Sequence)
        if not mapping and not sequence:
            self.add(path, -LIMIT, LIMIT)
            return
        declared = self.encoder.bounds.get(f"len({name})")
        self.add(f"{path}.len", 0.0, LIMIT if declared is None else max(declared[1], 0.0))
        cap = self.encoder.caps.get(name, self.encoder.default_cap)
        for _ in range(cap):
            if mapping:
                self.of(args[0] if args else Any, name, f"{path}{{k}}", depth)
                self.of(args[1] if len(args) > 1 else Any, name, f"{path}{{v}}", depth)
            else:
                self.of(args[0] if args else Any, name, f"{path}[]", depth)

    def record(self, cls: type, path: str, depth: int) -> None:
        hints = typing.get_type_hints(cls)
        for field in attrs.fields(cls):
            if field.name not in self.encoder.skip:
                where = f"{path}.{field.name}" if path else field.name
                self.of(hints.get(field.name, Any), field.name, where, depth + 1)


def slot_paths(game: GameDef[Any], horizon: int | None = None) -> list[Slot]:
    """Every slot of ``game``'s observation (an encoder's of ``horizon``), in order: its
    path in the view and its ``(low, high)``, checked against the encoder's own layout."""
    encoder = ObservationEncoder(game, horizon=horizon)
    state = game.setup(0)
    sample = game.rules.view(state, game.players(state)[0])
    walk = _Walk(encoder)
    hints = typing.get_type_hints(type(sample))
    for field in attrs.fields(type(sample)):
        if field.name in encoder.skip:
            continue
        value = getattr(sample, field.name)
        tp = type(value) if attrs.has(type(value)) else hints.get(field.name, Any)
        walk.of(tp, field.name, field.name, 1)
    assert [bounds for _, bounds in walk.slots] == list(zip(encoder.low, encoder.high, strict=True))
    return walk.slots


def fallback(game: GameDef[Any], horizon: int | None = None) -> set[str]:
    """The paths of ``game``'s slots still at the envs' widest range (±2**31, or 0 to
    2**31 for a length) in an encoder of ``horizon``: those no range of the game names."""
    return {path for path, (_, high) in slot_paths(game, horizon) if high == LIMIT}
