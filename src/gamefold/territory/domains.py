"""The domains of the territory's action fields, resolved against a player's view.

See :mod:`gamefold.domains`: the action codec of :mod:`gamefold.envs` numbers a player's
choices from these declarations.
"""

from __future__ import annotations

from typing import Any

from gamefold.domains import Ref

__all__ = ["TERRITORIES"]


def _atlas(view: Any) -> Any:
    """The atlas of the view's territory slice, whatever the game names it (summit's and the
    campaign's ``map``, a game's own ``territory``); ``None`` when no slice holds one."""
    for part in view.slices:
        atlas = getattr(part, "scenario", None)
        if getattr(atlas, "territories", None) is not None:
            return atlas
    return None


def _territories(view: Any, actor: str) -> tuple[str, ...]:
    """The map's territories, by name."""
    atlas = _atlas(view)
    return () if atlas is None else tuple(sorted(atlas.territories))


TERRITORIES = Ref(_territories, cap=24, reads=_atlas)
"""A territory of the atlas, by name."""
