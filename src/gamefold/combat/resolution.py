"""Resolving an exchange: reveal, retreat, contests, damage at once, falls (CB-3, CB-10, CB-11).

When the last combatant the exchange waits for declares, the exchange resolves inside that
same step (:func:`resolve_if_complete`):

1. every declaration is revealed (:class:`ExchangeRevealed`), and an agreed retreat is tried
   first (:func:`~gamefold.combat.fleeing.attempt_flight`); an escape ends the fight;
2. each ability's outcome compares its Hand with its target's Hand when the target contests
   it: an Offensive target contests only the abilities of the enemy it aims at, a Defensive
   one every enemy ability aimed at it (CB-3). An ability its target does not contest has
   the config's ``uncontested`` outcome (default a win, CB-10). An ability aimed at a
   combatant the host withdrew since (:class:`~gamefold.combat.Withdraw`) lands nowhere;
3. each blow is reduced by what is left of its target's ward, in resolution order, and every
   ward is spent (:mod:`~gamefold.combat.warding`), after each blow gained its attacker's
   edge (:mod:`~gamefold.combat.boosts`), every edge spent too; all damage lands at once; a
   combatant at 0 hit points falls: it leaves the zones, its pairing ends and it acts no
   more (CB-11). Conditions the abilities inflict land on the targets still standing (CB-12);
4. if a fall changed who counts as Forward, pairings dissolve (CB-5, CB-7); if a side has
   nobody standing, the fight ends.
"""

from __future__ import annotations

import attrs

from gamefold.combat.abilities import _DEFENSIVE, Ability
from gamefold.combat.combatants import (
    Combatant,
    CombatEnded,
    CombatState,
    decided_ending,
    find,
)
from gamefold.combat.conditions import afflict
from gamefold.combat.config import CombatConfig
from gamefold.combat.flight import attempt_flight
from gamefold.combat.hands import Hand, Outcome, outcome
from gamefold.combat.pairing import dissolve_if_changed
from gamefold.combat.waiting import nobody_waiting
from gamefold.combat.warding import DamagePrevented
from gamefold.core import Event, Events, replace, replacer

__all__ = [
    "AbilityResolved",
    "CombatantFell",
    "DamageDealt",
    "ExchangeRevealed",
    "resolve",
    "resolve_if_complete",
]


@attrs.frozen
class ExchangeRevealed(Event):
    """Every declaration of exchange number ``exchange`` (1 for the first) is revealed."""

    exchange: int


@attrs.frozen
class AbilityResolved(Event):
    """``combatant``'s ability had ``outcome`` against ``target`` and deals ``damage``.

    ``contested`` says whether the target's Hand was compared (CB-3) or the ``uncontested``
    outcome applied (CB-10).
    """

    combatant: str
    ability: str
    hand: Hand | None
    target: str
    outcome: Outcome
    contested: bool
    damage: int
    prevented: int = 0
    """How much of ``damage`` the target's ward stopped (see :class:`~gamefold.combat.Ward`)."""
    boost: int = 0
    """How much of ``damage`` the combatant's edge added (see :class:`~gamefold.combat.Empower`)."""


@attrs.frozen
class DamageDealt(Event):
    """``combatant`` took ``amount`` damage in all this exchange and has ``hp`` left."""

    combatant: str
    amount: int
    hp: int


@attrs.frozen
class CombatantFell(Event):
    """``combatant`` fell at 0 hit points: out of the zones, it acts no more (CB-11)."""

    combatant: str


_resolved = replacer(CombatState, "combatants", "exchange")
_cleared = replacer(Combatant, "declaration", "retreat", "ward", "edge")
_hurt = replacer(Combatant, "hp")
_fallen = replacer(Combatant, "hp", "zone", "partner")


def resolve_if_complete(state: CombatState, events: Events) -> tuple[CombatState, Events]:
    """Resolve the exchange if nobody is left to declare; else return the input as is."""
    if not nobody_waiting(state):
        return state, events
    resolved, more = resolve(state)
    return resolved, (*events, *more)


def resolve(state: CombatState) -> tuple[CombatState, Events]:
    """Resolve the current exchange at once (CB-10) and report it."""
    number = state.exchange + 1
    fled, flight, escaped = attempt_flight(state)
    events: list[Event] = [ExchangeRevealed(number), *flight]
    if escaped:
        return replace(fled, exchange=number), tuple(events)
    resolved = _resolve_abilities(state)
    events.extend(resolved)
    start = len(events)
    combatants = _take_damage(state, resolved, events)
    fell = any(type(e) is CombatantFell for e in events[start:])
    combatants = _inflict(state, combatants, resolved, events)
    after = _resolved(state, combatants, number)
    if fell:  # only a fall moves anyone out of a zone, so only a fall dissolves (CB-5, CB-7)
        after, dissolved = dissolve_if_changed(state, after)
        events.extend(dissolved)
    return _end_if_over(after, events)


def _ability(config: CombatConfig, name: str) -> Ability:
    ability = config.ability(name)
    if ability is None:  # unreachable: declarations are validated against the catalogue
        raise LookupError(f"unknown ability {name!r}")
    return ability


def _resolve_abilities(state: CombatState) -> tuple[AbilityResolved, ...]:
    config = state.config
    wards = {c.id: c.ward for c in state.combatants if c.ward}
    out: list[AbilityResolved] = []
    for c in state.combatants:
        d = c.declaration
        if d is None:
            continue
        target = find(state, d.target)
        if target is None or target.hp <= 0:
            continue  # CB-11: its target was withdrawn since; the blow lands nowhere
        theirs = _contesting_hand(config, target, c.id) if d.hand is not None else None
        if theirs is None or d.hand is None:
            result = config.uncontested  # CB-10 (default): uncontested wins
        else:
            result = outcome(d.hand, theirs, config.beats)
        damage = _ability(config, d.ability).damage(result)
        boost = c.edge if damage else 0  # an edge strengthens a blow that lands something
        damage += boost
        spared = min(wards.get(d.target, 0), damage)  # a ward is spent blow by blow
        if spared:
            wards[d.target] -= spared
        contested = theirs is not None
        out.append(
            AbilityResolved(
                c.id, d.ability, d.hand, d.target, result, contested, damage, spared, boost
            )
        )
    return tuple(out)


def _contesting_hand(config: CombatConfig, target: Combatant | None, aimer: str) -> Hand | None:
    """The Hand ``target`` contests ``aimer``'s ability with, or ``None`` (CB-3)."""
    mine = None if target is None else target.declaration
    if mine is None or mine.hand is None:
        return None
    if mine.target == aimer or _ability(config, mine.ability).stance is _DEFENSIVE:
        return mine.hand
    return None


def _take_damage(
    state: CombatState, resolved: tuple[AbilityResolved, ...], events: list[Event]
) -> tuple[Combatant, ...]:
    totals: dict[str, int] = {}
    stopped: dict[str, int] = {}
    for r in resolved:
        if r.damage > r.prevented:
            totals[r.target] = totals.get(r.target, 0) + r.damage - r.prevented
        if r.prevented:
            stopped[r.target] = stopped.get(r.target, 0) + r.prevented
    hits: list[Event] = []
    falls: list[Event] = []
    out: list[Combatant] = []
    for c in state.combatants:
        new = (
            c
            if c.declaration is None and c.retreat is None and not c.ward and not c.edge
            else _cleared(c, None, None, 0, 0)
        )
        if c.id in stopped:
            hits.append(DamagePrevented(c.id, stopped[c.id]))
        amount = totals.get(c.id, 0)
        if amount:  # CB-10: all damage lands at once
            hp = max(0, c.hp - amount)
            hits.append(DamageDealt(c.id, amount, hp))
            if hp:
                new = _hurt(new, hp)
            else:  # CB-11: the fallen leave the zones and their pairing
                new = _fallen(new, 0, None, None)
                falls.append(CombatantFell(c.id))
        out.append(new)
    events.extend(hits)
    events.extend(falls)
    return tuple(out)


def _inflict(
    state: CombatState,
    combatants: tuple[Combatant, ...],
    resolved: tuple[AbilityResolved, ...],
    events: list[Event],
) -> tuple[Combatant, ...]:
    config = state.config
    for r in resolved:
        for inflict in _ability(config, r.ability).inflicts:
            if inflict.on is not r.outcome:
                continue
            i = next(j for j, c in enumerate(combatants) if c.id == r.target)
            if combatants[i].hp <= 0:
                continue
            rounds = config.condition_rounds if inflict.rounds is None else inflict.rounds
            afflicted, event = afflict(combatants[i], inflict.condition, rounds, state.in_round)
            combatants = (*combatants[:i], afflicted, *combatants[i + 1 :])
            events.append(event)
    return combatants


def _end_if_over(state: CombatState, events: list[Event]) -> tuple[CombatState, Events]:
    ending = decided_ending(state)
    if ending is None:
        return state, tuple(events)
    return replace(state, ending=ending), (*events, CombatEnded(ending))
