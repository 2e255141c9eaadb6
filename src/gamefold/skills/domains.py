"""The domains of the skill-deck actions' fields, resolved against a player's view.

See :mod:`gamefold.domains`: the action codec of :mod:`gamefold.envs` numbers a player's
choices from these declarations.
"""

from __future__ import annotations

from typing import Any

from gamefold.domains import Ref
from gamefold.skills.config import GM

__all__ = ["HAND_CARDS", "UNITS"]


def _units(view: Any, actor: str) -> tuple[str, ...]:
    skills = view.skills
    players = {owner.player for owner in skills.owners if owner.player != GM}
    return tuple(sorted(players | set(skills.gm_units)))


def _hand(view: Any, actor: str) -> tuple[int, ...]:
    for owner in view.skills.owners:
        if owner.player == actor:
            return tuple(sorted(owner.hand or ()))
    return ()


UNITS = Ref(_units, cap=8)
"""A unit of the session: its player characters and the GM's units, by name."""

HAND_CARDS = Ref(_hand, cap=10)
"""A Skill card in the actor's own hand, by increasing id."""
