"""The turn flow: Rounds, turns, between-turn windows, answers and the end (SM-3, SM-9, SM-10).

The map slice keeps where play stands (:class:`~gamefold.games.summit.board.Phase`) and
reacts to the clock's lifecycle actions:

- ``StartRound`` begins a Round; then each seat in order has a turn.
- ``BeginTurn(player, territories, zones)`` begins the next seat's turn; it must carry
  exactly the holdings the map shows (SM-3, DP-4, DP-5). A plain ``StartTurn`` is refused.
- ``EndTurn(player)``, the player's own choice, ends the turn. The game ends there if a
  player holds ``domination`` territories (SM-10); after the game's last turn there is no
  window; otherwise the player's between-turn window opens (SM-9).
- In the window the player plays a Standalone card or :class:`Pass`-es; then the next
  seat's turn is due, or ``EndRound`` after the last seat.
- ``EndRound`` ends the Round; after ``max_rounds`` Rounds the game is over (SM-10).

A proposal awaits its answer (an :class:`~gamefold.games.summit.board.Ask`) right after it
is made: its recipient Accepts, Declines or :class:`Defer`-s it before play goes on (SM-9).
"""

from __future__ import annotations

import attrs

from gamefold.core import Action, EndRound, EndTurn, Event, Events, StartRound, StartTurn, replace
from gamefold.diplomacy import BeginTurn
from gamefold.errors import IllegalAction
from gamefold.games.summit import codes
from gamefold.games.summit.board import (
    MapState,
    Phase,
    holdings,
    put_at,
    realm_of,
    territory_count,
)

__all__ = [
    "Defer",
    "GameOver",
    "Pass",
    "Passed",
    "ProposalDeferred",
    "RoundBegan",
    "RoundEnded",
    "advance",
    "dominator",
]


@attrs.frozen
class Pass(Action):
    """``player`` plays no Standalone card in their between-turn window (SM-9)."""

    player: str


@attrs.frozen
class Defer(Action):
    """``player`` leaves ``proposal`` pending, to answer it later or let it expire (SM-9)."""

    player: str
    proposal: int


@attrs.frozen
class RoundBegan(Event):
    """Round ``round`` began."""

    round: int


@attrs.frozen
class RoundEnded(Event):
    """Round ``round`` ended."""

    round: int


@attrs.frozen
class Passed(Event):
    """``player`` closed their window without playing a Standalone card."""

    player: str


@attrs.frozen
class ProposalDeferred(Event):
    """``player`` left proposal ``proposal`` pending (DP-9: it may still expire)."""

    player: str
    proposal: int


@attrs.frozen
class GameOver(Event):
    """The game ended after Round ``round`` for ``reason`` (``"rounds"``, ``"domination"``)."""

    reason: str
    round: int


def _not_now(state: MapState, action: Action, what: str) -> IllegalAction:
    if state.phase is Phase.OVER:
        return codes.illegal(codes.GAME_OVER, "The game is over.", action)
    return codes.illegal(codes.NOT_NOW, f"It is not time to {what}.", action)


def validate_start_round(state: MapState, action: StartRound) -> None:
    """A Round begins only when the last one ended (SM-9)."""
    if state.phase is not Phase.ROUND:
        raise _not_now(state, action, "begin a Round")


def apply_start_round(state: MapState, action: StartRound) -> tuple[MapState, Events]:
    """The Round begins; the first seat's turn is due."""
    state = replace(state, round=state.round + 1, phase=Phase.TURN_START)
    return state, (RoundBegan(state.round),)


def validate_end_round(state: MapState, action: EndRound) -> None:
    """A Round ends only after every seat's turn (SM-9)."""
    if state.phase is not Phase.ROUND_END:
        raise _not_now(state, action, "end the Round")


def apply_end_round(state: MapState, action: EndRound) -> tuple[MapState, Events]:
    """The Round ends; after ``max_rounds`` the game is over (SM-10)."""
    events: list[Event] = [RoundEnded(state.round)]
    if state.round >= state.scenario.max_rounds:
        events.append(GameOver("rounds", state.round))
        return replace(state, phase=Phase.OVER), tuple(events)
    return replace(state, phase=Phase.ROUND), tuple(events)


def validate_begin(state: MapState, action: StartTurn) -> None:
    """The next seat's turn, due now, carrying the map's holdings (SM-3, DP-4, DP-5)."""
    if not isinstance(action, BeginTurn):
        message = "A summit turn begins with a BeginTurn carrying the player's holdings."
        raise codes.illegal(codes.BEGIN_TURN_NEEDED, message, action)
    if state.phase is not Phase.TURN_START or action.player != state.next_player:
        raise _not_now(state, action, f"begin {action.player}'s turn")
    territories, zones = holdings(state, action.player)
    if action.territories != territories:
        message = f"{action.player} holds {territories} territories, not {action.territories}."
        raise codes.illegal(codes.HOLDINGS_MISMATCH, message, action, rule="DP-4")
    if sorted(action.zones) != sorted(zones):
        message = f"{action.player} holds the zones {list(zones)}, not {list(action.zones)}."
        raise codes.illegal(codes.HOLDINGS_MISMATCH, message, action, rule="DP-5")


def apply_begin(state: MapState, action: StartTurn) -> tuple[MapState, Events]:
    """The player's turn is under way (deploys and effects are the game's rules, SM-4)."""
    seat = realm_of(state, action.player)
    realm = state.realms[seat]
    realms = put_at(state.realms, seat, replace(realm, turns=realm.turns + 1))
    state = replace(
        state,
        phase=Phase.TURN,
        turn=state.turn + 1,
        current=action.player,
        proposals=0,
        realms=realms,
    )
    return state, ()


def validate_end(state: MapState, action: EndTurn) -> None:
    """Only the player whose turn is under way ends it (SM-9)."""
    if state.phase is not Phase.TURN or state.current != action.player:
        message = f"It is not {action.player}'s turn to end."
        raise codes.illegal(codes.NOT_YOUR_TURN, message, action, rule="SM-9")


def dominator(state: MapState) -> str:
    """A player holding ``domination`` territories or more (SM-10), else ``""``."""
    need = state.scenario.domination
    if need:
        for player in state.players:
            if territory_count(state, player) >= need:
                return player
    return ""


def apply_end(state: MapState, action: EndTurn) -> tuple[MapState, Events]:
    """Domination ends the game; the game's last turn has no window; else it opens."""
    if dominator(state):
        return replace(state, phase=Phase.OVER), (GameOver("domination", state.round),)
    last_seat = state.turn % len(state.realms) == 0
    if last_seat and state.round >= state.scenario.max_rounds:
        return replace(state, phase=Phase.ROUND_END), ()
    return replace(state, phase=Phase.WINDOW), ()


def advance(state: MapState) -> MapState:
    """The window closed: the next seat's turn is due, or the Round's end (SM-9)."""
    last_seat = state.turn % len(state.realms) == 0
    return replace(state, phase=Phase.ROUND_END if last_seat else Phase.TURN_START)


def validate_pass(state: MapState, action: Pass) -> None:
    """Only in the player's own window (SM-9)."""
    if state.phase is not Phase.WINDOW or state.current != action.player:
        message = f"{action.player} has no window open to pass."
        raise codes.illegal(codes.NOT_YOUR_TURN, message, action, rule="SM-9")


def apply_pass(state: MapState, action: Pass) -> tuple[MapState, Events]:
    """The window closes without a Standalone card."""
    return advance(state), (Passed(action.player),)


def validate_defer(state: MapState, action: Defer) -> None:
    """Only the proposal awaiting this player's answer (SM-9)."""
    asked = state.asked
    if asked is None or (asked.proposal, asked.to) != (action.proposal, action.player):
        message = f"Proposal {action.proposal} is not awaiting {action.player}'s answer."
        raise codes.illegal(codes.NOT_ASKED, message, action)


def apply_defer(state: MapState, action: Defer) -> tuple[MapState, Events]:
    """The proposal stays pending; play goes on (DP-9: it expires unless answered)."""
    return replace(state, asked=None), (ProposalDeferred(action.player, action.proposal),)


def flow_actions(state: MapState, actor: str) -> tuple[Action, ...]:
    """The flow actions ``actor`` may take now: Defer of the awaited proposal, then Pass."""
    out: list[Action] = []
    if state.asked is not None and state.asked.to == actor:
        out.append(Defer(actor, state.asked.proposal))
    if state.phase is Phase.WINDOW and state.current == actor:
        out.append(Pass(actor))
    return tuple(out)
