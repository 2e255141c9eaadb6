"""The SM and DP rules summit's events attest, for rule coverage (:func:`gamefold.sim.coverage`).

Diplomacy's events attest their DP rules (:data:`gamefold.diplomacy.EVENT_RULES`), the
territory's their TR rules (:data:`gamefold.territory.EVENT_RULES`); the map's and the
flow's events also attest the SM rules below. Refusals attest their own rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold import attests, diplomacy, territory
from gamefold.games.base import joined_event_rules
from gamefold.games.summit.effects import EffectFizzled, Fortified, TrapLaid
from gamefold.games.summit.flow import GameOver, Passed, ProposalDeferred, RoundBegan, RoundEnded
from gamefold.games.summit.reactions import Deployed, TruceBegan
from gamefold.territory import (
    BattleFought,
    TerritoryTaken,
    TrapSprung,
    TroopDeployed,
    TroopsGained,
    TruceEnded,
)

__all__ = ["EVENT_RULES", "RULE_IDS", "SETUP_RULES"]

_AGREEMENTS = ("Ceasefire", "Territory Transfer", "Covert Support", "Manufacturing Partnership")


def _taken(event: TerritoryTaken) -> tuple[str, ...]:
    if event.cause == "attack":
        return ("SM-2", "SM-6")  # the borders the attack crossed
    return ("SM-7",) if event.cause == "transfer" else ("SM-8",)


def _troops(event: TroopsGained) -> tuple[str, ...]:
    # The source names the card: a troop card (SM-5), a pact (SM-7) or Foreign Aid (SM-8).
    if event.source.startswith(_AGREEMENTS):
        return ("SM-7",)
    return ("SM-8",) if event.source.startswith("Foreign Aid") else ("SM-5",)


def _truce_ended(event: TruceEnded) -> tuple[str, ...]:
    return ("SM-8",) if event.reason == "betrayed" else ("SM-7",)


_OWN: dict[type, Callable[[Any], tuple[str, ...]]] = {
    **diplomacy.EVENT_RULES,
    TerritoryTaken: _taken,
    TroopsGained: _troops,
    TruceEnded: _truce_ended,
    TruceBegan: attests("SM-7"),
    RoundBegan: attests("SM-1"),
    RoundEnded: attests("SM-1"),
    Passed: attests("SM-9"),
    ProposalDeferred: attests("SM-9"),
    GameOver: attests("DP-14", "SM-10", "SM-11"),
    Fortified: attests("SM-8"),
    EffectFizzled: attests("SM-8"),
    Deployed: attests("SM-3", "SM-4"),
    TroopDeployed: attests("SM-4"),
    BattleFought: attests("SM-6"),
    TrapSprung: attests("SM-13"),
    TrapLaid: attests("SM-13"),
    diplomacy.PactBroken: attests("DP-9", "SM-8"),
    diplomacy.PactExtended: attests("DP-8", "SM-14"),
    diplomacy.PactRevealed: attests("DP-9", "SM-7"),
}

EVENT_RULES = joined_event_rules(_OWN, territory.EVENT_RULES)
"""Every summit event type with the rules it attests, diplomacy's and the territory's
included (an attack's battle attests SM-6 and TR-4, TR-5)."""

SETUP_RULES: tuple[str, ...] = (*diplomacy.SETUP_RULES, "SM-1", "SM-2", *territory.SETUP_RULES)
"""The rules a new summit game applies: the seats (SM-1), the deal of the map (SM-2), and
diplomacy's opening hands and counters."""

RULE_IDS: tuple[str, ...] = (
    *(f"DP-{n}" for n in range(1, 15)),
    *(f"SM-{n}" for n in range(1, 17)),
    *territory.RULE_IDS,
)
"""Every rule ID summit relies on."""
