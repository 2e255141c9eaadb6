"""The pipeline and the public verbs: ``step``, ``reduce``, ``check``, ``legal_actions``.

Every action goes through the shared :class:`gamefold.pipeline.Pipeline`: *guard* (not an
action → ``TypeError``; an action of another subsystem, or a field of the wrong type or a
negative number → ``diplomacy/malformed``, EN-4), *route*, *validate* (builds nothing),
*apply*. So an illegal action never changes anything (EN-2, EN-4). Every refusal comes from
:data:`gamefold.diplomacy.codes.CATALOGUE`, and the pipeline builds the registry's
:data:`subsystem` entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from gamefold.core import Action, EndTurn, Events, Lifecycle, StartTurn
from gamefold.diplomacy import codes, hands, pacts, proposals, standalone, ticks, turns
from gamefold.diplomacy.fused import ACCEPTS, QUIET
from gamefold.diplomacy.invariants import INVARIANTS
from gamefold.diplomacy.legal import legal_actions
from gamefold.diplomacy.table import NAME, DiplomacyState
from gamefold.diplomacy.views import view
from gamefold.errors import IllegalAction
from gamefold.pipeline import Pipeline
from gamefold.registry import Subsystem

__all__ = [
    "ACTIONS",
    "EVENTS",
    "LIFECYCLE",
    "advance",
    "check",
    "legal_actions",
    "make_pipeline",
    "reduce",
    "step",
    "subsystem",
]

Validate: TypeAlias = Callable[[DiplomacyState, Any], None]
Apply: TypeAlias = Callable[[DiplomacyState, Any], tuple[DiplomacyState, Events]]

_ROUTES: dict[type, tuple[Validate, Apply]] = {
    turns.BeginTurn: (turns.validate_begin, turns.apply_begin),
    StartTurn: (turns.validate_begin, turns.apply_begin),
    EndTurn: (turns.validate_end, turns.apply_end),
    hands.Discard: (hands.validate_discard, hands.apply_discard),
    hands.SelfApply: (hands.validate_self_apply, hands.apply_self_apply),
    proposals.Propose: (proposals.validate_propose, proposals.apply_propose),
    proposals.Accept: (proposals.validate_answer, proposals.apply_accept),
    proposals.Decline: (proposals.validate_answer, proposals.apply_decline),
    standalone.PlayStandalone: (standalone.validate_play, standalone.apply_play),
    pacts.BreakPact: (pacts.validate_pact, pacts.apply_break),
    pacts.ExtendPact: (pacts.validate_pact, pacts.apply_extend),
    pacts.RevealPact: (pacts.validate_pact, pacts.apply_reveal),
}

ACTIONS: tuple[type[Action], ...] = (
    hands.Discard,
    hands.SelfApply,
    proposals.Propose,
    proposals.Accept,
    proposals.Decline,
    standalone.PlayStandalone,
    pacts.BreakPact,
    pacts.ExtendPact,
    pacts.RevealPact,
)
"""The actions of this subsystem: the players' and the host's (on pacts, never listed)."""

LIFECYCLE: tuple[type[Lifecycle], ...] = (turns.BeginTurn, StartTurn, EndTurn)
"""The lifecycle actions this subsystem reacts to (the host game issues them)."""

EVENTS: tuple[type, ...] = (
    turns.TurnBegan,
    turns.TurnEnded,
    ticks.TicksGained,
    ticks.DrawFailed,
    hands.CardEarned,
    hands.CardDestroyed,
    hands.CardForfeited,
    hands.CardDiscarded,
    hands.SelfApplied,
    hands.DeployDebtDue,
    proposals.ProposalMade,
    proposals.ProposalAccepted,
    proposals.ProposalDeclined,
    proposals.ProposalExpired,
    proposals.PactBegan,
    proposals.PactCountedDown,
    proposals.PactEnded,
    standalone.StandalonePlayed,
    standalone.StandaloneResolved,
    pacts.PactBroken,
    pacts.PactExtended,
    pacts.PactRevealed,
)
"""Every event class this subsystem reports (EN-7)."""


def make_pipeline(*, fused: bool = True) -> Pipeline[DiplomacyState]:
    """The diplomacy pipeline.

    With ``fused`` (the default) the hottest actions (turn starts and ends, Discard,
    SelfApply) are checked in one pass, and turn ends, Discards and self-applications can be
    applied without their events (:mod:`gamefold.diplomacy.fused`); without, every action
    runs the four stages.
    """
    return Pipeline(
        codes.CATALOGUE,
        _ROUTES,
        owner="the diplomacy subsystem",
        fields={turns.BeginTurn: {"territories": turns.territory_count}},
        accepts=ACCEPTS if fused else None,
        quiet=QUIET if fused else None,
    )


_PIPELINE = make_pipeline()


def step(state: DiplomacyState, action: Action) -> tuple[DiplomacyState, Events]:
    """Apply ``action``: the new state and the events, in order. Raises if illegal (EN-4)."""
    return _PIPELINE.step(state, action)


def reduce(state: DiplomacyState, action: Action) -> DiplomacyState:
    """Apply ``action`` and return the new state alone."""
    return _PIPELINE.step(state, action)[0]


def advance(state: DiplomacyState, action: Action) -> DiplomacyState:
    """Apply ``action`` and return the new state alone, as :func:`reduce` does, without
    building the events of a turn's end, a Discard or a self-application (EN-7): for
    simulations and searches that never read them. Raises as :func:`step` does."""
    return _PIPELINE.advance(state, action)


def check(state: DiplomacyState, action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal in ``state``, or ``None``; never raises for an illegal one."""
    return _PIPELINE.check(state, action)


subsystem: Subsystem[DiplomacyState] = _PIPELINE.subsystem(
    NAME,
    legal_actions=legal_actions,
    invariants=INVARIANTS,
    view=view,
    state_type=DiplomacyState,
)
"""The registry entry: the ``"diplomacy"`` slice, its actions and lifecycle (EN-6)."""
