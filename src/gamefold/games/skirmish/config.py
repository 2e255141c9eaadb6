"""The skirmish configuration: the party, the enemies, both subsystems and every game default.

It is made in four modules and gathered here, so that its names import from here as they
always did: the defaults the rules name (:mod:`~gamefold.games.skirmish.defaults`), the
:class:`SkirmishConfig` record (:mod:`~gamefold.games.skirmish.settings`), the checks a
config passes when built (:mod:`~gamefold.games.skirmish.checks`) and the named scenarios
(:mod:`~gamefold.games.skirmish.scenarios`).
"""

from __future__ import annotations

from gamefold.games.skirmish.defaults import (
    BASH,
    BURN_KINDS,
    DEFAULT_ENEMIES,
    EFFECT_PARAMS,
    MAX_ENTRIES,
    MAX_SEATS,
    MAX_SHIELD,
    PARTY_NAMES,
    SHOOT,
    SKIRMISH_ABILITIES,
    SKIRMISH_DECK,
)

# DEFAULT_BURN_EFFECTS, MAX_DODGE_SIDES and OWN_ABILITIES import from here too, unlisted.
from gamefold.games.skirmish.defaults import DEFAULT_BURN_EFFECTS as DEFAULT_BURN_EFFECTS
from gamefold.games.skirmish.defaults import MAX_DODGE_SIDES as MAX_DODGE_SIDES
from gamefold.games.skirmish.defaults import OWN_ABILITIES as OWN_ABILITIES
from gamefold.games.skirmish.scenarios import SCENARIOS, scenario, scenario_names
from gamefold.games.skirmish.settings import SkirmishConfig

__all__ = [
    "BASH",
    "BURN_KINDS",
    "DEFAULT_ENEMIES",
    "EFFECT_PARAMS",
    "MAX_ENTRIES",
    "MAX_SEATS",
    "MAX_SHIELD",
    "PARTY_NAMES",
    "SCENARIOS",
    "SHOOT",
    "SKIRMISH_ABILITIES",
    "SKIRMISH_DECK",
    "SkirmishConfig",
    "scenario",
    "scenario_names",
]
