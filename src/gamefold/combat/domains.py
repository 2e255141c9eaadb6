"""The domains of the combat actions' fields, resolved against a player's view.

See :mod:`gamefold.domains`: the action codec of :mod:`gamefold.envs` numbers a player's
choices from these declarations.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from gamefold.combat.hands import Hand
from gamefold.combat.zones import Side
from gamefold.domains import Choice, Listed, Maybe, Ref

__all__ = ["ABILITY_NAMES", "COMBATANTS", "DROPS", "HANDS", "PAIRINGS", "SIDES"]


def _combatants(view: Any, actor: str) -> tuple[str, ...]:
    return tuple(sorted(combatant.id for combatant in view.combat.combatants))


def _abilities(view: Any, actor: str) -> tuple[str, ...]:
    return tuple(sorted(ability.name for ability in view.combat.config.abilities))


COMBATANTS = Ref(_combatants, cap=8, reads=attrgetter("combat.combatants"))
"""A combatant of the fight, by id."""

ABILITY_NAMES = Ref(_abilities, cap=6, reads=attrgetter("combat.config"))
"""An ability of the combat config, by name."""

HANDS = Maybe(Choice(tuple(Hand)))
"""A Hand, or none."""

SIDES = Choice(tuple(Side))
"""A side of the fight."""

PAIRINGS = Listed(cap=32)
"""A whole pairing: one of those the actor may assign (combinatorial in general)."""

DROPS = Listed(cap=8)
"""The items a retreating combatant drops: one of the choices it may make."""
