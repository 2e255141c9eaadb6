"""The domains of the territory's action fields, resolved against a player's view.

See :mod:`gamefold.domains`: the action codec of :mod:`gamefold.envs` numbers a player's
choices from these declarations.
"""

from __future__ import annotations

from typing import Any

from gamefold.domains import Ref

__all__ = ["TERRITORIES"]


def _territories(view: Any, actor: str) -> tuple[str, ...]:
    """The map's territories, by name: the atlas of the view's territory slice, whatever the
    game names it (summit's and the campaign's ``map``, a game's own ``territory``)."""
    for part in view.slices:
        atlas = getattr(part, "scenario", None)
        territories = getattr(atlas, "territories", None)
        if territories is not None:
            return tuple(sorted(territories))
    return ()


TERRITORIES = Ref(_territories, cap=24)
"""A territory of the atlas, by name."""
