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
from gamefold.combat.combatants import (
    CombatState,
    check_running,
    index_of,
    require,
    with_combatant,
)
from gamefold.core import Action, Event, Events, replace

__all__ = [
    "Empower",
    "Empowered",
    "Heal",
    "Healed",
    "apply_empower",
    "apply_heal",
    "boost_positive",
    "empowered",
    "healed",
    "validate_boost",
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


def validate_boost(state: CombatState, action: Empower | Heal) -> None:
    """Raise unless the fight goes on and the combatant is in it and standing."""
    check_running(state, action)
    if require(state, action.combatant, action).hp <= 0:
        message = f"{action.combatant} has fallen and is out of the fight."
        raise codes.illegal(codes.FALLEN, message, action)


def apply_empower(state: CombatState, action: Empower) -> tuple[CombatState, Events]:
    """Grow the combatant's edge by ``amount``."""
    index = index_of(state, action.combatant)
    new = _grow_edge(state, index, action.amount)
    return new, (Empowered(action.combatant, action.amount, new.combatants[index].edge),)


def empowered(state: CombatState, action: Empower) -> CombatState:
    """:func:`apply_empower`'s new state, without its event."""
    return _grow_edge(state, index_of(state, action.combatant), action.amount)


def _grow_edge(state: CombatState, index: int, amount: int) -> CombatState:
    c = state.combatants[index]
    return with_combatant(state, index, replace(c, edge=c.edge + amount))


def apply_heal(state: CombatState, action: Heal) -> tuple[CombatState, Events]:
    """Restore hit points, up to the combatant's maximum (CB-11)."""
    index = index_of(state, action.combatant)
    new = _restore(state, index, action.amount)
    hp = new.combatants[index].hp
    event: Event = Healed(action.combatant, hp - state.combatants[index].hp, hp)
    return new, (event,)


def healed(state: CombatState, action: Heal) -> CombatState:
    """:func:`apply_heal`'s new state, without its event."""
    return _restore(state, index_of(state, action.combatant), action.amount)


def _restore(state: CombatState, index: int, amount: int) -> CombatState:
    c = state.combatants[index]
    return with_combatant(state, index, replace(c, hp=min(c.max_hp, c.hp + amount)))
