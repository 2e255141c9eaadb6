"""Seats: finding a player's record in the state and putting a new one back.

Every concept module needs these small lookups; they live here, apart from
:mod:`gamefold.diplomacy.table` (which imports the concept modules' records), so that no
module imports another in a circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamefold.core import Action, replace
from gamefold.diplomacy import codes

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState, PlayerState

__all__ = ["find_seat", "on_turn", "require_seat", "require_turn", "seat_of", "with_player"]


def find_seat(state: DiplomacyState, player: str) -> int | None:
    """The seat index of ``player``, or ``None`` when nobody of that name is seated."""
    for seat, each in enumerate(state.players):
        if each.player == player:
            return seat
    return None


def seat_of(state: DiplomacyState, player: str) -> int:
    """The seat index of ``player``, who must be seated (the state's own records)."""
    seat = find_seat(state, player)
    if seat is None:
        raise LookupError(f"{player!r} is not seated; the state is inconsistent")
    return seat


def require_seat(state: DiplomacyState, player: str, action: Action) -> int:
    """The seat index of ``player``; raises ``diplomacy/unknown-player`` (EN-4) if absent."""
    seat = find_seat(state, player)
    if seat is None:
        message = f"{player!r} is not seated at this table."
        raise codes.illegal(codes.UNKNOWN_PLAYER, message, action)
    return seat


def on_turn(state: DiplomacyState, player: str) -> bool:
    """Whether ``player``'s turn is under way."""
    return state.active == player


def require_turn(state: DiplomacyState, player: str, action: Action, rule: str) -> None:
    """Raise ``diplomacy/not-your-turn`` unless it is ``player``'s turn."""
    if not on_turn(state, player):
        message = f"{player} can do that only during their own turn."
        raise codes.illegal(codes.NOT_YOUR_TURN, message, action, rule=rule)


def with_player(state: DiplomacyState, seat: int, player: PlayerState) -> DiplomacyState:
    """``state`` with the record at ``seat`` replaced by ``player``."""
    players = state.players
    return replace(state, players=(*players[:seat], player, *players[seat + 1 :]))
