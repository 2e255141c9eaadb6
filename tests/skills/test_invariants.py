"""The invariants catch broken states, so that property tests relying on them can fail."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from gamefold import StartRound, replace
from gamefold.skills import GM, INVARIANTS, SkillsState, violations
from gamefold.skills.catalogue import Modifier
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


SENTENCES = [
    ["ana's zones hold 11 cards, not exactly its own deck"],
    ["ana's zones hold 9 cards, not exactly its own deck"],
    ["ana's zones hold 10 cards, not exactly its own deck"],
    ["the GM has 1 Fatigue"],
    ["the GM has 1 Exhausted card(s)"],
    ["the GM died"],
    [
        "seats and owners disagree",
        "seats ('ana', 'bo', 'cy') are not distinct players followed by the GM",
    ],
    ["seats and owners disagree"],
    ["ana's hand limit -1 is out of range"],
    ["ana's hand limit 11 is out of range"],
    ["bo has negative Fatigue"],
    ["activations or reaction windows exist outside a Round"],
    ["pending units ('ana', 'ana', 'goblin') are not distinct living units"],
    ["pending units ('ana', 'bo', 'goblin') are not distinct living units"],
    ["the active unit goblin is dead, unknown or still pending"],
    ["the gm side is to activate but has no unit left"],
    ["unknown side 'nobody'"],
]


@pytest.mark.parametrize(("broken", "sentences"), list(zip(BROKEN, SENTENCES, strict=True)))
def test_each_invariant_says_what_is_broken(
    broken: tuple[Callable[[SkillsState], SkillsState], Callable[..., Iterable[str]]],
    sentences: list[str],
) -> None:
    """SD-1, SD-7, SD-2, SD-5, SD-13: the sentences name the owner, the figures and the fault."""
    breaks, invariant = broken
    state, _ = run(new_state(SMALL), StartRound())
    assert list(invariant(breaks(state))) == sentences


def test_sd1_sd2_the_gms_deck_and_limit_are_measured_by_the_gm_deck_size() -> None:
    """SMALL: players' decks of 10 cards, the GM's of 8 (cards 20 to 27)."""
    state, _ = run(new_state(SMALL), StartRound())
    assert list(cards_conserved(state)) == []
    assert list(limits_in_range(_owner(state, 2, hand_limit=8))) == []
    assert list(limits_in_range(_owner(state, 2, hand_limit=9))) == [
        "gm's hand limit 9 is out of range"
    ]
    assert list(limits_in_range(_owner(state, 0, hand_limit=10))) == []
    assert list(limits_in_range(_owner(state, 0, hand_limit=0))) == []
    gm = state.owners[2]
    stray = _owner(state, 2, hand=gm.hand[1:], discard=(28,))
    assert list(cards_conserved(stray)) == ["gm's zones hold 8 cards, not exactly its own deck"]


def test_sd8_sd12_sd13_burns_and_windows_belong_to_a_round_and_the_living() -> None:
    state, _ = run(new_state(SMALL), StartRound())
    idle = replace(state, in_round=False, pending=(), active=None, reacting=())
    assert list(activations_consistent(idle)) == []
    burnt = _owner(idle, 1, modifiers=(Modifier("attack", 1),))
    assert list(activations_consistent(burnt)) == ["Burn modifiers survived the end of the Round"]
    assert list(activations_consistent(_owner(state, 1, modifiers=(Modifier("attack", 1),)))) == []
    dead = replace(_owner(state, 0, alive=False), pending=("bo", "goblin"), reacting=("ana",))
    assert list(activations_consistent(dead)) == ["a dead character has an open reaction window"]
    alive = replace(state, reacting=("bo",))
    assert list(activations_consistent(alive)) == []
    acting = replace(state, active="ana", pending=("bo", "goblin"))
    assert list(activations_consistent(acting)) == []
    assert list(activations_consistent(replace(acting, pending=("ana", "goblin")))) == [
        "the active unit ana is dead, unknown or still pending"
    ]
    gm_turn = replace(state, side=GM, pending=("ana", "goblin"))
    assert list(activations_consistent(gm_turn)) == []


def test_sd13_an_activation_or_a_window_alone_outside_a_round_is_reported() -> None:
    state, _ = run(new_state(SMALL), StartRound())
    idle = replace(state, in_round=False, pending=(), active=None, reacting=())
    outside = "activations or reaction windows exist outside a Round"
    assert outside in list(activations_consistent(replace(idle, active="ana")))
    assert list(activations_consistent(replace(idle, reacting=("ana",)))) == [outside]
    assert list(activations_consistent(replace(idle, pending=("ana",)))) == [outside]


def test_seats_are_never_empty() -> None:
    state = new_state(SMALL)
    assert list(seats_consistent(replace(state, seats=()))) == [
        "seats and owners disagree",
        "seats () are not distinct players followed by the GM",
    ]
