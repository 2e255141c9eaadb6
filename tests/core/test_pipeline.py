"""The shared reducer pipeline (EN-2, EN-4): guard, route, validate, apply."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from gamefold import Action, Events, IllegalAction
from gamefold.pipeline import Pipeline, field_checks, fits


@attrs.frozen
class Give(Action):
    player: str
    cards: tuple[int, ...]
    loud: bool = False


@attrs.frozen
class Other(Action):
    amount: float


def validate_give(state: dict[str, int], action: Give) -> None:
    if action.player not in state:
        raise IllegalAction("toy/unknown-player", "EN-4", "No such player.", action)


def apply_give(state: dict[str, int], action: Give) -> tuple[dict[str, int], Events]:
    return {**state, action.player: state[action.player] + len(action.cards)}, ()


PIPELINE: Pipeline[dict[str, int]] = Pipeline(
    "toy", {Give: (validate_give, apply_give)}, owner="the toy"
)


def test_en4_fields_are_checked_against_their_declared_types() -> None:
    assert fits(int)(3)
    assert not fits(int)(-1)
    assert not fits(int)(True)
    assert fits(tuple[str, ...])(("a", "b"))
    assert not fits(tuple[str, ...])(["a"])
    assert [name for name, _ in field_checks(Give)] == ["player", "cards", "loud"]
    with pytest.raises(TypeError, match="no field check"):
        field_checks(Other)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Give("ann", (1, -2)), "Give.cards has a value of the wrong type"),
        (Give("ann", (1,), loud=1), "Give.loud has a value"),  # type: ignore[arg-type]
        (Other(1.5), "Other is not an action of the toy"),
    ],
)
def test_en4_malformed_actions_are_refused_before_anything_runs(action: Any, message: str) -> None:
    state = {"ann": 0}
    problem = PIPELINE.check(state, action)
    assert problem is not None
    assert (problem.code, problem.rule) == ("toy/malformed", "EN-4")
    assert message in problem.message
    with pytest.raises(IllegalAction, match=message):
        PIPELINE.step(state, action)
    assert state == {"ann": 0}


def test_en2_step_validates_then_applies_and_check_agrees() -> None:
    state = {"ann": 0}
    assert PIPELINE.reduce(state, Give("ann", (1, 2))) == {"ann": 2}
    assert state == {"ann": 0}
    assert PIPELINE.check(state, Give("ann", ())) is None
    problem = PIPELINE.check(state, Give("bo", ()))
    assert problem is not None
    assert problem.code == "toy/unknown-player"
    with pytest.raises(TypeError, match="expected a gamefold Action"):
        PIPELINE.step(state, "Give")  # type: ignore[arg-type]
