"""Composition: :class:`Subsystem` entries and the :class:`Rules` registry (EN-6).

A :class:`Subsystem` describes one slice of a game: the action types it owns, the lifecycle
actions it reacts to, and its ``step``/``check``/``legal_actions`` functions. :class:`Rules`
composes subsystems into one :class:`Game` state, routes each action to the subsystem that
owns its type, and fans lifecycle actions out to every subsystem that declares them, in the
order the subsystems were given. Conflicts are refused when the registry is built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeAlias, TypeVar

import attrs
from pyrsistent import PMap, pmap

from gamefold.core import Action, Event, Events, Lifecycle
from gamefold.errors import IllegalAction, RegistryError

__all__ = ["Game", "Invariant", "Rules", "Subsystem"]

S = TypeVar("S")

Invariant: TypeAlias = Callable[[Any], Iterable[str]]
"""A named check of a state: yields one sentence per violation, nothing when it holds."""


@attrs.frozen
class Subsystem(Generic[S]):
    """One composable slice of a game: what it owns and how it reduces."""

    name: str
    """The slice's name in a :class:`Game` (``"skills"``)."""
    actions: tuple[type[Action], ...]
    """The action types this subsystem owns; an action is routed by its type."""
    lifecycle: tuple[type[Lifecycle], ...]
    """The lifecycle actions this subsystem reacts to."""
    step: Callable[[S, Action], tuple[S, Events]]
    """``step(slice, action) -> (slice, events)``; raises :class:`IllegalAction`."""
    check: Callable[[S, Action], IllegalAction | None]
    """``check(slice, action)``: the reason ``action`` is illegal, or ``None``."""
    legal_actions: Callable[[S, str], tuple[Action, ...]]
    """``legal_actions(slice, actor)``: every legal action of ``actor``."""
    invariants: tuple[Invariant, ...] = ()
    """Checks every reachable slice satisfies; see :mod:`gamefold.testing`."""


@attrs.frozen
class Game:
    """A composed game state: one slice per subsystem, keyed by the subsystem's name."""

    slices: PMap[str, Any]

    def __getitem__(self, name: str) -> Any:
        """The slice of the subsystem called ``name``."""
        return self.slices[name]


class Rules:
    """A registry composing subsystems into one game (EN-6).

    Each action type has exactly one owner; two subsystems claiming the same type is a
    :class:`~gamefold.errors.RegistryError` when the registry is built. Lifecycle actions go
    to every subsystem declaring them, in the order ``subsystems`` lists them.
    """

    def __init__(self, subsystems: Sequence[Subsystem[Any]]) -> None:
        self.subsystems: tuple[Subsystem[Any], ...] = tuple(subsystems)
        self._by_name = _index_names(self.subsystems)
        self._owners = _index_owners(self.subsystems)
        self._fanout: dict[type, tuple[Subsystem[Any], ...]] = {}
        for sub in self.subsystems:
            for kind in sub.lifecycle:
                self._fanout[kind] = (*self._fanout.get(kind, ()), sub)

    def __repr__(self) -> str:
        return f"Rules({[s.name for s in self.subsystems]!r})"

    def new_game(self, slices: Mapping[str, Any]) -> Game:
        """A :class:`Game` from one initial slice per subsystem."""
        missing = set(self._by_name) - set(slices)
        extra = set(slices) - set(self._by_name)
        if missing or extra:
            raise RegistryError(
                f"a game needs exactly one slice per subsystem; missing {sorted(missing)}, "
                f"unknown {sorted(extra)}"
            )
        return Game(pmap(slices))

    def step(self, game: Game, action: Action) -> tuple[Game, Events]:
        """Apply ``action``: the new game and the events of the transition, in order."""
        if isinstance(action, Lifecycle):
            return self._fan_out(game, action)
        sub = self._owner(action)
        new_slice, events = sub.step(game.slices[sub.name], action)
        return Game(game.slices.set(sub.name, new_slice)), events

    def reduce(self, game: Game, action: Action) -> Game:
        """Apply ``action`` and return the new game alone."""
        return self.step(game, action)[0]

    def check(self, game: Game, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal in ``game``, or ``None`` if it is legal."""
        if isinstance(action, Lifecycle):
            for sub in self._lifecycle_subs(action):
                problem = sub.check(game.slices[sub.name], action)
                if problem is not None:
                    return problem
            return None
        sub = self._owner(action)
        return sub.check(game.slices[sub.name], action)

    def legal_actions(self, game: Game, actor: str) -> tuple[Action, ...]:
        """Every legal action of ``actor``, subsystem by subsystem in declared order."""
        out: list[Action] = []
        for sub in self.subsystems:
            out.extend(sub.legal_actions(game.slices[sub.name], actor))
        return tuple(out)

    def _fan_out(self, game: Game, action: Lifecycle) -> tuple[Game, Events]:
        slices = game.slices
        events: list[Event] = []
        for sub in self._lifecycle_subs(action):
            new_slice, more = sub.step(slices[sub.name], action)
            slices = slices.set(sub.name, new_slice)
            events.extend(more)
        return Game(slices), tuple(events)

    def _lifecycle_subs(self, action: Lifecycle) -> tuple[Subsystem[Any], ...]:
        subs = self._fanout.get(type(action))
        if subs is None:
            raise RegistryError(
                f"no subsystem of {self!r} declares the lifecycle action {type(action).__name__}"
            )
        return subs

    def _owner(self, action: Action) -> Subsystem[Any]:
        if not isinstance(action, Action):
            raise TypeError(f"expected a gamefold Action, got {type(action).__name__}")
        sub = self._owners.get(type(action))
        if sub is None:
            raise RegistryError(
                f"no subsystem of {self!r} handles {type(action).__name__}; register a "
                "subsystem that lists it in its actions"
            )
        return sub


def _index_names(subsystems: Sequence[Subsystem[Any]]) -> dict[str, Subsystem[Any]]:
    names: dict[str, Subsystem[Any]] = {}
    for sub in subsystems:
        if sub.name in names:
            raise RegistryError(f"two subsystems are named {sub.name!r}; slice names must differ")
        names[sub.name] = sub
    return names


def _index_owners(subsystems: Sequence[Subsystem[Any]]) -> dict[type, Subsystem[Any]]:
    owners: dict[type, Subsystem[Any]] = {}
    for sub in subsystems:
        for kind in sub.actions:
            if kind in owners:
                raise RegistryError(
                    f"{kind.__name__} is handled by both {owners[kind].name!r} and "
                    f"{sub.name!r}; one action type needs exactly one handler"
                )
            owners[kind] = sub
    return owners
