"""Every game of the matrix observes within its ranges, and the shipped ones take float16."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.envs.bounds_check import assert_bounds_hold
from tests.envs.slots import fallback
from tests.matrix.subjects import Subject, params

CELLS = params()


@pytest.mark.parametrize("subject", CELLS)
def test_gymnasium_observations_stay_within_the_game_s_ranges(subject: Subject, here: Path) -> None:
    """The ranges a game declares (or none: a user's game may not) hold over random games:
    no slot of any player's view is ever cut to its range, none leaves it."""
    assert assert_bounds_hold(subject.load(), range(3), max_steps=300) > 1


# Why a slot keeps the envs' widest range: no step bound exists for what it counts, or the
# bound is not derived from the config yet.
_FIGHT = "nothing caps a fight's Rounds (SK-9: it ends when a side is down or flees)"
_EXCHANGE = "an activation's Burns and Dodges add up without a cap (SD-15, SK-5, SK-15)"
_GM_BURNS = "the GM's Burned cards return to its discard pile (SD-7): its Burns are uncapped"
_BATTLES = "nothing caps a turn's battles (CP-1; CP-7's fall back keeps the troops)"
_CARDS = "not derived: troops enter with cards and pacts in a turn (SM-4, SM-5, SM-7)"
_DEBT = "not derived: each self-applied Value card adds debt in a turn (DP-11)"
_SKIRMISH = {
    "clock.round": _FIGHT,
    "skills.round": _FIGHT,
    "combat.exchange": _FIGHT,
    **{
        f"skirmish.tallies[].{tally}": _FIGHT
        for tally in (
            "damage_dealt",
            "damage_taken",
            "damage_prevented",
            "cards_played",
            "cards_burned",
            "cards_paid",
            "reactions",
            "death_round",
            "fell_round",
        )
    },
    "combat.combatants[].ward": _EXCHANGE,
    "combat.combatants[].edge": _EXCHANGE,
    "skills.owners[].modifiers.len": _GM_BURNS,
}
_SUMMIT = {
    "diplomacy.players[].deploy_debt": _DEBT,
    "map.realms[].debt": _DEBT,
    "map.realms[].troops": _CARDS,
    "map.garrisons[]": _CARDS,
    "map.realms[].conquests": "nothing caps a turn's attacks (SM-6)",
}
_CAMPAIGN = {
    **_SUMMIT,
    **{k.replace("skirmish.", "campaign.skirmish.", 1): _BATTLES for k in _SKIRMISH},
    "clock.round": _BATTLES,
    "skills.round": _BATTLES,
    "combat.exchange": _BATTLES,
    "combat.combatants[].ward": _EXCHANGE,
    "combat.combatants[].edge": _EXCHANGE,
    "skills.owners[].modifiers.len": _GM_BURNS,
    "campaign.summit.round": "shares its name with the Skill decks' Rounds, uncapped",
    "combat.combatants[].hp": "a champion's hit points come from its troops (CP-3)",
    "combat.combatants[].max_hp": "as hp",
    "campaign.battle.hp": "as hp",
    "campaign.battle.troops": _CARDS,
    "campaign.battle.reserve": _CARDS,
    "campaign.battle.first_round": _BATTLES,
    "campaign.battles": _BATTLES,
    "campaign.records[].attacks": _BATTLES,
    "campaign.records[].conquests": _BATTLES,
    "campaign.records[].defences": _BATTLES,
}
FALLBACK: dict[str, dict[str, str]] = {
    "skirmish": _SKIRMISH,
    "house-rule": _SKIRMISH,
    "summit": _SUMMIT,
    "campaign": _CAMPAIGN,
    "skeleton": {"skills.owners[].modifiers.len": _GM_BURNS},
}
"""Per matrix row, each slot left at the envs' widest range (±2**31), and why."""


@pytest.mark.parametrize("subject", [c for c in CELLS if c.values[0].label in FALLBACK])
def test_only_the_named_slots_keep_the_widest_range(subject: Subject, here: Path) -> None:
    """Every slot of the game's observation has a range from its config but those
    :data:`FALLBACK` names, each with its reason: a new counter gets a range or a line."""
    assert fallback(subject.load()) == set(FALLBACK[subject.label])
