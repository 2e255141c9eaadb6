"""A model-based stateful test: random legal play, host actions and illegal attempts.

After every step it checks what must hold whatever happened: the input state untouched
(EN-2), the same result when stepping again (EN-3), illegal actions refused with a stable
code and nothing changed (EN-4), every listed action legal (EN-5), the events and state
through JSON and pickle (EN-1, EN-8), hit points never rising and the fallen (or withdrawn)
never acting (CB-11), and a declaration changing only its declarer's choice until it
resolves (CB-10).
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from gamefold import EndRound, IllegalAction
from gamefold.combat import (
    Afflict,
    CombatState,
    Condition,
    Declare,
    Retreat,
    Withdraw,
    check,
    codes,
    legal_actions,
    step,
    violations,
)
from gamefold.core import Action, Event, replace
from gamefold.record import from_json, to_json
from gamefold.testing.combat import (
    all_legal_actions,
    arbitrary_actions,
    declarations,
    initial_states,
)


class CombatMachine(RuleBasedStateMachine):
    """Drives one fight with legal choices, host actions and arbitrary attempts."""

    state: CombatState

    @initialize(state=initial_states())
    def start(self, state: CombatState) -> None:
        self.state = state

    def running(self) -> bool:
        return self.state.ending is None

    def apply(self, action: Action) -> None:
        """Step ``action``, checking everything that must hold around any step."""
        before = pickle.loads(pickle.dumps(self.state))
        problem = check(self.state, action)
        if problem is not None:
            assert problem.code in codes.CODES
            assert problem.rule == codes.RULES[problem.code]
            with pytest.raises(IllegalAction) as raised:
                step(self.state, action)
            assert raised.value == problem
            assert self.state == before  # EN-4: refused, nothing changed
            return
        new, events = step(self.state, action)
        assert self.state == before  # EN-2: the input is untouched
        assert step(before, action) == (new, events)  # EN-3
        assert from_json(to_json(action), Action) == action  # EN-8
        assert from_json(to_json(events), tuple[Event, ...]) == events
        assert from_json(to_json(new), CombatState) == new
        self.after(before, action, new)
        self.state = new

    def after(self, before: CombatState, action: Action, new: CombatState) -> None:
        for old, now in zip(before.combatants, new.combatants, strict=True):
            assert now.hp <= old.hp  # CB-11: damage never heals
            if old.hp == 0:
                assert (now.declaration, now.retreat, now.zone) == (None, None, None)
        if isinstance(action, Declare | Retreat) and new.exchange == before.exchange:
            for old, now in zip(before.combatants, new.combatants, strict=True):
                if now.id == action.combatant:
                    now = replace(now, declaration=None, retreat=None)
                assert now == old  # CB-10: only the declarer's pending choice changed

    @precondition(lambda self: self.running())
    @rule(data=st.data())
    def choose(self, data: st.DataObject) -> None:
        """A side pairs or a combatant declares: any action legal_actions lists."""
        options = all_legal_actions(self.state)
        if options:
            self.apply(data.draw(st.sampled_from(options)))

    @precondition(lambda self: self.running())
    @rule(data=st.data())
    def declare(self, data: st.DataObject) -> None:
        """A legal declaration or retreat, when there is one."""
        if any(legal_actions(self.state, c.id) for c in self.state.combatants):
            self.apply(data.draw(declarations(self.state)))

    @rule(data=st.data())
    def attempt(self, data: st.DataObject) -> None:
        """Any combat action at all, mostly illegal."""
        self.apply(data.draw(arbitrary_actions(self.state)))

    @rule(
        who=st.integers(0, 7),
        condition=st.sampled_from(tuple(Condition)),
        rounds=st.none() | st.integers(1, 3),
    )
    def afflict(self, who: int, condition: Condition, rounds: int | None) -> None:
        """The host game puts a condition on someone (refused mid-exchange or on the fallen)."""
        target = self.state.combatants[who % len(self.state.combatants)]
        self.apply(Afflict(target.id, condition, rounds))

    @rule(who=st.lists(st.integers(0, 7), min_size=1, max_size=2))
    def withdraw(self, who: list[int]) -> None:
        """The host takes combatants out (refused for the fallen, or once it is over): they
        count as fallen, and an exchange nobody is left to wait for resolves (CB-10, CB-11)."""
        cs = self.state.combatants
        ids = tuple(dict.fromkeys(cs[i % len(cs)].id for i in who))
        self.apply(Withdraw(ids, "host"))

    @rule()
    def end_round(self) -> None:
        """The host ends the Round: conditions tick down (CB-12)."""
        self.apply(EndRound())

    @invariant()
    def invariants_hold(self) -> None:
        assert violations(self.state) == ()

    @invariant()
    def the_fallen_never_act(self) -> None:
        for c in self.state.combatants:
            if c.hp == 0:
                assert legal_actions(self.state, c.id) == ()
                assert check(self.state, Retreat(c.id)) is not None


CombatMachine.TestCase.settings = settings(settings(), stateful_step_count=30)
test_combat_machine = CombatMachine.TestCase
