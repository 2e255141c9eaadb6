"""Hold a pipeline's fast checks and quiet applies to its detailed stages.

A :class:`~gamefold.pipeline.Pipeline` given ``accepts`` (fast checks) and ``quiet`` (applies
without events) must behave exactly as the same pipeline without them, except for the time
it takes and the events ``advance`` leaves unbuilt. :func:`assert_fast_paths` checks that for
one state and any actions, legal or not, malformed or not; run it over reachable states with
Hypothesis and build the plain pipeline beside the fused one:

>>> from hypothesis import given
>>> from gamefold.skills.reducer import make_pipeline
>>> from gamefold.testing import assert_fast_paths
>>> from gamefold.testing.listing import skills_action_space
>>> from gamefold.testing.skills import reachable_states
>>> FUSED, PLAIN = make_pipeline(), make_pipeline(fused=False)
>>> @given(state=reachable_states())
... def test_fast_paths(state):
...     assert_fast_paths(FUSED, PLAIN, state, skills_action_space(state))
>>> test_fast_paths()
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from gamefold.errors import IllegalAction
from gamefold.pipeline import Pipeline

__all__ = ["assert_fast_paths"]


def _outcome(run: Callable[[Any, Any], Any], state: Any, action: Any) -> Any:
    """What ``run(state, action)`` returns, or the refusal it raises as (code, rule, message)."""
    try:
        return run(state, action)
    except IllegalAction as problem:
        return _refusal(problem)


def _fast(run: Callable[[Any, Any], Any], state: Any, action: Any) -> Any:
    """:func:`_outcome` of a fast path, where an unsound fast check may let an apply crash."""
    try:
        return _outcome(run, state, action)
    except Exception as crash:  # shown in the assertion, not swallowed
        return f"{type(crash).__name__}: {crash}"


def _refusal(problem: IllegalAction | None) -> tuple[str, str, str] | None:
    return None if problem is None else (problem.code, problem.rule, problem.message)


def assert_fast_paths(
    fused: Pipeline[Any],
    plain: Pipeline[Any],
    state: Any,
    actions: Iterable[Any],
    *,
    advance: Callable[[Any, Any], Any] | None = None,
) -> None:
    """Raise :class:`AssertionError` unless ``fused`` agrees with ``plain`` on every action.

    ``fused`` and ``plain`` are the same pipeline with and without its fast checks and quiet
    applies. For each action of ``actions`` in ``state``:

    - ``step`` gives the same new state and events, or the same refusal (code, rule,
      sentence), and ``check`` the same answer (EN-4);
    - ``fused.advance`` gives ``step``'s new state alone, or the same refusal (EN-7), and so
      does ``advance`` when given (a subsystem face's ``advance``, say);
    - a fast check is exact: true for a legal action of its type, false for every other.

    ``fused.advance`` of a legal action runs its quiet apply, so the second point also holds
    every quiet apply to the state the stages' apply builds.
    """
    for action in actions:
        stepped = _outcome(plain.step, state, action)
        _agree("step", action, _fast(fused.step, state, action), stepped)
        refused = _refusal(plain.check(state, action))
        _agree("check", action, _refusal(fused.check(state, action)), refused)
        after = stepped[0] if refused is None else stepped
        _agree("advance", action, _fast(fused.advance, state, action), after)
        if advance is not None:
            _agree("the advance given", action, _fast(advance, state, action), after)
        accepts = fused.accepts.get(type(action))
        if accepts is not None:
            _agree("the fast check", action, accepts(state, action), refused is None)


def _agree(what: str, action: Any, fused: Any, plain: Any) -> None:
    if fused != plain:
        message = f"{what} of {action!r}: the fast path gives {fused!r}, the stages {plain!r}"
        raise AssertionError(message)
