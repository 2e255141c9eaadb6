"""Every game of the matrix observes within its ranges, and the shipped ones range every
slot when an env serves them (its ``max_steps`` bounding the counters no rule caps)."""

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


# Why a slot keeps the envs' widest range: no step bound exists for what it counts.
_FIGHT = "nothing caps a fight's Rounds (SK-9: it ends when a side is down or flees)"
_EXCHANGE = "an activation's Burns and Dodges add up without a cap (SD-15, SK-5, SK-15)"
_GM_BURNS = "the GM's Burned cards return to its discard pile (SD-7): its Burns are uncapped"
_BATTLES = "nothing caps a turn's battles (CP-1; CP-7's fall back keeps the troops)"
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
_CAMPAIGN = {
    **{k.replace("skirmish.", "campaign.skirmish.", 1): _BATTLES for k in _SKIRMISH},
    "clock.round": _BATTLES,
    "skills.round": _BATTLES,
    "combat.exchange": _BATTLES,
    "combat.combatants[].ward": _EXCHANGE,
    "combat.combatants[].edge": _EXCHANGE,
    "skills.owners[].modifiers.len": _GM_BURNS,
    "campaign.summit.round": "shares its name with the Skill decks' Rounds, uncapped",
    "campaign.battle.first_round": _BATTLES,
    "campaign.battles": _BATTLES,
    "campaign.records[].attacks": _BATTLES,
    "campaign.records[].defences": _BATTLES,
}
FALLBACK: dict[str, dict[str, str]] = {
    "skirmish": _SKIRMISH,
    "house-rule": _SKIRMISH,
    "summit": {},
    "campaign": _CAMPAIGN,
    "skeleton": {"skills.owners[].modifiers.len": _GM_BURNS},
}
"""Per matrix row, each slot left at the envs' widest range (±2**31) by an encoder with no
horizon, and why."""

HORIZON_FALLBACK: dict[str, dict[str, str]] = {label: {} for label in FALLBACK}
"""Per matrix row, each slot left at the envs' widest range by an env's encoder, whose
horizon is its ``max_steps``, and why: none, since one action moves each counter above by a
bounded amount (``GameDef.observation_growth``)."""


@pytest.mark.parametrize("subject", [c for c in CELLS if c.values[0].label in FALLBACK])
def test_only_the_named_slots_keep_the_widest_range(subject: Subject, here: Path) -> None:
    """Every slot of the game's observation has a range from its config but those
    :data:`FALLBACK` names, each with its reason: a new counter gets a range or a line."""
    assert fallback(subject.load()) == set(FALLBACK[subject.label])


@pytest.mark.parametrize("subject", [c for c in CELLS if c.values[0].label in HORIZON_FALLBACK])
def test_with_a_horizon_only_the_named_slots_keep_the_widest_range(
    subject: Subject, here: Path
) -> None:
    """An env's encoder (a horizon of its ``max_steps``, 10,000 by default) ranges every
    slot but those :data:`HORIZON_FALLBACK` names: the counters nothing caps grow by a
    bounded amount an action, so ``max_steps`` actions bound them."""
    assert fallback(subject.load(), horizon=10_000) == set(HORIZON_FALLBACK[subject.label])


@pytest.mark.parametrize("subject", CELLS)
def test_a_short_horizon_s_ranges_hold_over_whole_truncated_games(
    subject: Subject, here: Path
) -> None:
    """With a short ``max_steps`` the ranges the horizon gives are near the values reached,
    and still none is cut nor left: the growth an action is true, not merely large."""
    assert assert_bounds_hold(subject.load(), range(4), max_steps=40) > 4
