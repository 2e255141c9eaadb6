"""CB-10, CB-11: the host's Empower strengthens the next blow; its Heal restores hit points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.combat.support import PAPER, ROCK, SCISSORS, duel, exchange, fight, foe, hero, hp

from gamefold import EndRound, IllegalAction, replace
from gamefold.combat import (
    AbilityResolved,
    DamageDealt,
    Empower,
    Empowered,
    Heal,
    Healed,
    Ward,
    Withdraw,
    check,
    codes,
    describe,
    find,
    legal_actions,
    step,
)
from gamefold.combat.narration import EVENT_RULES


def _at(events: tuple, target: str) -> list[AbilityResolved]:
    return [e for e in events if isinstance(e, AbilityResolved) and e.target == target]


def test_cb10_an_edge_grows_and_reports_its_total() -> None:
    state, events = step(duel(), Empower("hero", 2))
    assert events == (Empowered("hero", 2, 2),)
    state, events = step(state, Empower("hero", 1))
    assert events == (Empowered("hero", 1, 3),)
    assert describe(events[0]) == "hero's next blow deals 1 more (3 in all)."
    assert EVENT_RULES[Empowered](events[0]) == ()


@pytest.mark.parametrize(("mine", "theirs", "base"), [(ROCK, PAPER, 4), (ROCK, ROCK, 2)])
def test_cb10_an_edge_adds_to_a_blow_that_lands(mine: object, theirs: object, base: int) -> None:
    """CB-1, CB-8: Rock beats Paper, Attack deals 4 on a win and 2 on a tie; the edge adds."""
    state, _ = step(duel(), Empower("hero", 3))
    after, events = exchange(state, mine, theirs)
    assert [(r.damage, r.boost) for r in _at(events, "orc")] == [(base + 3, 3)]
    assert hp(after, "orc") == 10 - base - 3
    assert find(after, "hero").edge == 0  # type: ignore[union-attr]


def test_cb10_an_edge_adds_nothing_to_a_blow_that_misses_and_wards_stop_it_too() -> None:
    """CB-8: a lost Attack deals nothing, with or without an edge; a ward stops the boost."""
    state, _ = step(duel(), Empower("hero", 3))
    _, events = exchange(state, PAPER, ROCK)
    assert [(r.damage, r.boost) for r in _at(events, "orc")] == [(0, 0)]
    state, _ = step(state, Ward("orc", 5))
    _, events = exchange(state, ROCK, PAPER)
    assert [(r.damage, r.prevented, r.boost) for r in _at(events, "orc")] == [(7, 5, 3)]
    assert DamageDealt("orc", 2, 8) in events


def test_cb10_an_unspent_edge_is_gone_at_round_end() -> None:
    state, _ = step(duel(), Empower("hero", 2))
    ended, events = step(state, EndRound())
    assert find(ended, "hero").edge == 0  # type: ignore[union-attr]
    assert events == ()


def test_cb11_heal_restores_hit_points_up_to_the_maximum() -> None:
    state, _ = exchange(duel(), PAPER, ROCK)  # the orc's win: hero at 6
    assert hp(state, "hero") == 6
    state, events = step(state, Heal("hero", 3))
    assert events == (Healed("hero", 3, 9),)
    state, events = step(state, Heal("hero", 3))
    assert events == (Healed("hero", 1, 10),)
    assert hp(state, "hero") == 10
    assert describe(events[0]) == "hero heals 1 (10 hit points)."
    assert EVENT_RULES[Healed](events[0]) == ("CB-11",)


@pytest.mark.parametrize("kind", [Empower, Heal])
@pytest.mark.parametrize(
    ("cid", "amount", "code"),
    [("hero", 0, codes.MALFORMED), ("nobody", 1, codes.UNKNOWN_COMBATANT)],
)
def test_en4_bad_boosts_are_refused_and_change_nothing(
    kind: type, cid: str, amount: int, code: str
) -> None:
    state = duel()
    action = kind(cid, amount)
    problem = check(state, action)
    assert problem is not None
    assert problem.code == code
    with pytest.raises(IllegalAction):
        step(state, action)


@pytest.mark.parametrize("kind", [Empower, Heal])
def test_cb11_the_fallen_take_no_boost_and_the_host_never_lists_one(kind: type) -> None:
    listed = [a for side in ("party", "hero", "orc") for a in legal_actions(duel(), side)]
    assert not [a for a in listed if isinstance(a, Empower | Heal)]
    gone, _ = step(fight(hero("hero"), hero("ann"), foe("orc")), Withdraw(("ann",), "trap"))
    problem = check(gone, kind("ann", 1))
    assert problem is not None
    assert (problem.code, problem.rule) == (codes.FALLEN, "CB-11")


@given(amount=st.integers(1, 20), hurt=st.sampled_from([ROCK, PAPER, SCISSORS]))
def test_cb11_heal_never_lifts_hit_points_above_the_maximum(amount: int, hurt: object) -> None:
    state, _ = exchange(duel(), ROCK, hurt)
    before = hp(state, "hero")
    after, events = step(state, Heal("hero", amount))
    assert hp(after, "hero") == min(10, before + amount)
    assert events == (Healed("hero", hp(after, "hero") - before, hp(after, "hero")),)


@pytest.mark.parametrize("kind", [Empower, Heal])
def test_cb11_a_combatant_on_its_last_hit_point_still_takes_a_boost(kind: type) -> None:
    """CB-11: 1 hit point left is standing, not fallen: a boost is legal and applies."""
    state = duel()
    state = replace(state, combatants=tuple(replace(c, hp=1) for c in state.combatants))
    assert check(state, kind("hero", 2)) is None
    _, events = step(state, kind("hero", 2))
    assert events == ((Empowered("hero", 2, 2),) if kind is Empower else (Healed("hero", 2, 3),))
