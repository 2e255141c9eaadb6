"""Fuzzing every subsystem reducer with bad input (EN-4): garbage field values, wrong types,
out-of-range numbers and non-actions give only IllegalAction (TypeError for a non-action)
and never change the state."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamefold import EndRound, EndTurn, IllegalAction, StartRound, StartTurn
from gamefold import combat as combat_pkg
from gamefold import diplomacy as diplomacy_pkg
from gamefold import skills as skills_pkg
from gamefold.testing import combat, diplomacy, garbage_actions, non_actions, skills

CASES: list[tuple[str, Any, Any, st.SearchStrategy[Any]]] = [
    (
        "skills",
        skills_pkg.step,
        skills_pkg.check,
        st.tuples(
            skills.reachable_states(max_steps=15),
            garbage_actions([*skills_pkg.ACTIONS, StartRound, EndRound]) | non_actions(),
        ),
    ),
    (
        "combat",
        combat_pkg.step,
        combat_pkg.check,
        st.tuples(
            combat.reachable_states(max_steps=15),
            garbage_actions([*combat_pkg.ACTIONS, EndRound]) | non_actions(),
        ),
    ),
    (
        "diplomacy",
        diplomacy_pkg.step,
        diplomacy_pkg.check,
        st.tuples(
            diplomacy.reachable_states(max_steps=15),
            garbage_actions([*diplomacy_pkg.ACTIONS, *diplomacy_pkg.LIFECYCLE, StartTurn, EndTurn])
            | non_actions(),
        ),
    ),
]


def refused_cleanly(
    step: Callable[..., Any], check: Callable[..., Any], state: Any, bad: Any
) -> None:
    saved = pickle.dumps(state)
    try:
        predicted = check(state, bad)
    except TypeError:
        predicted = None  # a non-action: check refuses it the same way step does
    try:
        step(state, bad)
    except (IllegalAction, TypeError):
        pass
    else:
        assert predicted is None, f"check refused {bad!r} but step applied it"
    assert pickle.loads(saved) == state, f"{bad!r} changed the state"


@pytest.mark.parametrize(("name", "step", "check", "pairs"), CASES, ids=[c[0] for c in CASES])
def test_en4_garbage_is_refused_without_changing_anything(
    name: str, step: Any, check: Any, pairs: st.SearchStrategy[Any]
) -> None:
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(pairs)
    def run(pair: tuple[Any, Any]) -> None:
        refused_cleanly(step, check, *pair)

    run()
