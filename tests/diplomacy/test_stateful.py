"""Model-based stateful test over random legal (and illegal) play (DP-1, DP-9, DP-10, DP-13).

After every step: the invariants hold (total cards constant, no hand over its limit, ticks
never negative, locked cards exactly those of pending proposals); the input state was not
modified; a locked card left its proposal only through that proposal's resolution; an
illegal action changed nothing. At the end, replaying the actions from the start gives the
same state, and the state survives JSON.
"""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from gamefold import Action, IllegalAction
from gamefold.diplomacy import (
    CODES,
    DiplomacyState,
    ProposalAccepted,
    ProposalDeclined,
    ProposalExpired,
    check,
    held_count,
    reduce,
    step,
)
from gamefold.diplomacy.invariants import violations
from gamefold.record import from_json, to_json
from gamefold.testing.diplomacy import candidate_actions, initial_states, legal_actions

_RESOLUTIONS = (ProposalAccepted, ProposalDeclined, ProposalExpired)


class DiplomacyMachine(RuleBasedStateMachine):
    """Random play on one table, checked after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.start: DiplomacyState | None = None
        self.state: DiplomacyState | None = None
        self.played: list[Action] = []

    @initialize(state=initial_states())
    def seat_players(self, state: DiplomacyState) -> None:
        self.start = self.state = state

    def _apply(self, action: Action) -> None:
        before = self.state
        assert before is not None
        snapshot = to_json(before)
        after, events = step(before, action)
        assert to_json(before) == snapshot  # EN-2: the input is untouched
        resolved = {e.proposal for e in events if isinstance(e, _RESOLUTIONS)}
        still = {p.id: p for p in after.proposals}
        for proposal in before.proposals:  # DP-10: locked until the proposal resolves
            assert still.get(proposal.id) == proposal or proposal.id in resolved
        self.state = after
        self.played.append(action)

    @rule(data=st.data())
    def play_a_legal_action(self, data: st.DataObject) -> None:
        assert self.state is not None
        self._apply(data.draw(legal_actions(self.state)))

    @rule(data=st.data())
    def try_any_action(self, data: st.DataObject) -> None:
        assert self.state is not None
        action = data.draw(candidate_actions(self.state))
        problem = check(self.state, action)
        if problem is None:
            self._apply(action)
            return
        assert problem.code in CODES
        snapshot = to_json(self.state)
        with pytest.raises(IllegalAction) as raised:
            step(self.state, action)
        assert raised.value.code == problem.code
        assert to_json(self.state) == snapshot

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is not None:
            assert violations(self.state) == []
            limit = self.state.config.hand_limit
            assert all(held_count(self.state, s) <= limit for s in range(len(self.state.players)))

    def teardown(self) -> None:
        if self.start is None or self.state is None:
            return
        state = self.start
        for action in self.played:  # EN-3: same start and actions, same state
            state = reduce(state, action)
        assert state == self.state
        assert from_json(to_json(self.state), DiplomacyState) == self.state


DiplomacyMachine.TestCase.settings = settings(
    DiplomacyMachine.TestCase.settings, stateful_step_count=40
)
TestDiplomacyMachine = DiplomacyMachine.TestCase
