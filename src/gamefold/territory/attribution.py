"""The TR rules the territory's events attest, for rule coverage (:func:`gamefold.sim.coverage`).

A game composing the territory joins :data:`EVENT_RULES` into its own table (summit's adds
its SM rules to the same events); refusals attest their own rule (a truce's, TR-6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold.core import attests
from gamefold.territory.battle import BattleFought, TrapSprung
from gamefold.territory.deploying import TroopDeployed
from gamefold.territory.state import TerritoryTaken

__all__ = ["EVENT_RULES", "RULE_IDS", "SETUP_RULES"]


def _taken(event: TerritoryTaken) -> tuple[str, ...]:
    return ("TR-5",) if event.cause == "attack" else ()


EVENT_RULES: dict[type, Callable[[Any], tuple[str, ...]]] = {
    TroopDeployed: attests("TR-3"),
    BattleFought: attests("TR-4", "TR-5", "TR-8"),
    TerritoryTaken: _taken,
    TrapSprung: attests("TR-7"),
}
"""Every territory event type with the TR rules it attests."""

SETUP_RULES: tuple[str, ...] = ("TR-1", "TR-2")
"""The rules a new map applies: the deal with its troops (TR-1), and the zones it makes
held (TR-2)."""

RULE_IDS: tuple[str, ...] = tuple(f"TR-{n}" for n in range(1, 9))
"""Every TR rule, in order. Every battle attests TR-8 as it attests TR-5: TR-8 bounds its
draws (a battle of more than ``MAX_TROOPS`` troops would first fight a volley). The
volley itself needs such a battle, which no game of normal size has: it is tested
directly."""
