"""The turn flow: Rounds, turns, between-turn windows, answers and the end (SM-3, SM-9, SM-10).

Each Round every seat in order has a turn (``BeginTurn`` … ``EndTurn``) and then a
between-turn window, for a Standalone card or a :class:`Pass`; a proposal's recipient
answers it, or :class:`Defer`-s it, before play goes on. Each ``decide_<verb>`` decides on
the flow alone; what needs the map too is the game's rule (:func:`holdings_problem`,
:func:`dominated`).
"""

from __future__ import annotations

import attrs

from gamefold import diplomacy
from gamefold.core import (
    Action,
    EndRound,
    EndTurn,
    Event,
    Events,
    StartRound,
    StartTurn,
    replace,
    replacer,
)
from gamefold.diplomacy import BeginTurn, ProposalMade
from gamefold.domains import ACTOR, domain
from gamefold.games.summit import codes
from gamefold.games.summit.state import (
    _OVER,
    _ROUND,
    _ROUND_END,
    _TURN,
    _TURN_START,
    _WINDOW,
    Ask,
    G,
    MapState,
    SummitSlices,
    SummitState,
)
from gamefold.pipeline import Refusal
from gamefold.territory import holdings

__all__ = [
    "Defer",
    "GameOver",
    "Pass",
    "Passed",
    "ProposalDeferred",
    "RoundBegan",
    "RoundEnded",
    "after_window",
    "answered",
    "asked",
    "awaited",
    "decide_begin_turn",
    "decide_defer",
    "decide_end_round",
    "decide_end_turn",
    "decide_pass",
    "decide_start_round",
    "dominated",
    "dominator",
    "flow_actions",
    "holdings_problem",
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


_set_phase = replacer(SummitState, "phase")
_set_round = replacer(SummitState, "round", "phase")
_set_asked = replacer(SummitState, "asked")
_set_begun = replacer(SummitState, "phase", "turn", "proposals")


def _not_now(state: SummitState, what: str) -> Refusal:
    if state.phase is _OVER:
        return _GAME_OVER
    return Refusal(codes.NOT_NOW, f"It is not time to {what}.")


_GAME_OVER = Refusal(codes.GAME_OVER, "The game is over.")


def decide_start_round(
    state: SummitState, action: StartRound
) -> tuple[SummitState, Events] | Refusal:
    """A Round begins only when the last one ended (SM-9); the first seat's turn is due."""
    if state.phase is not _ROUND:
        return _not_now(state, "begin a Round")
    begun = state.round + 1
    return _set_round(state, begun, _TURN_START), (RoundBegan(begun),)


def decide_end_round(state: SummitState, action: EndRound) -> tuple[SummitState, Events] | Refusal:
    """A Round ends only after every seat's turn (SM-9); after ``max_rounds`` the game is
    over (SM-10)."""
    if state.phase is not _ROUND_END:
        return _not_now(state, "end the Round")
    played = state.round
    if played >= state.max_rounds:
        return _set_phase(state, _OVER), (RoundEnded(played), GameOver("rounds", played))
    return _set_phase(state, _ROUND), (RoundEnded(played),)


def holdings_problem(game: SummitSlices, action: BeginTurn) -> Refusal | None:
    """SM-3: a BeginTurn carries the territories (DP-4) and zones (DP-5) the map shows."""
    player = action.player
    territories, zones = holdings(game.map, player)
    if action.territories != territories:
        message = f"{player} holds {territories} territories, not {action.territories}."
        return codes.refusal(codes.HOLDINGS_MISMATCH, message, rule="DP-4")
    if action.zones != zones and sorted(action.zones) != sorted(zones):
        message = f"{player} holds the zones {list(zones)}, not {list(action.zones)}."
        return codes.refusal(codes.HOLDINGS_MISMATCH, message, rule="DP-5")
    return None


_BEGIN_TURN_NEEDED = Refusal(
    codes.BEGIN_TURN_NEEDED,
    "A summit turn begins with a BeginTurn carrying the player's holdings.",
)


def decide_begin_turn(
    state: SummitState, action: StartTurn
) -> tuple[SummitState, Events] | Refusal:
    """The next seat's turn, due now, is under way (SM-9; the holdings it carries are the
    game's rule, :func:`holdings_problem`, and so are deploys and effects, SM-4)."""
    if not isinstance(action, BeginTurn):
        return _BEGIN_TURN_NEEDED
    player = action.player
    if state.phase is not _TURN_START or player != state.next_player:
        return _not_now(state, f"begin {player}'s turn")
    return _set_begun(state, _TURN, state.turn + 1, 0), ()


def dominator(board: MapState) -> str:
    """A player holding ``domination`` territories or more (SM-10), else ``""``."""
    need = board.scenario.domination
    if not need:
        return ""
    return next((r.player for r in board.realms if board.owners.count(r.player) >= need), "")


def decide_end_turn(state: SummitState, action: EndTurn) -> tuple[SummitState, Events] | Refusal:
    """Only the player whose turn is under way ends it (SM-9). The game's last turn has no
    window; else the window opens (SM-9; a domination ends the game instead, the game's
    rule, :func:`dominated`)."""
    if state.phase is not _TURN or state.current != action.player:
        message = f"It is not {action.player}'s turn to end."
        return Refusal(codes.NOT_YOUR_TURN, message, "SM-9")
    last_seat = state.turn % len(state.players) == 0
    if last_seat and state.round >= state.max_rounds:
        return _set_phase(state, _ROUND_END), ()
    return _set_phase(state, _WINDOW), ()


def dominated(game: G) -> tuple[G, Events]:
    """SM-10: a turn that ends with a player holding ``domination`` territories ends the
    game there, without a window."""
    state: SummitState = game.summit
    if not dominator(game.map):
        return game, ()
    over = _set_phase(state, _OVER)
    return game.with_summit(over), (GameOver("domination", state.round),)


def after_window(state: SummitState) -> SummitState:
    """The turn order after a window closes: the next seat's turn is due, or the Round's
    end (SM-9). The game's rules call it too, when a window is skipped or a Standalone card
    closes it."""
    last_seat = state.turn % len(state.players) == 0
    return _set_phase(state, _ROUND_END if last_seat else _TURN_START)


def in_window(state: SummitState, player: str) -> bool:
    """Whether ``player``'s between-turn window is open (SM-9)."""
    return state.phase is _WINDOW and state.current == player


def decide_pass(state: SummitState, action: Pass) -> tuple[SummitState, Events] | Refusal:
    """Only in the player's own window (SM-9); it closes without a Standalone card."""
    if not in_window(state, action.player):
        message = f"{action.player} has no window open to pass."
        return Refusal(codes.NOT_YOUR_TURN, message, "SM-9")
    return after_window(state), (Passed(action.player),)


def awaited(state: SummitState, player: str) -> int | None:
    """The proposal awaiting ``player``'s answer, or ``None`` (SM-9)."""
    asked = state.asked
    return asked.proposal if asked is not None and asked.to == player else None


def asked(state: SummitState, made: ProposalMade) -> SummitState:
    """SM-9: the recipient's answer is due before play goes on; SM-12: one more made."""
    ask = Ask(made.proposal.id, made.proposal.to)
    return replace(state, asked=ask, proposals=state.proposals + 1)


def answered(state: SummitState, proposal: int) -> SummitState:
    """The answer ``proposal`` awaited is given (SM-9)."""
    if state.asked is not None and state.asked.proposal == proposal:
        return _set_asked(state, None)
    return state


def decide_defer(state: SummitState, action: Defer) -> tuple[SummitState, Events] | Refusal:
    """Only the proposal awaiting this player's answer (SM-9); it stays pending and play
    goes on (DP-9: it expires unless answered)."""
    if awaited(state, action.player) != action.proposal:
        message = f"Proposal {action.proposal} is not awaiting {action.player}'s answer."
        return Refusal(codes.NOT_ASKED, message)
    return _set_asked(state, None), (ProposalDeferred(action.player, action.proposal),)


def flow_actions(state: SummitState, actor: str) -> tuple[Action, ...]:
    """The flow actions ``actor`` may take now: Defer of the awaited proposal, then Pass."""
    proposal = awaited(state, actor)
    deferral: tuple[Action, ...] = () if proposal is None else (Defer(actor, proposal),)
    return (*deferral, Pass(actor)) if in_window(state, actor) else deferral
