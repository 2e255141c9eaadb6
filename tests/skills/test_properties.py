"""Properties over random legal play: invariants, purity, determinism, round trips, legality.

States come from :func:`gamefold.testing.skills.reachable_states` (seeded starts, then random
legal moves of every actor, the clock and the host game).
"""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import Action, Event, IllegalAction
from gamefold.record import from_json, to_json
from gamefold.skills import (
    ACTIONS,
    EVENTS,
    STANDARD_EFFECTS,
    PayCost,
    SkillsState,
    check,
    legal_actions,
    step,
    violations,
)
from gamefold.testing.skills import (
    actions,
    configs,
    initial_states,
    legal_moves,
    reachable_states,
)
from gamefold.testing.skills import legal_actions as legal_action_strategy

REACHABLE = reachable_states(max_steps=40)
WITH_DEFEATS = reachable_states(max_steps=40, defeats=True)
DEFAULTS = reachable_states(initial=initial_states(config=configs(defaults=True)), max_steps=30)


@given(st.one_of(REACHABLE, WITH_DEFEATS, DEFAULTS))
def test_invariants_hold_in_reachable_states(state: SkillsState) -> None:
    """SD-1, SD-2, SD-7, SD-13: cards conserved, GM exempt, limits and activations sane."""
    assert violations(state) == ()
    assert legal_moves(state, defeats=True)


@given(REACHABLE, st.data())
def test_legal_actions_are_all_accepted(state: SkillsState, data: st.DataObject) -> None:
    """EN-5: every action legal_actions lists passes check and step, into a sound state."""
    actor = data.draw(st.sampled_from(state.seats))
    listed = legal_actions(state, actor)
    assert len(set(listed)) == len(listed)
    assert listed == legal_actions(state, actor)
    for action in listed:
        assert check(state, action) is None
        after, events = step(state, action, STANDARD_EFFECTS)
        assert violations(after) == ()
        assert all(isinstance(event, EVENTS) for event in events)


@given(REACHABLE, st.data())
def test_listing_without_payments_is_the_listing_less_paycost(
    state: SkillsState, data: st.DataObject
) -> None:
    """EN-5, SD-10: ``payments=False`` drops exactly the PayCost actions, in the same order."""
    actor = data.draw(st.sampled_from(state.seats))
    full = legal_actions(state, actor)
    assert legal_actions(state, actor, payments=False) == tuple(
        a for a in full if not isinstance(a, PayCost)
    )


@given(REACHABLE, st.data())
def test_actions_outside_legal_actions_are_rejected_unchanged(
    state: SkillsState, data: st.DataObject
) -> None:
    """EN-4/EN-5: a well-formed actor action is accepted exactly when legal_actions lists it."""
    action = data.draw(actions(state))
    listed = {a for seat in state.seats for a in legal_actions(state, seat)}
    saved, twin = to_json(state), copy.deepcopy(state)
    if action in listed:
        assert check(state, action) is None
        step(state, action)
    else:
        problem = check(state, action)
        assert isinstance(problem, IllegalAction)
        with pytest.raises(IllegalAction) as caught:
            step(state, action)
        assert caught.value == problem
        assert problem.code.startswith("skills/")
        assert problem.rule
    assert to_json(state) == saved
    assert state == twin


@given(REACHABLE, st.data())
def test_step_never_mutates_its_input(state: SkillsState, data: st.DataObject) -> None:
    """EN-2: the input state is untouched whatever the move."""
    saved, twin = to_json(state), copy.deepcopy(state)
    action = data.draw(legal_action_strategy(state, defeats=True))
    step(state, action, STANDARD_EFFECTS)
    assert to_json(state) == saved
    assert state == twin


@given(initial_states(), st.data())
def test_same_seed_and_actions_give_equal_states(start: SkillsState, data: st.DataObject) -> None:
    """EN-3: replaying the same actions from the same start gives equal states and events."""
    state, played, seen = start, [], []
    for _ in range(data.draw(st.integers(0, 40))):
        action = data.draw(legal_action_strategy(state, defeats=True))
        state, events = step(state, action, STANDARD_EFFECTS)
        played.append(action)
        seen.append(events)
    again = from_json(to_json(start), SkillsState)
    for action, events in zip(played, seen, strict=True):
        again, replayed = step(again, action, STANDARD_EFFECTS)
        assert replayed == events
    assert again == state
    assert to_json(again) == to_json(state)


@given(REACHABLE, st.data())
def test_states_actions_and_events_round_trip(state: SkillsState, data: st.DataObject) -> None:
    """EN-8/EN-1: JSON and pickle give equal records, with equal hashes."""
    back = from_json(to_json(state), SkillsState)
    assert back == state
    assert hash(back) == hash(state)
    assert pickle.loads(pickle.dumps(state)) == state
    action = data.draw(legal_action_strategy(state, defeats=True))
    assert from_json(to_json(action), Action) == action
    assert isinstance(action, ACTIONS) or type(action).__module__ == "gamefold.core"
    _, events = step(state, action, STANDARD_EFFECTS)
    assert from_json(to_json(list(events)), list[Event]) == list(events)
    assert pickle.loads(pickle.dumps(events)) == events
