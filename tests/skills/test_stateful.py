"""A model-based stateful test over random legal play (Hypothesis RuleBasedStateMachine).

Each step plays a random legal move (any actor, the clock, the host's windows and hand-limit
changes) or tries a random well-formed actor action, and checks after every step that cards
are conserved per owner, refills respect limits, the GM never gains Fatigue or loses a card
to Exhaustion, inputs are never mutated, illegal actions change nothing, and that replaying
the whole game from its start gives the same state.
"""

from __future__ import annotations

import pickle

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from gamefold import Action, IllegalAction, StartRound
from gamefold.record import from_json, to_json
from gamefold.skills import (
    GM,
    STANDARD_EFFECTS,
    CardBurned,
    CardsExhausted,
    FatigueGained,
    SkillsState,
    check,
    legal_actions,
    step,
    violations,
)
from gamefold.skills.invariants import refill_within_limits
from gamefold.testing.skills import actions, initial_states
from gamefold.testing.skills import legal_actions as legal_action_strategy


class SkillsMachine(RuleBasedStateMachine):
    """Random legal play of the skill-deck subsystem, checked at every step."""

    state: SkillsState
    start: SkillsState
    played: list[Action]

    @initialize(state=initial_states())
    def deal(self, state: SkillsState) -> None:
        """SD-14: begin from a freshly dealt session."""
        self.state = self.start = state
        self.played = []

    def _apply(self, action: Action) -> None:
        before, saved = self.state, to_json(self.state)
        after, events = step(before, action, STANDARD_EFFECTS)
        assert to_json(before) == saved, "step mutated its input"
        if isinstance(action, StartRound):
            assert list(refill_within_limits(before, after)) == []
        for event in events:
            if isinstance(event, FatigueGained | CardsExhausted):
                assert event.player != GM, "SD-7: the GM gained Fatigue or Exhaustion"
            if isinstance(event, CardBurned):
                assert event.exhausted is (event.player != GM)
        self.state = after
        self.played.append(action)

    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        """A random legal move of any actor, the clock or the host game."""
        self._apply(data.draw(legal_action_strategy(self.state)))

    @rule(data=st.data())
    def try_any_actor_action(self, data: st.DataObject) -> None:
        """EN-4/EN-5: accepted exactly when listed; when refused, nothing changes."""
        action = data.draw(actions(self.state))
        listed = any(action in legal_actions(self.state, seat) for seat in self.state.seats)
        assert (check(self.state, action) is None) is listed
        if listed:
            self._apply(action)
            return
        saved = to_json(self.state)
        try:
            step(self.state, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{action!r} is not listed but was accepted")
        assert to_json(self.state) == saved

    @invariant()
    def invariants_hold(self) -> None:
        """SD-1, SD-2, SD-7, SD-13: every single-state invariant."""
        assert violations(self.state) == ()

    @invariant()
    def records_round_trip(self) -> None:
        """EN-8: the state survives JSON and pickle."""
        assert from_json(to_json(self.state), SkillsState) == self.state
        assert pickle.loads(pickle.dumps(self.state)) == self.state

    def teardown(self) -> None:
        """EN-3: the same start and actions replay to the same state."""
        if not hasattr(self, "start"):
            return
        state = self.start
        for action in self.played:
            state = step(state, action, STANDARD_EFFECTS)[0]
        assert state == self.state


SkillsMachine.TestCase.settings = settings(stateful_step_count=30)
TestSkillsMachine = SkillsMachine.TestCase
