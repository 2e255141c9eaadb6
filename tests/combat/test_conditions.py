"""CB-12: Stoned, Folded and Dulled forbid a Hand, and end after one Round by default."""

from __future__ import annotations

import pytest

from gamefold import EndRound, StartRound
from gamefold.combat import (
    ATTACK,
    DEFEND,
    Ability,
    Afflict,
    Affliction,
    CombatConfig,
    CombatState,
    Condition,
    ConditionApplied,
    ConditionEnded,
    Declare,
    Hand,
    Inflict,
    Outcome,
    Stance,
    allowed_hands,
    check,
    codes,
    describe,
    legal_actions,
    waiting_for,
)
from gamefold.combat.combatants import find

from .support import (
    PAPER,
    REARWARD,
    ROCK,
    SCISSORS,
    attack,
    code_of,
    duel,
    fight,
    foe,
    hero,
    hp,
    paired,
    play,
)

CONDITIONS = [
    (Condition.STONED, ROCK),
    (Condition.FOLDED, PAPER),
    (Condition.DULLED, SCISSORS),
]


def hands_listed(state: CombatState, who: str) -> set[Hand | None]:
    return {a.hand for a in legal_actions(state, who) if isinstance(a, Declare)}


def conditions(state: CombatState, who: str) -> tuple[Affliction, ...]:
    c = find(state, who)
    assert c is not None
    return c.conditions


@pytest.mark.parametrize(("condition", "hand"), CONDITIONS)
def test_cb12_a_condition_forbids_its_hand_this_round_and_the_next(
    condition: Condition, hand: Hand
) -> None:
    """CB-12 (default reading): applied in Round r, a condition forbids its Hand until the
    end of Round r+1, so the next Round's exchange meets it too."""
    state, events = play(duel(), StartRound(), Afflict("hero", condition))
    assert events == (ConditionApplied("hero", condition, 1),)
    assert code_of(state, attack("hero", hand, "orc")) == codes.HAND_FORBIDDEN
    assert hands_listed(state, "hero") == set(Hand) - {hand}
    assert hands_listed(state, "orc") == set(Hand)  # only the afflicted one
    state, events = play(state, EndRound())  # the end of Round r: it still holds
    assert events == ()
    assert code_of(state, attack("hero", hand, "orc")) == codes.HAND_FORBIDDEN
    state, events = play(state, StartRound(), EndRound())  # the end of Round r+1
    assert events == (ConditionEnded("hero", condition),)
    assert check(state, attack("hero", hand, "orc")) is None
    assert hands_listed(state, "hero") == set(Hand)


@pytest.mark.parametrize(("condition", "hand"), CONDITIONS)
def test_cb12_a_longer_duration_ends_on_time(condition: Condition, hand: Hand) -> None:
    """CB-12: "unless stated otherwise": given 2 Rounds it lasts two full Rounds after the
    one it was applied in: three Round ends."""
    state, _ = play(duel(), StartRound(), Afflict("hero", condition, 2), EndRound(), EndRound())
    assert conditions(state, "hero") == (Affliction(condition, 1),)
    assert code_of(state, attack("hero", hand, "orc")) == codes.HAND_FORBIDDEN
    state, events = play(state, EndRound())
    assert events == (ConditionEnded("hero", condition),)
    assert conditions(state, "hero") == ()


@pytest.mark.parametrize("rounds", [1, 0, 3])
def test_cb12_condition_rounds_default_and_other_value(rounds: int) -> None:
    """CB-12: condition_rounds (1 by default) full Rounds after the one applied in: the
    condition survives exactly ``rounds`` Round ends and ends at the next; at 0 (the
    plainer reading) it ends at the end of the Round it was applied in."""
    start = duel(condition_rounds=rounds)
    state, events = play(start, StartRound(), Afflict("hero", Condition.STONED))
    assert events == (ConditionApplied("hero", Condition.STONED, rounds),)
    state, _ = play(state, *(EndRound() for _ in range(rounds)))
    assert conditions(state, "hero") == (Affliction(Condition.STONED, 1),)
    state, events = play(state, EndRound())
    assert events == (ConditionEnded("hero", Condition.STONED),)


def test_cb12_condition_rounds_is_one_by_default() -> None:
    assert CombatConfig().condition_rounds == 1


def test_cb12_repeating_a_condition_keeps_the_longer_duration() -> None:
    """CB-12: applying a condition again never shortens it."""
    state, events = play(
        duel(),
        StartRound(),
        Afflict("hero", Condition.FOLDED, 3),
        Afflict("hero", Condition.FOLDED, 1),
    )
    assert events[-1] == ConditionApplied("hero", Condition.FOLDED, 3)
    assert conditions(state, "hero") == (Affliction(Condition.FOLDED, 4),)


def test_cb12_no_hand_left_no_hand_abilities() -> None:
    """CB-12 (default): with all three Hands forbidden, Hand abilities are gone."""
    brace = Ability(name="Brace", stance=Stance.DEFENSIVE, hands=(), damage_win=1)
    state = fight(
        hero("hero", abilities=("Brace",)),
        foe("orc"),
        abilities=(ATTACK, DEFEND, brace),
    )
    state = paired(
        play(
            state, *(Afflict("hero", c) for c in Condition), *(Afflict("orc", c) for c in Condition)
        )[0]
    )
    afflicted = find(state, "hero")
    assert afflicted is not None
    assert allowed_hands(afflicted) == ()
    assert {a.ability for a in legal_actions(state, "hero") if isinstance(a, Declare)} == {"Brace"}
    assert code_of(state, attack("hero", ROCK, "orc")) == codes.HAND_FORBIDDEN
    # The orc has no ability left: the exchange does not wait for it.
    assert legal_actions(state, "orc") == ()
    assert waiting_for(state) == ("hero",)
    state, _ = play(state, Declare("hero", "Brace", None, "orc"))
    assert state.exchange == 1


def test_cb12_an_ability_can_inflict_a_condition() -> None:
    """CB-12: an ability's ``inflicts`` puts a condition on its target when it wins."""
    trip = Ability(
        name="Trip",
        stance=Stance.OFFENSIVE,
        damage_win=1,
        inflicts=(Inflict(condition=Condition.STONED, rounds=2),),
    )
    state = paired(
        fight(hero("hero", abilities=("Trip",)), foe("orc"), abilities=(ATTACK, DEFEND, trip))
    )
    state, _ = play(state, StartRound())
    state, events = play(state, Declare("hero", "Trip", ROCK, "orc"), attack("orc", PAPER, "hero"))
    assert ConditionApplied("orc", Condition.STONED, 2) in events
    assert conditions(state, "orc") == (Affliction(Condition.STONED, 3),)
    state, events = play(
        state, Declare("hero", "Trip", ROCK, "orc"), attack("orc", SCISSORS, "hero")
    )
    assert not any(isinstance(e, ConditionApplied) for e in events)  # a loss: nothing


def _hexing(*inflicts: Inflict) -> Ability:
    return Ability(name="Hex", stance=Stance.OFFENSIVE, damage_win=1, inflicts=inflicts)


def test_cb12_an_ability_can_inflict_several_conditions_in_its_own_order() -> None:
    """CB-12: every ``Inflict`` of the outcome lands, in order; the others are skipped."""
    hex_ = _hexing(
        Inflict(condition=Condition.STONED, on=Outcome.TIE),
        Inflict(condition=Condition.FOLDED),
        Inflict(condition=Condition.STONED, on=Outcome.LOSS),
        Inflict(condition=Condition.DULLED, rounds=3),
    )
    state = paired(
        fight(hero("hero", abilities=("Hex",)), foe("orc"), abilities=(ATTACK, DEFEND, hex_))
    )
    state, _ = play(state, StartRound())
    state, events = play(state, Declare("hero", "Hex", ROCK, "orc"), attack("orc", PAPER, "hero"))
    assert [e for e in events if isinstance(e, ConditionApplied)] == [
        ConditionApplied("orc", Condition.FOLDED, 1),
        ConditionApplied("orc", Condition.DULLED, 3),
    ]
    assert conditions(state, "orc") == (  # CB-12: this Round's end, then 1 or 3 more
        Affliction(Condition.FOLDED, 2),
        Affliction(Condition.DULLED, 4),
    )
    assert conditions(state, "hero") == ()


def test_cb12_conditions_land_on_each_target_and_skip_only_the_fallen() -> None:
    """CB-11, CB-12: two Hexes in one exchange: the first target falls and gets nothing, the
    second stands and gets its condition; the fallen one does not stop the other."""
    hex_ = _hexing(Inflict(condition=Condition.STONED))
    state = paired(
        fight(
            hero("a", abilities=("Hex",)),
            hero("b", REARWARD, abilities=("Hex",)),
            foe("x", max_hp=1),
            foe("y", REARWARD, max_hp=2),  # left standing on its last hit point
            abilities=(ATTACK, DEFEND, hex_),
        )
    )
    state, events = play(
        state,
        StartRound(),
        Declare("a", "Hex", ROCK, "x"),
        Declare("b", "Hex", ROCK, "y"),
        attack("x", PAPER, "a"),
        attack("y", SCISSORS, "a"),
    )
    assert [e for e in events if isinstance(e, ConditionApplied)] == [
        ConditionApplied("y", Condition.STONED, 1)
    ]
    assert conditions(state, "x") == ()
    assert conditions(state, "y") == (Affliction(Condition.STONED, 2),)  # CB-12: two Round ends
    assert hp(state, "y") == 1
    assert conditions(state, "a") == conditions(state, "b") == ()


def test_cb12_conditions_wait_for_the_exchange_and_the_living() -> None:
    """CB-12: conditions are applied between exchanges, to standing combatants only."""
    mid, _ = play(duel(), attack("hero", ROCK, "orc"))
    assert code_of(mid, Afflict("orc", Condition.STONED)) == codes.EXCHANGE_UNDER_WAY
    assert code_of(duel(), Afflict("ghost", Condition.STONED)) == codes.UNKNOWN_COMBATANT
    assert code_of(duel(), Afflict("hero", Condition.STONED, -1)) == codes.MALFORMED
    state = paired(fight(hero("a"), foe("x", max_hp=1), foe("y", REARWARD)))
    state, _ = play(state, attack("a", ROCK, "x"), attack("x", PAPER, "a"), attack("y", ROCK, "a"))
    assert state.ending is None
    assert code_of(state, Afflict("x", Condition.STONED)) == codes.FALLEN


BETWEEN = {
    "before any StartRound": (),
    "after a Round ended": (StartRound(), EndRound()),
}


@pytest.mark.parametrize("before", BETWEEN.values(), ids=list(BETWEEN))
@pytest.mark.parametrize(("rounds", "ends"), [(1, 1), (0, 1), (2, 2)])
def test_cb12_a_condition_applied_between_rounds_counts_from_the_next_round(
    before: tuple[StartRound | EndRound, ...], rounds: int, ends: int
) -> None:
    """CB-12: applied between Rounds (before any StartRound, or after a Round ended and
    before the next starts), a condition ends at the end of the Round that starts next at
    ``condition_rounds=1`` (the default): one whole Round, never two. At 0 (the plainer
    reading) it ends at the end of the next Round too; at 2, after the two Rounds that start
    next."""
    state, _ = play(duel(condition_rounds=rounds), *before)
    assert not state.in_round
    state, events = play(state, Afflict("hero", Condition.STONED))
    assert events == (ConditionApplied("hero", Condition.STONED, ends, in_round=False),)
    assert describe(events[0]) == (
        "hero is stoned for the next Round."
        if ends == 1
        else f"hero is stoned for the next {ends} Rounds."
    )
    for _ in range(ends - 1):
        state, events = play(state, StartRound(), EndRound())
        assert events == ()
        assert code_of(state, attack("hero", ROCK, "orc")) == codes.HAND_FORBIDDEN
    state, _ = play(state, StartRound())
    assert code_of(state, attack("hero", ROCK, "orc")) == codes.HAND_FORBIDDEN  # a whole Round
    state, events = play(state, EndRound())
    assert events == (ConditionEnded("hero", Condition.STONED),)
    assert check(state, attack("hero", ROCK, "orc")) is None


@pytest.mark.parametrize(("rounds", "ends"), [(1, 2), (0, 1), (2, 3)])
def test_cb12_a_condition_applied_in_a_round_counts_that_round_too(rounds: int, ends: int) -> None:
    """CB-12: applied in Round r, a condition lasts ``condition_rounds`` full Rounds after
    it: ends at the end of Round r + 1 by default, of Round r itself at 0, of r + 2 at 2."""
    state, _ = play(duel(condition_rounds=rounds), StartRound())
    assert state.in_round
    state, events = play(state, Afflict("hero", Condition.STONED))
    assert events == (ConditionApplied("hero", Condition.STONED, ends - 1),)
    assert describe(events[0]) == (
        "hero is stoned for this Round."
        if ends == 1
        else f"hero is stoned for this Round and {ends - 1} more."
    )
    for _ in range(ends - 1):
        state, events = play(state, EndRound(), StartRound())
        assert events == ()
    state, events = play(state, EndRound())
    assert events == (ConditionEnded("hero", Condition.STONED),)


def test_cb12_an_ability_inflicting_between_rounds_lasts_the_next_round_only() -> None:
    """CB-12: an exchange resolved between Rounds (no Round under way) inflicts a condition
    that ends at the end of the next Round, at the default ``condition_rounds=1``."""
    hex_ = _hexing(Inflict(condition=Condition.FOLDED))
    state = paired(
        fight(hero("hero", abilities=("Hex",)), foe("orc"), abilities=(ATTACK, DEFEND, hex_))
    )
    state, events = play(state, Declare("hero", "Hex", ROCK, "orc"), attack("orc", PAPER, "hero"))
    assert ConditionApplied("orc", Condition.FOLDED, 1, in_round=False) in events
    assert conditions(state, "orc") == (Affliction(Condition.FOLDED, 1),)
    state, events = play(state, StartRound(), EndRound())
    assert ConditionEnded("orc", Condition.FOLDED) in events


def test_cb12_start_and_end_of_a_round_keep_in_round_and_report_nothing_new() -> None:
    """CB-12: StartRound marks a Round under way (twice is the same state); EndRound ends it."""
    state = duel()
    started, events = play(state, StartRound())
    assert (started.in_round, events) == (True, ())
    assert play(started, StartRound())[0] is started
    ended, events = play(started, EndRound())
    assert (ended.in_round, events) == (False, ())
