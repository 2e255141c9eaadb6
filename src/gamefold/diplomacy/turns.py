"""Turns: what happens when a player's turn begins and ends.

Players take turns in seat order. The host game, which owns the map, starts each turn with
:class:`BeginTurn`, a :class:`gamefold.StartTurn` that also carries what the player holds at
that moment: the number of ``territories`` (DP-4) and the names of the bonus ``zones``
(DP-5). A plain :class:`gamefold.StartTurn` is accepted too and means "no territories, no
bonus zones". At a turn start, in this order:

1. proposals due to expire end, their cards unlocked (DP-9);
2. pacts on the clock count down, and end at zero;
3. the player's between-turn window closes and a waiting Standalone effect resolves (DP-12);
4. the deploy debt of self-applied cards falls due (DP-11);
5. the counters gain the turn's income (DP-4, DP-5);
6. every counter at 15 ticks or more earns cards, under the hand limit (DP-6, DP-13).

:class:`gamefold.EndTurn` ends the turn and opens the player's between-turn window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gamefold.core import EndTurn, Event, Events, StartTurn, replace
from gamefold.diplomacy import codes
from gamefold.diplomacy.hands import charge_debt
from gamefold.diplomacy.proposals import count_down, expire
from gamefold.diplomacy.seats import on_turn, require_seat, seat_of, with_player
from gamefold.diplomacy.standalone import resolve
from gamefold.diplomacy.ticks import earn, gain

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState

__all__ = ["MAX_TERRITORIES", "BeginTurn", "TurnBegan", "TurnEnded", "territory_count"]


MAX_TERRITORIES = 1_000
"""The most territories a :class:`BeginTurn` may report: income, and so the cards a turn
earns, grows with it, so an unbounded count from a record would never finish earning."""


def territory_count(value: object) -> bool:
    """Whether ``value`` is a count of territories a turn may start with (EN-4)."""
    return type(value) is int and 0 <= value <= MAX_TERRITORIES


@attrs.frozen
class BeginTurn(StartTurn):
    """``player``'s turn begins; they hold ``territories`` and the bonus ``zones`` named.

    The host game reads these from its map at the moment the turn starts (DP-4, DP-5).
    """

    territories: int = 0
    """Territories the player holds now: 0.25 ticks each on the Random counter (DP-4);
    at most :data:`MAX_TERRITORIES`."""
    zones: tuple[str, ...] = ()
    """Bonus zones the player holds now, by name (the config's ``bonus_zones``, DP-5)."""


@attrs.frozen
class TurnBegan(Event):
    """Turn number ``turn`` (counting from 1) began for ``player``."""

    player: str
    turn: int


@attrs.frozen
class TurnEnded(Event):
    """``player``'s turn ended; their between-turn window is open (DP-12)."""

    player: str


def _holdings(action: StartTurn) -> tuple[int, tuple[str, ...]]:
    if isinstance(action, BeginTurn):
        return action.territories, action.zones
    return 0, ()


def begins_now(state: DiplomacyState, player: str) -> bool:
    """Whether ``player``'s turn is the one to begin: the next seat's, none under way."""
    return state.active is None and player == state.next_player


def named_once(zones: tuple[str, ...]) -> bool:
    """Whether a turn start names each of its bonus ``zones`` once (EN-4)."""
    return len(set(zones)) == len(zones)


def bonus_zone(state: DiplomacyState, zone: str) -> bool:
    """Whether ``zone`` is one of the config's bonus zones (DP-5)."""
    return state.config.has_zone(zone)


def validate_begin(state: DiplomacyState, action: StartTurn) -> None:
    """The next seat's turn, none under way, and bonus zones the config knows (DP-5)."""
    require_seat(state, action.player, action)
    if not begins_now(state, action.player):
        message = f"It is {state.next_player}'s turn to begin next, once no turn is under way."
        raise codes.illegal(codes.NOT_YOUR_TURN, message, action, rule="DP-4")
    zones = _holdings(action)[1]
    if not named_once(zones):
        raise codes.illegal(codes.MALFORMED, "Each bonus zone is named once.", action)
    for zone in zones:
        if not bonus_zone(state, zone):
            message = f"{zone!r} is not a bonus zone of this game."
            raise codes.illegal(codes.UNKNOWN_ZONE, message, action)


def apply_begin(state: DiplomacyState, action: StartTurn) -> tuple[DiplomacyState, Events]:
    """Expiry, pacts, Standalone effects, deploy debt, income, earning: in that order."""
    seat = seat_of(state, action.player)  # validated
    territories, zones = _holdings(action)
    turn = state.turn + 1
    events: list[Event] = [TurnBegan(action.player, turn)]
    state = replace(state, turn=turn, active=action.player)
    state = expire(state, events)
    state = count_down(state, action.player, events)
    state = resolve(state, seat, events)
    state = charge_debt(state, seat, events)
    state = gain(state, seat, territories, zones, events)
    state = earn(state, seat, events)
    return state, tuple(events)


def validate_end(state: DiplomacyState, action: EndTurn) -> None:
    """Only the player whose turn is under way ends it."""
    require_seat(state, action.player, action)
    if not on_turn(state, action.player):
        message = f"It is not {action.player}'s turn to end."
        raise codes.illegal(codes.NOT_YOUR_TURN, message, action, rule="DP-12")


def apply_end(state: DiplomacyState, action: EndTurn) -> tuple[DiplomacyState, Events]:
    """The turn ends; the player's between-turn window opens (DP-12)."""
    return ended(state, action), (TurnEnded(action.player),)


def ended(state: DiplomacyState, action: EndTurn) -> DiplomacyState:
    """:func:`apply_end`'s new state, without its event."""
    seat = seat_of(state, action.player)  # validated
    player = replace(state.players[seat], between_turns=True)
    return with_player(replace(state, active=None), seat, player)
