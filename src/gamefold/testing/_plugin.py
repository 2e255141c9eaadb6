"""The Hypothesis plugin: strategies for gamefold's own types, so ``st.from_type`` works.

Hypothesis calls :func:`_hypothesis_setup_hook` through the ``hypothesis`` entry point
declared in ``pyproject.toml``. It registers strategies for gamefold's types only, never
for pyrsistent's or any other library's.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from hypothesis import strategies as st

from gamefold.registry import Clock
from gamefold.rng import Rng

# Each subsystem's testing module may define ``TYPE_STRATEGIES``: a mapping from its record
# types to functions returning a strategy for them.
_SUBSYSTEM_MODULES = (
    "gamefold.testing.skills",
    "gamefold.testing.combat",
    "gamefold.testing.diplomacy",
)


def _core_strategies() -> dict[type, Callable[[], st.SearchStrategy[Any]]]:
    return {
        Rng: lambda: st.integers(min_value=0, max_value=2**64 - 1).map(Rng),
        Clock: lambda: st.builds(
            Clock,
            round=st.integers(min_value=0, max_value=10_000),
            turn=st.integers(min_value=0, max_value=10_000),
            player=st.text(max_size=8),
            in_round=st.booleans(),
        ),
    }


def registered_strategies() -> dict[type, Callable[[], st.SearchStrategy[Any]]]:
    """Every gamefold type with a strategy, and the function building that strategy."""
    found = _core_strategies()
    for name in _SUBSYSTEM_MODULES:
        module = import_module(name)
        found.update(getattr(module, "TYPE_STRATEGIES", {}))
    return found


def _hypothesis_setup_hook() -> None:
    """Register a strategy for each gamefold type (called by Hypothesis at import)."""
    for cls, make in registered_strategies().items():
        st.register_type_strategy(cls, st.deferred(make))
