"""The named skirmish scenarios (``--scenario NAME``): the defaults, the classic skirmish,
a siege, an ambush and a duel small enough to solve.
"""

from __future__ import annotations

import attrs

from gamefold.combat import ATTACK, CombatConfig, Fighter, Side, Zone
from gamefold.errors import ConfigError
from gamefold.games.skirmish.defaults import (
    DEFAULT_ENEMIES,
    OWN_ABILITIES,
    SKIRMISH_ABILITIES,
    SKIRMISH_DECK,
)
from gamefold.games.skirmish.settings import SkirmishConfig
from gamefold.skills import SkillsConfig

__all__ = ["SCENARIOS", "scenario", "scenario_names"]


def _siege() -> SkirmishConfig:
    """A long siege: thin decks and sturdy enemies, so Fatigue and fatal exhaustion decide."""
    walls = (
        Fighter("ogre", Side.ENEMIES, max_hp=26, abilities=OWN_ABILITIES),
        Fighter("orc", Side.ENEMIES, max_hp=20, abilities=OWN_ABILITIES),
        Fighter("archer", Side.ENEMIES, Zone.REARWARD, max_hp=14, abilities=OWN_ABILITIES),
    )
    deck = SkillsConfig(
        deck=SKIRMISH_DECK, gm_deck=SKIRMISH_DECK, deck_size=10, exhaust_on_recycle=2
    )
    return SkirmishConfig(enemies=walls, skills=deck)


def _ambush() -> SkirmishConfig:
    """An ambush from Rearward: archers shoot from the back, the party stands in Forward, and
    a retreat fails while the party is outnumbered (CB-13's dire check); conditions last
    two full Rounds after the one they were inflicted in."""
    archers = (
        Fighter("brute", Side.ENEMIES, max_hp=12, abilities=OWN_ABILITIES),
        Fighter("archer", Side.ENEMIES, Zone.REARWARD, max_hp=8, abilities=OWN_ABILITIES),
        Fighter("sniper", Side.ENEMIES, Zone.REARWARD, max_hp=8, abilities=OWN_ABILITIES),
        Fighter("scout", Side.ENEMIES, Zone.REARWARD, max_hp=6, abilities=OWN_ABILITIES),
    )
    fight = CombatConfig(abilities=SKIRMISH_ABILITIES, dire="outnumbered", condition_rounds=2)
    return SkirmishConfig(enemies=archers, combat=fight, rearward=())


def _classic() -> SkirmishConfig:
    """The skirmish before zones, conditions and levels mattered: gamefold's default deck and
    combat catalogue, everyone but the archer in Forward, no own abilities, no items, and
    card effects other than shields and draws flavour only."""
    earlier = {"goblin": 10, "orc": 14, "archer": 10}
    enemies = tuple(attrs.evolve(e, abilities=(), max_hp=earlier[e.id]) for e in DEFAULT_ENEMIES)
    return SkirmishConfig(
        enemies=enemies,
        skills=SkillsConfig(),
        combat=CombatConfig(),
        ability_costs={"Attack": 1},
        side_choice=False,
        gm_reaction_windows=False,
        card_damage=None,
        heal_effects={},
        burn_effects={},
        dodge_effects=(),
        rearward=(),
        party_abilities=(),
        party_items=(),
    )


def _duel() -> SkirmishConfig:
    """A duel small enough to solve: ana against a goblin, one hit point each, one free
    Attack whose Hand (CB-1) decides the exchange, one-card decks and hands, no reaction
    windows, card effects flavour only. A game is one exchange of a few decisions, so its
    whole tree (some five hundred states a seed) fits OpenSpiel's CFR."""
    goblin = Fighter("goblin", Side.ENEMIES, max_hp=1)
    deck = SkillsConfig(
        deck=SKIRMISH_DECK,
        gm_deck=SKIRMISH_DECK,
        deck_size=1,
        gm_deck_size=1,
        hand_limit=1,
        gm_hand_limit=1,
    )
    fight = CombatConfig(abilities=(ATTACK,), basic=("Attack",), max_hp=1)
    return SkirmishConfig(
        party_size=1,
        enemies=(goblin,),
        skills=deck,
        combat=fight,
        ability_costs={},
        card_abilities={},
        reaction_effects={},
        reaction_windows=False,
        gm_reaction_windows=False,
        side_choice=False,
        card_damage=None,
        heal_effects={},
        burn_effects={},
        dodge_effects=(),
        party_abilities=(),
        party_items=(),
    )


SCENARIOS: dict[str, SkirmishConfig] = {
    "default": SkirmishConfig(),
    "classic": _classic(),
    "siege": _siege(),
    "ambush": _ambush(),
    "duel": _duel(),
}
"""The named skirmish scenarios (``--scenario NAME``), each told by the function making it
and in the scenarios table of ``docs/games/skirmish.md``."""


def scenario_names() -> tuple[str, ...]:
    """The names of the skirmish scenarios, in :data:`SCENARIOS` order."""
    return tuple(SCENARIOS)


def scenario(name: str) -> SkirmishConfig:
    """The config of the scenario ``name``; a ``ConfigError`` names the known ones."""
    if name not in SCENARIOS:
        known = ", ".join(SCENARIOS)
        raise ConfigError("scenario", f"unknown scenario {name!r}; known: {known}", "EN-4")
    return SCENARIOS[name]
