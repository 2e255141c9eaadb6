"""The domains of the skill-deck actions' fields, resolved against a player's view.

See :mod:`gamefold.domains`: the action codec of :mod:`gamefold.envs` numbers a player's
choices from these declarations.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from gamefold.domains import Listed, Ref
from gamefold.skills.config import GM

__all__ = ["ABILITIES", "HAND_CARDS", "OWNERS", "PAYMENTS", "UNITS"]


def _units(view: Any, actor: str) -> tuple[str, ...]:
    skills = view.skills
    players = {owner.player for owner in skills.owners if owner.player != GM}
    return tuple(sorted(players | set(skills.gm_units)))


def _owners(view: Any, actor: str) -> tuple[str, ...]:
    return tuple(sorted(owner.player for owner in view.skills.owners))


def _abilities(view: Any, actor: str) -> tuple[str, ...]:
    return tuple(sorted(ability.name for ability in view.skills.config.abilities))


def _hands(view: Any, actor: str) -> tuple[int, ...]:
    return tuple(sorted(card for owner in view.skills.owners for card in owner.hand or ()))


UNITS = Ref(_units, cap=8, reads=attrgetter("skills"))
"""A unit of the session: its player characters and the GM's units, by name."""

OWNERS = Ref(_owners, cap=8, reads=attrgetter("skills.owners"))
"""An owner of a deck (a player or the GM): the actor, or a seat the actor commands."""

HAND_CARDS = Ref(_hands, cap=16, reads=attrgetter("skills.owners"))
"""A Skill card in a hand the actor sees (its own, and those of seats it commands), by
increasing id."""

ABILITIES = Ref(_abilities, cap=8, reads=attrgetter("skills.config"))
"""An ability paid for with a Payment Discard (``SkillsConfig.abilities``), by name (SD-10)."""

PAYMENTS = Listed(cap=32)
"""The cards of a Payment Discard: one of the payments the actor may make for the ability
chosen (combinatorial in general, SD-10)."""
