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
    CombatState,
    check_running,
    exchange_under_way,
    index_of,
    require,
    with_combatant,
)
from gamefold.combat.pairing import dissolve_if_changed
from gamefold.combat.zones import Zone
from gamefold.core import Action, Event, Events, replace

__all__ = ["Move", "Moved", "apply_move", "validate_move"]


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


def validate_move(state: CombatState, action: Move) -> None:
    """Raise unless the combatant stands, between exchanges, in the other zone."""
    check_running(state, action)
    who = require(state, action.combatant, action)
    if who.hp <= 0:  # a fallen combatant is in no zone (CB-11, an invariant)
        raise codes.illegal(codes.FALLEN, f"{who.id} has fallen and left the zones.", action)
    if exchange_under_way(state):
        message = "Combatants move between exchanges, not during one."
        raise codes.illegal(codes.EXCHANGE_UNDER_WAY, message, action)
    if who.zone is action.zone:
        message = f"{who.id} already stands in its side's {action.zone.value} zone."
        raise codes.illegal(codes.SAME_ZONE, message, action)


def apply_move(state: CombatState, action: Move) -> tuple[CombatState, Events]:
    """Move the combatant; dissolve the pairings if who counts as Forward changed (CB-5)."""
    index = index_of(state, action.combatant)
    who = state.combatants[index]
    origin = who.zone
    assert origin is not None  # validated: a standing combatant is in a zone
    moved = with_combatant(state, index, replace(who, zone=action.zone))
    after, dissolved = dissolve_if_changed(state, moved)
    events: list[Event] = [Moved(who.id, origin, action.zone), *dissolved]
    return after, tuple(events)
