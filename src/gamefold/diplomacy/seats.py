"""Seats: finding a player's record in the state and putting a new one back.

Every concept module needs these small lookups and the refusals that go with them (an
unseated player, EN-4; an action out of its player's turn); they live here, apart from
:mod:`gamefold.diplomacy.table` (which imports the concept modules' records), so that no
module imports another in a circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamefold.core import replace
from gamefold.diplomacy import codes
from gamefold.pipeline import Refusal

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState, PlayerState

__all__ = [
    "find_seat",
    "on_turn",
    "put_seat",
    "seat_of",
    "turn_refusal",
    "unseated",
    "with_player",
]


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


def unseated(player: str) -> Refusal:
    """The refusal of an action naming ``player``, who is not seated (EN-4)."""
    return Refusal(codes.UNKNOWN_PLAYER, f"{player!r} is not seated at this table.")


def on_turn(state: DiplomacyState, player: str) -> bool:
    """Whether ``player``'s turn is under way."""
    return state.active == player


def turn_refusal(state: DiplomacyState, player: str, rule: str) -> Refusal | None:
    """``diplomacy/not-your-turn`` (citing ``rule``) unless it is ``player``'s turn."""
    if on_turn(state, player):
        return None
    message = f"{player} can do that only during their own turn."
    return Refusal(codes.NOT_YOUR_TURN, message, rule=rule)


def put_seat(
    players: tuple[PlayerState, ...], seat: int, player: PlayerState
) -> tuple[PlayerState, ...]:
    """``players`` with the record at ``seat`` replaced by ``player``."""
    return (*players[:seat], player, *players[seat + 1 :])


def with_player(state: DiplomacyState, seat: int, player: PlayerState) -> DiplomacyState:
    """``state`` with the record at ``seat`` replaced by ``player``."""
    return replace(state, players=put_seat(state.players, seat, player))
