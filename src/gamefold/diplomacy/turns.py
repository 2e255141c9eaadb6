"""Turns: what happens when a player's turn begins and ends.

Players take turns in seat order. The host game, which owns the map, starts each turn with
:class:`BeginTurn`, a :class:`gamefold.StartTurn` that also carries what the player holds at
that moment: the number of ``territories`` (DP-4) and the names of the bonus ``zones``
(DP-5). A plain :class:`gamefold.StartTurn` is accepted too and means "no territories, no
bonus zones". At a turn start, in this order:

1. proposals due to expire end, their cards unlocked (DP-9);
2. the turn that just finished is counted off the pacts on its clock; a pact with no whole
   turn left ends (DP-8);
3. the player's between-turn window closes and a waiting Standalone effect resolves (DP-12);
4. the deploy debt of self-applied cards falls due (DP-11);
5. the counters gain the turn's income (DP-4, DP-5);
6. every counter at 15 ticks or more earns every card due, each under the hand limit
   (DP-6, DP-13).

A turn start whose income would pass the config's ``max_income`` (DP-6) is refused
(``diplomacy/income-too-large``): that bound, never the earning, keeps a step bounded.

:class:`gamefold.EndTurn` ends the turn and opens the player's between-turn window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gamefold.core import EndTurn, Event, Events, StartTurn, replace
from gamefold.diplomacy import codes
from gamefold.diplomacy.hands import charge_debt
from gamefold.diplomacy.proposals import count_down, expire
from gamefold.diplomacy.seats import find_seat, on_turn, put_seat, unseated
from gamefold.diplomacy.standalone import resolve
from gamefold.diplomacy.ticks import earn, gain, income
from gamefold.pipeline import Refusal

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


def income_refusal(
    state: DiplomacyState, territories: int, zones: tuple[str, ...]
) -> Refusal | None:
    """``diplomacy/income-too-large`` when holding ``territories`` and ``zones`` would add
    more ticks than one turn start may (DP-6); ``None`` otherwise."""
    gained, bound = income(state.config, territories, zones), state.config.max_income
    if gained <= bound:
        return None
    message = f"A turn start adds at most {bound:,} units of ticks, not {gained:,}."
    return Refusal(codes.INCOME_TOO_LARGE, message)


_TWICE = Refusal(codes.MALFORMED, "Each bonus zone is named once.")


def zones_refusal(state: DiplomacyState, zones: tuple[str, ...]) -> Refusal | None:
    """Why a turn start may not name ``zones``: one twice (EN-4), or one the config lacks
    (DP-5); ``None`` when each is a bonus zone named once."""
    if not named_once(zones):
        return _TWICE
    for zone in zones:
        if not bonus_zone(state, zone):
            return Refusal(codes.UNKNOWN_ZONE, f"{zone!r} is not a bonus zone of this game.")
    return None


def decide_begin(
    state: DiplomacyState, action: StartTurn
) -> tuple[DiplomacyState, Events] | Refusal:
    """The next seat's turn, none under way (DP-4), with bonus zones the config knows
    (DP-5); then expiry, pacts, Standalone effects, deploy debt, income, earning, in that
    order."""
    name = action.player
    seat = find_seat(state, name)
    if seat is None:
        return unseated(name)
    if not begins_now(state, name):
        message = f"It is {state.next_player}'s turn to begin next, once no turn is under way."
        return Refusal(codes.NOT_YOUR_TURN, message, rule="DP-4")
    territories, zones = _holdings(action)
    if zones:
        refusal = zones_refusal(state, zones)
        if refusal is not None:
            return refusal
    refusal = income_refusal(state, territories, zones)  # DP-6: the income is bounded
    if refusal is not None:
        return refusal
    turn = state.turn + 1
    events: list[Event] = [TurnBegan(name, turn)]
    if state.proposals:
        state = expire(state, turn, events)  # DP-9
    if state.pacts:
        state = count_down(state, events)  # DP-8
    player = state.players[seat]
    resolve(player, events)  # DP-12: the window closes, a waiting effect resolves
    charge_debt(player, events)  # DP-11: the deploy debt falls due
    ticks = gain(state.config, player, territories, zones, events)  # DP-4, DP-5
    new = replace(player, ticks=ticks, deploy_debt=0, between_turns=False, pending=None)
    players = put_seat(state.players, seat, new)
    state = replace(state, turn=turn, active=name, players=players)
    return earn(state, seat, events), tuple(events)  # DP-6


def decide_end(state: DiplomacyState, action: EndTurn) -> tuple[DiplomacyState, Events] | Refusal:
    """Only the player whose turn is under way ends it; their between-turn window opens
    (DP-12)."""
    name = action.player
    seat = find_seat(state, name)
    if seat is None:
        return unseated(name)
    if not on_turn(state, name):
        message = f"It is not {name}'s turn to end."
        return Refusal(codes.NOT_YOUR_TURN, message, rule="DP-12")
    players = state.players
    player = replace(players[seat], between_turns=True)
    state = replace(state, active=None, players=put_seat(players, seat, player))
    return state, (TurnEnded(name),)
