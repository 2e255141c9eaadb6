"""Withdrawal: the host game takes living combatants out of the fight (CB-5, CB-7, CB-10, CB-11).

A host game whose own rules remove a combatant (a character dies of exhaustion, a trap, a
defeat decided elsewhere) issues :class:`Withdraw`. It is not a player's choice, so
:func:`~gamefold.combat.legal_actions` never lists it. The combatants named leave in one
step, one after the other in the order named, and count as fallen from then on (CB-11): no
hit points, out of the zones and their pairing, their pending choice dropped; they act no
more and nobody may target them. A withdrawn party member is a fallen ally whom a fleeing
character may carry (CB-15).

As each one leaves, the pairings dissolve if who counts as Forward changed on either side
(CB-5, CB-7). Once all have left, inside the same step:

1. if a side has nobody standing, the fight ends at once (CB-11; nobody on either side is a
   draw): every pending choice is dropped and no exchange is revealed;
2. otherwise, if choices are pending and the exchange waits for nobody any more, it resolves
   at once with the choices made (CB-10). Dissolved pairings count here too: nobody may
   declare until pairings are assigned again, and they are not assigned during an exchange.

A declaration aimed at a combatant withdrawn since lands nowhere when the exchange resolves.
A withdrawal is refused once the fight has ended (``combat/over``).
"""

from __future__ import annotations

import attrs

from gamefold.combat import codes
from gamefold.combat.combatants import (
    Combatant,
    CombatEnded,
    CombatState,
    Ending,
    decided_ending,
    exchange_under_way,
    index_of,
    over,
    unknown,
)
from gamefold.combat.pairing import dissolve_if_changed
from gamefold.combat.resolution import resolve
from gamefold.combat.waiting import waiting_for
from gamefold.core import Action, Event, Events, replace
from gamefold.pipeline import Refusal

__all__ = [
    "CombatantWithdrawn",
    "Withdraw",
    "decide_withdraw",
]


@attrs.frozen
class Withdraw(Action):
    """The host game takes ``combatants`` out of the fight in one step, because of ``cause``.

    ``combatants`` are distinct ids of living combatants, at least one; ``cause`` is the
    host's own non-empty word for why (``"fatal exhaustion"``), reported as it is. They count
    as fallen from then on (CB-11). A host issues it at any moment of a fight, even during an
    exchange; :func:`~gamefold.combat.legal_actions` never lists it.
    """

    combatants: tuple[str, ...]
    cause: str


@attrs.frozen
class CombatantWithdrawn(Event):
    """The host took ``combatant`` out of the fight because of ``cause``; it counts as fallen."""

    combatant: str
    cause: str


def decide_withdraw(state: CombatState, action: Withdraw) -> tuple[CombatState, Events] | Refusal:
    """Take living combatants out one by one (CB-11), then end the fight or resolve the
    exchange; else the refusal for the first one named that is unknown or fallen."""
    refusal = over(state)
    if refusal is not None:
        return refusal
    for cid in action.combatants:
        i = index_of(state, cid)
        if i < 0:
            return unknown(cid)
        if state.combatants[i].hp <= 0:  # CB-11
            return Refusal(codes.FALLEN, f"{cid} has fallen and is out already.")
    events: list[Event] = []
    for cid in action.combatants:
        state = _take_out(state, cid, action.cause, events)
    ending = decided_ending(state)
    if ending is not None:
        return _end(state, ending, events)
    if exchange_under_way(state) and not waiting_for(state):  # CB-10: nobody left to wait for
        resolved, more = resolve(state)
        return resolved, (*events, *more)
    return state, tuple(events)


def _take_out(state: CombatState, cid: str, cause: str, events: list[Event]) -> CombatState:
    """``state`` with ``cid`` fallen, the pairings dissolved if Forward changed (CB-5, CB-7)."""
    # A paired combatant counts as Forward, so taking one out always dissolves the pairings.
    combatants = tuple(_out(c) if c.id == cid else c for c in state.combatants)
    after, dissolved = dissolve_if_changed(state, replace(state, combatants=combatants))
    events.append(CombatantWithdrawn(cid, cause))
    events.extend(dissolved)
    return after


def _out(c: Combatant) -> Combatant:
    """``c`` fallen: no hit points, no zone, no pending choice (CB-11); its pairing, if any,
    is dissolved with all the others."""
    return replace(c, hp=0, zone=None, declaration=None, retreat=None, ward=0, edge=0)


def _end(state: CombatState, ending: Ending, events: list[Event]) -> tuple[CombatState, Events]:
    """End the fight now (CB-11): no choice stays pending, no exchange is revealed."""
    combatants = tuple(_no_choice(c) for c in state.combatants)
    ended = replace(state, combatants=combatants, ending=ending)
    return ended, (*events, CombatEnded(ending))


def _no_choice(c: Combatant) -> Combatant:
    if c.declaration is None and c.retreat is None:
        return c
    return replace(c, declaration=None, retreat=None)
