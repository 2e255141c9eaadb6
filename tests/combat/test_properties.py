"""Properties over random legal play (EN-1 … EN-5, EN-7, CB-3, CB-10, CB-11)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import IllegalAction, Rng
from gamefold.combat import (
    ACTIONS,
    Ability,
    CombatConfig,
    CombatState,
    Declare,
    Outcome,
    Retreat,
    check,
    codes,
    initial_state,
    legal_actions,
    outcome,
    step,
    violations,
)
from gamefold.combat.combatants import is_paired
from gamefold.core import Action, Event, replace
from gamefold.record import from_json, to_json
from gamefold.testing.combat import (
    all_legal_actions,
    arbitrary_actions,
    configs,
    declarations,
    initial_states,
    random_action,
    reachable_states,
)

from .support import attack, foe, hero, paired, play, resolved

MIRROR = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.TIE: Outcome.TIE}


def frozen_copy(state: CombatState) -> CombatState:
    """A deep, independent copy to compare the input with after a step."""
    copy: CombatState = pickle.loads(pickle.dumps(state))
    return copy


@given(reachable_states())
def test_en5_every_listed_action_is_accepted(state: CombatState) -> None:
    """EN-5: every action legal_actions lists passes check and steps to a valid state."""
    for action in all_legal_actions(state):
        assert check(state, action) is None
        new, _ = step(state, action)
        assert violations(new) == ()


@given(reachable_states(), st.data())
def test_en4_an_illegal_action_raises_its_code_and_changes_nothing(
    state: CombatState, data: st.DataObject
) -> None:
    """EN-2, EN-4: check and step agree; an illegal action raises a stable code, unchanged."""
    action = data.draw(arbitrary_actions(state))
    before = frozen_copy(state)
    problem = check(state, action)
    if problem is None:
        step(state, action)
    else:
        assert problem.code in codes.CODES
        assert problem.rule == codes.RULES[problem.code]
        with pytest.raises(IllegalAction) as raised:
            step(state, action)
        assert raised.value == problem
    assert state == before


@given(reachable_states(), st.data())
def test_en2_en3_a_step_is_pure_and_deterministic(state: CombatState, data: st.DataObject) -> None:
    """EN-2, EN-3: the same state and action give the same result; the input is untouched."""
    options = all_legal_actions(state)
    if not options:
        assert state.ending is not None
        return
    action = data.draw(st.sampled_from(options))
    before = frozen_copy(state)
    first = step(state, action)
    assert step(before, action) == first
    assert state == before


@given(reachable_states(), st.data())
def test_en1_en8_states_actions_events_round_trip(state: CombatState, data: st.DataObject) -> None:
    """EN-1, EN-8: states, actions and events survive JSON and pickle, equal after the trip."""
    assert from_json(to_json(state), CombatState) == state
    assert pickle.loads(pickle.dumps(state)) == state
    assert hash(state) == hash(frozen_copy(state))
    action = data.draw(arbitrary_actions(state))
    assert from_json(to_json(action), Action) == action
    assert type(action) in ACTIONS
    if check(state, action) is None:
        _, events = step(state, action)
        assert from_json(to_json(events), tuple[Event, ...]) == events
        assert pickle.loads(pickle.dumps(events)) == events


@given(initial_states(), st.integers(0, 2**32 - 1))
def test_cb11_hit_points_never_rise(state: CombatState, seed: int) -> None:
    """CB-11: over a whole random fight no combatant ever regains hit points."""
    rng = Rng.from_seed(seed)
    for _ in range(80):
        action, rng = random_action(state, rng)
        if action is None:
            break
        new, _ = step(state, action)
        for old, now in zip(state.combatants, new.combatants, strict=True):
            assert now.hp <= old.hp
            if old.hp == 0:  # CB-11: a fallen combatant never acts again
                assert now.declaration is None
                assert now.retreat is None
                assert legal_actions(new, now.id) == ()
        state = new
    assert violations(state) == ()


@given(reachable_states(running=True), st.data())
def test_cb10_a_declaration_changes_only_its_own_pending_choice(
    state: CombatState, data: st.DataObject
) -> None:
    """CB-10: until the exchange resolves, a declaration only sets the declarer's choice."""
    if not is_paired(state):
        state = paired(state)
    action = data.draw(declarations(state))
    assert isinstance(action, Declare | Retreat)
    new, events = step(state, action)
    if new.exchange != state.exchange:
        return  # the last declaration: the exchange resolved in this step
    assert (new.config, new.rng, new.ending) == (state.config, state.rng, state.ending)
    assert len(events) == 1
    for old, now in zip(state.combatants, new.combatants, strict=True):
        if old.id == action.combatant:
            assert (now.declaration, now.retreat) != (None, None)
            now = replace(now, declaration=None, retreat=None)
        assert now == old


@given(configs(), st.sampled_from(("Attack", "Shove")), st.data())
def test_cb3_cb10_an_offensive_exchange_is_antisymmetric(
    config: CombatConfig, ability: str, data: st.DataObject
) -> None:
    """CB-3, CB-10: two Offensive combatants aimed at each other: one's win is the other's loss."""
    fighters = [hero("a", abilities=("Shove",)), foe("x", abilities=("Shove",))]
    state = paired(initial_state(config, fighters))
    hands = get_ability(state, ability).hands
    mine, theirs = data.draw(st.sampled_from(hands)), data.draw(st.sampled_from(hands))
    _, events = play(state, attack("a", mine, "x", ability), attack("x", theirs, "a", ability))
    a, x = resolved(events, "a"), resolved(events, "x")
    assert a.contested
    assert x.contested
    assert x.outcome is MIRROR[a.outcome]
    assert a.outcome is outcome(mine, theirs, state.config.beats)
    assert (a.damage, x.damage) == (
        get_ability(state, ability).damage(a.outcome),
        get_ability(state, ability).damage(x.outcome),
    )


def get_ability(state: CombatState, name: str) -> Ability:
    found = state.config.ability(name)
    assert found is not None
    return found


@given(reachable_states(), st.data())
def test_en5_declarations_and_retreats_are_a_combatants_listing_split(
    state: CombatState, data: st.DataObject
) -> None:
    """EN-5: ``declarations`` and ``retreats`` are exactly the Declare and Retreat parts of a
    combatant's listing, in its order; a name that is no combatant has neither."""
    import gamefold.combat as combat

    cid = data.draw(st.sampled_from([*(c.id for c in state.combatants), "nobody"]))
    listed = legal_actions(state, cid)
    assert combat.declarations(state, cid) == tuple(a for a in listed if isinstance(a, Declare))
    assert combat.retreats(state, cid) == tuple(a for a in listed if isinstance(a, Retreat))
    assert (*combat.declarations(state, cid), *combat.retreats(state, cid)) == listed
    assert combat.declarations(state, "nobody") == combat.retreats(state, "nobody") == ()


@given(reachable_states(), st.data())
def test_cb10_awaits_is_membership_of_waiting_for(state: CombatState, data: st.DataObject) -> None:
    """CB-10: ``awaits(state, cid)`` says whether the exchange waits for ``cid``, exactly as
    ``cid in waiting_for(state)``."""
    import gamefold.combat as combat

    cid = data.draw(st.sampled_from([*(c.id for c in state.combatants), "nobody"]))
    assert combat.awaits(state, cid) is (cid in combat.waiting_for(state))
    assert combat.awaits(state, "nobody") is False


@given(reachable_states(), st.data())
def test_cb10_check_declare_is_check_without_the_declaration(
    state: CombatState, data: st.DataObject
) -> None:
    """CB-10, EN-4: ``check_declare`` answers what ``check`` answers of any Declare (the
    same code, rule and sentence, or ``None``) and leaves the state as it was, even for the
    last declaration an exchange waits for."""
    import gamefold.combat as combat

    drawn = data.draw(st.one_of(arbitrary_actions(state), declarations(state)))
    action = drawn if isinstance(drawn, Declare) else Declare("ghost", "Attack", None, "ghost")
    before = frozen_copy(state)
    problem = combat.check_declare(state, action)
    expected = check(state, action)
    assert problem == expected
    if expected is not None:
        assert (problem.code, problem.rule, str(problem)) == (
            expected.code,
            expected.rule,
            str(expected),
        )
    assert state == before
