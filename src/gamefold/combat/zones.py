"""Sides and zones: where a combatant stands, and who counts as Forward (CB-4, CB-7).

Each side has a Forward and a Rearward zone, four zones in all (CB-4). If a side has nobody
left in its Forward, everyone in its Rearward counts as Forward (CB-7), for pairing and for
the zone an ability requires alike.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamefold.combat.combatants import Combatant

__all__ = ["SIDES", "Side", "Zone", "effective_zone", "forward_ids"]


class Side(Enum):
    """The two sides of a fight: the players' party and their enemies."""

    # Identity, as Enum equality is: Enum's own hash is Python code, and lists and caches
    # hash these at every choice. No rule depends on a hash (EN-3).
    __hash__ = object.__hash__

    PARTY = "party"
    ENEMIES = "enemies"

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.ENEMIES if self is Side.PARTY else Side.PARTY


SIDES: tuple[Side, ...] = (Side.PARTY, Side.ENEMIES)
"""Both sides, the party first."""


class Zone(Enum):
    """A zone of one side (CB-4); a fallen combatant is in none (``None``)."""

    # Identity, as Enum equality is: Enum's own hash is Python code, and lists and caches
    # hash these at every choice. No rule depends on a hash (EN-3).
    __hash__ = object.__hash__

    FORWARD = "forward"
    REARWARD = "rearward"


# The members as plain names, for the rules that compare with them at every step: a member
# read through its enum class goes through the class's metaclass each time.
_PARTY, _ENEMIES = Side.PARTY, Side.ENEMIES
_FORWARD, _REARWARD = Zone.FORWARD, Zone.REARWARD


def forward_ids(combatants: tuple[Combatant, ...], side: Side) -> tuple[str, ...]:
    """The ids of ``side``'s living combatants that count as Forward, in state order."""
    front = tuple([c.id for c in combatants if c.side is side and c.zone is _FORWARD])
    if front:
        return front
    # CB-7: an empty Forward makes the whole Rearward count as Forward.
    return tuple(c.id for c in combatants if c.side is side and c.zone is _REARWARD)


def effective_zone(combatants: tuple[Combatant, ...], who: Combatant) -> Zone | None:
    """The zone ``who`` counts as standing in (CB-7), or ``None`` when it has fallen."""
    if who.zone is not _REARWARD:
        return who.zone
    side = who.side
    for c in combatants:
        if c.side is side and c.zone is _FORWARD:
            return _REARWARD
    return _FORWARD  # CB-7
