"""Argument checks for the public strategies, in Hypothesis's style: ``InvalidArgument``."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument


def check_count(name: str, value: Any, *, low: int = 0, high: int | None = None) -> None:
    """``value`` is an int (not a bool) in ``[low, high]``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgument(f"{name}={value!r} must be an int")
    if value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise InvalidArgument(f"{name}={value!r} must be {bound}")


def check_range(name: str, value: Any, *, low: int = 0) -> None:
    """``value`` is a ``(min, max)`` pair of ints with ``low <= min <= max``."""
    if not (isinstance(value, tuple) and len(value) == 2):
        raise InvalidArgument(f"{name}={value!r} must be a (min, max) pair")
    check_count(f"{name}[0]", value[0], low=low)
    check_count(f"{name}[1]", value[1], low=value[0])


def check_strategy(name: str, value: Any) -> None:
    """``value`` is ``None`` or a Hypothesis strategy."""
    if value is not None and not isinstance(value, st.SearchStrategy):
        raise InvalidArgument(f"{name}={value!r} must be a strategy or None")
