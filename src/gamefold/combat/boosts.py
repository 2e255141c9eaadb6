"""Boosts: blows a host game's effects strengthen, and hit points they restore (CB-10, CB-11).

A host game whose own rules make a combatant hit harder (a strike card, a Burned attack
bonus) issues :class:`Empower`: the combatant's edge grows by ``amount``. When the next
exchange resolves, its blow deals that much more damage if it deals any (a win, or a tie of
an ability that deals damage on a tie); an edge is spent by that exchange, and whatever is
left of it when the Round ends is gone, like a ward (:class:`~gamefold.combat.Ward`).
:class:`~gamefold.combat.AbilityResolved` names what each blow gained (``boost``).

A host game whose rules heal (a rallying card) issues :class:`Heal`: the standing combatant
regains ``amount`` hit points, never above the hit points it entered the fight with (CB-11).
Both report an event (:class:`Empowered`, :class:`Healed`); neither is a player's choice, so
:func:`~gamefold.combat.legal_actions` never lists them. Both are refused for a combatant
who has fallen (``combat/fallen``: the fallen are out of the fight, CB-11) and once the fight
is over (``combat/over``); ``amount`` must be at least 1 (``combat/malformed``).
"""

from __future__ import annotations

import attrs

from gamefold.combat import codes
from gamefold.combat.combatants import Combatant, CombatState, entrant, with_combatant
from gamefold.core import Action, Event, Events, replacer
from gamefold.pipeline import Refusal

__all__ = [
    "Empower",
    "Empowered",
    "Heal",
    "Healed",
    "boost_positive",
    "boosted",
    "decide_empower",
    "decide_heal",
]


@attrs.frozen
class Empower(Action):
    """The host game adds ``amount`` to ``combatant``'s blow in the next exchange."""

    combatant: str
    amount: int


@attrs.frozen
class Empowered(Event):
    """``combatant``'s next blow will deal ``amount`` more, ``total`` more in all."""

    combatant: str
    amount: int
    total: int


@attrs.frozen
class Heal(Action):
    """The host game restores up to ``amount`` hit points to ``combatant`` (CB-11)."""

    combatant: str
    amount: int


@attrs.frozen
class Healed(Event):
    """``combatant`` regained ``amount`` hit points (0 at full health) and has ``hp``."""

    combatant: str
    amount: int
    hp: int


def boost_positive(action: Empower | Heal) -> bool:
    """A boost adds at least one point (EN-4)."""
    return action.amount >= 1


_edging = replacer(Combatant, "edge")
_healing = replacer(Combatant, "hp")


def boosted(state: CombatState, cid: str) -> int | Refusal:
    """The position of ``cid`` if a host may boost it now: the fight goes on and it stands
    (CB-10, CB-11); else the refusal. Empower and Heal share it."""
    i = entrant(state, cid)
    if not isinstance(i, Refusal) and state.combatants[i].hp <= 0:  # CB-11
        return Refusal(codes.FALLEN, f"{cid} has fallen and is out of the fight.")
    return i


def decide_empower(state: CombatState, action: Empower) -> tuple[CombatState, Events] | Refusal:
    """Grow a standing combatant's edge by ``amount``; else the refusal."""
    i = boosted(state, action.combatant)
    if isinstance(i, Refusal):
        return i
    c = state.combatants[i]
    total = c.edge + action.amount
    new = with_combatant(state, i, _edging(c, total))
    return new, (Empowered(c.id, action.amount, total),)


def decide_heal(state: CombatState, action: Heal) -> tuple[CombatState, Events] | Refusal:
    """Restore hit points to a standing combatant, up to its maximum (CB-11); else the
    refusal."""
    i = boosted(state, action.combatant)
    if isinstance(i, Refusal):
        return i
    c = state.combatants[i]
    hp = min(c.max_hp, c.hp + action.amount)
    return with_combatant(state, i, _healing(c, hp)), (Healed(c.id, hp - c.hp, hp),)
