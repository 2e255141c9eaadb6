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

from gamefold import EndRound, IllegalAction, StartRound
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
from gamefold.testing.listing import skills_action_space
from gamefold.testing.skills import reachable_states

FUSED = make_pipeline()
PLAIN = make_pipeline(fused=False)


def _outcome(run: Callable[[SkillsState, Any], object], state: SkillsState, action: Any) -> object:
    try:
        return run(state, action)
    except IllegalAction as problem:
        return (problem.code, problem.rule, problem.message)


def _refusal(problem: IllegalAction | None) -> object:
    return None if problem is None else (problem.code, problem.rule, problem.message)


def _candidates(state: SkillsState) -> list[object]:
    units = (*state.seats, *state.gm_units, "nobody")
    cards = {c for o in state.owners for c in (*o.hand, *o.deck[:2], *o.discard[:2])}
    out: list[object] = [kind(u) for u in units for kind in (Activate, EndActivation)]
    out += [Discard(p, c) for p in (*state.seats, "nobody") for c in sorted(cards)]
    out += [Discard("gm", -1), Activate(3), Discard(1, 2), Discard("ana", "3")]  # type: ignore[arg-type]
    return [*out, *skills_action_space(state)]


@settings(max_examples=60)
@given(state=reachable_states())
def test_en4_fused_and_plain_paths_agree_on_every_candidate(state: SkillsState) -> None:
    for action in _candidates(state):
        assert _outcome(FUSED.step, state, action) == _outcome(PLAIN.step, state, action), action
        assert _refusal(FUSED.check(state, action)) == _refusal(PLAIN.check(state, action))


@settings(max_examples=60)
@given(state=reachable_states())
def test_en7_advance_gives_the_state_step_gives_or_the_same_refusal(state: SkillsState) -> None:
    """EN-7: the quiet path (and the face's ``advance``) builds what ``step`` builds, without
    the events, and refuses exactly what ``step`` refuses, for every candidate."""
    for action in _candidates(state):
        stepped = _outcome(PLAIN.step, state, action)
        expected = stepped[0] if isinstance(stepped, tuple) and len(stepped) == 2 else stepped
        assert _outcome(FUSED.advance, state, action) == expected, action
        assert _outcome(advance, state, action) == expected, action


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


@settings(max_examples=60)
@given(state=reachable_states())
def test_sd9_sd13_sd15_every_fast_check_accepts_exactly_the_legal_actions(
    state: SkillsState,
) -> None:
    """SD-9 (a free Discard), SD-13 (Activate), SD-15 (EndActivation): the fast check of each
    accepts every legal action of its type and nothing else, so every refusal comes from the
    detailed stages and the speed the fast check exists for is not lost to a stray doubt;
    each quiet apply builds the very state the apply builds."""
    for action in _candidates(state):
        accepts = FUSED.accepts.get(type(action))
        if accepts is None:
            continue
        legal = PLAIN.check(state, action) is None
        assert accepts(state, action) == legal, action
        if legal:
            assert FUSED.quiet[type(action)](state, action) == PLAIN.step(state, action)[0]
