"""EN-8: no config number makes one step cost more: the calls of a step stay flat up to the
number's bound.

Each case plays the same game twice from one seed, once with a config number at a moderate
value and once at its bound (``docs/records.md``, "Config limits"), always taking the first
legal action, and counts the function calls (Python and C) each ``Rules.step`` makes, with
:func:`sys.setprofile`: never the time. The costliest step at the bound must not cost more
than a small constant above the costliest at the moderate value; a loop over the number
itself (one call a Fatigue point, a Round, a die face, a tick) would multiply it.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamefold.games import GameDef
from gamefold.games.skirmish import Skirmish
from gamefold.games.summit import Summit

STEPS = 40
"""Steps played in each game: past setup, through reaction windows, Rounds and turns."""

CASES: tuple[tuple[str, str, int, int], ...] = (
    ("skirmish", "skills.fatigue_on_recycle", 20, 1_000),
    ("skirmish", "combat.max_hp", 1_000, 1_000_000),
    ("skirmish", "combat.condition_rounds", 20, 1_000),
    ("skirmish", "combat.stress_sides", 20, 1_000),
    ("skirmish", "combat.stress_dice", 2, 20),
    ("skirmish", "combat.body_slots", 20, 1_000),
    ("skirmish", "dodge_sides", 20, 1_000),
    ("skirmish", "dodge_shield", 1_000, 1_000_000),
    ("summit", "diplomacy.proposal_ttl", 20, 1_000),
    ("summit", "diplomacy.ticks_per_card", 20, 1_000),
    ("summit", "diplomacy.quarters_per_tick", 20, 1_000),
    # DP-6: the default map (18 territories, zones feeding 204) keeps a turn start's income
    # to 40 cards' worth (2,400 quarters), so 122 is this figure's bound there.
    ("summit", "diplomacy.quarters_per_territory", 20, 122),
    ("summit", "scenario.proposals_per_turn", 20, 1_000),
    ("summit", "scenario.extend_turns", 20, 1_000),
    ("summit", "scenario.fort_levels", 20, 1_000),
    ("summit", "scenario.fort_strength", 20, 1_000),
    ("summit", "scenario.siege_territories", 20, 1_000),
    ("summit", "scenario.march_territories", 20, 1_000),
    ("summit", "scenario.transfer_territories", 20, 1_000),
    ("summit", "scenario.territories_per_troop", 20, 1_000),
    ("summit", "scenario.max_rounds", 20, 1_000),
)


def _calls(step: Any, state: Any, action: Any) -> tuple[Any, int]:
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        after = step(state, action)[0]
    finally:
        sys.setprofile(None)
    return after, count


def costliest_step(game: GameDef[Any], seed: int) -> int:
    """The most calls any one step of the first ``STEPS`` takes, first legal action always."""
    state, most = game.setup(seed), 0
    for _ in range(STEPS):
        if game.is_over(state):
            break
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            action = game.rules.legal_actions(state, actor)[0]
        state, count = _calls(game.rules.step, state, action)
        most = max(most, count)
    return most


GAMES: dict[str, GameDef[Any]] = {
    "skirmish": Skirmish(),
    "summit": Summit(),
}


@pytest.mark.parametrize(
    ("name", "path", "moderate", "bound"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES]
)
@settings(max_examples=1)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_en8_a_step_costs_no_more_with_a_config_number_at_its_bound(
    name: str, path: str, moderate: int, bound: int, seed: int
) -> None:
    game = GAMES[name]
    low = costliest_step(game.variant(**{path: moderate}), seed)
    high = costliest_step(game.variant(**{path: bound}), seed)
    assert high <= 2 * low + 500, f"{path}: {low} calls at {moderate}, {high} at {bound}"
