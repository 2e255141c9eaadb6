"""CB-10, CB-11: the host's Ward prevents damage in the next exchange, blow by blow."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.combat.support import PAPER, ROCK, SCISSORS, duel, exchange, fight, foe, hero, hp, paired

from gamefold import EndRound, IllegalAction
from gamefold.combat import (
    AbilityResolved,
    CombatantFell,
    DamageDealt,
    DamagePrevented,
    Declare,
    Ward,
    Warded,
    WardsLapsed,
    Withdraw,
    check,
    codes,
    describe,
    find,
    legal_actions,
    step,
)


def test_cb10_a_ward_grows_and_reports_its_total() -> None:
    state = duel()
    state, events = step(state, Ward("hero", 2))
    assert events == (Warded("hero", 2, 2),)
    state, events = step(state, Ward("hero", 1))
    assert events == (Warded("hero", 1, 3),)
    assert describe(events[0]) == "hero raises a shield of 1 (3 in all this Round)."


def test_cb10_a_ward_stops_damage_before_it_lands() -> None:
    """CB-10: Rock beats Paper (CB-1): the orc's win deals 4, the ward of 3 stops 3."""
    state, _ = step(duel(), Ward("hero", 3))
    after, events = exchange(state, PAPER, ROCK)
    resolved = [e for e in events if isinstance(e, AbilityResolved) and e.target == "hero"]
    assert [(r.damage, r.prevented) for r in resolved] == [(4, 3)]
    prevented = events.index(DamagePrevented("hero", 3))
    dealt = events.index(DamageDealt("hero", 1, 9))
    assert prevented == dealt - 1
    assert hp(after, "hero") == 9
    assert describe(DamagePrevented("hero", 3)) == "hero's shield stops 3 damage."


def test_cb10_a_ward_that_stops_everything_leaves_no_damage_event() -> None:
    state, _ = step(duel(), Ward("hero", 9))
    after, events = exchange(state, PAPER, ROCK)
    assert DamagePrevented("hero", 4) in events
    assert not [e for e in events if isinstance(e, DamageDealt) and e.combatant == "hero"]
    assert hp(after, "hero") == 10


def test_cb10_wards_are_spent_blow_by_blow_in_resolution_order() -> None:
    """Two winning blows of 4 at the hero, in combatant order: a ward of 5 stops 4, then 1."""
    state = paired(fight(hero("hero"), foe("orc"), foe("imp")))
    state, _ = step(state, Ward("hero", 5))
    for cid in ("orc", "imp"):
        state, _ = step(state, Declare(cid, "Attack", ROCK, "hero"))
    partner = find(state, "hero").partner  # type: ignore[union-attr]
    after, events = step(state, Declare("hero", "Attack", PAPER, partner or "orc"))
    at_hero = [e for e in events if isinstance(e, AbilityResolved) and e.target == "hero"]
    assert [(e.combatant, e.damage, e.prevented) for e in at_hero] == [
        ("orc", 4, 4),
        ("imp", 4, 1),
    ]
    assert DamageDealt("hero", 3, 7) in events
    assert hp(after, "hero") == 7


def test_cb11_a_ward_decides_falls_as_hit_points_would() -> None:
    state = duel(max_hp=4)
    warded, _ = step(state, Ward("hero", 1))
    after, events = exchange(warded, PAPER, ROCK)
    assert CombatantFell("hero") not in events
    assert hp(after, "hero") == 1
    unwarded, events = exchange(state, PAPER, ROCK)
    assert CombatantFell("hero") in events
    assert hp(unwarded, "hero") == 0


def test_cb10_what_is_left_of_a_ward_is_gone_after_the_exchange_and_at_round_end() -> None:
    state, _ = step(duel(), Ward("hero", 9))
    after, _ = exchange(state, ROCK, ROCK)
    assert find(after, "hero").ward == 0  # type: ignore[union-attr]
    ended, events = step(state, EndRound())
    assert find(ended, "hero").ward == 0  # type: ignore[union-attr]
    assert events == (WardsLapsed(),)  # told only when a ward was left
    assert step(after, EndRound())[1] == ()


@pytest.mark.parametrize(
    ("ward", "code"),
    [(Ward("hero", 0), codes.MALFORMED), (Ward("nobody", 1), codes.UNKNOWN_COMBATANT)],
)
def test_en4_bad_wards_are_refused_and_change_nothing(ward: Ward, code: str) -> None:
    state = duel()
    problem = check(state, ward)
    assert problem is not None
    assert problem.code == code
    with pytest.raises(IllegalAction):
        step(state, ward)


def test_cb11_a_fallen_or_withdrawn_combatant_takes_no_ward_and_the_host_never_lists_it() -> None:
    state = duel()
    assert not [
        a
        for side in ("party", "hero", "orc")
        for a in legal_actions(state, side)
        if isinstance(a, Ward)
    ]
    gone, _ = step(fight(hero("hero"), hero("ann"), foe("orc")), Withdraw(("ann",), "trap"))
    problem = check(gone, Ward("ann", 1))
    assert problem is not None
    assert (problem.code, problem.rule) == (codes.FALLEN, "CB-11")


@given(amount=st.integers(1, 20))
def test_cb11_a_ward_never_raises_hit_points(amount: int) -> None:
    state, _ = step(duel(), Ward("hero", amount))
    for mine, theirs in ((PAPER, ROCK), (ROCK, ROCK), (SCISSORS, ROCK)):
        after, _ = exchange(state, mine, theirs)
        assert hp(after, "hero") <= 10
        assert hp(after, "hero") >= 10 - max(0, 4 - amount)
