"""CB-13 … CB-15: the party's agreement, dire circumstances, 2d3 Stress, drops and the fallen."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold.combat import (
    Carry,
    CombatEnded,
    CombatState,
    Ending,
    ExchangeRevealed,
    Fled,
    Item,
    LostItem,
    Outcome,
    Retreat,
    RetreatFailed,
    StressGained,
    Ward,
    check,
    codes,
    dire_policy,
    dire_policy_names,
    legal_actions,
    register_dire_policy,
)
from gamefold.combat.dire import always, never, outnumbered
from gamefold.combat.flight import DIRE, NOT_AGREED
from gamefold.core import Action, EndRound, replace

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
    get,
    hero,
    hp,
    of_type,
    paired,
    play,
    resolved,
)

ENEMY_MOVES = (attack("x", ROCK, "a"), attack("y", ROCK, "b"), attack("z", ROCK, "b"))


def after_losses(**config: object) -> CombatState:
    """a and b stand in Forward; c and d have fallen; enemies x (Forward), y and z stand.

    a has 8 free slots (rope takes 2 of 10); b has 4 (shield 3 and torch 1 of 8).
    """
    state = fight(
        hero("a", items=(Item("rope", 2),)),
        hero("b", slots=8, items=(Item("shield", 3), Item("torch"))),
        hero("c", REARWARD, max_hp=1),
        hero("d", REARWARD, max_hp=1),
        foe("x"),
        foe("y", REARWARD),
        foe("z", REARWARD),
        **config,
    )
    state, _ = play(
        paired(state, ("a", "x")),
        attack("a", ROCK, "x"),
        attack("b", ROCK, "y"),
        attack("c", ROCK, "z"),  # c aims at z, so y's Attack on c goes uncontested
        attack("d", ROCK, "y"),
        attack("x", ROCK, "a"),
        attack("y", ROCK, "c"),
        attack("z", ROCK, "d"),
    )
    assert [hp(state, cid) for cid in "abcd"] == [8, 10, 0, 0]
    assert state.ending is None
    return state


def test_cb13_cb15_a_flight_with_a_carried_and_a_left_behind_ally() -> None:
    """CB-13, CB-15: all conscious members agree: a carries c, nobody can carry d."""
    state = after_losses()
    assert code_of(state, Retreat("b", carry="d")) == codes.NO_ROOM  # 4 free slots < 6
    state, events = play(state, Retreat("a", carry="c"), Retreat("b"), *ENEMY_MOVES)
    fled = of_type(events, Fled)
    assert fled == [Fled(("a", "b"), (Carry("a", "c"),), ("d",), ())]
    assert events[-1] == CombatEnded(Ending.FLED)
    assert state.ending is Ending.FLED
    assert not any(c.declaration or c.retreat for c in state.combatants)
    assert [hp(state, cid) for cid in "abcd"] == [8, 10, 0, 0]  # no blow landed


def test_cb14_cb15_dropping_items_frees_slots_and_loses_them() -> None:
    """CB-14, CB-15: b drops its shield to carry d; the shield is lost to the dungeon."""
    state = after_losses()
    assert check(state, Retreat("b", carry="d", drop=("shield",))) is None
    state, events = play(
        state, Retreat("a", carry="c"), Retreat("b", carry="d", drop=("shield",)), *ENEMY_MOVES
    )
    (fled,) = of_type(events, Fled)
    assert fled.carried == (Carry("a", "c"), Carry("b", "d"))
    assert fled.left_behind == ()
    assert fled.lost == (LostItem("b", "shield"),)
    assert get(state, "b").items == (Item("torch"),)


def test_cb15_body_slots_default_is_6() -> None:
    """CB-15 (seed): an average human takes 6 slots; a has 8 free, b only 4."""
    state = after_losses()
    assert state.config.body_slots == 6
    assert check(state, Retreat("a", carry="d")) is None
    assert code_of(state, Retreat("b", carry="d")) == codes.NO_ROOM
    carried = {a.carry for a in legal_actions(state, "b") if isinstance(a, Retreat) and not a.drop}
    assert carried == {None}


def test_cb15_body_slots_other_value() -> None:
    """CB-15: with body_slots=4, b's 4 free slots are enough to carry a fallen ally."""
    state = after_losses(body_slots=4)
    assert check(state, Retreat("b", carry="d")) is None
    carried = {a.carry for a in legal_actions(state, "b") if isinstance(a, Retreat) and not a.drop}
    assert carried == {None, "c", "d"}


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Retreat("x"), codes.NOT_PARTY),
        (Retreat("a", drop=("crown",)), codes.UNKNOWN_ITEM),
        (Retreat("a", drop=("rope", "rope")), codes.UNKNOWN_ITEM),
        (Retreat("a", carry="b"), codes.NOT_FALLEN_ALLY),  # b stands
        (Retreat("a", carry="x"), codes.NOT_FALLEN_ALLY),  # x is an enemy
        (Retreat("a", carry="ghost"), codes.NOT_FALLEN_ALLY),
        (Retreat("c"), codes.FALLEN),
        (Retreat("a", carry=3), codes.MALFORMED),  # type: ignore[arg-type]
    ],
)
def test_cb13_cb15_an_illegal_retreat_names_its_reason(action: Action, code: str) -> None:
    """CB-13, CB-15, EN-4: each illegal retreat is refused with its stable code."""
    assert code_of(after_losses(), action) == code


def test_cb15_one_fallen_ally_has_one_holder() -> None:
    """CB-15: once a's retreat holds c, b may not hold c too."""
    state, _ = play(after_losses(body_slots=4), Retreat("a", carry="c"))
    assert code_of(state, Retreat("b", carry="c")) == codes.ALREADY_CARRIED
    assert "c" not in {a.carry for a in legal_actions(state, "b") if isinstance(a, Retreat)}


def test_cb13_everyone_conscious_must_agree() -> None:
    """CB-13: b fights on, so a's retreat fails; a contests nothing and x hits uncontested."""
    state, events = play(after_losses(), Retreat("a"), attack("b", ROCK, "y"), *ENEMY_MOVES)
    assert of_type(events, RetreatFailed) == [RetreatFailed(NOT_AGREED, ("a",))]
    assert of_type(events, Fled) == []
    x = resolved(events, "x")
    assert (x.contested, x.outcome) == (False, Outcome.WIN)
    assert state.ending is None
    assert state.exchange == 2


def test_cb13_cb10_the_exchange_of_an_escape_is_counted_like_any_other() -> None:
    """CB-13, CB-10: the exchange in which the party escapes is revealed and counted."""
    state = after_losses()
    before = state.exchange
    state, events = play(state, Retreat("a"), Retreat("b"), *ENEMY_MOVES)
    assert len(of_type(events, Fled)) == 1
    assert ExchangeRevealed(before + 1) in events
    assert state.exchange == before + 1


def test_cb13_dire_default_is_never() -> None:
    """CB-13 (default): circumstances are never dire, even outnumbered 1 to 3."""
    state = after_losses()
    assert state.config.dire == "never"
    _, events = play(state, Retreat("a"), Retreat("b"), *ENEMY_MOVES)
    assert len(of_type(events, Fled)) == 1


@pytest.mark.parametrize("dire", ["always", "outnumbered"])
def test_cb13_dire_other_policies_stop_the_escape(dire: str) -> None:
    """CB-13: named policies "always" and "outnumbered" (2 standing against 3) are dire."""
    state, events = play(after_losses(dire=dire), Retreat("a"), Retreat("b"), *ENEMY_MOVES)
    assert of_type(events, RetreatFailed) == [RetreatFailed(DIRE, ("a", "b"))]
    assert of_type(events, StressGained) == []
    assert state.ending is None


def test_cb13_outnumbered_is_not_dire_when_even() -> None:
    """CB-13: "outnumbered" lets a party escape that is not outnumbered."""
    state = paired(fight(hero("a"), foe("x"), dire="outnumbered"))
    _, events = play(state, Retreat("a"), attack("x", ROCK, "a"))
    assert len(of_type(events, Fled)) == 1


def test_cb13_a_game_registers_its_own_dire_policy() -> None:
    """CB-13: a policy is a named pure function of the state, registered once."""

    def wounded(state: CombatState) -> bool:
        return any(c.hp < c.max_hp for c in state.combatants if c.side.value == "party")

    register_dire_policy("test-wounded", wounded)
    register_dire_policy("test-wounded", wounded)  # the same function again is fine
    with pytest.raises(ValueError, match="already registered"):
        register_dire_policy("test-wounded", lambda s: False)
    healthy = paired(fight(hero("a"), foe("x"), dire="test-wounded"))
    _, events = play(healthy, Retreat("a"), attack("x", ROCK, "a"))
    assert len(of_type(events, Fled)) == 1
    hurt, _ = play(healthy, attack("a", ROCK, "x"), attack("x", ROCK, "a"))  # a tie: 2 each
    _, events = play(hurt, Retreat("a"), attack("x", ROCK, "a"))
    assert of_type(events, RetreatFailed) == [RetreatFailed(DIRE, ("a",))]


def stress_of(seed: int) -> int:
    """The Stress one escaping hero gains in the fight of ``seed``."""
    _, events = play(duel(seed=seed), Retreat("hero"), attack("orc", PAPER, "hero"))
    (gain,) = of_type(events, StressGained)
    assert gain.stress == gain.amount  # the hero entered with no Stress
    return int(gain.amount)


@given(st.integers(0, 2**40))
def test_cb14_stress_is_always_within_2_and_6(seed: int) -> None:
    """CB-14: 2d3 Stress is never below 2 nor above 6."""
    assert 2 <= stress_of(seed) <= 6


def test_cb14_stress_is_distributed_as_two_d3() -> None:
    """CB-14: over 1800 fixed seeds the totals fit 2d3 (chi-square, 4 dof, p = 0.001).

    Deterministic: the seeds are fixed, so the statistic is the same on every run. A single
    d5 or a 1d6 would give a statistic in the hundreds.
    """
    counts = Counter(stress_of(seed) for seed in range(1800))
    expected = {2: 1 / 9, 3: 2 / 9, 4: 3 / 9, 5: 2 / 9, 6: 1 / 9}
    assert set(counts) == set(expected)
    chi2 = sum((counts[k] - 1800 * p) ** 2 / (1800 * p) for k, p in expected.items())
    assert chi2 < 18.47


def test_cb14_stress_dice_other_value() -> None:
    """CB-14: stress_dice and stress_sides set the roll: 3d1 is always 3."""
    state = paired(fight(hero("a", stress=4), foe("x"), stress_dice=3, stress_sides=1))
    state, events = play(state, Retreat("a"), attack("x", SCISSORS, "a"))
    assert of_type(events, StressGained) == [StressGained("a", 3, 7)]
    assert get(state, "a").stress == 7


@pytest.mark.parametrize(
    ("name", "policy", "error", "sentence"),
    [
        ("", never, ValueError, "a dire policy needs a non-empty name"),
        (7, never, ValueError, "a dire policy needs a non-empty name"),
        ("odd", "never", TypeError, "a dire policy is a function (state) -> bool, not 'never'"),
        ("never", always, ValueError, "a different dire policy is already registered as 'never'"),
    ],
)
def test_cb13_a_bad_dire_policy_registration_is_refused_in_words(
    name: object, policy: object, error: type[Exception], sentence: str
) -> None:
    """CB-13: a policy needs a name and a function, and a name keeps its first meaning; a
    refused registration changes nothing."""
    before = dire_policy_names()
    with pytest.raises(error) as raised:
        register_dire_policy(name, policy)  # type: ignore[arg-type]
    assert str(raised.value) == sentence
    assert dire_policy_names() == before == ("always", "never", "outnumbered")
    assert dire_policy("never") is never


def _at_hp(state: CombatState, **hit_points: int) -> CombatState:
    combatants = tuple(
        replace(c, hp=hit_points[c.id]) if c.id in hit_points else c for c in state.combatants
    )
    return replace(state, combatants=combatants)


@pytest.mark.parametrize(
    ("hit_points", "dire"),
    [
        ({}, True),  # two foes against one hero
        ({"a": 1, "y": 0}, False),  # a hero at 1 hp stands; a fallen enemy does not count
        ({"a": 1, "x": 1}, True),  # an enemy at 1 hp stands: two against one
        ({"a": 0, "b": 5, "y": 0}, False),  # a fallen hero does not count either
    ],
)
def test_cb13_outnumbered_counts_the_standing_on_each_side(
    hit_points: dict[str, int], dire: bool
) -> None:
    """CB-13: "outnumbered" is dire when standing enemies (hp 1 or more) outnumber the
    standing party; the fallen of either side are not counted."""
    base = fight(hero("a"), foe("x"), foe("y"), hero("b"), dire="outnumbered")
    state = _at_hp(base, **({"b": 0} | hit_points))
    assert outnumbered(state) is dire


def test_cb13_an_unknown_dire_policy_names_the_known_ones() -> None:
    """CB-13: looking up a name nobody registered says which names there are."""
    with pytest.raises(KeyError) as raised:
        dire_policy("panic")
    assert raised.value.args == (
        "unknown dire policy 'panic'; known: ('always', 'never', 'outnumbered')",
    )


def test_cb13_cb10_an_escape_calls_the_exchange_off_and_its_wards_lapse() -> None:
    """CB-13, CB-10: what was left of a ward goes with the exchange an escape calls off, on
    either side, so the Round's end has no ward left to tell of."""
    state = after_losses()
    for cid in ("a", "x"):
        state, _ = play(state, Ward(cid, 3))
    state, _ = play(state, Retreat("a"), Retreat("b"), *ENEMY_MOVES)
    assert state.ending is Ending.FLED
    assert [c.ward for c in state.combatants] == [0] * len(state.combatants)
    assert play(state, EndRound())[1] == ()
