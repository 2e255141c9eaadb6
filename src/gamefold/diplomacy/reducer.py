"""The pipeline and the public verbs: ``step``, ``reduce``, ``check``, ``legal_actions``.

Every action goes through the shared :class:`gamefold.pipeline.Pipeline`: *guard* (not an
action → ``TypeError``; an action of another subsystem, or a field of the wrong type or a
negative number → ``diplomacy/malformed``, EN-4), then the action type's one *decide*
function (``decide_<verb>``, next to the action's record in its concept module), which
reads the state once and returns a :class:`~gamefold.pipeline.Refusal` or the new state
with its events. So an illegal action never changes anything (EN-2, EN-4), and ``check``
answers from the same function. Every refusal's code is in
:data:`gamefold.diplomacy.codes.CATALOGUE`, and the pipeline builds the registry's
:data:`subsystem` entry.
"""

from __future__ import annotations

from gamefold.core import Action, EndTurn, Events, Lifecycle, StartTurn
from gamefold.diplomacy import codes, hands, pacts, proposals, standalone, ticks, turns
from gamefold.diplomacy.attribution import EVENT_RULES, RULE_IDS
from gamefold.diplomacy.invariants import INVARIANTS
from gamefold.diplomacy.legal import legal_actions
from gamefold.diplomacy.narration import BY_ID
from gamefold.diplomacy.table import NAME, DiplomacyState
from gamefold.diplomacy.views import determinize, view
from gamefold.errors import IllegalAction
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
    turns.BeginTurn: turns.decide_begin,
    StartTurn: turns.decide_begin,
    EndTurn: turns.decide_end,
    hands.Discard: hands.decide_discard,
    hands.SelfApply: hands.decide_self_apply,
    proposals.Propose: proposals.decide_propose,
    proposals.Accept: proposals.decide_accept,
    proposals.Decline: proposals.decide_decline,
    standalone.PlayStandalone: standalone.decide_play,
    pacts.BreakPact: pacts.decide_break,
    pacts.ExtendPact: pacts.decide_extend,
    pacts.RevealPact: pacts.decide_reveal,
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


_PIPELINE: Pipeline[DiplomacyState] = Pipeline(
    codes.CATALOGUE,
    _ROUTES,
    owner="the diplomacy subsystem",
    fields={turns.BeginTurn: {"territories": turns.territory_count}},
)


def step(state: DiplomacyState, action: Action) -> tuple[DiplomacyState, Events]:
    """Apply ``action``: the new state and the events, in order. Raises if illegal (EN-4)."""
    return _PIPELINE.step(state, action)


def reduce(state: DiplomacyState, action: Action) -> DiplomacyState:
    """Apply ``action`` and return the new state alone."""
    return _PIPELINE.step(state, action)[0]


def check(state: DiplomacyState, action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal in ``state``, or ``None``; never raises for an illegal one."""
    return _PIPELINE.check(state, action)


subsystem: Subsystem[DiplomacyState] = _PIPELINE.subsystem(
    NAME,
    legal_actions=legal_actions,
    invariants=INVARIANTS,
    view=view,
    determinize=determinize,
    state_type=DiplomacyState,
    event_rules=EVENT_RULES,
    rule_ids=RULE_IDS,
    lines=BY_ID,
)
"""The registry entry: the ``"diplomacy"`` slice, its actions and lifecycle (EN-6)."""
