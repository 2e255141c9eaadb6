"""The counters' ranges: each bounded by the step its rules allow times the game's length,
true to the end of whole games, and small enough for a float32 observation."""

from __future__ import annotations

from typing import Any

import pytest
from tests.envs.bounds_check import assert_bounds_hold

from gamefold import ConfigError, EndRound, StartRound, combat, skills
from gamefold.domains import EXACT, span
from gamefold.envs import ObservationEncoder
from gamefold.games import GameDef, get_game, play


def _summit(**changes: Any) -> GameDef[Any]:
    return get_game("summit")().variant(changes)


def test_sd5_fatigue_is_bounded_by_the_deck_while_recycling_exhausts() -> None:
    """SD-5 (default 1 card exhausted a recycle): a player recycles at most ``deck_size``
    times, so Fatigue stays within ``deck_size * fatigue_on_recycle``; with
    ``exhaust_on_recycle=0`` nothing bounds the recycles, and Fatigue keeps the widest
    range."""
    assert skills.view_bounds(skills.SkillsConfig(), 2)["fatigue"] == (0.0, 30.0)
    doubled = skills.SkillsConfig(deck_size=12, hand_limit=3, fatigue_on_recycle=2)
    assert skills.view_bounds(doubled, 2)["fatigue"] == (0.0, 24.0)
    assert "fatigue" not in skills.view_bounds(skills.SkillsConfig(exhaust_on_recycle=0), 2)


def test_sd5_fatigue_reaches_its_bound_only_by_recycling() -> None:
    """A two-card deck recycled to the end: the Fatigue met never passes the bound, and the
    bound is met (SD-5, SD-6), so it is no looser than the rules."""
    config = skills.SkillsConfig(deck_size=2, hand_limit=1, gm_deck_size=2, gm_hand_limit=1)
    high = skills.view_bounds(config, 1)["fatigue"][1]
    state = skills.initial_state(config, ("ana",), seed=3)
    most = 0
    for _ in range(8):
        state = skills.reduce(state, StartRound())
        ana = skills.owner_of(state, "ana")
        most = max(most, ana.fatigue)
        if not ana.alive:  # SD-6: deck and discard both empty
            break
        for action in (
            skills.Activate("ana"),
            skills.Discard("ana", ana.hand[0]),  # SD-9: the next refill must draw
            skills.EndActivation("ana"),
            EndRound(),
        ):
            state = skills.reduce(state, action)
    assert most == high


def test_sm10_summit_s_counters_follow_max_rounds_and_the_config() -> None:
    """SM-10, SM-12: turns, proposal ids and pact tallies grow with the game's Rounds and
    the proposals a turn allows; the pool's counts with its cards (DP-1)."""
    base, longer = _summit().observation_bounds(), _summit(**{"scenario.max_rounds": 24})
    assert longer.observation_bounds()["turns"] == (0.0, 24.0) != base["turns"]
    assert longer.observation_bounds()["id"][1] == 2 * base["id"][1] + 1
    fewer = _summit(**{"scenario.proposals_per_turn": 1}).observation_bounds()
    assert fewer["proposals"] == (0.0, 1.0)
    assert fewer["len(pacts)"][1] == base["len(pacts)"][1] / 2


@pytest.mark.parametrize(("rounds", "accepted"), [(1, "pool"), (3, "pool"), (3, "partner")])
def test_summit_s_ranges_hold_to_the_end_of_whole_games(rounds: int, accepted: str) -> None:
    """Whole games, to their last Round (SM-10): no counter leaves its range, with an
    accepted proposal's cards back to the pool (DP-9's default) or kept by the partner,
    who may self-apply them (SM-5)."""
    game = _summit(**{"scenario.max_rounds": rounds, "diplomacy.accepted_cards": accepted})
    for seed in range(3):
        assert play(game, seed, max_steps=100_000).finished
    assert assert_bounds_hold(game, range(3), max_steps=100_000) > 3 * rounds


def test_cb12_cb14_a_fight_s_ranges_follow_its_config() -> None:
    """CB-12 (``condition_rounds`` 1 by default): a condition lasts its Round and
    ``condition_rounds`` more; CB-14 (2d3 by default): Stress grows by one roll at most."""
    fighters = (
        combat.Fighter("ana", combat.Side.PARTY),
        combat.Fighter("orc", combat.Side.ENEMIES),
    )
    plain = combat.view_bounds(combat.CombatConfig(), fighters)
    assert plain["rounds"] == (0.0, 2.0)
    assert plain["stress"] == (0.0, 6.0)
    assert plain["len(combatants)"] == (0.0, 2.0)
    longer = combat.CombatConfig(condition_rounds=3, stress_dice=3, stress_sides=4)
    assert combat.view_bounds(longer, fighters)["rounds"] == (0.0, 4.0)
    assert combat.view_bounds(longer, fighters)["stress"] == (0.0, 12.0)


def test_a_range_beyond_float32_is_a_config_error_naming_the_field() -> None:
    """A config whose counters could pass what a float32 holds exactly plays, but asking
    for its observation ranges (or an env's encoder) names the field to change."""
    big = {
        "scenario.max_rounds": 1_000,
        "diplomacy.ticks_per_card": 1_000,
        "diplomacy.quarters_per_territory": 1_000,
    }
    game = _summit(**big)
    assert play(game, 1, max_steps=50).actions
    with pytest.raises(ConfigError) as caught:
        ObservationEncoder(game)
    assert caught.value.field == "max_rounds"
    assert "float32" in str(caught.value)
    assert str(caught.value).count("\n") == 0
    with pytest.raises(ConfigError, match="turns"):
        span("turns", EXACT + 1, "SM-10")
    assert span("turns", EXACT, "SM-10") == (0.0, float(EXACT))


@pytest.mark.parametrize("name", ["skirmish", "summit", "campaign"])
def test_every_declared_range_fits_float32_exactly(name: str) -> None:
    """Every range a shipped game declares lies within ±2**24, where float32 (the envs'
    observation dtype) holds every whole number, and int32 too."""
    for low, high in get_game(name)().observation_bounds().values():
        assert -EXACT <= low < high <= EXACT
        assert float(low).is_integer()
        assert float(high).is_integer()


@pytest.mark.parametrize("scenario", sorted(get_game("skirmish").scenarios()))
def test_skirmish_s_ranges_hold_to_the_end_of_whole_fights(scenario: str) -> None:
    """Whole fights, to their end (SK-9): Stress after a flight (CB-14), conditions
    (CB-12), items and choices never leave their ranges."""
    cls = get_game("skirmish")
    game = cls(cls.scenarios()[scenario])
    assert all(play(game, seed, max_steps=100_000).finished for seed in range(3))
    assert assert_bounds_hold(game, range(3), max_steps=100_000) > 3


def test_campaign_s_ranges_hold_to_the_end_of_whole_games() -> None:
    """Two whole campaigns of two Rounds, battles included (CP-1): no range is cut."""
    game = get_game("campaign")().variant({"summit.scenario.max_rounds": 2})
    assert all(play(game, seed, max_steps=100_000).finished for seed in range(2))
    assert assert_bounds_hold(game, range(2), max_steps=100_000) > 2
