"""How a fight ends (CB-11, CB-13 … CB-15): 1 hit point is still standing; a flight's
escapers, those left behind and the Rng the Stress rolls leave."""

from __future__ import annotations

from gamefold import StartRound
from gamefold.combat import (
    Afflict,
    CombatantWithdrawn,
    CombatEnded,
    CombatState,
    Condition,
    ConditionApplied,
    DamageDealt,
    DamagePrevented,
    Ending,
    Fled,
    Move,
    Moved,
    Retreat,
    StressGained,
    Ward,
    Withdraw,
    Zone,
    check,
    legal_actions,
)
from gamefold.combat.combatants import index_of

from .support import (
    PAPER,
    REARWARD,
    ROCK,
    SCISSORS,
    attack,
    fight,
    foe,
    get,
    hero,
    hp,
    paired,
    play,
)


def test_cb11_the_enemies_win_when_the_party_has_fallen() -> None:
    """CB-11: x's Rock beats a's Paper for 4: a falls, x stands: the enemies won."""
    state = paired(fight(hero("a", max_hp=4), foe("x")))
    state, events = play(state, attack("a", PAPER, "x"), attack("x", ROCK, "a"))
    assert events[-1] == CombatEnded(Ending.ENEMIES_WON)
    assert state.ending is Ending.ENEMIES_WON


def test_cb11_one_hit_point_left_is_still_standing() -> None:
    """CB-11: x drops to 1 hit point: it still stands, and the fight goes on."""
    state = paired(fight(hero("a"), foe("x", max_hp=5)))
    state, events = play(state, attack("a", ROCK, "x"), attack("x", PAPER, "a"))
    assert hp(state, "x") == 1
    assert state.ending is None
    assert not [e for e in events if isinstance(e, CombatEnded)]
    party_low = paired(fight(hero("a", max_hp=5), foe("x")))
    party_low, _ = play(party_low, attack("a", PAPER, "x"), attack("x", ROCK, "a"))
    assert (hp(party_low, "a"), party_low.ending) == (1, None)


def test_index_of_an_unknown_combatant_is_minus_one() -> None:
    """The documented lookup answer for an id not in the fight."""
    state = fight(hero("a"), foe("x"))
    assert [index_of(state, cid) for cid in ("a", "x", "ghost")] == [0, 1, -1]


def _b_at_one_hit_point() -> CombatState:
    """a (10) paired with x, b (1 of 5) with y, after y's Rock beat b's Paper."""
    state = paired(
        fight(hero("a"), hero("b", max_hp=5), foe("x"), foe("y")), ("a", "x"), ("b", "y")
    )
    state, _ = play(
        state,
        attack("a", ROCK, "x"),
        attack("b", PAPER, "y"),
        attack("x", PAPER, "a"),
        attack("y", ROCK, "b"),
    )
    assert hp(state, "b") == 1
    return state


def test_cb15_an_ally_at_one_hit_point_is_not_fallen_and_cannot_be_carried() -> None:
    """CB-15: only a fallen ally is carried; b still stands at 1 hit point."""
    problem = check(_b_at_one_hit_point(), Retreat("a", carry="b"))
    assert problem is not None
    assert (problem.code, problem.message) == (
        "combat/not-fallen-ally",
        "'b' is not a fallen ally of a.",
    )


def test_cb13_cb15_an_escaper_at_one_hit_point_is_not_left_behind() -> None:
    """CB-13/CB-15: b, at 1 hit point, agrees and escapes; nobody is left behind."""
    state = _b_at_one_hit_point()
    state, events = play(
        state, Retreat("a"), Retreat("b"), attack("x", ROCK, "a"), attack("y", ROCK, "b")
    )
    (fled,) = [e for e in events if isinstance(e, Fled)]
    assert (fled.escaped, fled.left_behind) == (("a", "b"), ())
    assert state.ending is Ending.FLED


def test_cb14_en3_the_flight_keeps_the_rng_its_stress_rolls_leave() -> None:
    """CB-14, EN-3: each escaper rolls 2d3 Stress in turn from the state's Rng, and the
    ended fight keeps the Rng those rolls left (a record's digest covers it)."""
    before = _b_at_one_hit_point()
    state, events = play(
        before, Retreat("a"), Retreat("b"), attack("x", ROCK, "a"), attack("y", ROCK, "b")
    )
    rng = before.rng
    rolled = []
    for _ in ("a", "b"):
        amount, rng = rng.roll(2, 3)
        rolled.append(amount)
    assert [e.amount for e in events if isinstance(e, StressGained)] == rolled
    assert state.rng == rng
    assert all(c.declaration is None for c in state.combatants)


def test_cb12_a_combatant_at_one_hit_point_may_be_afflicted() -> None:
    """CB-12: conditions matter to anyone standing, even at 1 hit point."""
    state, events = play(_b_at_one_hit_point(), StartRound(), Afflict("b", Condition.STONED))
    assert events[0] == ConditionApplied("b", Condition.STONED, 1)
    problem = check(state, Afflict("ghost", Condition.STONED))
    assert problem is not None
    assert (problem.code, problem.action) == (
        "combat/unknown-combatant",
        Afflict("ghost", Condition.STONED),
    )


def test_cb12_renewing_one_of_three_conditions_keeps_the_others_in_place() -> None:
    """CB-12: a condition put on again keeps its place and the longer duration; the
    conditions after it stay."""
    state = paired(fight(hero("a"), foe("x")))
    state, _ = play(
        state,
        StartRound(),
        Afflict("a", Condition.STONED, 1),
        Afflict("a", Condition.FOLDED, 2),
        Afflict("a", Condition.DULLED, 3),
        Afflict("a", Condition.STONED, 4),
    )
    (a,) = [c for c in state.combatants if c.id == "a"]
    assert [(x.condition, x.rounds) for x in a.conditions] == [
        (Condition.STONED, 5),
        (Condition.FOLDED, 3),
        (Condition.DULLED, 4),
    ]


def test_cb4_a_combatant_at_one_hit_point_may_move() -> None:
    """CB-4: standing at 1 hit point, b moves back between exchanges."""
    state, events = play(_b_at_one_hit_point(), Move("b", Zone.REARWARD))
    assert events[0] == Moved("b", Zone.FORWARD, Zone.REARWARD)
    assert get(state, "b").zone is Zone.REARWARD


def test_cb10_a_combatant_at_one_hit_point_may_be_warded_or_withdrawn() -> None:
    """CB-10/CB-11: the host wards or withdraws anyone standing, even at 1 hit point; an
    unknown id is refused with the action."""
    state = _b_at_one_hit_point()
    assert check(state, Ward("b", 2)) is None
    assert check(state, Withdraw(("b",), "trap")) is None
    for action in (Ward("ghost", 1), Withdraw(("ghost",), "trap")):
        problem = check(state, action)
        assert problem is not None
        assert (problem.code, problem.action) == ("combat/unknown-combatant", action)


def test_cb11_a_withdrawn_combatant_keeps_no_retreat_and_no_ward() -> None:
    """CB-11: withdrawn, r counts as fallen: its pending retreat and its ward go with it,
    while a and x are still awaited and keep their pairing (r stood in Rearward)."""
    state = paired(fight(hero("a"), hero("r", REARWARD), foe("x")), ("a", "x"))
    state, events = play(state, Ward("r", 2), Retreat("r"), Withdraw(("r",), "trap"))
    assert events[-1] == CombatantWithdrawn("r", "trap")
    r = get(state, "r")
    assert (r.hp, r.zone, r.partner, r.retreat, r.declaration, r.ward) == (
        0,
        None,
        None,
        None,
        None,
        0,
    )
    assert (get(state, "a").partner, get(state, "x").partner) == ("x", "a")
    assert state.ending is None


def test_cb11_a_fight_ended_by_withdrawal_leaves_no_pending_choice() -> None:
    """CB-11: the host withdraws the last enemy: the party won, and a's pending retreat and
    b's declaration are dropped with the exchange."""
    state = paired(fight(hero("a"), hero("b", REARWARD), foe("x")), ("a", "x"))
    state, events = play(state, Retreat("a"), attack("b", ROCK, "x"), Withdraw(("x",), "trap"))
    assert events[-1] == CombatEnded(Ending.PARTY_WON)
    assert [(c.retreat, c.declaration) for c in state.combatants] == [(None, None)] * 3


def test_cb10_a_ward_spent_over_two_blows_reports_all_it_stopped() -> None:
    """CB-10: a's ward of 5 stops x's 4 and 1 of y's 4: one DamagePrevented of 5, then 3
    damage lands."""
    state = paired(fight(hero("a"), foe("x"), foe("y", REARWARD)), ("a", "x"))
    state, events = play(
        state,
        Ward("a", 5),
        attack("a", ROCK, "x"),
        attack("x", SCISSORS, "a"),
        attack("y", ROCK, "a"),
    )
    assert [e for e in events if isinstance(e, DamagePrevented | DamageDealt)] == [
        DamagePrevented("a", 5),
        DamageDealt("a", 3, 7),
    ]


def test_cb15_a_standing_ally_at_one_hit_point_is_never_offered_to_carry() -> None:
    """CB-15, EN-5: a's legal retreats carry nobody: b stands, at 1 hit point."""
    options = [x for x in legal_actions(_b_at_one_hit_point(), "a") if isinstance(x, Retreat)]
    assert options
    assert {x.carry for x in options} == {None}
