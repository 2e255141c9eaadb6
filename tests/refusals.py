"""The refusal check the per-subsystem refusal-sentence tests share (EN-4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gamefold import Action, IllegalAction


def refusal_of(
    check: Callable[[Any, Action], IllegalAction | None],
    step: Callable[[Any, Action], object],
    state: Any,
    action: Action,
) -> tuple[str, str, str]:
    """(code, rule, sentence) of the refusal of ``action``: ``step`` raises what ``check``
    reports, both carry the action, and the state is left as it was."""
    problem = check(state, action)
    assert problem is not None, action
    before = state
    with pytest.raises(IllegalAction) as raised:
        step(state, action)
    assert state == before
    assert raised.value.action is action
    assert problem.action is action
    found = (raised.value.code, raised.value.rule, raised.value.message)
    assert (problem.code, problem.rule, problem.message) == found
    return found
