"""Moving between zones: the host game moves a combatant to its side's other zone (CB-4).

Each side has a Forward and a Rearward zone (CB-4); an ability may need one of them. A host
game whose rules move combatants (a move card, a charge) issues :class:`Move`: the
combatant stands in ``zone`` from now on. If that changes who counts as Forward on either
side (CB-7), the pairings dissolve (CB-5) and are assigned again before anyone declares.

A move happens between exchanges, like a condition: once someone declared in the current
exchange it is refused (``combat/exchange-under-way``), as it is for a combatant who has
fallen (``combat/fallen``), once the fight is over (``combat/over``) and for a move to the
zone the combatant already stands in (``combat/same-zone``). It is not a player's choice,
so :func:`~gamefold.combat.legal_actions` never lists it; it reports :class:`Moved`.
"""

from __future__ import annotations

import attrs

from gamefold.combat import codes
from gamefold.combat.combatants import (
    Combatant,
    CombatState,
    entrant,
    exchange_under_way,
    with_combatant,
)
from gamefold.combat.pairing import dissolve_if_changed
from gamefold.combat.zones import Zone
from gamefold.core import Action, Event, Events, replacer
from gamefold.pipeline import Refusal

__all__ = ["Move", "Moved", "decide_move"]


@attrs.frozen
class Move(Action):
    """The host game moves ``combatant`` to ``zone`` of its own side (CB-4)."""

    combatant: str
    zone: Zone


@attrs.frozen
class Moved(Event):
    """``combatant`` moved from ``origin`` to ``zone`` of its side (CB-4)."""

    combatant: str
    origin: Zone
    zone: Zone


_moving = replacer(Combatant, "zone")


def decide_move(state: CombatState, action: Move) -> tuple[CombatState, Events] | Refusal:
    """Move a standing combatant to its side's other zone between exchanges, and dissolve
    the pairings if who counts as Forward changed (CB-4, CB-5, CB-7); else the refusal."""
    i = entrant(state, action.combatant)
    if isinstance(i, Refusal):
        return i
    who = state.combatants[i]
    if who.hp <= 0:  # a fallen combatant is in no zone (CB-11, an invariant)
        return Refusal(codes.FALLEN, f"{who.id} has fallen and left the zones.")
    if exchange_under_way(state):  # CB-10
        message = "Combatants move between exchanges, not during one."
        return Refusal(codes.EXCHANGE_UNDER_WAY, message)
    origin, zone = who.zone, action.zone
    assert origin is not None  # a standing combatant is in a zone
    if origin is zone:
        message = f"{who.id} already stands in its side's {zone.value} zone."
        return Refusal(codes.SAME_ZONE, message)
    moved = with_combatant(state, i, _moving(who, zone))
    after, dissolved = dissolve_if_changed(state, moved)
    return after, (Moved(who.id, origin, zone), *dissolved)
