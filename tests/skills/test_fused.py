"""EN-2, EN-4: the fused paths of the hottest skill-deck actions change nothing observable.

For every action of the action space in reachable states, the fused pipeline and the plain
four stages give the same new state and events, or the same refusal (code, rule, sentence).
"""

from __future__ import annotations

from hypothesis import given, settings

from gamefold import EndRound, IllegalAction, StartRound
from gamefold.skills import (
    Activate,
    Discard,
    EndActivation,
    OpenReactionWindow,
    SkillsConfig,
    SkillsState,
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


def _outcome(pipeline: object, state: SkillsState, action: object) -> object:
    try:
        return pipeline.step(state, action)  # type: ignore[attr-defined]
    except IllegalAction as problem:
        return (problem.code, problem.rule, problem.message)


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
        assert _outcome(FUSED, state, action) == _outcome(PLAIN, state, action), action


def test_the_fused_paths_cover_the_hottest_actions() -> None:
    assert set(FUSED.fast) == {Discard, Activate, EndActivation}
    assert PLAIN.fast == {}


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
def test_sd9_sd13_sd15_every_legal_hot_action_takes_its_fused_path(state: SkillsState) -> None:
    """SD-9 (a free Discard), SD-13 (Activate), SD-15 (EndActivation): the fused path of each
    takes every legal action of its type, with the stages' very result, and leaves every
    refused one to the stages; the speed it exists for is not lost to a stray doubt."""
    for action in _candidates(state):
        fast = FUSED.fast.get(type(action))
        if fast is None:
            continue
        taken = fast(state, action)
        if PLAIN.check(state, action) is None:
            assert taken == PLAIN.step(state, action), action
        else:
            assert taken is None, action
