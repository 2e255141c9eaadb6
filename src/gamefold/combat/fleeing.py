"""Fleeing: a party member's agreement to retreat, its drops and the fallen it carries
(CB-13 … CB-15).

Retreating is a party member's choice in an exchange: :class:`Retreat` instead of
:class:`~gamefold.combat.Declare`, hidden from the enemies like any declaration. It names
the items the character drops in the pursuit (CB-14) and the fallen ally it drags away, if
any: that needs ``body_slots`` free slots, counted after its drops, since dragging ignores
the body's own encumbrance (CB-15). What happens when the exchange resolves, an escape or a
failed retreat, is :mod:`gamefold.combat.flight`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import attrs

from gamefold.combat import codes
from gamefold.combat.combatants import (
    Combatant,
    CombatState,
    RetreatPlan,
    declarer_refusal,
    entrant,
    find,
    over,
    with_combatant,
)
from gamefold.combat.domains import COMBATANTS, DROPS
from gamefold.combat.resolution import resolve_if_complete
from gamefold.combat.zones import _PARTY
from gamefold.core import Action, Event, Events, replacer
from gamefold.domains import Maybe, domain
from gamefold.pipeline import Refusal

__all__ = [
    "Retreat",
    "RetreatDeclared",
    "decide_retreat",
    "retreat_options",
]


@attrs.frozen
class Retreat(Action):
    """Party member ``combatant`` agrees to retreat this exchange (CB-13).

    ``carry`` names a fallen ally it holds and drags away (CB-15); ``drop`` names items it
    drops in the pursuit, freeing their slots; they are lost if the party escapes (CB-14).
    """

    combatant: str = attrs.field(metadata=domain(COMBATANTS))
    carry: str | None = attrs.field(default=None, metadata=domain(Maybe(COMBATANTS)))
    drop: tuple[str, ...] = attrs.field(default=(), metadata=domain(DROPS))


@attrs.frozen
class RetreatDeclared(Event):
    """``combatant`` agreed to retreat; shown to the party only until the exchange resolves."""

    combatant: str
    carry: str | None
    drop: tuple[str, ...]


_retreating = replacer(Combatant, "retreat")


def decide_retreat(state: CombatState, action: Retreat) -> tuple[CombatState, Events] | Refusal:
    """Store a legal agreement to retreat on its party member (CB-13) and, if it was the
    last choice the exchange waited for, resolve the exchange (CB-10); else the refusal."""
    cid = action.combatant
    i = entrant(state, cid)
    if isinstance(i, Refusal):
        return i
    c = state.combatants[i]
    refusal = retreater_refusal(state, c) or _plan_refusal(state, c, action)
    if refusal is not None:
        return refusal
    new = with_combatant(state, i, _retreating(c, RetreatPlan(action.carry, action.drop)))
    return resolve_if_complete(new, (RetreatDeclared(cid, action.carry, action.drop),))


def retreater_refusal(state: CombatState, c: Combatant) -> Refusal | None:
    """Why ``c`` may not agree to retreat now, the fight going on, or ``None``: it may not
    choose (CB-5, CB-10, CB-11), or it is not in the party (CB-13)."""
    refusal = declarer_refusal(state, c)
    if refusal is None and c.side is not _PARTY:
        return Refusal(codes.NOT_PARTY, "Only the party retreats.")
    return refusal


def _plan_refusal(state: CombatState, c: Combatant, action: Retreat) -> Refusal | None:
    """Why ``c`` may not drop and carry what ``action`` names (CB-14, CB-15), or ``None``."""
    names = [item.name for item in c.items]
    drop = action.drop
    if len(set(drop)) != len(drop) or any(name not in names for name in drop):
        return Refusal(codes.UNKNOWN_ITEM, f"{c.id} does not carry those items.")
    carry = action.carry
    if carry is None:
        return None
    if not _fallen_ally(find(state, carry)):
        return Refusal(codes.NOT_FALLEN_ALLY, f"{carry!r} is not a fallen ally of {c.id}.")
    if carry in _held(state):
        return Refusal(codes.ALREADY_CARRIED, f"{carry} is carried already.")
    if not _has_room(state, c, drop):
        body = state.config.body_slots
        return Refusal(codes.NO_ROOM, f"{c.id} needs {body} free slots to carry {carry}.")
    return None


def _fallen_ally(a: Combatant | None) -> bool:
    """Whether ``a`` is a fallen member of the party, whom a fleeing character may carry."""
    return a is not None and a.side is _PARTY and a.hp <= 0


def _held(state: CombatState) -> tuple[str, ...]:
    """The fallen allies pending retreat plans already carry."""
    return tuple(
        c.retreat.carry for c in state.combatants if c.retreat is not None and c.retreat.carry
    )


def _has_room(state: CombatState, c: Combatant, drop: tuple[str, ...]) -> bool:
    """Whether ``c`` has ``body_slots`` free slots once it has dropped ``drop`` (CB-15)."""
    room = c.free_slots + sum(item.slots for item in c.items if item.name in drop)
    return room >= state.config.body_slots


# Listings hand out one record per retreat instead of building it at every choice (records
# are immutable, so sharing them is safe).
_retreat = lru_cache(maxsize=4096)(Retreat)


def retreat_options(state: CombatState, c: Combatant) -> tuple[Retreat, ...]:
    """Every legal :class:`Retreat` of ``c``: each set of drops, each carry with room."""
    if over(state) is not None or retreater_refusal(state, c) is not None:
        return ()
    held = _held(state)
    fallen = [a.id for a in state.combatants if _fallen_ally(a) and a.id not in held]
    names = [item.name for item in c.items]
    options: list[Retreat] = []
    for size in range(len(names) + 1):
        for drop in combinations(names, size):  # CB-14: every set of distinct items it has
            carries = [None, *fallen] if _has_room(state, c, drop) else [None]
            options += [_retreat(c.id, carry, drop) for carry in carries]
    return tuple(options)
