"""Properties over random legal play (EN-1 … EN-5, EN-7, EN-8, DP-1, DP-3, DP-13).

Every state here is reached by legal play from a seeded start
(:func:`gamefold.testing.diplomacy.reachable_states`).
"""

from __future__ import annotations

import json
import os
import pickle
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import Action, Event, IllegalAction
from gamefold.diplomacy import (
    ACTIONS,
    CODES,
    LIFECYCLE,
    DiplomacyState,
    check,
    describe,
    legal_actions,
    reduce,
    step,
)
from gamefold.diplomacy.invariants import violations
from gamefold.record import from_json, to_json
from gamefold.testing import garbage_actions, mutated_actions, non_actions
from gamefold.testing.diplomacy import (
    TYPE_STRATEGIES,
    candidate_actions,
    initial_states,
    reachable_states,
)
from gamefold.testing.diplomacy import legal_actions as legal_action_strategy

RULE = re.compile(r"^(DP|EN)-\d+$")


@given(reachable_states())
def test_dp1_dp3_dp13_every_reachable_state_keeps_the_invariants(state: DiplomacyState) -> None:
    assert violations(state) == []


@given(reachable_states(max_steps=20))
def test_en5_every_listed_action_is_accepted(state: DiplomacyState) -> None:
    for player in state.players:
        for action in legal_actions(state, player.player):
            assert check(state, action) is None, action
            after, _ = step(state, action)
            assert violations(after) == [], action


@given(reachable_states(max_steps=20), st.data())
def test_en4_every_illegal_action_is_refused_with_a_stable_code_and_nothing_changes(
    state: DiplomacyState, data: st.DataObject
) -> None:
    snapshot = to_json(state)
    action = data.draw(candidate_actions(state))
    problem = check(state, action)
    if problem is None:
        after, _ = step(state, action)
        assert violations(after) == []
    else:
        assert problem.code in CODES
        assert RULE.match(problem.rule)
        assert problem.message
        assert problem.action == action
        with pytest.raises(IllegalAction) as raised:
            step(state, action)
        assert raised.value == problem
    assert to_json(state) == snapshot


@given(reachable_states(max_steps=20), st.data())
def test_en4_mutated_and_garbage_actions_are_refused_properly_and_change_nothing(
    state: DiplomacyState, data: st.DataObject
) -> None:
    names = [p.player for p in state.players]
    listed = [a for name in names for a in legal_actions(state, name)]
    some = [mutated_actions(listed, names=names)] if listed else []
    action = data.draw(st.one_of(*some, garbage_actions((*ACTIONS, *LIFECYCLE))))
    snapshot = to_json(state)
    problem = check(state, action)
    if problem is None:
        assert violations(step(state, action)[0]) == []
    else:
        assert problem.code in CODES
        assert RULE.match(problem.rule)
        with pytest.raises(IllegalAction) as raised:
            step(state, action)
        assert raised.value.code == problem.code
    assert to_json(state) == snapshot


@given(reachable_states(max_steps=5), non_actions())
def test_en4_a_non_action_is_a_type_error_whatever_it_is(
    state: DiplomacyState, thing: object
) -> None:
    with pytest.raises(TypeError):
        step(state, thing)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        check(state, thing)  # type: ignore[arg-type]


@given(reachable_states(max_steps=20), st.data())
def test_en2_en3_a_step_never_changes_its_input_and_is_deterministic(
    state: DiplomacyState, data: st.DataObject
) -> None:
    action = data.draw(legal_action_strategy(state))
    snapshot, copy = to_json(state), pickle.loads(pickle.dumps(state))
    first = step(state, action)
    assert step(copy, action) == first
    assert to_json(state) == snapshot
    assert state == copy
    assert reduce(state, action) == first[0]


@given(reachable_states(max_steps=20), st.data())
def test_en1_en8_states_actions_and_events_round_trip_through_json_and_pickle(
    state: DiplomacyState, data: st.DataObject
) -> None:
    action = data.draw(legal_action_strategy(state))
    _, events = step(state, action)
    assert from_json(to_json(state), DiplomacyState) == state
    assert from_json(to_json(action), Action) == action
    for event in events:
        assert isinstance(describe(state.config, event), str)
        assert from_json(to_json(event), Event) == event
        assert pickle.loads(pickle.dumps(event)) == event
    assert pickle.loads(pickle.dumps(state)) == state
    assert hash(pickle.loads(pickle.dumps(state))) == hash(state)
    assert repr(state).startswith("DiplomacyState(")


_REPLAY = """
import sys
from hypothesis import strategies as st
from gamefold.diplomacy import initial_state, legal_actions, reduce, BeginTurn, DiplomacyConfig
from gamefold.diplomacy import BonusZone, Kind
from gamefold.record import to_json
from gamefold.rng import Rng
zones = {"hill": BonusZone(Kind.VALUE, 20), "port": BonusZone(Kind.STANDALONE, 30)}
state = initial_state(DiplomacyConfig(bonus_zones=zones, ticks_per_card=2), ["a", "b", "c"], 5)
pick = Rng.from_seed("driver")
for _ in range(300):
    if state.active is None:
        state = reduce(state, BeginTurn(state.next_player, 9, ("hill", "port")))
        continue
    options = [x for p in state.players for x in legal_actions(state, p.player)]
    action, pick = pick.choice(options)
    state = reduce(state, action)
print(to_json(state))
"""


def test_en3_the_same_seed_and_actions_give_the_same_state_under_any_hash_seed() -> None:
    outputs = set()
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _REPLAY], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    final = json.loads(outputs.pop())
    assert final["turn"] > 10


@given(initial_states())
def test_dp2_initial_states_satisfy_the_invariants(state: DiplomacyState) -> None:
    assert violations(state) == []
    assert all(len(p.hand) == state.config.starting_hand for p in state.players)


@given(st.data())
def test_type_strategies_draw_valid_records(data: st.DataObject) -> None:
    for cls, make in TYPE_STRATEGIES.items():
        value = data.draw(make())
        assert isinstance(value, cls)
        if isinstance(value, DiplomacyState):
            assert violations(value) == []
