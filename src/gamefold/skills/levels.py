"""Level-card changes of a hand limit (SD-2).

Each owner's hand limit lives in the state, so a Level card (or any effect the host game
resolves) can raise or lower it with :class:`ChangeHandLimit`. Lowering the limit never
forces a discard: the hand is kept and only later refills draw less (SD-2, SD-4).
"""

from __future__ import annotations

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.skills import codes
from gamefold.skills.config import GM
from gamefold.skills.session import (
    SkillsState,
    require_alive,
    require_seat,
    with_owner,
)

__all__ = ["ChangeHandLimit", "HandLimitChanged"]


@attrs.frozen
class ChangeHandLimit(Action):
    """The host game changes ``player``'s hand limit by ``delta`` (a Level card, SD-2).

    The new limit must stay between 0 and the owner's deck size.
    """

    player: str
    delta: int


@attrs.frozen
class HandLimitChanged(Event):
    """``player``'s hand limit went from ``old`` to ``new``; the hand itself is kept (SD-2)."""

    player: str
    old: int
    new: int


def validate_change(state: SkillsState, action: ChangeHandLimit) -> None:
    """Check the owner and the new limit's range (SD-2)."""
    seat = require_seat(state, action.player, action)
    owner = require_alive(state, seat, action)
    config = state.config
    top = config.gm_deck_size if action.player == GM else config.deck_size
    new = owner.hand_limit + action.delta
    if not 0 <= new <= top:
        message = f"a hand limit stays between 0 and {top}, not {new}"
        raise codes.illegal(codes.HAND_LIMIT_OUT_OF_RANGE, message, action)


def apply_change(state: SkillsState, action: ChangeHandLimit) -> tuple[SkillsState, Events]:
    """Set the new limit; no card moves (SD-2: lowering never forces a discard)."""
    seat = state.seats.index(action.player)
    owner = state.owners[seat]
    new = owner.hand_limit + action.delta
    event: Event = HandLimitChanged(action.player, owner.hand_limit, new)
    return with_owner(state, seat, replace(owner, hand_limit=new)), (event,)
