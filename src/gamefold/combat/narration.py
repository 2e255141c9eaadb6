"""One readable line per combat event, and the rules each event attests.

:data:`LINES` tells an event in words, for logs, examples and a host game's account;
:data:`EVENT_RULES` and :func:`declaration_rules` name the CB rules an event shows at work,
for rule coverage (:func:`gamefold.sim.coverage`).

>>> from gamefold.combat import CombatantFell, describe
>>> describe(CombatantFell("orc"))
'orc falls.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold.combat.boosts import Empowered, Healed
from gamefold.combat.combatants import CombatEnded, CombatState, find
from gamefold.combat.conditions import ConditionApplied, ConditionEnded
from gamefold.combat.exchange import Declared
from gamefold.combat.fleeing import RetreatDeclared
from gamefold.combat.flight import Fled, RetreatFailed, StressGained
from gamefold.combat.hands import Outcome
from gamefold.combat.moving import Moved
from gamefold.combat.pairing import PairingsAssigned, PairingsDissolved
from gamefold.combat.resolution import (
    AbilityResolved,
    CombatantFell,
    DamageDealt,
    ExchangeRevealed,
)
from gamefold.combat.warding import DamagePrevented, Warded, WardsLapsed
from gamefold.combat.withdrawal import CombatantWithdrawn
from gamefold.combat.zones import Zone, effective_zone
from gamefold.core import Event, attests

__all__ = ["EVENT_RULES", "LINES", "RULE_IDS", "declaration_rules", "describe"]


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


def _lasting(e: ConditionApplied) -> str:
    """How long a condition lasts, in the player's words (CB-12)."""
    if not e.in_round:
        return "for the next Round" if e.rounds == 1 else f"for the next {e.rounds} Rounds"
    return "for this Round" if e.rounds == 0 else f"for this Round and {e.rounds} more"


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
    ConditionApplied: lambda e: f"{e.combatant} is {e.condition.value} {_lasting(e)}.",
    ConditionEnded: lambda e: f"{e.combatant} is no longer {e.condition.value}.",
    CombatantWithdrawn: lambda e: f"{e.combatant} is taken out of the fight ({e.cause}).",
    CombatEnded: lambda e: f"The fight is over: {e.ending.value}.",
    Warded: lambda e: f"{e.combatant} raises a shield of {e.amount} ({e.total} in all this Round).",
    DamagePrevented: lambda e: f"{e.combatant}'s shield stops {e.amount} damage.",
    WardsLapsed: lambda e: "Unused shields fade.",
    Moved: lambda e: f"{e.combatant} moves from {e.origin.value} to {e.zone.value}.",
    Empowered: lambda e: f"{e.combatant}'s next blow deals {e.amount} more ({e.total} in all).",
    Healed: lambda e: f"{e.combatant} heals {e.amount} ({e.hp} hit points).",
}
"""The sentence of each combat event type; a host game may extend or replace lines."""


def describe(event: Event) -> str:
    """One sentence saying what ``event`` reports; ``repr`` for an event of another kind."""
    line = LINES.get(type(event))
    return repr(event) if line is None else line(event)


def _resolved_rules(e: AbilityResolved) -> tuple[str, ...]:
    rules = ["CB-10"]
    if e.contested:
        # Hands were compared: a win or a loss shows the beats relation, a tie CB-2.
        rules += ["CB-3", "CB-2" if e.outcome is Outcome.TIE else "CB-1"]
    rules += {"Attack": ["CB-8"], "Defend": ["CB-9"]}.get(e.ability, [])
    return tuple(rules)


def _retreat_failed(e: RetreatFailed) -> tuple[str, ...]:
    return ("CB-13",)


def _fled_rules(e: Fled) -> tuple[str, ...]:
    rules = ["CB-13"]
    rules += ["CB-14"] if e.lost else []
    rules += ["CB-15"] if e.carried or e.left_behind else []
    return tuple(rules)


EVENT_RULES: dict[type, Callable[[Any], tuple[str, ...]]] = {
    PairingsAssigned: attests("CB-5"),
    PairingsDissolved: attests("CB-5"),
    Declared: attests("CB-10"),
    RetreatDeclared: attests("CB-13"),
    ExchangeRevealed: attests("CB-10"),
    RetreatFailed: _retreat_failed,
    Fled: _fled_rules,
    StressGained: attests("CB-14"),
    AbilityResolved: _resolved_rules,
    DamageDealt: attests("CB-10", "CB-11"),
    CombatantFell: attests("CB-11"),
    ConditionApplied: attests("CB-12"),
    ConditionEnded: attests("CB-12"),
    CombatantWithdrawn: attests(),
    CombatEnded: attests(),
    Warded: attests(),
    DamagePrevented: attests(),
    WardsLapsed: attests(),
    Moved: attests("CB-4"),
    Empowered: attests(),
    Healed: attests("CB-11"),
}
"""The CB rules each combat event attests, as a function of the event (rule coverage).

An ``AbilityResolved`` attests CB-10, and when its target contested it CB-3 with CB-1 (a
win or a loss) or CB-2 (a tie); the basic Attack and Defend attest CB-8 and CB-9. A
``Fled`` attests CB-13, CB-14 when items were lost and CB-15 when someone was carried or
left behind; a failed retreat attests CB-13 (the dire check among others). Host actions
(``Ward``, ``Withdraw``, ``Empower``) attest no CB rule; a ``Heal`` attests CB-11 (hit
points). Zones show in the state, not the event: see
:func:`declaration_rules`. Refusals attest their own rule (:data:`~gamefold.combat.codes.RULES`).
"""


def declaration_rules(state: CombatState, event: Declared) -> tuple[str, ...]:
    """The zone rules a declaration attests in ``state`` (any state from the declaration
    until the exchange resolves): CB-4 for an ability that needs a zone, CB-5 for a paired
    combatant, CB-6 for a Rearward one, CB-7 for one in Rearward counting as Forward."""
    who = find(state, event.combatant)
    if who is None or who.zone is None:
        return ()
    rules: list[str] = []
    ability = state.config.ability(event.ability)
    if ability is not None and ability.zone is not None:
        rules.append("CB-4")
    if who.partner is not None:
        rules.append("CB-5")
    counted = effective_zone(state.combatants, who)
    if counted is Zone.REARWARD:
        rules.append("CB-6")
    elif who.zone is Zone.REARWARD:
        rules.append("CB-7")
    return tuple(rules)


RULE_IDS: tuple[str, ...] = tuple(f"CB-{n}" for n in range(1, 16))
"""Every combat rule, CB-1 … CB-15 (the rules catalogue): what rule coverage reports of a
game composed of the slice."""
