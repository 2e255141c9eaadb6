"""Tick counters, income and earning (DP-1, DP-3 … DP-6)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.diplomacy.helpers import begin, full_turn, of_type, table

from gamefold import ConfigError, IllegalAction
from gamefold.diplomacy import (
    HAND_LIMIT_RANGE,
    BeginTurn,
    BonusZone,
    CardDestroyed,
    CardEarned,
    Counter,
    DiplomacyConfig,
    DrawFailed,
    Kind,
    Ticks,
    TicksGained,
    as_ticks,
    check,
    step,
)
from gamefold.diplomacy.invariants import violations
from gamefold.diplomacy.ticks import MAX_TURN_CARDS

ZONES = {
    "capital": BonusZone(Kind.VALUE, 31 * 4),
    "harbour": BonusZone(Kind.AGREEMENT, 4),
    "pass": BonusZone(Kind.STANDALONE, 2),
}


def ticks(state, seat: int = 0) -> Ticks:
    return state.players[seat].ticks


def test_dp4_60_turns_holding_one_territory_earn_exactly_one_random_card_on_the_60th() -> None:
    state = table(players=("ann", "bob"))
    earned_on = []
    for turn in range(1, 61):
        state, events = full_turn(state, territories=1)  # ann
        earned_on += [turn] * len(of_type(events, CardEarned))
        state, _ = full_turn(state)  # bob holds nothing
    assert earned_on == [60]
    assert ticks(state) == Ticks()
    assert len(state.players[0].hand) == 4


def test_dp3_ticks_are_exact_quarter_ticks_never_floats() -> None:
    state = table(players=("ann",))
    for _ in range(7):
        state, _ = full_turn(state, territories=3)
    assert ticks(state).random == 21
    assert type(ticks(state).random) is int
    assert as_ticks(ticks(state).random) == Fraction(21, 4)


def test_dp6_a_bonus_worth_31_ticks_earns_two_cards_and_leaves_1() -> None:
    state = table(DiplomacyConfig(bonus_zones=ZONES), players=("ann",))
    state, events = begin(state, zones=("capital",))
    earned = of_type(events, CardEarned)
    assert [e.counter for e in earned] == [Counter.VALUE, Counter.VALUE]
    assert all(state.config.cards[e.card].kind is Kind.VALUE for e in earned)
    assert as_ticks(ticks(state).value) == 1


def test_dp6_the_remainder_carries_over_to_the_next_turn() -> None:
    config = DiplomacyConfig(bonus_zones={"ridge": BonusZone(Kind.AGREEMENT, 16 * 4)})
    state = table(config, players=("ann",))
    state, first = full_turn(state, zones=("ridge",))
    assert len(of_type(first, CardEarned)) == 1
    assert ticks(state).agreement == 4
    state, second = full_turn(state, zones=("ridge",))
    assert len(of_type(second, CardEarned)) == 1
    assert ticks(state).agreement == 8


def test_dp6_exactly_15_ticks_earn_a_card_and_leave_nothing() -> None:
    state = table(players=("ann",))
    state, events = begin(state, territories=60)
    assert len(of_type(events, CardEarned)) == 1
    assert ticks(state).random == 0


def test_dp5_bonus_zones_feed_only_their_own_counter_and_territories_only_random() -> None:
    state = table(DiplomacyConfig(bonus_zones=ZONES), players=("ann",))
    state, events = begin(state, territories=2, zones=("harbour", "pass"))
    assert ticks(state) == Ticks(random=2, agreement=4, value=0, standalone=2)
    gained = {(e.counter, e.quarters) for e in of_type(events, TicksGained)}
    assert gained == {(Counter.RANDOM, 2), (Counter.AGREEMENT, 4), (Counter.STANDALONE, 2)}


def test_dp5_two_zones_of_one_kind_add_up() -> None:
    zones = {"a": BonusZone(Kind.VALUE, 3), "b": BonusZone(Kind.VALUE, 5)}
    state = table(DiplomacyConfig(bonus_zones=zones), players=("ann",))
    state, _ = begin(state, zones=("a", "b"))
    assert ticks(state).value == 8


def test_dp4_quarters_per_territory_is_a_config_field() -> None:
    state = table(DiplomacyConfig(quarters_per_territory=4), players=("ann",))
    state, events = begin(state, territories=16)
    assert len(of_type(events, CardEarned)) == 1
    assert as_ticks(ticks(state).random) == 1


def test_dp6_ticks_per_card_is_a_config_field() -> None:
    config = DiplomacyConfig(ticks_per_card=10, bonus_zones=ZONES)
    state = table(config, players=("ann",))
    state, events = begin(state, zones=("capital",))
    assert len(of_type(events, CardEarned)) == 3
    assert as_ticks(ticks(state).value) == 1


def test_dp1_an_empty_kind_draws_nothing_and_the_ticks_are_kept() -> None:
    config = DiplomacyConfig(
        composition={"Troops T1": 3, "Siege T1": 1},
        bonus_zones={"fort": BonusZone(Kind.STANDALONE, 60), "bank": BonusZone(Kind.AGREEMENT, 60)},
    )
    state = table(config, players=("ann",))
    state, events = full_turn(state, zones=("fort", "bank"))
    assert [e.counter for e in of_type(events, CardEarned)] == [Counter.STANDALONE]
    assert of_type(events, DrawFailed) == [DrawFailed("ann", Counter.AGREEMENT)]
    assert ticks(state).agreement == 60
    assert ticks(state).standalone == 0
    state, events = full_turn(state, zones=("fort",))
    assert of_type(events, DrawFailed) == [
        DrawFailed("ann", Counter.AGREEMENT),
        DrawFailed("ann", Counter.STANDALONE),
    ]
    assert ticks(state).agreement == 60
    assert ticks(state).standalone == 60


def test_dp6_the_random_counter_draws_from_the_whole_pool() -> None:
    config = DiplomacyConfig(composition={"Troops T1": 3, "Fortify T1": 2})
    state = table(config, players=("ann",))
    state, events = begin(state, territories=120)
    earned = [state.config.cards[e.card].name for e in of_type(events, CardEarned)]
    assert earned == ["Fortify T1", "Fortify T1"]
    assert len(state.pool) == 0


def test_dp4_dp5_a_turn_holding_nothing_gains_nothing_and_reports_nothing() -> None:
    state = table(DiplomacyConfig(bonus_zones=ZONES), players=("ann",))
    state, _ = full_turn(state, territories=3)
    before = ticks(state)
    state, events = begin(state)
    assert before == Ticks(random=3)
    assert of_type(events, TicksGained) == []
    assert ticks(state) == before


def test_dp5_each_counter_reports_one_gain_in_counter_order_whatever_the_zone_order() -> None:
    """DP-5: zones of one kind add up into one TicksGained; Random first, then Agreement,
    Value, Standalone; a turn with no territory reports no Random gain."""
    zones = {**ZONES, "a": BonusZone(Kind.VALUE, 3), "b": BonusZone(Kind.VALUE, 5)}
    state = table(DiplomacyConfig(bonus_zones=zones), players=("ann",))
    state, events = begin(state, zones=("pass", "b", "harbour", "a"))
    assert of_type(events, TicksGained) == [
        TicksGained("ann", Counter.AGREEMENT, 4),
        TicksGained("ann", Counter.VALUE, 8),
        TicksGained("ann", Counter.STANDALONE, 2),
    ]
    assert ticks(state) == Ticks(random=0, agreement=4, value=8, standalone=2)


def test_dp5_a_zone_worth_nothing_reports_nothing() -> None:
    state = table(DiplomacyConfig(bonus_zones={"marsh": BonusZone(Kind.VALUE, 0)}), ("ann",))
    state, events = begin(state, territories=1, zones=("marsh",))
    assert of_type(events, TicksGained) == [TicksGained("ann", Counter.RANDOM, 1)]
    assert ticks(state) == Ticks(random=1)


def test_dp4_dp5_income_adds_to_the_counters_already_there() -> None:
    zones = {"vault": BonusZone(Kind.VALUE, 5)}
    state = table(DiplomacyConfig(bonus_zones=zones, quarters_per_territory=2), ("ann",))
    state, _ = full_turn(state, territories=3, zones=("vault",))
    state, events = full_turn(state, territories=4, zones=("vault",))
    assert of_type(events, TicksGained) == [
        TicksGained("ann", Counter.RANDOM, 8),
        TicksGained("ann", Counter.VALUE, 5),
    ]
    assert ticks(state) == Ticks(random=6 + 8, value=10)


def test_dp1_en3_each_draw_moves_the_states_stream_on() -> None:
    """DP-1, EN-3: a card earned is drawn with the state's RNG, which moves on with each
    draw: the stream after two earned cards differs from the one after one, and from the
    stream before."""
    state = table(players=("ann",))
    once, one = begin(state, territories=60)
    twice, two = begin(state, territories=120)
    assert (len(of_type(one, CardEarned)), len(of_type(two, CardEarned))) == (1, 2)
    assert len({state.rng, once.rng, twice.rng}) == 3


def test_dp6_a_165_tick_zone_and_a_random_card_due_earn_all_12_cards_in_one_turn_start() -> None:
    """DP-6: a Value zone worth 165 ticks is 11 cards due and the Random counter, at 14.75
    ticks, reaches 15 with one territory: all 12 cards are earned in that turn start, never
    capped, and every counter is left at 0."""
    config = DiplomacyConfig(bonus_zones={"treasury": BonusZone(Kind.VALUE, 165 * 4)})
    state = table(config, players=("ann",))
    state, _ = full_turn(state, territories=59)  # 14.75 ticks on Random
    state, events = begin(state, territories=1, zones=("treasury",))
    earned = [e.counter for e in of_type(events, CardEarned)]
    assert earned == [Counter.RANDOM] + [Counter.VALUE] * 11
    assert ticks(state) == Ticks()
    assert len(state.players[0].hand) == 3 + 12


@pytest.mark.parametrize("limit", [20, 15])
def test_dp6_dp13_a_300_tick_zone_earns_20_cards_each_under_the_hand_limit(limit: int) -> None:
    """DP-6: 300 ticks (a full hand at the largest hand limit) plus 7 carried earn 20 cards
    in one turn start and leave 7 ticks; DP-13 applies to each card as it is earned, so past
    the limit each new card destroys one held card."""
    zones = {"vault": BonusZone(Kind.VALUE, 300 * 4), "mint": BonusZone(Kind.VALUE, 7 * 4)}
    state = table(DiplomacyConfig(bonus_zones=zones, hand_limit=limit), players=("ann",))
    state, _ = full_turn(state, zones=("mint",))
    state, events = begin(state, zones=("vault",))
    assert len(of_type(events, CardEarned)) == 20
    assert len(of_type(events, CardDestroyed)) == 3 + 20 - limit
    assert as_ticks(ticks(state).value) == 7
    assert len(state.players[0].hand) == limit
    assert violations(state) == []


def test_dp6_the_income_bound_allows_at_least_a_full_hand_at_the_largest_limit() -> None:
    """DP-6: one turn start may add MAX_TURN_CARDS cards' worth of ticks, at least a full
    hand at the largest hand limit (20 cards, 300 ticks at the default price)."""
    config = DiplomacyConfig()
    assert HAND_LIMIT_RANGE[1] <= MAX_TURN_CARDS
    assert config.max_income == MAX_TURN_CARDS * 15 * 4 >= 300 * 4
    assert DiplomacyConfig(ticks_per_card=10, quarters_per_tick=2).max_income == (
        MAX_TURN_CARDS * 10 * 2
    )


@pytest.mark.parametrize(("ticks_per_card", "tick"), [(15, 4), (10, 2)])
def test_dp6_bonus_zones_feeding_more_than_one_turn_start_may_add_are_a_config_error(
    ticks_per_card: int, tick: int
) -> None:
    """DP-6: a player may hold every zone, so the zones together are bounded by
    ``max_income``; at the bound the config is accepted, one unit more is a ConfigError
    naming ``bonus_zones``."""
    bound = MAX_TURN_CARDS * ticks_per_card * tick
    half = BonusZone(Kind.VALUE, bound // 2)

    def build(extra: int) -> DiplomacyConfig:
        rest = BonusZone(Kind.AGREEMENT, bound - bound // 2 + extra)
        return DiplomacyConfig(
            ticks_per_card=ticks_per_card,
            quarters_per_tick=tick,
            bonus_zones={"a": half, "b": rest},
        )

    assert build(0).max_income == bound
    with pytest.raises(ConfigError) as err:
        build(1)
    assert (err.value.field, err.value.rule) == ("bonus_zones", "DP-6")


def test_dp6_a_turn_start_adding_more_than_the_bound_is_refused_and_changes_nothing() -> None:
    """DP-6: the territories a turn start reports enter bounded: at ``max_income`` the turn
    begins and earns every card due; one territory more is refused with
    ``diplomacy/income-too-large``, the state untouched."""
    config = DiplomacyConfig(quarters_per_territory=4)
    state = table(config, players=("ann",))
    too_many = config.max_income // 4 + 1
    problem = check(state, BeginTurn("ann", too_many))
    assert problem is not None
    assert (problem.code, problem.rule) == ("diplomacy/income-too-large", "DP-6")
    with pytest.raises(IllegalAction):
        step(state, BeginTurn("ann", too_many))
    after, events = begin(state, territories=too_many - 1)
    assert len(of_type(events, CardEarned)) == MAX_TURN_CARDS
    assert ticks(after) == Ticks()
