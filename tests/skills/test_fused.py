"""EN-2, EN-4, EN-7: the fast paths of the hottest skill-deck actions change nothing observable.

For every action of the action space in reachable states, the fused pipeline and the plain
four stages give the same new state and events, or the same refusal (code, rule, sentence);
each fast check accepts exactly the legal actions of its type; and ``advance`` gives the state
``step`` gives, or the same refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from tests.support import ANYTHING, Name

from gamefold import EndRound, StartRound
from gamefold.skills import (
    Activate,
    ActivationEnded,
    ActivationStarted,
    CardDiscarded,
    Discard,
    EndActivation,
    OpenReactionWindow,
    SkillsConfig,
    SkillsState,
    advance,
    check,
    initial_state,
    round_over,
    step,
)
from gamefold.skills.reducer import make_pipeline  # both paths, to compare them
from gamefold.testing import assert_fast_paths
from gamefold.testing.listing import skills_action_space
from gamefold.testing.skills import reachable_states

FUSED = make_pipeline()
PLAIN = make_pipeline(fused=False)


def _candidates(state: SkillsState) -> list[object]:
    units = (*state.seats, *state.gm_units, "nobody")
    cards = {c for o in state.owners for c in (*o.hand, *o.deck[:2], *o.discard[:2])}
    out: list[object] = [kind(u) for u in units for kind in (Activate, EndActivation)]
    out += [Discard(p, c) for p in (*state.seats, "nobody") for c in sorted(cards)]
    odd: list[Any] = [Name("ana"), ANYTHING, 3, None, True]
    out += [Discard("gm", -1), Discard("ana", "3"), Discard("ana", True), Discard("ana", ANYTHING)]
    out += [kind(u) for u in odd for kind in (Activate, EndActivation)]
    out += [Discard(p, c) for p in odd for c in sorted(cards)[:2]]
    return [*out, *skills_action_space(state)]


@settings(max_examples=60)
@given(state=reachable_states())
def test_sd9_sd13_sd15_the_fast_paths_agree_with_the_detailed_stages(state: SkillsState) -> None:
    """EN-4, EN-7 and SD-9 (a free Discard), SD-13 (Activate), SD-15 (EndActivation): for
    every candidate, legal or not, the fused and plain pipelines step and check alike;
    ``advance`` (the pipeline's and the face's) gives ``step``'s state or its refusal; each
    fast check accepts exactly the legal actions of its type, so no legal action loses the
    fast path; each quiet apply builds the state the apply builds."""
    assert_fast_paths(FUSED, PLAIN, state, _candidates(state), advance=advance)


def test_the_fast_paths_cover_the_hottest_actions() -> None:
    assert set(FUSED.accepts) == set(FUSED.quiet) == {Discard, Activate, EndActivation}
    assert PLAIN.accepts == PLAIN.quiet == {}


def test_en7_advance_builds_none_of_the_hot_actions_events(monkeypatch: Any) -> None:
    """EN-7: stepping the hot actions with ``advance`` never builds their event records."""
    import gamefold.skills.commitment as commitment
    import gamefold.skills.rounds as rounds

    built: list[str] = []

    def counting(kind: type) -> Callable[..., object]:
        return lambda *args: built.append(kind.__name__) or kind(*args)

    state = initial_state(SkillsConfig(), ["ana"], seed=0, gm_units=["goblin"])
    state = step(state, StartRound())[0]
    monkeypatch.setattr(commitment, "CardDiscarded", counting(CardDiscarded))
    monkeypatch.setattr(rounds, "ActivationStarted", counting(ActivationStarted))
    monkeypatch.setattr(rounds, "ActivationEnded", counting(ActivationEnded))
    card = state.owners[0].hand[0]
    quiet = advance(
        advance(advance(state, Activate("ana")), Discard("ana", card)), EndActivation("ana")
    )
    assert built == []
    loud = step(state, Activate("ana"))[0]
    loud = step(step(loud, Discard("ana", card))[0], EndActivation("ana"))[0]
    assert built == ["ActivationStarted", "CardDiscarded", "ActivationEnded"]
    assert quiet == loud


@settings(max_examples=60)
@given(state=reachable_states())
def test_sd13_round_over_is_what_end_round_accepts(state: SkillsState) -> None:
    """SD-13: the clock's predicate agrees with EndRound's check in every reachable state."""
    assert round_over(state) == (check(state, EndRound()) is None)


def test_sd8_an_open_window_keeps_the_round_from_ending() -> None:
    """SD-8, SD-13: every unit has activated, but a window still open holds the Round."""
    state = initial_state(SkillsConfig(), ["ana"], seed=0, gm_units=["goblin"])
    state = step(state, StartRound())[0]
    for unit in ("ana", "goblin"):
        state = step(step(state, Activate(unit))[0], EndActivation(unit))[0]
    assert round_over(state)
    state = step(state, OpenReactionWindow("ana"))[0]
    assert not round_over(state)
    assert check(state, EndRound()) is not None
