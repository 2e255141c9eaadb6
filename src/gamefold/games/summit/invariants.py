"""What every reachable summit game satisfies: the turn flow's invariants (:data:`INVARIANTS`,
in its entry) and the map's turns agreeing with it (:data:`GAME_INVARIANTS`, the registry's).
The map's entry brings the territory's own.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamefold.games.summit.state import MapState, Phase, SummitSlices, SummitState

__all__ = ["GAME_INVARIANTS", "INVARIANTS", "flow_consistent", "turns_counted"]


def flow_consistent(state: SummitState) -> Iterable[str]:
    """SM-9: Rounds hold one turn per seat, a proposal awaits a seated player's answer."""
    seats = len(state.players)
    if state.proposals < 0:
        yield "a negative number of proposals this turn"
    if not (state.round - 1) * seats <= state.turn <= state.round * seats:
        yield f"{state.turn} turns begun in Round {state.round} of {seats} seats"
    if state.phase is Phase.ROUND and state.turn != state.round * seats:
        yield "a Round is due to begin before every seat had its turn"
    if state.asked is not None and state.asked.to not in state.players:
        yield f"a proposal awaits the answer of an unseated {state.asked.to!r}"


def turns_counted(game: SummitSlices) -> Iterable[str]:
    """SM-9: the map counts the turns the flow began, seat by seat, and its current player
    is the flow's while a turn is under way (TR-3, TR-4)."""
    board: MapState = game.map
    flow: SummitState = game.summit
    if board.players != flow.players:
        yield f"the map seats {list(board.players)}, the turn flow {list(flow.players)}"
    if sum(r.turns for r in board.realms) != flow.turn:
        yield f"the players' turns do not add up to the {flow.turn} turns begun"
    acting = flow.current if flow.phase is Phase.TURN else ""
    if board.current != acting:
        yield f"the map's current player is {board.current!r}, not {acting!r}"


INVARIANTS = (flow_consistent,)
"""Every invariant of the turn flow, in the order they are checked."""

GAME_INVARIANTS = (turns_counted,)
"""Every invariant across summit's slices, in the order they are checked."""
