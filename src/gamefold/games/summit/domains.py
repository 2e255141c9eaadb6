"""The domains of the summit's map actions' fields, resolved against a player's view.

See :mod:`gamefold.domains`: the action codec of :mod:`gamefold.envs` numbers a player's
choices from these declarations.
"""

from __future__ import annotations

from typing import Any

from gamefold.domains import Ref

__all__ = ["TERRITORIES"]


def _territories(view: Any, actor: str) -> tuple[str, ...]:
    return tuple(sorted(view.map.scenario.territories))


TERRITORIES = Ref(_territories, cap=24)
"""A territory of the scenario's map, by name."""
