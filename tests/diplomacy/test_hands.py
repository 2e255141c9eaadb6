"""Hands: the limit and its overflow rule, Discard, self-apply, scoring (DP-1, DP-10 … DP-14)."""

from __future__ import annotations

import collections
import math

import pytest
from tests.diplomacy.helpers import arrange, begin, end, full_turn, hand, ids_of, of_type, table

from gamefold import Action, IllegalAction, Rng, replace
from gamefold.diplomacy import (
    CardDestroyed,
    CardDiscarded,
    CardEarned,
    CardForfeited,
    Counter,
    DeployDebtDue,
    DiplomacyConfig,
    DiplomacyState,
    Discard,
    Kind,
    Propose,
    Score,
    SelfApplied,
    SelfApply,
    check,
    codes,
    held_count,
    locked_cards,
    scores,
    step,
)
from gamefold.diplomacy.invariants import violations


def _cards(config: DiplomacyConfig, **counts: int) -> list[int]:
    out: list[int] = []
    for name, n in counts.items():
        out += ids_of(config, name.replace("_", " "))[:n]
    return out


def _locked_table(limit: int, locked_sets: int):
    """ann holds ``limit`` cards, ``locked_sets`` Ceasefire proposals locking 2 each."""
    config = DiplomacyConfig(hand_limit=limit, proposal_ttl=2)
    state = table(config)
    ceasefires = ids_of(config, "Ceasefire T1")[:locked_sets]
    troops = ids_of(config, "Troops T1")[: limit - locked_sets]
    state = arrange(state, {"ann": (*ceasefires, *troops)})
    state, _ = begin(state)
    for i, agreement in enumerate(ceasefires):
        state = step(state, Propose("ann", "bob", agreement, (troops[i],)))[0]
    state = end(state)
    for _ in range(2):  # bob's and cy's turns
        state, _ = full_turn(state)
    assert held_count(state, 0) == limit
    return state


def test_dp13_earning_at_the_limit_destroys_a_random_unlocked_card_in_its_place() -> None:
    state = _locked_table(limit=10, locked_sets=3)
    before = hand(state, "ann")
    locked = locked_cards(state, "ann")
    state, events = begin(state, territories=60)
    (destroyed,) = of_type(events, CardDestroyed)
    (earned,) = of_type(events, CardEarned)
    assert destroyed.card in before
    assert destroyed.card not in locked
    after = hand(state, "ann")
    assert after[before.index(destroyed.card)] == earned.card
    assert locked_cards(state, "ann") == locked
    assert held_count(state, 0) == 10
    assert destroyed.card in state.pool.of(state.config.cards[destroyed.card].kind)
    assert violations(state) == []


DP13_TRIALS = 1400
"""Earnings at the limit sampled by the uniformity test: 200 per unlocked card."""
DP13_ALPHA = 1e-4
"""The uniformity test's false-failure rate: the chance that a uniform choice, sampled with
seeds picked at random, fails it. The seeds are fixed, so the test is deterministic; should
a legitimate change of the RNG stream make it fail, that is a 1-in-10,000 event to confirm
with other seeds before suspecting the rule."""


def _chi_square_p_value_6_dof(statistic: float) -> float:
    """P(X >= statistic) for a chi-square variable with 6 degrees of freedom (exact form)."""
    half = statistic / 2
    return math.exp(-half) * (1 + half + half * half / 2)


def test_dp13_the_destroyed_card_is_uniform_among_the_unlocked_cards() -> None:
    """DP-13: the card destroyed at the limit is a *random* unlocked one, each equally likely.

    ann holds 11 cards at a limit of 11, 4 of them locked in two proposals, so 7 unlocked
    cards in hand. Each trial earns one card with a fresh seed for the state's RNG. The
    position of the destroyed card in the hand is counted over the trials and Pearson's
    chi-square test (6 degrees of freedom) must not reject uniformity at DP13_ALPHA. Always
    destroying the oldest card (or any fixed one) puts every trial in one position, a
    statistic of 8400, and fails.
    """
    state = _locked_table(limit=11, locked_sets=2)
    held = hand(state, "ann")
    locked = set(locked_cards(state, "ann"))
    assert len(held) == 7
    positions: collections.Counter[int] = collections.Counter()
    for seed in range(DP13_TRIALS):
        _, events = begin(replace(state, rng=Rng.from_seed(seed)), territories=60)
        (destroyed,) = of_type(events, CardDestroyed)
        assert destroyed.card not in locked
        positions[held.index(destroyed.card)] += 1
    expected = DP13_TRIALS / len(held)
    statistic = sum((positions[i] - expected) ** 2 / expected for i in range(len(held)))
    assert _chi_square_p_value_6_dof(statistic) > DP13_ALPHA, (statistic, positions)


def test_dp13_en3_destroying_a_card_draws_on_the_states_stream() -> None:
    """DP-13, EN-3: the destroyed card is chosen with the state's RNG, which moves on: the
    same turn start leaves the stream further on at the limit than one card below it."""
    config = DiplomacyConfig(hand_limit=10)
    troops = ids_of(config, "Troops T1")
    at_limit = arrange(table(config), {"ann": troops[:10]})
    below = arrange(table(config), {"ann": troops[:9]})
    at_limit, events = begin(at_limit, territories=60)
    below, calm = begin(below, territories=60)
    assert len(of_type(events, CardDestroyed)) == 1
    assert of_type(calm, CardDestroyed) == []
    assert at_limit.rng != below.rng


def test_dp13_the_uniformity_check_rejects_a_fixed_choice() -> None:
    """DP-13: the chi-square bound above rejects the "always the oldest card" reading."""
    always_first = DP13_TRIALS * (7 - 1)  # every trial in one of 7 positions
    assert _chi_square_p_value_6_dof(always_first) < DP13_ALPHA
    assert _chi_square_p_value_6_dof(0.0) == 1.0
    assert _chi_square_p_value_6_dof(22.46) == pytest.approx(1e-3, rel=0.01)


def test_dp13_earning_at_the_limit_with_every_card_locked_returns_the_new_card() -> None:
    config = DiplomacyConfig(hand_limit=10, proposal_ttl=2)
    state = table(config)
    big = ids_of(config, "Covert Support T2")[:2]
    small = ids_of(config, "Ceasefire T1")[:2]
    troops = ids_of(config, "Troops T1")[:6]
    state = arrange(state, {"ann": (*big, *small, *troops)})
    state, _ = begin(state)
    state = step(state, Propose("ann", "bob", big[0], tuple(troops[0:2])))[0]
    state = step(state, Propose("ann", "cy", big[1], tuple(troops[2:4])))[0]
    state = step(state, Propose("ann", "bob", small[0], (troops[4],)))[0]
    state = step(state, Propose("ann", "cy", small[1], (troops[5],)))[0]
    assert hand(state, "ann") == ()
    assert held_count(state, 0) == 10
    state = end(state)
    state, _ = full_turn(state)
    state, _ = full_turn(state)
    pool_size = len(state.pool)
    state, events = begin(state, territories=60)
    (forfeited,) = of_type(events, CardForfeited)
    assert (forfeited.player, forfeited.counter) == ("ann", Counter.RANDOM)
    assert of_type(events, CardEarned) == []
    assert of_type(events, CardDestroyed) == []
    assert len(state.pool) == pool_size
    assert held_count(state, 0) == 10
    assert forfeited.card in state.pool.of(state.config.cards[forfeited.card].kind)


@pytest.mark.parametrize("limit", [10, 15, 20])
def test_dp13_below_the_limit_an_earned_card_is_added_and_at_it_one_is_destroyed(
    limit: int,
) -> None:
    config = DiplomacyConfig(hand_limit=limit)
    state = arrange(table(config), {"ann": ids_of(config, "Troops T1")[: limit - 1]})
    state, events = full_turn(state, territories=60)
    assert of_type(events, CardDestroyed) == []
    assert len(hand(state, "ann")) == limit
    state, _ = full_turn(full_turn(state)[0])
    state, events = begin(state, territories=60)
    assert len(of_type(events, CardDestroyed)) == 1
    assert len(hand(state, "ann")) == limit


def _refusals(state: DiplomacyState) -> list[tuple[Action, str, str]]:
    """Discards and self-applies refused for each reason during ann's turn, with the code
    and the sentence of each refusal."""
    config = state.config
    ann = hand(state, "ann")
    agreement = next(c for c in ann if config.cards[c].kind is not Kind.VALUE)
    troops = next(c for c in ann if config.cards[c].kind is Kind.VALUE)
    locked = locked_cards(state, "ann")[0]
    stranger = hand(state, "bob")[0]
    unseated = "'zed' is not seated at this table."
    not_held = f"ann does not hold card {stranger}."
    is_locked = f"Card {locked} is locked in a pending proposal until it is answered or expires."
    wrong = f"{config.cards[agreement].name} is not a value card."
    return [
        (Discard("zed", troops), codes.UNKNOWN_PLAYER, unseated),
        (Discard("ann", stranger), codes.CARD_NOT_IN_HAND, not_held),
        (Discard("ann", locked), codes.CARD_LOCKED, is_locked),
        (SelfApply("zed", troops), codes.UNKNOWN_PLAYER, unseated),
        (SelfApply("ann", stranger), codes.CARD_NOT_IN_HAND, not_held),
        (SelfApply("ann", locked), codes.CARD_LOCKED, is_locked),
        (SelfApply("ann", agreement), codes.WRONG_KIND, wrong),
    ]


def test_en4_dp10_dp11_a_refused_discard_or_self_apply_carries_the_action() -> None:
    """EN-4, DP-10, DP-11: each refusal names its code, says why in a sentence and carries the
    offending action, from ``check`` and from ``step`` alike."""
    config = DiplomacyConfig(proposal_ttl=2)
    state = table(config)
    ceasefire = ids_of(config, "Ceasefire T1")[0]
    troops = ids_of(config, "Troops T1")[:3]
    state = arrange(state, {"ann": (ceasefire, ids_of(config, "Ceasefire T1")[1], *troops)})
    state, _ = begin(state)
    state = step(state, Propose("ann", "bob", ceasefire, (troops[0],)))[0]
    for action, code, sentence in _refusals(state):
        problem = check(state, action)
        assert problem is not None, action
        assert (problem.code, problem.message, problem.action) == (code, sentence, action)
        with pytest.raises(IllegalAction) as refused:
            step(state, action)
        assert refused.value == problem


def test_dp1_discard_returns_the_card_to_the_pool_at_once() -> None:
    state, _ = begin(table())
    card = hand(state, "ann")[0]
    state, events = step(state, Discard("ann", card))
    assert events == (CardDiscarded("ann", card),)
    assert card not in hand(state, "ann")
    assert card in state.pool.value


def test_dp11_self_apply_gives_troops_now_and_half_as_debt_next_turn() -> None:
    state, _ = begin(table())
    first, second = hand(state, "ann")[:2]
    state, events = step(state, SelfApply("ann", first))
    assert events == (SelfApplied("ann", first, 3, 1),)
    state = step(state, SelfApply("ann", second))[0]
    assert first in state.pool.value
    assert state.players[0].deploy_debt == 2
    state = end(state)
    state, _ = full_turn(full_turn(state)[0])
    state, events = begin(state)
    assert of_type(events, DeployDebtDue) == [DeployDebtDue("ann", 2)]
    assert state.players[0].deploy_debt == 0
    state, events = full_turn(full_turn(end(state))[0])
    assert of_type(events, DeployDebtDue) == []


def test_dp11_debt_rounding_up_is_the_other_choice() -> None:
    state, _ = begin(table(DiplomacyConfig(debt_rounding="up")))
    card = hand(state, "ann")[0]
    state, events = step(state, SelfApply("ann", card))
    assert events == (SelfApplied("ann", card, 3, 2),)


def test_dp11_only_value_cards_are_self_applied() -> None:
    config = DiplomacyConfig()
    fortify = ids_of(config, "Fortify T1")[0]
    state, _ = begin(arrange(table(config), {"ann": (fortify,)}))
    problem = check(state, SelfApply("ann", fortify))
    assert problem is not None
    assert (problem.code, problem.rule) == (
        "diplomacy/wrong-kind",
        "DP-11",
    )


@pytest.mark.parametrize("make", [Discard, SelfApply])
def test_dp10_a_locked_card_cannot_be_discarded_or_self_applied(make: type) -> None:
    state = _locked_table(limit=12, locked_sets=1)
    state, _ = begin(state)
    for card in locked_cards(state, "ann"):
        with pytest.raises(IllegalAction) as err:
            step(state, make("ann", card))
        assert (err.value.code, err.value.rule) == ("diplomacy/card-locked", "DP-10")


def test_discard_and_self_apply_need_the_players_own_turn_and_card() -> None:
    state, _ = begin(table())
    bobs = hand(state, "bob")[0]
    for action, code in [
        (Discard("bob", bobs), "diplomacy/not-your-turn"),
        (SelfApply("bob", bobs), "diplomacy/not-your-turn"),
        (Discard("ann", bobs), "diplomacy/card-not-in-hand"),
        (Discard("zed", bobs), "diplomacy/unknown-player"),
    ]:
        with pytest.raises(IllegalAction) as err:
            step(state, action)
        assert err.value.code == code


def test_dp14_scores_count_the_points_of_the_cards_held_locked_ones_by_default() -> None:
    state = _locked_table(limit=10, locked_sets=3)
    # ann: 4 Troops T1 (1 point each) in hand, 3 x (Ceasefire T1 + Troops T1) locked.
    assert scores(state)[0] == Score("ann", 4 * 1 + 3 * (1 + 1))
    bob = state.players[1]
    assert scores(state)[1] == Score("bob", sum(state.config.cards[c].points for c in bob.hand))


def test_dp14_score_locked_false_counts_only_the_unlocked_hand() -> None:
    state = _locked_table(limit=10, locked_sets=3)
    config = DiplomacyConfig(hand_limit=10, proposal_ttl=2, score_locked=False)
    state = replace(state, config=config)
    assert scores(state)[0] == Score("ann", 4 * 1)
