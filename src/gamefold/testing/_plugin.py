"""The Hypothesis plugin: strategies for gamefold's own types, so ``st.from_type`` works.

It registers strategies for gamefold's types only, never for pyrsistent's or any other
library's, and lazily: ``import hypothesis`` where gamefold is installed but not imported
loads nothing of gamefold. Hypothesis calls the ``hypothesis`` entry point declared in
``pyproject.toml``, the tiny top-level module ``_gamefold_hypothesis`` (a module inside
this package would import the whole package); it calls :func:`register` only if gamefold is
already imported. Otherwise ``gamefold/__init__`` calls it at the end of its own import if
Hypothesis is loaded. Whichever comes second registers, and a gamefold type can only be
named once gamefold is imported, so ``st.from_type`` always finds its strategy.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hypothesis import strategies as st

# Each subsystem's testing module may define ``TYPE_STRATEGIES``: a mapping from its record
# types to functions returning a strategy for them.
_SUBSYSTEM_MODULES = (
    "gamefold.testing.skills",
    "gamefold.testing.combat",
    "gamefold.testing.diplomacy",
)


def _core_strategies() -> dict[type, Callable[[], st.SearchStrategy[Any]]]:
    from hypothesis import strategies as st

    from gamefold.registry import Clock
    from gamefold.rng import Rng

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


_done: list[bool] = []  # registered once per process


def register() -> None:
    """Register a strategy for each gamefold type with Hypothesis, once per process."""
    if _done:
        return
    _done.append(True)
    from hypothesis import strategies as st

    for cls, make in registered_strategies().items():
        st.register_type_strategy(cls, st.deferred(make))
