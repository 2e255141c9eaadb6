"""The domains of the diplomacy actions' fields, resolved against a player's view.

See :mod:`gamefold.domains`: the action codec of :mod:`gamefold.envs` numbers a player's
choices from these declarations.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from gamefold.domains import Listed, Ref

__all__ = ["HAND_CARDS", "PROPOSALS", "SEATS", "SLOT_VALUES", "TARGETS"]


def _seats(view: Any, actor: str) -> tuple[str, ...]:
    return tuple(sorted(player.player for player in view.diplomacy.players))


def _hand(view: Any, actor: str) -> tuple[int, ...]:
    for player in view.diplomacy.players:
        if player.player == actor:
            return tuple(sorted(player.hand or ()))
    return ()


def _proposals(view: Any, actor: str) -> tuple[int, ...]:
    return tuple(sorted(proposal.id for proposal in view.diplomacy.proposals))


SEATS = Ref(_seats, cap=8, reads=attrgetter("diplomacy.players"))
"""A seated player, by id."""

HAND_CARDS = Ref(_hand, cap=32, reads=attrgetter("diplomacy.players"))
"""A card in the actor's own hand, by increasing id."""

PROPOSALS = Ref(_proposals, cap=8, reads=attrgetter("diplomacy.proposals"))
"""A pending proposal the actor sees, by increasing id."""

SLOT_VALUES = Listed(cap=80)
"""The Value cards filling a proposal's slots: one of the fillings the actor may propose for
its addressee and agreement (at the default hand limit of 10 and at most 2 slots, at most
9 x 8 = 72 ordered fillings)."""

TARGETS = Listed(cap=32)
"""A Standalone card's target (free text for the host game): one the actor may aim at."""
