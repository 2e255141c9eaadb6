"""EN-7: ``Rules.advance`` steps without building events where it can, and otherwise is
``step`` with the events dropped; it always gives ``step``'s game and refuses what it refuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.core import toy
from tests.skills.test_fused import _candidates

from gamefold import IllegalAction, Rules, StartRound, skills
from gamefold.games import get_game, play
from gamefold.registry import Game, Subsystem, Wrapper
from gamefold.testing.skills import reachable_states


def _skills_game(state: skills.SkillsState, rules: Rules) -> Game:
    return rules.new_game({"skills": state})


def _outcome(run: Callable[[Game, Any], Game], game: Game, action: Any) -> object:
    try:
        return run(game, action)
    except IllegalAction as problem:
        return (problem.code, problem.rule, problem.message)


def _skills_only() -> Rules:
    """A registry of the skill deck alone, built in the test that uses it (so that mutation
    testing sees which tests build a registry's quiet handlers)."""
    return Rules([skills.subsystem])


@settings(max_examples=40)
@given(state=reachable_states())
def test_en7_advance_gives_steps_game_or_its_refusal_in_a_skills_game(
    state: skills.SkillsState,
) -> None:
    """EN-7, EN-4: for every candidate action, ``advance`` is ``step``'s game, or the same
    refusal (code, rule, sentence) with the game untouched."""
    rules = _skills_only()
    game = _skills_game(state, rules)
    for action in _candidates(state):
        stepped = _outcome(lambda g, a: rules.step(g, a)[0], game, action)
        assert _outcome(rules.advance, game, action) == stepped, action
    assert game.slices == (state,)


def _counting_events(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every ActivationStarted built from now on, logged."""
    import gamefold.skills.rounds as rounds

    built: list[str] = []
    real = rounds.ActivationStarted

    def counted(*args: Any) -> Any:
        built.append("ActivationStarted")
        return real(*args)

    monkeypatch.setattr(rounds, "ActivationStarted", counted)
    return built


def _started() -> skills.SkillsState:
    state = skills.initial_state(skills.SkillsConfig(), ["ana"], seed=0, gm_units=["goblin"])
    return skills.step(state, StartRound())[0]


def test_en7_a_subsystems_quiet_path_builds_no_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """EN-7: an action of a subsystem with a quiet path, in a registry without reactions or
    a wrapper of it, is applied without building its event."""
    built = _counting_events(monkeypatch)
    rules = _skills_only()
    game = _skills_game(_started(), rules)
    after = rules.advance(game, skills.Activate("ana"))
    assert built == []
    assert after == rules.step(game, skills.Activate("ana"))[0]
    assert built == ["ActivationStarted"]


@pytest.mark.parametrize(
    "extend",
    [
        lambda rules: rules.with_reactions(lambda game, events: (game, ())),
        lambda rules: rules.wrap(Wrapper(skills.Activate)),
    ],
    ids=["a reaction reads the events", "a wrapper sees the events"],
)
def test_en7_events_are_built_when_something_in_the_game_may_read_them(
    extend: Callable[[Rules], Rules], monkeypatch: pytest.MonkeyPatch
) -> None:
    """EN-7: a reaction is handed the step's events and a wrapper its inner handler's, so
    there ``advance`` steps and drops the events, with the same game as a result."""
    rules = extend(_skills_only())
    built = _counting_events(monkeypatch)
    game = _skills_game(_started(), rules)
    assert (
        rules.advance(game, skills.Activate("ana")) == rules.step(game, skills.Activate("ana"))[0]
    )
    assert built == ["ActivationStarted", "ActivationStarted"]


@settings(max_examples=6, deadline=None)
@given(name=st.sampled_from(["skirmish", "summit", "campaign"]), seed=st.integers(0, 10**6))
def test_en7_advance_replays_every_shipped_game_as_step_does(name: str, seed: int) -> None:
    """EN-7: along a whole played game, ``advance`` from each state gives the next state."""
    game = get_game(name)()
    played = play(game, seed, max_steps=120)
    for state, action, after in zip(played.states, played.actions, played.states[1:], strict=False):
        assert game.rules.advance(state, action) == after


def _inert_step(state: int, action: Any) -> tuple[int, tuple[()]]:
    raise AssertionError("an inert slice owns no action")


def _inert(name: str) -> Subsystem[int]:
    """A slice that owns no action, beside the one that steps."""
    return Subsystem(name, (), (), _inert_step, lambda state, action: None, lambda s, a: ())


def test_en7_a_quiet_step_keeps_the_slices_after_it() -> None:
    """EN-7: the quiet path replaces its own slice alone: the slices after it are the
    game's, as ``step`` leaves them."""
    rules = Rules([skills.subsystem, _inert("notes"), _inert("more")])
    game = rules.new_game({"skills": _started(), "notes": 1, "more": 2})
    after = rules.advance(game, skills.Activate("ana"))
    assert after == rules.step(game, skills.Activate("ana"))[0]
    assert after.slices[1:] == (1, 2)
    assert after.slices[0] != game.slices[0]


def test_en7_advance_without_quiet_applies_is_step_without_events() -> None:
    """EN-7: a subsystem without quiet applies (no pipeline ``quiet``) still advances, in
    a registry without reactions: ``step``'s game, or its refusal."""
    rules = Rules([toy.make("a"), _inert("notes")])
    game = rules.new_game({"a": toy.Counter("a"), "notes": 0})
    assert rules.advance(game, toy.Add(2)) == rules.step(game, toy.Add(2))[0]
    assert rules.advance(game, toy.Add(2)).slices == (toy.Counter("a", value=2, moves=1), 0)
    with pytest.raises(IllegalAction) as refused:
        rules.advance(game, toy.Add(-1))
    assert refused.value.code == "toy/negative"
