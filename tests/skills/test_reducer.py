"""The skill-deck verbs and the pipeline they share, built at run time: effects, the
pipeline's checks and the registry entry (SD-2, SD-10, SD-11, EN-4, EN-6)."""

from __future__ import annotations

from gamefold import Action, StartRound
from gamefold.skills import (
    INVARIANTS,
    STANDARD_EFFECTS,
    Activate,
    CardDef,
    CardsDrawn,
    ChangeHandLimit,
    Effect,
    PayCost,
    Play,
    SkillsConfig,
    SkillsState,
    legal_actions,
    make_subsystem,
    owner_of,
    reduce,
    reducer,
    step,
    view,
)
from gamefold.skills.reducer import make_pipeline

from .support import new_state, run

FOCUS = CardDef("Focus", Effect("draw", {"count": 1}))


def _activated() -> tuple[SkillsState, int]:
    """ana's activation under way, holding Focus cards (a Play draws one card, SD-11)."""
    state, _ = run(new_state(SkillsConfig(deck=(FOCUS,))), StartRound(), Activate("ana"))
    return state, owner_of(state, "ana").hand[0]


def _drawn(events: tuple[object, ...]) -> int:
    return sum(isinstance(e, CardsDrawn) for e in events)


def test_sd11_step_and_reduce_resolve_play_effects_with_the_handlers_given() -> None:
    state, card = _activated()
    after, events = step(state, Play("ana", card), STANDARD_EFFECTS)
    assert _drawn(events) == 1
    assert reduce(state, Play("ana", card), STANDARD_EFFECTS) == after
    plain = reduce(state, Play("ana", card))
    assert plain == step(state, Play("ana", card))[0]
    assert len(owner_of(plain, "ana").hand) == len(owner_of(after, "ana").hand) - 1


def test_en6_the_pipeline_of_a_set_of_handlers_is_built_once() -> None:
    """Building an entry per step would be slow: the same handlers share one pipeline."""
    handlers = dict(STANDARD_EFFECTS)
    first, again = make_subsystem(handlers), make_subsystem(handlers)
    assert first.step.__self__ is again.step.__self__  # type: ignore[attr-defined]
    assert make_subsystem(dict(handlers)).step.__self__ is not first.step.__self__  # type: ignore[attr-defined]


def test_en6_new_handlers_at_every_step_keep_a_bounded_cache() -> None:
    """SD-11, EN-6: a caller passing a new effects mapping at each step gets the same
    results as with one mapping, and the bound pipelines stay a bounded few (the oldest
    built is dropped first; a mapping in use again is rebuilt, not confused with another)."""
    state, card = _activated()
    expected = step(state, Play("ana", card), STANDARD_EFFECTS)
    kept = []
    for _ in range(3 * reducer._BOUND_LIMIT):
        handlers = dict(STANDARD_EFFECTS)
        kept.append(handlers)  # alive: no id is reused while it is cached
        assert step(state, Play("ana", card), handlers) == expected
        assert len(reducer._BOUND) <= reducer._BOUND_LIMIT
    assert id(kept[-1]) in reducer._BOUND
    assert id(kept[0]) not in reducer._BOUND
    assert step(state, Play("ana", card), kept[0]) == expected
    assert reducer._BOUND[id(kept[0])][0] is kept[0]


def test_en6_the_entry_lists_views_and_checks_with_the_skill_deck_functions() -> None:
    entry = make_subsystem(STANDARD_EFFECTS)
    assert entry.name == "skills"
    assert entry.legal_actions is legal_actions
    assert entry.view is view
    assert entry.invariants == INVARIANTS
    assert entry.state_type is SkillsState


class Stranger(Action):
    """An action no subsystem owns."""


def test_en4_sd2_sd10_a_pipeline_built_now_checks_as_the_subsystem_does() -> None:
    state, card = _activated()
    pipeline = make_pipeline()
    err = pipeline.check(state, Stranger())
    assert err is not None
    assert (err.code, err.message) == (
        "skills/malformed",
        "Stranger is not an action of the skill-deck subsystem.",
    )
    twice = pipeline.check(state, PayCost("ana", "Strike", (card, card)))
    assert twice is not None
    assert twice.code == "skills/malformed"
    assert pipeline.check(state, ChangeHandLimit("ana", -1)) is None  # SD-2: down as well
    assert _drawn(make_pipeline(STANDARD_EFFECTS).step(state, Play("ana", card))[1]) == 1
    assert _drawn(pipeline.step(state, Play("ana", card))[1]) == 0


def test_sd10_en5_payments_false_lists_no_paycost() -> None:
    """SD-10, EN-5: during an activation the listing offers Payment Discards; with
    ``payments=False`` (a game paying through its own action) it offers none and keeps the
    rest in order."""
    state, _ = _activated()
    listed = legal_actions(state, "ana")
    assert any(isinstance(a, PayCost) for a in listed)
    assert legal_actions(state, "ana", payments=False) == tuple(
        a for a in listed if not isinstance(a, PayCost)
    )
