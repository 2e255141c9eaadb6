"""The map slice's pipeline and verbs: ``step``, ``reduce``, ``check``, ``legal_actions``.

Every action routed to the map goes through the shared
:class:`gamefold.pipeline.Pipeline`: the guard (not an action → ``TypeError``; an action the
map does not handle, or a field of the wrong type or a negative number →
``summit/malformed``, EN-4), then the action type's one decide function, which refuses or
applies in one pass.

The map owns the territory's :class:`~gamefold.territory.Deploy` and
:class:`~gamefold.territory.Attack` (decided by the territory, TR-3 … TR-7), and summit's
:class:`~gamefold.games.summit.flow.Pass` and :class:`~gamefold.games.summit.flow.Defer`,
and reacts to the clock's ``StartRound``, ``EndRound``, ``BeginTurn`` (a ``StartTurn``) and
``EndTurn``. Every refusal comes from :data:`gamefold.games.summit.codes.CATALOGUE` (the
territory's included), and the pipeline builds the registry's :data:`subsystem` entry.
"""

from __future__ import annotations

from gamefold import territory
from gamefold.core import Action, EndRound, EndTurn, Events, Lifecycle, StartRound, StartTurn
from gamefold.diplomacy import BeginTurn
from gamefold.errors import IllegalAction
from gamefold.games.summit import codes, effects, flow, reactions
from gamefold.games.summit.board import NAME, MapState
from gamefold.games.summit.invariants import INVARIANTS
from gamefold.games.summit.views import view
from gamefold.pipeline import Decide, Pipeline
from gamefold.registry import Subsystem

__all__ = [
    "ACTIONS",
    "EVENTS",
    "LIFECYCLE",
    "check",
    "legal_actions",
    "reduce",
    "step",
    "subsystem",
]

_ROUTES: dict[type, Decide] = {
    **territory.ROUTES,
    flow.Pass: flow.decide_pass,
    flow.Defer: flow.decide_defer,
    StartRound: flow.decide_start_round,
    EndRound: flow.decide_end_round,
    BeginTurn: flow.decide_begin_turn,
    StartTurn: flow.decide_begin_turn,
    EndTurn: flow.decide_end_turn,
}

ACTIONS: tuple[type[Action], ...] = (*territory.ACTIONS, flow.Pass, flow.Defer)
"""The players' actions the map owns."""

LIFECYCLE: tuple[type[Lifecycle], ...] = (StartRound, EndRound, BeginTurn, StartTurn, EndTurn)
"""The lifecycle actions the map reacts to (a plain ``StartTurn`` is refused, SM-3)."""

EVENTS: tuple[type, ...] = (
    flow.RoundBegan,
    flow.RoundEnded,
    flow.GameOver,
    flow.Passed,
    flow.ProposalDeferred,
    territory.TerritoryTaken,
    territory.TroopDeployed,
    territory.TrapSprung,
    territory.BattleFought,
    effects.TrapLaid,
    territory.TroopsGained,
    territory.TruceEnded,
    reactions.Deployed,
    reactions.TruceBegan,
    effects.Fortified,
    effects.EffectFizzled,
)
"""Every event class summit's own rules report (EN-7)."""


_PIPELINE: Pipeline[MapState] = Pipeline(codes.CATALOGUE, _ROUTES, owner="the summit map")


def step(state: MapState, action: Action) -> tuple[MapState, Events]:
    """Apply ``action``: the new slice and the events, in order. Raises if illegal (EN-4)."""
    return _PIPELINE.step(state, action)


def reduce(state: MapState, action: Action) -> MapState:
    """Apply ``action`` and return the new slice alone."""
    return _PIPELINE.step(state, action)[0]


def check(state: MapState, action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal in ``state``, or ``None``; never raises for an illegal one."""
    return _PIPELINE.check(state, action)


def legal_actions(state: MapState, actor: str) -> tuple[Action, ...]:
    """``actor``'s map actions, in a fixed order: deploys (map order), attacks (source, then
    target, in map order), Defer, Pass (EN-5)."""
    return (
        *territory.deploys(state, actor),
        *territory.attacks(state, actor),
        *flow.flow_actions(state, actor),
    )


subsystem: Subsystem[MapState] = _PIPELINE.subsystem(
    NAME,
    legal_actions=legal_actions,
    invariants=INVARIANTS,
    view=view,
    state_type=MapState,
)
"""The registry entry of the ``"map"`` slice: its actions, lifecycle, invariants, view."""
