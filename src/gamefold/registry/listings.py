"""Listings: ``legal_actions(game, actor)`` of a composed game, legal by construction (EN-5).

Each subsystem lists the actions of its slice, from the predicates its decide functions
refuse by, and each game-level :class:`~gamefold.registry.Rule` with a listing lists the
actions of its type, which replaces a subsystem's listing of that type. The wrappers of a
type narrow its candidates where they are made: a wrapper's
:data:`~gamefold.registry.Narrow` once for an actor's listing, or else its
:data:`~gamefold.registry.Refuse` about each candidate. Nothing listed is checked again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, TypeAlias

from gamefold.core import Action
from gamefold.registry.game import Game
from gamefold.registry.parts import GameListing, Refuse, Rule, Subsystem, Wrapper, no_actions
from gamefold.registry.routing import Entry
from gamefold.registry.views import Seat

__all__ = ["Listing"]

Plan: TypeAlias = Mapping[type, "Refuse | None"]
"""What the listing takes of the subsystems' candidates, by type: all of them (``None``),
or those its wrappers' refusal accepts; a type not in the plan is left out."""


class Listing:
    """The listing of one composition, built once: the subsystems' listings in order, then
    the rules', each type narrowed by its wrappers, and the seats an actor commands."""

    def __init__(
        self,
        subsystems: Sequence[Subsystem[Any]],
        table: Mapping[type, Entry],
        rules: Sequence[Rule],
        wrappers: Sequence[Wrapper],
        seats: Sequence[Seat],
    ) -> None:
        narrows = _narrows(wrappers)
        self._plan = _plan(table, rules, narrows)
        self._listers = tuple(
            (attrgetter(sub.name), sub.legal_actions)
            for sub in subsystems
            if sub.legal_actions is not no_actions  # it lists nothing: left out at once
        )
        self._rule_listers = tuple(
            _narrowed(rule.legal_actions, narrows.get(rule.action))
            for rule in rules
            if rule.legal_actions is not None
        )
        self._seats = tuple(seats)

    def actions(self, game: Game, actor: str) -> tuple[Action, ...]:
        """Every legal action of ``actor``, each once, the seats it commands after its own."""
        if self._seats:
            return self._seated(game, actor)
        return self._own(game, actor)

    def _seated(self, game: Game, actor: str) -> tuple[Action, ...]:
        held = [(seat.seat, seat.held_by(game)) for seat in self._seats]
        if any(seat == actor != holder for seat, holder in held):
            return ()  # held by another: every action is listed for one player only
        out = self._own(game, actor)
        for seat, holder in held:
            if holder == actor != seat:
                out = (*out, *self._own(game, seat))
        return out

    def _own(self, game: Game, actor: str) -> tuple[Action, ...]:
        out: list[Action] = []
        plan = self._plan  # each subsystem's candidates narrowed as they are made
        for read, listing in self._listers:
            for action in listing(read(game), actor):
                kind = type(action)
                if kind in plan:
                    refuse = plan[kind]
                    if refuse is None or refuse(game, action) is None:
                        out.append(action)
        for listed in self._rule_listers:
            out.extend(listed(game, actor))
        return tuple(out)


def _plan(
    table: Mapping[type, Entry], rules: Sequence[Rule], narrows: Mapping[type, Refuse]
) -> Plan:
    """The types the listing takes from the subsystems, decided once: those their handlers
    list, each with its wrappers' refusal. A type a rule lists instead, or that nothing
    handles, is left out."""
    taken_by_rules = frozenset(rule.action for rule in rules if rule.legal_actions)
    return {
        kind: narrows.get(kind)
        for kind, entry in table.items()
        if entry.sliced and kind not in taken_by_rules
    }


def _narrows(wrappers: Iterable[Wrapper]) -> dict[type, Refuse]:
    """Each wrapped type's refusal: its refusing wrappers', the inner one first."""
    found: dict[type, Refuse] = {}
    for wrapper in wrappers:
        refuse = wrapper.refuse
        if refuse is not None:
            first = found.get(wrapper.action)
            found[wrapper.action] = refuse if first is None else _either(first, refuse)
    return found


def _either(first: Refuse, second: Refuse) -> Refuse:
    """The refusals of two wrappers of one type, the inner one first."""
    return lambda game, action: first(game, action) or second(game, action)


def _narrowed(listing: GameListing, refuse: Refuse | None) -> GameListing:
    """A rule's listing, narrowed by its wrappers' refusal where it has one."""
    if refuse is None:
        return listing

    def listed(game: Game, actor: str) -> tuple[Action, ...]:
        return tuple(a for a in listing(game, actor) if refuse(game, a) is None)

    return listed
