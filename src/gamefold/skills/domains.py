"""The domains of the skill-deck actions' fields, resolved against a player's view.

See :mod:`gamefold.domains`: the action codec of :mod:`gamefold.envs` numbers a player's
choices from these declarations.
"""

from __future__ import annotations

from typing import Any

from gamefold.domains import Ref
from gamefold.skills.config import GM

__all__ = ["HAND_CARDS", "OWNERS", "UNITS"]


def _units(view: Any, actor: str) -> tuple[str, ...]:
    skills = view.skills
    players = {owner.player for owner in skills.owners if owner.player != GM}
    return tuple(sorted(players | set(skills.gm_units)))


def _owners(view: Any, actor: str) -> tuple[str, ...]:
    return tuple(sorted(owner.player for owner in view.skills.owners))


def _hands(view: Any, actor: str) -> tuple[int, ...]:
    return tuple(sorted(card for owner in view.skills.owners for card in owner.hand or ()))


UNITS = Ref(_units, cap=8)
"""A unit of the session: its player characters and the GM's units, by name."""

OWNERS = Ref(_owners, cap=8)
"""An owner of a deck (a player or the GM): the actor, or a seat the actor commands."""

HAND_CARDS = Ref(_hands, cap=16)
"""A Skill card in a hand the actor sees (its own, and those of seats it commands), by
increasing id."""
