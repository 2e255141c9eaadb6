"""The territory slice's pipeline and verbs: ``step``, ``reduce``, ``check``,
``legal_actions``.

Every action routed to the map goes through the shared :class:`gamefold.pipeline.Pipeline`:
the guard (not an action → ``TypeError``; an action the map does not handle, or a field of
the wrong type → ``territory/malformed``, EN-4), then the action type's one decide function,
which refuses or applies in one pass.

The slice owns :class:`~gamefold.territory.Deploy` and :class:`~gamefold.territory.Attack`,
the players' actions, and the host actions of :data:`HOST_ACTIONS` (what a game's own rules
ask of the map, never listed), and follows the clock's turns: a ``StartTurn`` makes its
player the current one (TR-3, TR-4), an ``EndTurn`` ends the current player's turn. A
game with a turn flow of its own (summit) keeps it in a slice of its own beside this one,
which follows the same clock.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from gamefold.core import Action, EndTurn, Events, Lifecycle, StartTurn, replace
from gamefold.errors import IllegalAction
from gamefold.pipeline import Decide, Pipeline, Refusal
from gamefold.registry import Subsystem
from gamefold.territory import battle, codes, deploying, hosting, state
from gamefold.territory.invariants import INVARIANTS
from gamefold.territory.state import NAME, Board, TerritoryState
from gamefold.territory.views import determinize, view

__all__ = [
    "ACTIONS",
    "EVENTS",
    "HOST_ACTIONS",
    "LIFECYCLE",
    "ROUTES",
    "check",
    "decide_end_turn",
    "decide_start_turn",
    "legal_actions",
    "reduce",
    "step",
    "subsystem",
]

S = TypeVar("S", bound=TerritoryState[Any])

ROUTES: dict[type, Decide] = {
    deploying.Deploy: deploying.decide_deploy,
    battle.Attack: battle.decide_attack,
    battle.OpenBattle: battle.decide_open_battle,
    battle.CloseBattle: battle.decide_close_battle,
    **hosting.ROUTES,
}
"""Each map action, the players' and the host's, with its one decide function."""

ACTIONS: tuple[type[Action], ...] = (deploying.Deploy, battle.Attack)
"""The players' actions the map owns."""

HOST_ACTIONS: tuple[type[Action], ...] = (
    battle.OpenBattle,
    battle.CloseBattle,
    *hosting.ROUTES,
)
"""What a host game asks of the map in its own rules: never a player's choice, never
listed (:mod:`gamefold.territory.hosting`)."""

LIFECYCLE: tuple[type[Lifecycle], ...] = (StartTurn, EndTurn)
"""The lifecycle actions the standalone slice reacts to."""

EVENTS: tuple[type, ...] = (
    state.TerritoryTaken,
    state.TroopsGained,
    state.TruceEnded,
    deploying.TroopDeployed,
    battle.TrapSprung,
    battle.BattleFought,
    *hosting.EVENTS,
    battle.BattleOpened,
)
"""Every event class the territory reports (EN-7)."""


def decide_start_turn(
    board: TerritoryState[Any], action: StartTurn
) -> tuple[TerritoryState[Any], Events] | Refusal:
    """A seated player's turn begins: the map's actions are theirs (TR-3, TR-4), and their
    realm counts one more turn begun."""
    seat = state.seat_of(board, action.player)
    if seat is None:
        return Refusal(codes.UNKNOWN_PLAYER, f"{action.player!r} is not seated.")
    realm = board.realms[seat]
    board = state.with_realm(board, seat, replace(realm, turns=realm.turns + 1))
    return replace(board, current=action.player), ()


def decide_end_turn(
    board: TerritoryState[Any], action: EndTurn
) -> tuple[TerritoryState[Any], Events] | Refusal:
    """The current player's turn ends: nobody may deploy or attack until the next begins."""
    if action.player != board.current:
        detail = f"{action.player} ends only their own turn."
        return Refusal(codes.NOT_YOUR_TURN, detail, "TR-4")
    return replace(board, current=""), ()


_PIPELINE: Pipeline[TerritoryState[Any]] = Pipeline(
    codes.CATALOGUE,
    {**ROUTES, StartTurn: decide_start_turn, EndTurn: decide_end_turn},
    owner="the territory",
    shapes={**hosting.SHAPES, battle.CloseBattle: battle.battle_counts},
)


def step(board: S, action: Action) -> tuple[S, Events]:
    """Apply ``action``: the new slice (of ``board``'s record type) and the events, in
    order. Raises if illegal (EN-4)."""
    return cast("tuple[S, Events]", _PIPELINE.step(board, action))


def reduce(board: S, action: Action) -> S:
    """Apply ``action`` and return the new slice alone."""
    return cast("S", _PIPELINE.step(board, action)[0])


def check(board: TerritoryState[Any], action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal in ``board``, or ``None``; never raises for an illegal one."""
    return _PIPELINE.check(board, action)


def legal_actions(board: TerritoryState[Any], actor: str) -> tuple[Action, ...]:
    """``actor``'s actions on the standalone map, in a fixed order: deploys (map order),
    attacks (source, then target, in map order), then ending their turn (EN-5)."""
    if actor != board.current:
        return ()
    return (*deploying.deploys(board, actor), *battle.attacks(board, actor), EndTurn(actor))


subsystem: Subsystem[TerritoryState[Any]] = _PIPELINE.subsystem(
    NAME,
    legal_actions=legal_actions,
    invariants=INVARIANTS,
    view=view,
    determinize=determinize,
    state_type=Board,
)
"""The registry entry of the territory slice: its actions, lifecycle, invariants, view."""
