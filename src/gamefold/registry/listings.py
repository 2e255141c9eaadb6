"""Listings: ``legal_actions(game, actor)`` of a composed game, legal by construction (EN-5).

Each subsystem lists the actions of its slice, from the predicates its decide functions
refuse by, and each game-level :class:`~gamefold.registry.Rule` with a listing lists the
actions of its type, which replaces a subsystem's listing of that type. The wrappers of a
type narrow its candidates where they are made: a wrapper's
:data:`~gamefold.registry.Narrow` once for an actor's listing, or else its
:data:`~gamefold.registry.Refuse` about each candidate. Nothing listed is checked again.

A subsystem's listing is a function of its slice and the actor alone, so it is asked again
only about a slice that changed: for the very same slice object (a step that left the slice
as it was) and actor, its last answer is reused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, TypeAlias

from gamefold.core import Action
from gamefold.registry.game import Game
from gamefold.registry.parts import (
    GameListing,
    Keep,
    Narrow,
    Refuse,
    Rule,
    Subsystem,
    Wrapper,
    no_actions,
)
from gamefold.registry.routing import Entry
from gamefold.registry.views import Seat

__all__ = ["Listing"]

_Memo: TypeAlias = dict[str, tuple[object, tuple[Action, ...]]]
"""A subsystem listing's last answer for each actor, with the slice it was about."""

Plan: TypeAlias = Mapping[type, "Narrow | bool"]
"""What the listing takes of the subsystems' candidates, by type: ``True`` all of them, a
:data:`~gamefold.registry.Narrow` those it keeps; a type not in the plan is left out."""


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
        # The types only plain wrappers refuse: their refusal asked of each candidate as
        # it is (their Narrow would build a Keep of the very same refusal).
        self._plain = {
            kind: refuse for kind, refuse in _plain_refusals(wrappers).items() if kind in self._plan
        }
        # Each subsystem's listing, with its last answer for each actor and the slice it was
        # about: a slice a step left as it was (the very same object) lists the same again.
        # A subsystem whose every action type the plan takes whole is marked, so that its
        # listings are taken at once once a pass in C finds no other type among them.
        self._whole = frozenset(kind for kind, keep in self._plan.items() if keep is True)
        self._listers: tuple[tuple[Callable[[Game], Any], Any, _Memo, bool], ...] = tuple(
            (attrgetter(sub.name), sub.legal_actions, {}, self._whole.issuperset(sub.actions))
            for sub in subsystems
            if sub.legal_actions is not no_actions  # it lists nothing: left out at once
        )
        # A rule listing nothing still takes its type from the subsystems (``_plan``), but
        # is never asked: it would answer ``()`` at every listing.
        self._rule_listers = tuple(
            _narrowed(rule.legal_actions, narrows.get(rule.action))
            for rule in rules
            if rule.legal_actions is not None and rule.legal_actions is not no_actions
        )
        self._seats = tuple(seats)
        # Every legal action of an actor, each once, the seats it commands after its own.
        self.actions: GameListing = self._seated if self._seats else self._own

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
        plan, plain = self._plan, self._plain
        # Each type's Keep, decided at its first candidate: the plan's True or False, its
        # narrowing's answer, or a plain refusal asked of each candidate as it is.
        kept: dict[type, Keep] = {}
        whole = self._whole
        for read, listing, memo, marked in self._listers:
            part = read(game)
            known = memo.get(actor)
            if known is not None and known[0] is part:
                candidates = known[1]
            else:
                candidates = tuple(listing(part, actor))  # kept: never a one-pass iterator
                memo[actor] = (part, candidates)
            if marked and whole.issuperset(map(type, candidates)):
                out += candidates
                continue
            for action in candidates:
                kind = type(action)
                keep = kept.get(kind)
                if keep is None:  # the type's first candidate: decided here, not in a call
                    planned = plan.get(kind, False)
                    if planned is True or planned is False:
                        keep = planned
                    else:
                        refuse = plain.get(kind)
                        keep = planned(game, actor) if refuse is None else _asking(game, refuse)
                    kept[kind] = keep
                if keep is True or (keep is not False and keep(action)):
                    out.append(action)
        for listed in self._rule_listers:
            out.extend(listed(game, actor))
        return tuple(out)


def _plan(
    table: Mapping[type, Entry], rules: Sequence[Rule], narrows: Mapping[type, Narrow]
) -> Plan:
    """The types the listing takes from the subsystems, decided once: those their handlers
    list, each with its wrappers' narrowing. A type a rule lists instead, or that nothing
    handles, is left out."""
    taken_by_rules = frozenset(rule.action for rule in rules if rule.legal_actions)
    return {
        kind: narrows.get(kind, True)
        for kind, entry in table.items()
        if entry.sliced and kind not in taken_by_rules
    }


def _narrows(wrappers: Iterable[Wrapper]) -> dict[type, Narrow]:
    """Each wrapped type's narrowing: its refusing wrappers', the inner one first."""
    found: dict[type, Narrow] = {}
    for wrapper in wrappers:
        if wrapper.refuse is None:
            continue
        narrow = wrapper.narrow or _one_by_one(wrapper.refuse)
        first = found.get(wrapper.action)
        found[wrapper.action] = narrow if first is None else _both(first, narrow)
    return found


def _plain_refusals(wrappers: Iterable[Wrapper]) -> dict[type, Refuse]:
    """The refusal of each type whose refusing wrappers give no narrow, the inner one's
    first."""
    found: dict[type, Refuse] = {}
    narrowed = {w.action for w in wrappers if w.narrow is not None}
    for wrapper in wrappers:
        refuse, kind = wrapper.refuse, wrapper.action
        if refuse is not None and kind not in narrowed:
            first = found.get(kind)
            found[kind] = refuse if first is None else _either(first, refuse)
    return found


def _asking(game: Game, refuse: Refuse) -> Keep:
    """The Keep of a type only plain wrappers refuse: their refusal asked of each candidate."""
    return lambda action: refuse(game, action) is None


def _either(first: Refuse, second: Refuse) -> Refuse:
    """The refusals of two wrappers of one type, the inner one first."""
    return lambda game, action: first(game, action) or second(game, action)


def _one_by_one(refuse: Refuse) -> Narrow:
    """The narrowing of a wrapper that gives no :data:`~gamefold.registry.Narrow`: its
    refusal asked about each candidate."""

    def narrow(game: Game, actor: str) -> Callable[[Any], bool]:
        return lambda action: refuse(game, action) is None

    return narrow


def _both(first: Narrow, second: Narrow) -> Narrow:
    """The narrowing of two wrappers of one type: a candidate both keep."""

    def narrow(game: Game, actor: str) -> Keep:
        one = first(game, actor)
        if one is False:
            return False
        two = second(game, actor)
        if one is True or two is False:
            return two
        if two is True:
            return one
        return lambda action: one(action) and two(action)

    return narrow


def _narrowed(listing: GameListing, narrow: Narrow | None) -> GameListing:
    """A rule's listing, narrowed by its wrappers where they refuse."""
    if narrow is None:
        return listing

    def listed(game: Game, actor: str) -> tuple[Action, ...]:
        keep = narrow(game, actor)
        if keep is True:
            return listing(game, actor)
        if keep is False:
            return ()
        return tuple(a for a in listing(game, actor) if keep(a))

    return listed
