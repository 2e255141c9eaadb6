"""The kit's ``assert_fast_paths`` (EN-4, EN-7): it passes a pipeline whose fast checks and
quiet applies agree with its stages, and names the path that disagrees in one that does not."""

from __future__ import annotations

from typing import Any

import pytest
from tests.core.test_pipeline import Give, apply_give, validate_give

from gamefold.pipeline import Pipeline
from gamefold.testing import assert_fast_paths

State = dict[str, int]
PLAIN: Pipeline[State] = Pipeline("toy", {Give: (validate_give, apply_give)}, owner="the toy")
STATE = {"ann": 1}
ACTIONS = [Give("ann", ()), Give("ann", (2, 3)), Give("bo", ()), Give("ann", (-1,))]


def _sure(state: State, action: Give) -> bool:
    """Exact: the guard refuses a negative card, validate an unknown player."""
    return action.player in state and all(c >= 0 for c in action.cards)


def _quiet(state: State, action: Give) -> State:
    return apply_give(state, action)[0]


def fused(**changes: Any) -> Pipeline[State]:
    """The toy pipeline with fast paths: right ones, unless ``changes`` replaces one."""
    paths: dict[str, Any] = {"accepts": _sure, "quiet": _quiet, **changes}
    return Pipeline(
        "toy",
        {Give: (validate_give, apply_give)},
        owner="the toy",
        accepts={Give: paths["accepts"]},
        quiet={Give: paths["quiet"]},
    )


def test_en4_en7_fast_paths_that_agree_with_the_stages_pass() -> None:
    assert_fast_paths(fused(), PLAIN, STATE, ACTIONS, advance=fused().advance)
    assert_fast_paths(PLAIN, PLAIN, STATE, ACTIONS)  # no fast path at all


@pytest.mark.parametrize(
    ("changes", "advance", "names"),
    [
        ({"accepts": lambda s, a: True}, None, r"^step of Give\(player='bo'"),
        (
            {"accepts": lambda s, a: False},
            None,
            r"^the fast check of Give\(player='ann', cards=\(\)",
        ),
        ({"quiet": lambda s, a: s}, None, r"^advance of Give\(player='ann', cards=\(2, 3\)"),
        ({}, lambda s, a: s, r"^the advance given of Give\(player='ann', cards=\(2, 3\)"),
    ],
    ids=["unsound fast check", "inexact fast check", "quiet apply", "advance given"],
)
def test_en4_en7_the_path_that_disagrees_is_named(changes: Any, advance: Any, names: str) -> None:
    with pytest.raises(AssertionError, match=names):
        assert_fast_paths(fused(**changes), PLAIN, STATE, ACTIONS, advance=advance)


def test_en4_a_check_that_disagrees_is_named() -> None:
    """A fast check that accepts a refused action is caught by ``check`` when ``step`` of
    that action is not among those given (only ``check`` is asked)."""

    class Checking(Pipeline[State]):
        def step(self, state: State, action: Any) -> Any:
            return PLAIN.step(state, action)

    broken = Checking(
        "toy",
        {Give: (validate_give, apply_give)},
        owner="the toy",
        accepts={Give: lambda s, a: True},
    )
    with pytest.raises(AssertionError, match=r"^check of Give\(player='bo'.*the stages \('toy"):
        assert_fast_paths(broken, PLAIN, STATE, [Give("bo", ())])
