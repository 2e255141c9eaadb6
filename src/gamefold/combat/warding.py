"""Wards: damage a host game's effects prevent, spent blow by blow (CB-10, CB-11).

A host game whose own rules shield a combatant (a parry card, a spell) issues
:class:`Ward`: the combatant's ward grows by ``amount``. When the next exchange resolves,
each blow aimed at it is reduced by what is left of its ward, in resolution order (the
order of the fight's combatants), and the ward shrinks by what it stopped; damage then
lands at once as usual (CB-10), so a ward decides falls as real hit points would (CB-11).
Whatever is left of a ward when that exchange resolves, or when the Round ends, is gone;
at the Round's end that is told by :class:`WardsLapsed`.

A ward reports :class:`Warded`; a blow it stops reports :class:`DamagePrevented` before the
:class:`~gamefold.combat.DamageDealt` of what got through (none when it stopped it all), and
:class:`~gamefold.combat.AbilityResolved` names what each blow lost to it. A ward is not a
player's choice, so :func:`~gamefold.combat.legal_actions` never lists it; it is refused for
a combatant who has fallen (``combat/fallen``) and once the fight is over (``combat/over``).
"""

from __future__ import annotations

import attrs

from gamefold.combat import codes
from gamefold.combat.combatants import Combatant, CombatState, entrant, with_combatant
from gamefold.core import Action, Event, Events, replacer
from gamefold.pipeline import Refusal

__all__ = [
    "DamagePrevented",
    "Ward",
    "Warded",
    "WardsLapsed",
    "decide_ward",
    "ward_positive",
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


@attrs.frozen
class WardsLapsed(Event):
    """The Round ended with wards left unspent: they are gone."""


def ward_positive(action: Ward) -> bool:
    """A ward prevents at least one point of damage (EN-4)."""
    return action.amount >= 1


_warding = replacer(Combatant, "ward")


def decide_ward(state: CombatState, action: Ward) -> tuple[CombatState, Events] | Refusal:
    """Grow a standing combatant's ward by ``amount`` while the fight goes on; else the
    refusal."""
    i = entrant(state, action.combatant)
    if isinstance(i, Refusal):
        return i
    c = state.combatants[i]
    if c.hp <= 0:  # CB-11
        return Refusal(codes.FALLEN, f"{c.id} has fallen: there is nothing left to shield.")
    total = c.ward + action.amount
    return with_combatant(state, i, _warding(c, total)), (Warded(c.id, action.amount, total),)
