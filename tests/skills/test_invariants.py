"""The invariants catch broken states, so that property tests relying on them can fail."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from gamefold import StartRound, replace
from gamefold.skills import GM, INVARIANTS, SkillsState, violations
from gamefold.skills.invariants import (
    activations_consistent,
    cards_conserved,
    gm_exempt,
    limits_in_range,
    refill_within_limits,
    seats_consistent,
)

from .support import SMALL, new_state, run


def _owner(state: SkillsState, seat: int, **changes: object) -> SkillsState:
    owners = state.owners
    owner = replace(owners[seat], **changes)
    return replace(state, owners=(*owners[:seat], owner, *owners[seat + 1 :]))


def _dup(s: SkillsState) -> SkillsState:
    return _owner(s, 0, hand=s.owners[0].hand + s.owners[0].hand[:1])


def _drop(s: SkillsState) -> SkillsState:
    return _owner(s, 0, hand=s.owners[0].hand[1:])


def _foreign(s: SkillsState) -> SkillsState:
    return _owner(s, 0, hand=s.owners[0].hand[1:] + s.owners[1].hand[:1])


def _gm_tired(s: SkillsState) -> SkillsState:
    return _owner(s, 2, fatigue=1)


def _gm_exhausted(s: SkillsState) -> SkillsState:
    gm = s.owners[2]
    return _owner(s, 2, hand=gm.hand[1:], exhausted=gm.hand[:1])


def _gm_dead(s: SkillsState) -> SkillsState:
    return _owner(s, 2, alive=False)


BROKEN: list[tuple[Callable[[SkillsState], SkillsState], Callable[..., Iterable[str]]]] = [
    (_dup, cards_conserved),
    (_drop, cards_conserved),
    (_foreign, cards_conserved),
    (_gm_tired, gm_exempt),
    (_gm_exhausted, gm_exempt),
    (_gm_dead, gm_exempt),
    (lambda s: replace(s, seats=("ana", "bo", "cy")), seats_consistent),
    (lambda s: replace(s, seats=("bo", "ana", GM)), seats_consistent),
    (lambda s: _owner(s, 0, hand_limit=-1), limits_in_range),
    (lambda s: _owner(s, 0, hand_limit=11), limits_in_range),
    (lambda s: _owner(s, 1, fatigue=-1), limits_in_range),
    (lambda s: replace(s, in_round=False), activations_consistent),
    (lambda s: replace(s, pending=("ana", "ana", "goblin")), activations_consistent),
    (lambda s: replace(_owner(s, 0, alive=False)), activations_consistent),
    (lambda s: replace(s, active="goblin"), activations_consistent),
    (lambda s: replace(s, side=GM, pending=("ana",)), activations_consistent),
    (lambda s: replace(s, side="nobody"), activations_consistent),
]


@pytest.mark.parametrize(("breaks", "invariant"), BROKEN)
def test_each_invariant_detects_its_violation(
    breaks: Callable[[SkillsState], SkillsState], invariant: Callable[..., Iterable[str]]
) -> None:
    """SD-1, SD-7, SD-2, SD-13: a broken state yields a sentence from the right invariant."""
    state, _ = run(new_state(SMALL), StartRound())
    assert violations(state) == ()
    assert list(invariant(state)) == []
    broken = breaks(state)
    problems = list(invariant(broken))
    assert problems
    assert all(isinstance(problem, str) and problem for problem in problems)
    assert set(problems) <= set(violations(broken))
    assert invariant in INVARIANTS


def test_sd3_refill_check_flags_a_hand_above_its_limit() -> None:
    """SD-3: refill_within_limits flags a hand grown past the limit, or shrunk, at a refill."""
    before = new_state(SMALL)
    after, _ = run(before, StartRound())
    assert list(refill_within_limits(before, after)) == []
    ana = after.owners[0]
    grown = _owner(after, 0, hand=ana.hand + ana.deck[:1], deck=ana.deck[1:])
    assert list(refill_within_limits(before, grown))
    shrunk = _owner(after, 0, hand=ana.hand[1:], discard=ana.hand[:1])
    assert list(refill_within_limits(before, shrunk))
