"""The rules skirmish's play attests, for rule coverage (:func:`gamefold.sim.coverage`).

Skills' and combat's events attest their SD and CB rules (each package's ``EVENT_RULES``);
:func:`event_rules` adds the SK rules the game's own events and the subsystems' events show
in this game; :func:`attested` adds the zone rules a declaration shows in the combat state
(:func:`gamefold.combat.declaration_rules`). Refusals attest their own rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold import combat, skills
from gamefold.combat import (
    AbilityResolved,
    CombatantFell,
    CombatEnded,
    ConditionApplied,
    Declared,
    ExchangeRevealed,
    Fled,
    Moved,
    PairingsAssigned,
    RetreatFailed,
    Warded,
)
from gamefold.core import Event, attests
from gamefold.games.base import joined_event_rules
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.state import (
    DeclarationHeld,
    DeclarationLapsed,
    Dodged,
    LeftTheFight,
    ShieldsDropped,
)
from gamefold.registry import Game
from gamefold.skills import CardBurned, CardPlayed, CostPaid, HandLimitChanged, UnitDefeated

__all__ = ["OWN_RULES", "attested", "event_rules", "rule_ids"]

OWN_RULES: tuple[str, ...] = tuple(f"SK-{n}" for n in range(1, 19))
"""The skirmish's own rule IDs."""


def _played(config: SkirmishConfig) -> Callable[[Any], tuple[str, ...]]:
    def attest(event: CardPlayed) -> tuple[str, ...]:
        effect = event.effect
        if effect.name in config.card_abilities:
            damage = config.card_damage
            return ("SK-3", "SK-16") if damage and effect.params.get(damage, 0) > 0 else ("SK-3",)
        return ("SK-16",) if effect.name in config.heal_effects else ()

    return attest


def _burned(config: SkirmishConfig) -> Callable[[Any], tuple[str, ...]]:
    def attest(event: CardBurned) -> tuple[str, ...]:
        acts = any(m.stat in config.burn_effects and m.amount > 0 for m in event.modifiers)
        return ("SK-17",) if acts else ()

    return attest


def _held(config: SkirmishConfig) -> Callable[[Any], tuple[str, ...]]:
    def attest(event: DeclarationHeld) -> tuple[str, ...]:
        return ("SK-4",) if event.target in config.party else ("SK-18",)

    return attest


def _fled(event: Fled) -> tuple[str, ...]:
    return ("SK-8", "SK-14") if event.lost else ("SK-8",)


def event_rules(config: SkirmishConfig) -> dict[type, Callable[[Any], tuple[str, ...]]]:
    """Every event type of a skirmish with the rules it attests under ``config``."""
    own: dict[type, Callable[[Any], tuple[str, ...]]] = {
        PairingsAssigned: attests("SK-1"),
        ExchangeRevealed: attests("SK-1"),
        CostPaid: attests("SK-2"),
        CardPlayed: _played(config),
        CardBurned: _burned(config),
        DeclarationHeld: _held(config),
        Warded: attests("SK-5"),
        ShieldsDropped: attests("SK-5"),
        LeftTheFight: attests("SK-6"),
        DeclarationLapsed: attests("SK-6"),
        CombatantFell: attests("SK-7"),
        UnitDefeated: attests("SK-7"),
        Fled: _fled,
        Moved: attests("SK-11"),
        Dodged: attests("SK-15", "SD-8"),
        HandLimitChanged: attests("SK-12"),
        ConditionApplied: attests("SK-13"),
        RetreatFailed: attests("SK-8"),
        CombatEnded: attests("SK-9"),
        AbilityResolved: attests(),
    }
    return joined_event_rules(skills.EVENT_RULES, combat.EVENT_RULES, own)


def attested(
    table: dict[type, Callable[[Any], tuple[str, ...]]], game: Game, events: tuple[Event, ...]
) -> tuple[str, ...]:
    """The rules ``events`` attest, ``game`` being the state after them."""
    found: list[str] = []
    for event in events:
        attest = table.get(type(event))
        if attest is not None:
            found.extend(attest(event))
        if isinstance(event, Declared):
            zones = combat.declaration_rules(game["combat"], event)
            found.extend(zones)
            if "CB-4" in zones:
                found.append("SK-10")  # a zone-bound ability of the skirmish's catalogue
    return tuple(found)


def rule_ids() -> tuple[str, ...]:
    """SD-1 … SD-15, CB-1 … CB-15 and the skirmish's own SK rules."""
    return (*skills.RULE_IDS, *combat.RULE_IDS, *OWN_RULES)
