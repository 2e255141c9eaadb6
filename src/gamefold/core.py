"""The building blocks every subsystem shares: base records, lifecycle actions, ``replace``.

Actions are things a player (or the game's clock) does; events report what happened (EN-7).
Both are ``attrs`` frozen, slotted records that subclass :class:`Action` or :class:`Event`,
so they compare by value, hash, pickle and print readably (EN-1).

Lifecycle actions (:class:`StartRound`, :class:`EndRound`, :class:`StartTurn`,
:class:`EndTurn`) belong to no subsystem: the registry fans them out to every subsystem that
declares them, in a declared order (EN-6).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial, update_wrapper
from typing import Any, TypeAlias, TypeVar

import attrs

from gamefold.domains import ACTOR, domain

__all__ = [
    "Action",
    "EndRound",
    "EndTurn",
    "Event",
    "Events",
    "Lifecycle",
    "StartRound",
    "StartTurn",
    "attests",
    "kept_by_identity",
    "lifecycle_base",
    "replace",
    "replacer",
]

R = TypeVar("R")
V = TypeVar("V")
T = TypeVar("T")
K = TypeVar("K")


class Action:
    """Base class of every action. Subclasses are ``attrs`` frozen records."""

    __slots__ = ()


class Event:
    """Base class of every event record a transition reports (EN-7)."""

    __slots__ = ()


Events: TypeAlias = tuple[Event, ...]
"""The events of one transition, in the order they happened."""


class Lifecycle(Action):
    """Base class of the clock's actions, fanned out to every subsystem that declares them."""

    __slots__ = ()


def lifecycle_base(table: Mapping[type, V], kind: type) -> V | None:
    """The entry ``table`` holds for the nearest base of ``kind``, when ``kind`` is a
    lifecycle action, else ``None``: a slice or a rule taking ``StartTurn`` takes a richer
    ``StartTurn`` too (the registry fans it out as the base it is)."""
    if issubclass(kind, Lifecycle):
        for base in kind.__mro__[1:]:
            entry = table.get(base)
            if entry is not None:
                return entry
    return None


@attrs.frozen
class StartRound(Lifecycle):
    """A new Round begins: refills happen before any unit activates (SD-3)."""


@attrs.frozen
class EndRound(Lifecycle):
    """The Round ends: Round-long effects (Burn modifiers, conditions) expire (SD-12, CB-12)."""


@attrs.frozen
class StartTurn(Lifecycle):
    """``player``'s turn begins (turn-based games such as the diplomacy economy)."""

    player: str


@attrs.frozen
class EndTurn(Lifecycle):
    """``player``'s turn ends."""

    player: str = attrs.field(metadata=domain(ACTOR))


_REPLACERS: dict[tuple[Any, ...], Callable[..., Any]] = {}
_FILLERS: dict[type, type] = {}

FILLER_MARK = "__gamefold_filler__"
"""The class attribute that marks a filler class (see :func:`filler`); JSON tags skip them."""


def filler(cls: type) -> type:
    """A subclass of the frozen record class ``cls`` whose instances take plain assignment.

    A copy function fills a fresh filler instance field by field (an ordinary attribute
    store, where a frozen class's ``__setattr__`` refuses and the slot descriptor's own
    ``__set__`` costs a call each) and then turns it into a ``cls`` by assigning
    ``__class__``: CPython allows it because the filler adds no slot, so both share one
    memory layout. No filler instance is ever handed out.
    """
    made = _FILLERS.get(cls)
    if made is None:
        namespace = {
            "__slots__": (),
            # Both, so that CPython's attribute store falls back to the generic one.
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            # So that calling the filler class allocates and stops: ``filler()`` costs a
            # third less than ``object.__new__(filler)``, which packs its arguments.
            "__init__": object.__init__,
            "__module__": cls.__module__,
            FILLER_MARK: True,
        }
        made = _FILLERS[cls] = type(cls)(f"{cls.__name__}Filler", (cls,), namespace)
    return made


def _build_replacer(
    cls: type, changed: tuple[str, ...], *, packed: bool = False
) -> Callable[..., Any]:
    """Generate a copy function for one frozen attrs class and one set of changed fields.

    ``fn(obj, *changed_values)`` (or, ``packed``, ``fn(obj, {name: value})``) fills a fresh
    :func:`filler` instance, every field once, from the new values for the changed fields
    and from ``obj`` for the others (no per-field lookup), then makes it a ``cls``.
    """
    names = [f.name for f in attrs.fields(cls)]
    unknown = sorted(set(changed) - set(names))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    # Local names carry a prefix no field is expected to use.
    scope: dict[str, Any] = {"_gf_new": object.__new__, "_gf_fill": filler(cls), "_gf_cls": cls}
    params = "_gf_changes" if packed else ", ".join(changed)
    # Calling the filler is the cheaper allocation, unless a ``__new__`` of the class's own
    # would run.
    new: object = cls.__new__
    made = "_gf_fill()" if new is object.__new__ else "_gf_new(_gf_fill)"
    lines = [f"def replace(_gf_obj, {params}):", f"    _gf_made = {made}"]
    for name in names:
        if name not in changed:
            value = f"_gf_obj.{name}"
        else:
            value = f"_gf_changes[{name!r}]" if packed else name
        lines.append(f"    _gf_made.{name} = {value}")
    lines += ["    _gf_made.__class__ = _gf_cls", "    return _gf_made"]
    exec("\n".join(lines), scope)  # the source is built from field names only
    fn: Callable[..., Any] = scope["replace"]
    return fn


def kept_by_identity(most: int = 256) -> Callable[[Callable[[T, K], R]], Callable[[T, K], R]]:
    """A decorator keeping the results of ``build(obj, key)`` lately made, by ``obj``'s
    identity and ``key``'s value, at most ``most`` of them (all forgotten at once when full).

    A view built from the very object it was built from last time is then the very object
    it was, so whoever encodes views by identity (an env's observations) skips it. Each
    entry holds its ``obj``, so no other object takes that ``id`` while it is kept; ``key``
    must be hashable and cheap to hash (a name, a side).
    """

    def decorate(build: Callable[[T, K], R]) -> Callable[[T, K], R]:
        made: dict[tuple[int, K], tuple[T, R]] = {}

        def kept(obj: T, key: K) -> R:
            found = made.get((id(obj), key))
            if found is not None:  # its entry holds obj: no other object took its id
                return found[1]
            result = build(obj, key)
            if len(made) >= most:
                made.clear()
            made[id(obj), key] = (obj, result)
            return result

        return update_wrapper(kept, build)

    return decorate


def replace(obj: R, /, **changes: Any) -> R:
    """A copy of the frozen record ``obj`` with ``changes`` applied.

    Like :func:`attrs.evolve`, but several times faster because the copy is a generated,
    unrolled function per class and set of changed fields; it skips validators and
    converters, so reducers use it only with values they have already checked. A hot path
    builds its copy function once with :func:`replacer` instead.
    """
    fn = _REPLACERS.get((type(obj), *changes))
    if fn is None:  # the first copy of this class with these fields: build its function
        fn = _REPLACERS[(type(obj), *changes)] = _build_replacer(
            type(obj), tuple(changes), packed=True
        )
    result: R = fn(obj, changes)
    return result


def replacer(cls: type[R], *fields: str) -> Callable[..., R]:
    """A fast positional copy function for ``cls`` that changes ``fields``, in that order.

    ``set_hand = replacer(Owner, "hand", "discard")`` then ``set_hand(owner, hand, discard)``
    is :func:`replace` without the keyword packing: build it once, at import, for a
    reducer's hot path. Unknown fields raise ``TypeError`` when it is built.
    """
    return _build_replacer(cls, fields)


def _fixed(rules: tuple[str, ...], event: object) -> tuple[str, ...]:
    return rules


def attests(*rules: str) -> Callable[[Any], tuple[str, ...]]:
    """The entry of an event-rules table for an event type that attests ``rules`` whatever
    the event: ``EVENT_RULES = {CardDrawn: attests("SD-3"), …}`` (EN-7).

    An event whose rules depend on its fields gets a function of its own instead, as
    combat's ``AbilityResolved`` does.
    """
    return partial(_fixed, rules)
