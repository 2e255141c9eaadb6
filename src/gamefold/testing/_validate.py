"""The strategy dialect's one way to take arguments: subjects, options, and their checks.

Every public strategy of :mod:`gamefold.testing` checks its arguments here, when it is built:

- a *subject* (the game, the state …) goes through :func:`subject`: a plain value, checked now;
- an *option* goes through :func:`option`: a plain value is checked now; a strategy is kept,
  and each value drawn from it is checked when drawn.

A failed check raises :class:`~hypothesis.errors.InvalidArgument` with a sentence that names
the argument and the value, as Hypothesis's own strategies do. The strategy then uses its
options with :func:`drawn` (inside a composite), :func:`as_strategy` (for ``st.builds``) or
:func:`build` (for a strategy made from plain values).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import partial
from typing import Any, TypeVar

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

T = TypeVar("T")

Check = Callable[[Any], str | None]
"""What a value must be: ``None`` when it is fine, else the end of a sentence ("must be …")."""


def subject(name: str, value: T, check: Check) -> T:
    """``value``, a subject of the strategy (a plain value, never a strategy), once checked."""
    if isinstance(value, st.SearchStrategy):
        raise InvalidArgument(
            f"{name}={value!r} must be a plain value, not a strategy: draw it first "
            "(with st.data() or .flatmap) and pass what was drawn"
        )
    problem = check(value)
    if problem is not None:
        raise InvalidArgument(f"{name}={value!r} {problem}")
    return value


def option(name: str, value: Any, check: Check, *, default: Any = None) -> Any:
    """``value`` (a plain value, checked now) or a strategy whose draws are checked when drawn.

    An option whose signature default is ``None`` gives its ``default`` strategy for ``None``.
    """
    if value is None and default is not None:
        return default
    if isinstance(value, st.SearchStrategy):
        return value.map(partial(_checked_draw, name, check))
    problem = check(value)
    if problem is not None:
        raise InvalidArgument(f"{name}={value!r} {problem}")
    return value


def _checked_draw(name: str, check: Check, value: T) -> T:
    problem = check(value)
    if problem is not None:
        raise InvalidArgument(f"{name}={value!r} (drawn from the strategy given) {problem}")
    return value


def drawn(draw: st.DrawFn, value: Any) -> Any:
    """An option's value for this example: drawn if it is a strategy, else itself."""
    return draw(value) if isinstance(value, st.SearchStrategy) else value


def as_strategy(value: Any) -> st.SearchStrategy[Any]:
    """An option as a strategy: itself, or ``st.just`` of a plain value."""
    return value if isinstance(value, st.SearchStrategy) else st.just(value)


def build(make: Callable[..., st.SearchStrategy[T]], **options: Any) -> st.SearchStrategy[T]:
    """``make(**options)``; options given as strategies are drawn first, once per example.

    With plain values only, this is ``make(**options)`` itself, so default draws are the
    same as a strategy written without options.
    """
    if not any(isinstance(v, st.SearchStrategy) for v in options.values()):
        return make(**options)
    return _built(make, options)


@st.composite
def _built(
    draw: st.DrawFn, make: Callable[..., st.SearchStrategy[T]], options: dict[str, Any]
) -> T:
    return draw(make(**{name: drawn(draw, value) for name, value in options.items()}))


# The checks: each returns ``None`` for a fitting value, else what the value must be.


def count(low: int = 0, high: int | None = None) -> Check:
    """An int (not a bool) in ``[low, high]``."""
    bound = f"between {low} and {high}" if high is not None else f"at least {low}"

    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"must be an int {bound}"
        if value < low or (high is not None and value > high):
            return f"must be {bound}"
        return None

    return check


def count_range(low: int = 0) -> Check:
    """A ``(min, max)`` pair of ints with ``low <= min <= max``."""

    def check(value: Any) -> str | None:
        if not (isinstance(value, tuple) and len(value) == 2):
            return "must be a (min, max) pair of ints"
        first, second = count(low)(value[0]), count(low)(value[1])
        if first is not None or second is not None or value[0] > value[1]:
            return f"must be a (min, max) pair of ints with {low} <= min <= max"
        return None

    return check


def flag(value: Any) -> str | None:
    """``True`` or ``False``."""
    return None if isinstance(value, bool) else "must be True or False"


def instance(cls: type | tuple[type, ...], what: str) -> Check:
    """An instance of ``cls``, described to the reader as ``what``."""

    def check(value: Any) -> str | None:
        return None if isinstance(value, cls) else f"must be {what}"

    return check


def one_of(choices: Collection[Any]) -> Check:
    """One of ``choices``."""

    def check(value: Any) -> str | None:
        return None if value in choices else f"must be one of {sorted(map(repr, choices))}"

    return check


def items(cls: type | tuple[type, ...], what: str, *, empty: bool = True) -> Check:
    """A list or tuple of ``cls`` instances (non-empty unless ``empty``)."""

    def check(value: Any) -> str | None:
        fits = isinstance(value, list | tuple) and all(isinstance(v, cls) for v in value)
        if not fits or (not empty and not value):
            return f"must be a {'' if empty else 'non-empty '}list or tuple of {what}"
        return None

    return check


def mapping(keys: type, values: type, what: str) -> Check:
    """A mapping from ``keys`` instances to ``values`` instances."""

    def check(value: Any) -> str | None:
        fits = isinstance(value, Mapping) and all(
            isinstance(k, keys) and isinstance(v, values) for k, v in value.items()
        )
        return None if fits else f"must be a mapping of {what}"

    return check
