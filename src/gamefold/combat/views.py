"""What one side may see of a fight (EN-9): the other side's pending choices and the RNG hidden.

A view keeps every public fact (hit points, zones, conditions, pairings, items, Stress) and
who has declared in the current exchange, but not *what* the other side declared: those
declarations appear only when the exchange resolves (CB-10). The RNG is stripped, so a bot
cannot see the future (EN-3).
"""

from __future__ import annotations

import attrs

from gamefold.combat.combatants import Combatant, CombatState, Ending, find
from gamefold.combat.config import CombatConfig
from gamefold.combat.zones import SIDES, Side
from gamefold.core import replace

__all__ = ["CombatView", "view"]


@attrs.frozen
class CombatView:
    """A fight as ``viewer`` may see it."""

    viewer: str | None
    """The side's name or combatant id it was made for; ``None`` for a spectator."""
    config: CombatConfig
    """The rules' numbers (public)."""
    combatants: tuple[Combatant, ...]
    """The combatants; those of the other side without their pending choices."""
    declared: tuple[str, ...]
    """Who has declared (or agreed to retreat) in the current exchange: public knowledge."""
    exchange: int
    """Exchanges resolved so far."""
    ending: Ending | None
    """How the fight ended, or ``None``."""


def _side_of(state: CombatState, viewer: str | None) -> Side | None:
    if viewer is None:
        return None
    for side in SIDES:
        if viewer == side.value:
            return side
    c = find(state, viewer)
    if c is None:
        raise ValueError(f"unknown viewer {viewer!r}: a side's name, a combatant id or None")
    return c.side


def _hidden(c: Combatant) -> Combatant:
    if c.declaration is None and c.retreat is None:
        return c
    return replace(c, declaration=None, retreat=None)


def view(state: CombatState, viewer: str | None) -> CombatView:
    """``state`` as ``viewer`` (a side's name, a combatant id, or ``None``) may see it."""
    side = _side_of(state, viewer)
    declared = tuple(
        c.id for c in state.combatants if c.declaration is not None or c.retreat is not None
    )
    shown = tuple(c if c.side is side else _hidden(c) for c in state.combatants)
    return CombatView(viewer, state.config, shown, declared, state.exchange, state.ending)
