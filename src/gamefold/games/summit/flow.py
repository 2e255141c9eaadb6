"""The turn flow: Rounds, turns, between-turn windows, answers and the end (SM-3, SM-9, SM-10).

The map slice keeps where play stands (:class:`~gamefold.games.summit.state.Phase`) and
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

A proposal awaits its answer (an :class:`~gamefold.games.summit.state.Ask`) right after it
is made: its recipient Accepts, Declines or :class:`Defer`-s it before play goes on (SM-9).

Each of these actions has one decide function (``decide_<verb>``): it refuses with the first
problem or applies. :func:`flow_actions` lists Defer and Pass from the predicates their
decide functions use (:func:`awaited`, :func:`in_window`).
"""

from __future__ import annotations

import attrs

from gamefold import diplomacy
from gamefold.core import Action, EndRound, EndTurn, Event, Events, StartRound, StartTurn, replacer
from gamefold.diplomacy import BeginTurn
from gamefold.domains import ACTOR, domain
from gamefold.games.summit import codes
from gamefold.games.summit.state import MapState, Phase
from gamefold.pipeline import Refusal
from gamefold.territory import Realm, holdings, put_at

__all__ = [
    "Defer",
    "GameOver",
    "Pass",
    "Passed",
    "ProposalDeferred",
    "RoundBegan",
    "RoundEnded",
    "after_window",
    "awaited",
    "decide_begin_turn",
    "decide_defer",
    "decide_end_round",
    "decide_end_turn",
    "decide_pass",
    "decide_start_round",
    "dominator",
    "flow_actions",
    "in_window",
]


@attrs.frozen
class Pass(Action):
    """``player`` plays no Standalone card in their between-turn window (SM-9)."""

    player: str = attrs.field(metadata=domain(ACTOR))


@attrs.frozen
class Defer(Action):
    """``player`` leaves ``proposal`` pending, to answer it later or let it expire (SM-9)."""

    player: str = attrs.field(metadata=domain(ACTOR))
    proposal: int = attrs.field(metadata=domain(diplomacy.domains.PROPOSALS))


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


_set_phase = replacer(MapState, "phase")
_set_round = replacer(MapState, "round", "phase")
_set_asked = replacer(MapState, "asked")
_set_begun = replacer(MapState, "phase", "turn", "current", "proposals", "realms")
_set_turns = replacer(Realm, "turns")


def _not_now(state: MapState, what: str) -> Refusal:
    if state.phase is Phase.OVER:
        return _GAME_OVER
    return Refusal(codes.NOT_NOW, f"It is not time to {what}.")


_GAME_OVER = Refusal(codes.GAME_OVER, "The game is over.")


def decide_start_round(state: MapState, action: StartRound) -> tuple[MapState, Events] | Refusal:
    """A Round begins only when the last one ended (SM-9); the first seat's turn is due."""
    if state.phase is not Phase.ROUND:
        return _not_now(state, "begin a Round")
    begun = state.round + 1
    return _set_round(state, begun, Phase.TURN_START), (RoundBegan(begun),)


def decide_end_round(state: MapState, action: EndRound) -> tuple[MapState, Events] | Refusal:
    """A Round ends only after every seat's turn (SM-9); after ``max_rounds`` the game is
    over (SM-10)."""
    if state.phase is not Phase.ROUND_END:
        return _not_now(state, "end the Round")
    played = state.round
    if played >= state.scenario.max_rounds:
        return _set_phase(state, Phase.OVER), (RoundEnded(played), GameOver("rounds", played))
    return _set_phase(state, Phase.ROUND), (RoundEnded(played),)


def _holdings_problem(state: MapState, action: BeginTurn) -> Refusal | None:
    """SM-3: a BeginTurn carries the territories (DP-4) and zones (DP-5) the map shows."""
    player = action.player
    territories, zones = holdings(state, player)
    if action.territories != territories:
        message = f"{player} holds {territories} territories, not {action.territories}."
        return Refusal(codes.HOLDINGS_MISMATCH, message, "DP-4")
    if action.zones != zones and sorted(action.zones) != sorted(zones):
        message = f"{player} holds the zones {list(zones)}, not {list(action.zones)}."
        return Refusal(codes.HOLDINGS_MISMATCH, message, "DP-5")
    return None


_BEGIN_TURN_NEEDED = Refusal(
    codes.BEGIN_TURN_NEEDED,
    "A summit turn begins with a BeginTurn carrying the player's holdings.",
)


def decide_begin_turn(state: MapState, action: StartTurn) -> tuple[MapState, Events] | Refusal:
    """The next seat's turn, due now, carrying the map's holdings (SM-3, DP-4, DP-5), is
    under way (deploys and effects are the game's rules, SM-4)."""
    if not isinstance(action, BeginTurn):
        return _BEGIN_TURN_NEEDED
    player = action.player
    if state.phase is not Phase.TURN_START or player != state.next_player:
        return _not_now(state, f"begin {player}'s turn")
    problem = _holdings_problem(state, action)
    if problem is not None:
        return problem
    realms = state.realms
    seat = state.turn % len(realms)  # the next seat's, whose player begins
    realm = realms[seat]
    realms = put_at(realms, seat, _set_turns(realm, realm.turns + 1))
    return _set_begun(state, Phase.TURN, state.turn + 1, player, 0, realms), ()


def dominator(state: MapState) -> str:
    """A player holding ``domination`` territories or more (SM-10), else ``""``."""
    need = state.scenario.domination
    if need:
        owners = state.owners
        for realm in state.realms:
            if owners.count(realm.player) >= need:
                return realm.player
    return ""


def decide_end_turn(state: MapState, action: EndTurn) -> tuple[MapState, Events] | Refusal:
    """Only the player whose turn is under way ends it (SM-9). Domination ends the game
    (SM-10); the game's last turn has no window; else the window opens (SM-9)."""
    if state.phase is not Phase.TURN or state.current != action.player:
        message = f"It is not {action.player}'s turn to end."
        return Refusal(codes.NOT_YOUR_TURN, message, "SM-9")
    if dominator(state):
        return _set_phase(state, Phase.OVER), (GameOver("domination", state.round),)
    last_seat = state.turn % len(state.realms) == 0
    if last_seat and state.round >= state.scenario.max_rounds:
        return _set_phase(state, Phase.ROUND_END), ()
    return _set_phase(state, Phase.WINDOW), ()


def after_window(state: MapState) -> MapState:
    """The turn order after a window closes: the next seat's turn is due, or the Round's
    end (SM-9). The game's rules call it too, when a window is skipped or a Standalone card
    closes it."""
    last_seat = state.turn % len(state.realms) == 0
    return _set_phase(state, Phase.ROUND_END if last_seat else Phase.TURN_START)


def in_window(state: MapState, player: str) -> bool:
    """Whether ``player``'s between-turn window is open (SM-9)."""
    return state.phase is Phase.WINDOW and state.current == player


def decide_pass(state: MapState, action: Pass) -> tuple[MapState, Events] | Refusal:
    """Only in the player's own window (SM-9); it closes without a Standalone card."""
    if not in_window(state, action.player):
        message = f"{action.player} has no window open to pass."
        return Refusal(codes.NOT_YOUR_TURN, message, "SM-9")
    return after_window(state), (Passed(action.player),)


def awaited(state: MapState, player: str) -> int | None:
    """The proposal awaiting ``player``'s answer, or ``None`` (SM-9)."""
    asked = state.asked
    if asked is None or asked.to != player:
        return None
    return asked.proposal


def decide_defer(state: MapState, action: Defer) -> tuple[MapState, Events] | Refusal:
    """Only the proposal awaiting this player's answer (SM-9); it stays pending and play
    goes on (DP-9: it expires unless answered)."""
    if awaited(state, action.player) != action.proposal:
        message = f"Proposal {action.proposal} is not awaiting {action.player}'s answer."
        return Refusal(codes.NOT_ASKED, message)
    return _set_asked(state, None), (ProposalDeferred(action.player, action.proposal),)


def flow_actions(state: MapState, actor: str) -> tuple[Action, ...]:
    """The flow actions ``actor`` may take now: Defer of the awaited proposal, then Pass."""
    proposal = awaited(state, actor)
    deferral: tuple[Action, ...] = () if proposal is None else (Defer(actor, proposal),)
    return (*deferral, Pass(actor)) if in_window(state, actor) else deferral
