"""Wards: damage a host game's effects prevent, spent blow by blow (CB-10, CB-11).

A host game whose own rules shield a combatant (a parry card, a spell) issues
:class:`Ward`: the combatant's ward grows by ``amount``. When the next exchange resolves,
each blow aimed at it is reduced by what is left of its ward, in resolution order (the
order of the fight's combatants), and the ward shrinks by what it stopped; damage then
lands at once as usual (CB-10), so a ward decides falls as real hit points would (CB-11).
Whatever is left of a ward when that exchange resolves, or when the Round ends, is gone.

A ward reports :class:`Warded`; a blow it stops reports :class:`DamagePrevented` before the
:class:`~gamefold.combat.DamageDealt` of what got through (none when it stopped it all), and
:class:`~gamefold.combat.AbilityResolved` names what each blow lost to it. A ward is not a
player's choice, so :func:`~gamefold.combat.legal_actions` never lists it; it is refused for
a combatant who has fallen (``combat/fallen``) and once the fight is over (``combat/over``).
"""

from __future__ import annotations

import attrs

from gamefold.combat import codes
from gamefold.combat.combatants import (
    CombatState,
    check_running,
    index_of,
    require,
    with_combatant,
)
from gamefold.core import Action, Event, Events, replace

__all__ = [
    "DamagePrevented",
    "Ward",
    "Warded",
    "apply_ward",
    "validate_ward",
    "ward_positive",
    "warded",
]


@attrs.frozen
class Ward(Action):
    """The host game prevents ``amount`` more damage to ``combatant`` in the next exchange."""

    combatant: str
    amount: int


@attrs.frozen
class Warded(Event):
    """``combatant`` will be spared ``amount`` more damage, ``total`` in all, next exchange."""

    combatant: str
    amount: int
    total: int


@attrs.frozen
class DamagePrevented(Event):
    """``combatant``'s ward stopped ``amount`` damage of the exchange just resolved."""

    combatant: str
    amount: int


def ward_positive(action: Ward) -> bool:
    """A ward prevents at least one point of damage (EN-4)."""
    return action.amount >= 1


def validate_ward(state: CombatState, action: Ward) -> None:
    """Raise unless the fight goes on and the combatant is in it and standing."""
    check_running(state, action)
    if require(state, action.combatant, action).hp <= 0:
        message = f"{action.combatant} has fallen: there is nothing left to shield."
        raise codes.illegal(codes.FALLEN, message, action)


def apply_ward(state: CombatState, action: Ward) -> tuple[CombatState, Events]:
    """Grow the combatant's ward by ``amount``."""
    index = index_of(state, action.combatant)
    new = _grow_ward(state, index, action.amount)
    return new, (Warded(action.combatant, action.amount, new.combatants[index].ward),)


def warded(state: CombatState, action: Ward) -> CombatState:
    """:func:`apply_ward`'s new state, without its event."""
    return _grow_ward(state, index_of(state, action.combatant), action.amount)


def _grow_ward(state: CombatState, index: int, amount: int) -> CombatState:
    c = state.combatants[index]
    return with_combatant(state, index, replace(c, ward=c.ward + amount))
