"""Action domains: what values each field of a player's action may take.

An action record declares, on each field, the range its values come from, as attrs field
metadata (``attrs.field(metadata=domain(ACTOR))``), so the declaration travels with the
record wherever it moves. :mod:`gamefold.envs` reads the declarations to build a fixed,
numbered universe of every action an agent may ever choose (the action codec), for any
registered game, with no hand-written codec per game.

A domain is one of:

- :class:`Actor`: the agent itself (``player`` of ``Play``); one value;
- :class:`Choice`: a fixed tuple of values (an enum's members);
- :class:`Maybe`: ``None`` or a value of another domain;
- :class:`Ref`: a reference resolved against the actor's view (the cards in its hand, the
  units on the field, the open proposals), sorted, at most ``cap`` of them;
- :class:`Listed`: one of the distinct values this field takes among the actor's legal
  actions of this type that agree with it on the fields before it (a payment, a pairing),
  sorted, at most ``cap`` of them: for fields whose full range is combinatorial.

Only an action type whose every field declares a domain is a player's choice the codec
numbers; host and clock actions declare none.

A view's plain numbers have ranges rather than domains, and those come from the config,
not the record type: a game declares them by field name
(:meth:`GameDef.observation_bounds <gamefold.games.GameDef.observation_bounds>`), each
subsystem offering its own (``skills.view_bounds``, ``diplomacy.view_bounds``), joined by
:func:`widest` where two subsystems name a field alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from gamefold.errors import ConfigError

__all__ = [
    "ACTOR",
    "DOMAIN",
    "Actor",
    "Choice",
    "Domain",
    "Listed",
    "Maybe",
    "Ref",
    "EXACT",
    "declared",
    "domain",
    "span",
    "widest",
]

DOMAIN = "gamefold.domain"
"""The attrs field metadata key holding a field's :class:`Domain`."""

Resolve = Callable[[Any, str], Sequence[Any]]
"""``resolve(view, actor) -> values``: a reference's candidates in the actor's view."""


class Domain:
    """The range of one action field; ``size`` is the number of indices it takes."""

    size: int


@attrs.frozen
class Actor(Domain):
    """The acting agent itself: one value."""

    size: int = attrs.field(default=1, init=False)


@attrs.frozen
class Choice(Domain):
    """One of a fixed tuple of ``values``, in their declared order."""

    values: tuple[Any, ...]
    size: int = attrs.field(init=False)

    @size.default
    def _size(self) -> int:
        return len(self.values)


@attrs.frozen
class Maybe(Domain):
    """``None`` (index 0) or a value of ``inner`` (index 1 onwards)."""

    inner: Domain
    size: int = attrs.field(init=False)

    @size.default
    def _size(self) -> int:
        return self.inner.size + 1


@attrs.frozen(eq=False)
class Ref(Domain):
    """A value resolved against the actor's view: ``resolve(view, actor)``, at most ``cap``.

    ``resolve`` returns the candidates in a deterministic order (sorted, never the iteration
    order of a ``PMap`` or ``PSet``); index ``i`` is the ``i``-th candidate.
    """

    resolve: Resolve
    cap: int
    reads: Callable[[Any], Any] | None = None
    """The part of the view the candidates depend on (with the actor), when declared:
    ``reads(view)``, an immutable record or tuple. A codec keeps a resolution while this
    part is the very object it was (a view keeps what a step did not change); ``None``
    resolves the candidates anew at every decision."""

    @property
    def size(self) -> int:  # type: ignore[override]
        """The cap: a reference takes ``cap`` indices whatever the view holds."""
        return self.cap


@attrs.frozen
class Listed(Domain):
    """One of the distinct values of this field among the actor's legal actions of its type
    that agree on the fields declared before it, in sorted order (by ``repr``), at most
    ``cap``: for a combinatorial field (a payment of several cards, a pairing) whose legal
    values are few in any one state, once the other fields are chosen."""

    cap: int

    @property
    def size(self) -> int:  # type: ignore[override]
        """The cap."""
        return self.cap


ACTOR = Actor()
"""The acting agent's own domain, shared by every ``player`` field."""


def domain(declared_domain: Domain) -> dict[str, Domain]:
    """The field metadata declaring ``declared_domain``: ``attrs.field(metadata=domain(d))``."""
    return {DOMAIN: declared_domain}


def declared(action_type: type) -> tuple[tuple[str, Domain], ...] | None:
    """Each field of ``action_type`` with its domain, or ``None`` when a field declares none
    or it has no field (a host or clock action, never a player's choice)."""
    found = []
    for field in attrs.fields(action_type):
        dom = field.metadata.get(DOMAIN)
        if dom is None:
            return None
        found.append((field.name, dom))
    return tuple(found) or None


Range = tuple[float, float]
"""A number's ``(low, high)``."""

EXACT = 2**24
"""The largest magnitude of a range :func:`span` gives: float32, the envs' observation
dtype, holds every whole number up to it exactly (and int32 holds them all), so no two
values a range admits are written alike."""


def span(field: str, high: float, rule: str, low: float = 0.0) -> Range:
    """The range ``low`` to ``high`` of a number the rules bound, as a view range: a bound
    beyond :data:`EXACT` either way is a :class:`~gamefold.ConfigError` naming ``field``,
    the config field it grows with, and ``rule``, the rule bounding it. A range that would
    be empty (a count that stays 0) is widened to ``low + 1``: the encoder needs ``low``
    below ``high``."""
    if max(abs(low), abs(high)) > EXACT:
        message = (
            f"{field} makes a view's number reach {max(abs(low), abs(high)):,.0f}, beyond "
            f"the {EXACT:,} a float32 observation holds exactly; choose a smaller {field}"
        )
        raise ConfigError(field, message, rule)
    return float(low), float(max(high, low + 1))


def widest(*ranges: Mapping[str, Range]) -> dict[str, Range]:
    """The field ranges of every mapping of ``ranges``, a name in several taking the range
    that covers them all: how a game joins its subsystems' view ranges, since a range names
    a field wherever it occurs in the view."""
    joined: dict[str, Range] = {}
    for given in ranges:
        for name, (low, high) in given.items():
            was = joined.get(name, (low, high))
            joined[name] = (min(was[0], low), max(was[1], high))
    return joined
