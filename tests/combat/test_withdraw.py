"""CB-5, CB-7, CB-10, CB-11: the host's Withdraw takes living combatants out of the fight."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamefold.combat
from gamefold import IllegalAction, Rng
from gamefold.combat import (
    ACTIONS,
    EVENTS,
    SIDES,
    AbilityResolved,
    Afflict,
    AssignPairings,
    CombatantFell,
    CombatantWithdrawn,
    CombatEnded,
    CombatState,
    Condition,
    DamageDealt,
    Declare,
    Ending,
    ExchangeRevealed,
    Pair,
    PairingsDissolved,
    Retreat,
    RetreatDeclared,
    Side,
    Withdraw,
    check,
    codes,
    describe,
    legal_actions,
    step,
    subsystem,
    targets,
    violations,
    waiting_for,
)
from gamefold.combat.combatants import exchange_under_way, is_paired
from gamefold.combat.zones import forward_ids
from gamefold.core import Action, Event, Events
from gamefold.record import from_json, to_json
from gamefold.registry import Rules
from gamefold.testing.combat import all_legal_actions, random_action, reachable_states

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
)

TRAP = "trap"


def frozen_copy(state: CombatState) -> CombatState:
    """A deep, independent copy to compare the input with after a step."""
    copy: CombatState = pickle.loads(pickle.dumps(state))
    return copy


def hero_orc_goblin() -> CombatState:
    """hero against orc in Forward, paired (CB-5), and a goblin in the enemies' Rearward."""
    return paired(fight(hero("hero"), foe("orc"), foe("goblin", REARWARD)))


# -- CB-10: an exchange nobody is left to wait for resolves -----------------------------------


def test_cb10_withdrawing_the_last_awaited_combatant_resolves_the_exchange() -> None:
    """CB-10: hero and orc declared, only the goblin is awaited; withdrawing it resolves the
    exchange in the same step. The goblin stood in Rearward, so the pairing stands (CB-7)."""
    state, _ = play(hero_orc_goblin(), attack("hero", ROCK, "orc"), attack("orc", PAPER, "hero"))
    assert waiting_for(state) == ("goblin",)
    state, events = step(state, Withdraw(("goblin",), TRAP))
    assert events[:2] == (CombatantWithdrawn("goblin", TRAP), ExchangeRevealed(1))
    assert [e.combatant for e in of_type(events, AbilityResolved)] == ["hero", "orc"]
    assert PairingsDissolved() not in events
    assert state.exchange == 1
    assert hp(state, "orc") == 6  # CB-1: Rock beats Paper, a win for hero's Attack
    assert (get(state, "hero").partner, get(state, "orc").partner) == ("orc", "hero")
    assert violations(state) == ()


def test_cb10_a_withdrawal_with_others_still_awaited_waits_for_them() -> None:
    """CB-10: hero declared; withdrawing the goblin leaves orc awaited: nothing resolves yet."""
    state, _ = play(hero_orc_goblin(), attack("hero", ROCK, "orc"))
    state, events = step(state, Withdraw(("goblin",), TRAP))
    assert events == (CombatantWithdrawn("goblin", TRAP),)
    assert waiting_for(state) == ("orc",)
    assert get(state, "hero").declaration is not None
    state, events = step(state, attack("orc", SCISSORS, "hero"))
    assert ExchangeRevealed(1) in events


def test_cb11_a_blow_at_a_withdrawn_target_lands_nowhere() -> None:
    """CB-10, CB-11: the goblin aimed at the archer, who is withdrawn before the exchange
    resolves: that blow deals nothing and is not reported; the others land as usual."""
    state = paired(
        fight(hero("hero"), hero("archer", REARWARD), foe("orc"), foe("goblin", REARWARD))
    )
    state, _ = play(
        state,
        attack("goblin", ROCK, "archer"),
        attack("hero", ROCK, "orc"),
        attack("orc", PAPER, "hero"),
    )
    state, events = step(state, Withdraw(("archer",), TRAP))
    assert ExchangeRevealed(1) in events
    assert [e.combatant for e in of_type(events, AbilityResolved)] == ["hero", "orc"]
    assert not [e for e in of_type(events, DamageDealt) if e.combatant == "archer"]
    assert not of_type(events, CombatantFell)
    assert violations(state) == ()


def test_cb11_a_blow_lost_first_does_not_stop_the_blows_after_it() -> None:
    """CB-10, CB-11: the first combatant in the fight aimed at the goblin, withdrawn since:
    that blow lands nowhere, and every blow declared after it still resolves and lands."""
    state = paired(
        fight(hero("archer", REARWARD), hero("hero"), foe("orc"), foe("goblin", REARWARD))
    )
    state, _ = play(
        state,
        attack("archer", ROCK, "goblin"),
        attack("hero", ROCK, "orc"),
        attack("orc", PAPER, "hero"),
    )
    state, events = step(state, Withdraw(("goblin",), TRAP))
    assert [e.combatant for e in of_type(events, AbilityResolved)] == ["hero", "orc"]
    assert of_type(events, DamageDealt) == [DamageDealt("orc", 4, 6)]
    assert violations(state) == ()


# -- CB-5, CB-7: pairings dissolve when Forward changes ---------------------------------------


def test_cb5_cb7_withdrawing_a_forward_combatant_dissolves_the_pairings() -> None:
    """CB-5, CB-7: orc leaves the enemies' Forward; the goblin's Rearward now counts as
    Forward, the pairings dissolve and the party pairs hero with the goblin."""
    state, events = step(hero_orc_goblin(), Withdraw(("orc",), TRAP))
    assert events == (CombatantWithdrawn("orc", TRAP), PairingsDissolved())
    assert not is_paired(state)
    assert waiting_for(state) == ()
    assert legal_actions(state, "party") == (AssignPairings(Side.PARTY, (Pair("hero", "goblin"),)),)


def test_cb5_cb10_dissolved_pairings_mid_exchange_resolve_what_was_declared() -> None:
    """CB-5, CB-10: a leaves the party's Forward mid-exchange; the pairings dissolve, nobody
    may declare until they are assigned again, so the exchange resolves with b's choice."""
    state = paired(fight(hero("a"), hero("b"), foe("x"), foe("y", REARWARD)), ("a", "x"))
    state, _ = play(state, attack("a", ROCK, "x"), attack("b", ROCK, "y"))
    state, events = step(state, Withdraw(("a",), TRAP))
    assert events[:3] == (CombatantWithdrawn("a", TRAP), PairingsDissolved(), ExchangeRevealed(1))
    assert [e.combatant for e in of_type(events, AbilityResolved)] == ["b"]
    assert events.count(PairingsDissolved()) == 1
    assert not exchange_under_way(state)
    assert legal_actions(state, "party")  # the party pairs again: two in Forward against one
    assert violations(state) == ()


# -- CB-11: the fight ends when a side is out --------------------------------------------------


def test_cb11_withdrawing_a_sides_last_combatant_ends_the_fight() -> None:
    """CB-11: the orc is the enemies' last: the fight ends at once, hero's pending Attack is
    dropped and no exchange is revealed."""
    state, _ = play(duel(), attack("hero", ROCK, "orc"))
    state, events = step(state, Withdraw(("orc",), TRAP))
    assert events == (
        CombatantWithdrawn("orc", TRAP),
        PairingsDissolved(),
        CombatEnded(Ending.PARTY_WON),
    )
    assert state.ending is Ending.PARTY_WON
    assert state.exchange == 0
    assert get(state, "hero").declaration is None
    assert code_of(state, Withdraw(("hero",), TRAP)) == codes.OVER


def test_cb11_both_sides_last_combatants_withdrawn_together_is_a_draw() -> None:
    """CB-11: hero and orc leave in one step, in the order named: nobody stands, a draw."""
    state, events = step(duel(), Withdraw(("hero", "orc"), "cave-in"))
    assert events == (
        CombatantWithdrawn("hero", "cave-in"),
        PairingsDissolved(),
        CombatantWithdrawn("orc", "cave-in"),
        CombatEnded(Ending.DRAW),
    )
    assert state.ending is Ending.DRAW


# -- CB-11: a withdrawn combatant is fallen and never acts --------------------------------------


def test_cb11_a_withdrawn_combatant_never_acts_and_counts_as_fallen() -> None:
    """CB-11: out of the zones and the pairings, no choice, no target; CB-15: a fallen ally
    whom a fleeing character may carry."""
    state = paired(fight(hero("hero"), hero("ally", REARWARD), foe("orc")))
    state, _ = play(state, attack("orc", ROCK, "hero"))
    state, _ = step(state, Withdraw(("ally",), TRAP))
    ally = get(state, "ally")
    assert (ally.hp, ally.zone, ally.partner, ally.declaration, ally.retreat) == (
        0,
        None,
        None,
        None,
        None,
    )
    assert legal_actions(state, "ally") == ()
    assert "ally" not in targets(state, get(state, "orc"))
    assert code_of(state, Declare("ally", "Attack", ROCK, "orc")) == codes.FALLEN
    assert code_of(state, Retreat("ally")) == codes.FALLEN
    assert code_of(state, Withdraw(("ally",), TRAP)) == codes.FALLEN
    assert waiting_for(state) == ("hero",)
    _, events = step(state, Retreat("hero", carry="ally"))  # CB-15
    assert RetreatDeclared("hero", "ally", ()) in events


# -- EN-4: illegal withdrawals ---------------------------------------------------------------


def fallen_in_battle() -> CombatState:
    """x fell to a's Attack; a and y fight on."""
    state = paired(fight(hero("a"), foe("x", max_hp=1), foe("y", REARWARD)))
    state, _ = play(state, attack("a", ROCK, "x"), attack("x", PAPER, "a"), attack("y", ROCK, "a"))
    assert state.ending is None
    assert hp(state, "x") == 0
    return state


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Withdraw(("ghost",), TRAP), codes.UNKNOWN_COMBATANT),
        (Withdraw(("a", "ghost"), TRAP), codes.UNKNOWN_COMBATANT),
        (Withdraw(("x",), TRAP), codes.FALLEN),
        (Withdraw(("y", "x"), TRAP), codes.FALLEN),
        (Withdraw((), TRAP), codes.MALFORMED),
        (Withdraw(("y", "y"), TRAP), codes.MALFORMED),
        (Withdraw(("y",), ""), codes.MALFORMED),
        (Withdraw("y", TRAP), codes.MALFORMED),  # type: ignore[arg-type]
        (Withdraw((1,), TRAP), codes.MALFORMED),  # type: ignore[arg-type]
        (Withdraw(("y",), None), codes.MALFORMED),  # type: ignore[arg-type]
    ],
)
def test_en4_cb11_illegal_withdrawals_are_refused_with_the_state_unchanged(
    action: Withdraw, code: str
) -> None:
    """EN-4, CB-11: unknown, fallen or malformed withdrawals raise their stable code; nobody
    named is taken out, not even the standing ones named beside them."""
    state = fallen_in_battle()
    before = frozen_copy(state)
    assert code_of(state, action) == code
    assert state == before


def test_en4_cb10_no_withdrawal_once_the_fight_is_over() -> None:
    """CB-10: a finished fight refuses every withdrawal with ``combat/over``."""
    state, _ = step(duel(), Withdraw(("orc",), TRAP))
    before = frozen_copy(state)
    assert code_of(state, Withdraw(("hero",), TRAP)) == codes.OVER
    assert state == before


# -- EN-5 … EN-8: a host action, listed, exported, told and round-tripped -----------------------


def test_en5_en7_withdraw_is_a_host_action_listed_and_exported() -> None:
    """EN-5, EN-7: listed in ACTIONS and EVENTS, exported, never among the legal actions."""
    assert Withdraw in ACTIONS
    assert CombatantWithdrawn in EVENTS
    assert {"Withdraw", "CombatantWithdrawn"} <= set(gamefold.combat.__all__)
    state, _ = play(hero_orc_goblin(), attack("hero", ROCK, "orc"))
    assert not any(isinstance(a, Withdraw) for a in all_legal_actions(state))
    assert describe(CombatantWithdrawn("orc", TRAP)) == "orc is taken out of the fight (trap)."


def test_en6_en8_withdraw_goes_through_the_registry_and_round_trips() -> None:
    """EN-6, EN-8: Rules routes Withdraw to the combat slice; action and events survive JSON."""
    rules = Rules([subsystem])
    game = rules.new_game({"combat": hero_orc_goblin()})
    action = Withdraw(("goblin", "orc"), TRAP)
    game, events = rules.step(game, action)
    assert game["combat"].ending is Ending.PARTY_WON
    assert rules.invariants(game) == {}
    assert from_json(to_json(action), Action) == action
    assert from_json(to_json(events), tuple[Event, ...]) == events


# -- properties over reachable fights ----------------------------------------------------------


def withdrawals(state: CombatState) -> st.SearchStrategy[Withdraw]:
    """Withdrawals of one to three distinct names: standing, fallen or unknown."""
    names = (*(c.id for c in state.combatants), "ghost")
    chosen = st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True)
    return st.builds(Withdraw, chosen.map(tuple), st.sampled_from((TRAP, "fatal exhaustion")))


def was_forward(state: CombatState, ids: tuple[str, ...]) -> bool:
    """Whether one of ``ids`` counts as Forward in ``state`` (CB-7)."""
    return any(cid in forward_ids(state.combatants, side) for side in SIDES for cid in ids)


def standing_sides(state: CombatState) -> set[Side]:
    return {c.side for c in state.combatants if c.hp > 0}


def assert_out(state: CombatState, ids: tuple[str, ...]) -> None:
    """CB-11: every one of ``ids`` is fallen, out of the zones and pairings, without a choice."""
    for cid in ids:
        c = get(state, cid)
        assert (c.hp, c.zone, c.partner, c.declaration, c.retreat) == (0, None, None, None, None)
        assert legal_actions(state, cid) == ()


def assert_withdrawn(
    before: CombatState, action: Withdraw, new: CombatState, events: Events
) -> None:
    """What a withdrawal that was accepted must have done (CB-5, CB-7, CB-10, CB-11)."""
    ids = action.combatants
    assert violations(new) == ()  # with no_stalled_exchange: nothing is left waiting (CB-10)
    assert [e.combatant for e in of_type(events, CombatantWithdrawn)] == list(ids)
    assert_out(new, ids)
    for old, now in zip(before.combatants, new.combatants, strict=True):
        assert now.hp <= old.hp
    resolved = new.exchange != before.exchange
    assert resolved == (ExchangeRevealed(new.exchange) in events)
    if is_paired(before) and was_forward(before, ids):  # CB-5, CB-7
        assert PairingsDissolved() in events
    if not resolved and not was_forward(before, ids):
        assert PairingsDissolved() not in events
    if len(standing_sides(new)) < len(SIDES):  # CB-11
        assert new.ending is not None
        assert events[-1] == CombatEnded(new.ending)


@given(reachable_states(), st.data())
def test_cb5_cb7_cb10_cb11_a_withdrawal_from_any_reachable_fight(
    state: CombatState, data: st.DataObject
) -> None:
    """EN-2, EN-4, EN-8 and CB-5 … CB-11 over random fights: check and step agree; a refusal
    changes nothing; an accepted withdrawal leaves a sound state that round-trips."""
    action = data.draw(withdrawals(state))
    before = frozen_copy(state)
    problem = check(state, action)
    if problem is not None:
        assert problem.code in {codes.OVER, codes.UNKNOWN_COMBATANT, codes.FALLEN}
        assert problem.rule == codes.RULES[problem.code]
        with pytest.raises(IllegalAction) as raised:
            step(state, action)
        assert raised.value == problem
        assert state == before
        return
    new, events = step(state, action)
    assert state == before
    assert step(before, action) == (new, events)
    assert_withdrawn(before, action, new, events)
    assert from_json(to_json(new), CombatState) == new
    assert from_json(to_json(events), tuple[Event, ...]) == events


@given(reachable_states(running=True), st.data(), st.integers(0, 2**32 - 1))
def test_cb11_a_withdrawn_combatant_never_acts_again(
    state: CombatState, data: st.DataObject, seed: int
) -> None:
    """CB-11: after a withdrawal, random legal play to the end never lets the withdrawn act,
    and every invariant holds after every step."""
    standing = [c.id for c in state.combatants if c.hp > 0]
    ids = tuple(data.draw(st.lists(st.sampled_from(standing), min_size=1, max_size=2, unique=True)))
    state, _ = step(state, Withdraw(ids, TRAP))
    rng = Rng.from_seed(seed)
    for _ in range(60):
        action, rng = random_action(state, rng)
        if action is None:
            break
        assert getattr(action, "combatant", None) not in ids
        state, _ = step(state, action)
        assert_out(state, ids)
        assert violations(state) == ()


def test_cb12_afflicting_a_withdrawn_combatant_is_refused() -> None:
    """CB-11, CB-12: conditions no longer matter to a withdrawn combatant."""
    state, _ = step(hero_orc_goblin(), Withdraw(("goblin",), TRAP))
    assert code_of(state, Afflict("goblin", Condition.STONED)) == codes.FALLEN
