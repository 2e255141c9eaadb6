"""Invariants: what every reachable state satisfies, checked by name.

Each subsystem declares its invariants as plain functions on its slice
(``Subsystem.invariants``): ``(state) -> Iterable[str]``, one sentence per violation. The
functions here run them over a whole :class:`~gamefold.Game` and add the engine's own:

>>> from gamefold.testing import check_invariants
>>> check_invariants(game, rules)          # doctest: +SKIP
{}                                         # every invariant holds
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from gamefold.registry import Game, Rules
from gamefold.rng import Rng

__all__ = ["InvariantViolation", "assert_invariants", "check_invariants", "distinct_rng_streams"]


class InvariantViolation(AssertionError):
    """A state broke one or more invariants; ``violations`` maps names to sentences."""

    def __init__(self, violations: dict[str, list[str]]) -> None:
        lines = [f"{name}: {msg}" for name, msgs in sorted(violations.items()) for msg in msgs]
        super().__init__("invariants violated:\n  " + "\n  ".join(lines))
        self.violations = violations


def _rngs(value: Any) -> Iterator[Rng]:
    """Every Rng directly inside a record's fields (not nested records)."""
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            found = getattr(value, field.name)
            if isinstance(found, Rng):
                yield found


def distinct_rng_streams(game: Game) -> Iterable[str]:
    """EN-3: no two slices draw from the same RNG state (each has its own stream)."""
    seen: dict[int, str] = {}
    for name, value in zip(game.names, game.slices, strict=True):
        for rng in _rngs(value):
            if rng.state in seen:
                yield f"slices {seen[rng.state]!r} and {name!r} share one RNG state"
            seen[rng.state] = name


ENGINE_INVARIANTS = (distinct_rng_streams,)
"""The invariants of every composed game, beside those its subsystems declare."""


def check_invariants(game: Game, rules: Rules) -> dict[str, list[str]]:
    """Every violated invariant of ``game`` by name (``"skills.cards_conserved"``); ``{}``
    when all hold."""
    found = rules.invariants(game)
    for inv in ENGINE_INVARIANTS:
        problems = list(inv(game))
        if problems:
            found[f"engine.{inv.__name__}"] = problems
    return found


def assert_invariants(game: Game, rules: Rules) -> None:
    """Raise :class:`InvariantViolation` naming every violated invariant of ``game``."""
    found = check_invariants(game, rules)
    if found:
        raise InvariantViolation(found)
