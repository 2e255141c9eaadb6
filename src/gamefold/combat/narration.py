"""One readable line per combat event, for logs, examples and a host game's account.

>>> from gamefold.combat import CombatantFell, describe
>>> describe(CombatantFell("orc"))
'orc falls.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold.combat.combatants import CombatEnded
from gamefold.combat.conditions import ConditionApplied, ConditionEnded
from gamefold.combat.exchange import Declared
from gamefold.combat.fleeing import Fled, RetreatDeclared, RetreatFailed, StressGained
from gamefold.combat.pairing import PairingsAssigned, PairingsDissolved
from gamefold.combat.resolution import (
    AbilityResolved,
    CombatantFell,
    DamageDealt,
    ExchangeRevealed,
)
from gamefold.combat.warding import DamagePrevented, Warded
from gamefold.combat.withdrawal import CombatantWithdrawn
from gamefold.core import Event

__all__ = ["LINES", "describe"]


def _names(ids: tuple[str, ...]) -> str:
    return ", ".join(ids) if ids else "nobody"


def _resolved(e: AbilityResolved) -> str:
    hand = f" ({e.hand.value})" if e.hand is not None else ""
    how = "" if e.contested else ", uncontested"
    result = f"a {e.outcome.value}{how}, {e.damage} damage"
    return f"{e.combatant}'s {e.ability}{hand} at {e.target}: {result}."


def _fled(e: Fled) -> str:
    carried = "; ".join(f"{k.holder} drags {k.fallen} along" for k in e.carried)
    lost = ", ".join(f"{x.owner}'s {x.item}" for x in e.lost)
    parts = [f"The party flees; escaped: {_names(e.escaped)}"]
    parts += [carried] if carried else []
    parts += [f"left behind: {_names(e.left_behind)}"] if e.left_behind else []
    parts += [f"lost: {lost}"] if lost else []
    return "; ".join(parts) + "."


LINES: dict[type, Callable[[Any], str]] = {
    PairingsAssigned: lambda e: (
        f"The {e.side.value} pair up: " + ", ".join(f"{p.own} vs {p.enemy}" for p in e.pairs) + "."
    ),
    PairingsDissolved: lambda e: "Forward changed: the pairings are dissolved.",
    Declared: lambda e: f"{e.combatant} declares (hidden from the other side).",
    RetreatDeclared: lambda e: f"{e.combatant} agrees to retreat (hidden from the enemies).",
    ExchangeRevealed: lambda e: f"Exchange {e.exchange}: declarations revealed.",
    RetreatFailed: lambda e: f"The retreat of {_names(e.combatants)} fails ({e.reason}).",
    Fled: _fled,
    StressGained: lambda e: f"{e.combatant} gains {e.amount} Stress (now {e.stress}).",
    AbilityResolved: _resolved,
    DamageDealt: lambda e: f"{e.combatant} takes {e.amount} damage, {e.hp} hit points left.",
    CombatantFell: lambda e: f"{e.combatant} falls.",
    ConditionApplied: lambda e: f"{e.combatant} is {e.condition.value} for {e.rounds} Round(s).",
    ConditionEnded: lambda e: f"{e.combatant} is no longer {e.condition.value}.",
    CombatantWithdrawn: lambda e: f"{e.combatant} is taken out of the fight ({e.cause}).",
    CombatEnded: lambda e: f"The fight is over: {e.ending.value}.",
    Warded: lambda e: f"{e.combatant} raises a shield of {e.amount} ({e.total} in all this Round).",
    DamagePrevented: lambda e: f"{e.combatant}'s shield stops {e.amount} damage.",
}
"""The sentence of each combat event type; a host game may extend or replace lines."""


def describe(event: Event) -> str:
    """One sentence saying what ``event`` reports; ``repr`` for an event of another kind."""
    line = LINES.get(type(event))
    return repr(event) if line is None else line(event)
