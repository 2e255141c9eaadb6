"""The diplomacy card economy (rules DP-1 … DP-14).

Cards are the currency of diplomacy: a closed pool of Agreement, Value and Standalone
cards, earned through tick counters fed by the host game's map, proposed in locked
proposals that become pacts, self-applied for troops at a deploy debt, played between
turns, and scored at game end.

>>> from gamefold.diplomacy import DiplomacyConfig, initial_state, BeginTurn, step
>>> state = initial_state(DiplomacyConfig(), ["ann", "bob", "cy"], seed=7)
>>> state, events = step(state, BeginTurn("ann", territories=12))
>>> state.players[0].ticks.random   # quarter-ticks: 12 territories x 0.25 = 3 ticks
12
"""

from gamefold.diplomacy import codes, domains
from gamefold.diplomacy.attribution import EVENT_RULES, RULE_IDS, SETUP_RULES
from gamefold.diplomacy.cards import (
    DEFAULT_CATALOGUE,
    DEFAULT_COMPOSITION,
    CardType,
    Counter,
    Kind,
    Pool,
)
from gamefold.diplomacy.codes import CODES
from gamefold.diplomacy.config import (
    ACCEPTED_CARDS,
    ALL_LOCKED,
    DEBT_ROUNDINGS,
    EMPTY_KIND,
    HAND_LIMIT_RANGE,
    PACT_CLOCKS,
    DiplomacyConfig,
)
from gamefold.diplomacy.hands import (
    CardDestroyed,
    CardDiscarded,
    CardEarned,
    CardForfeited,
    DeployDebtDue,
    Discard,
    Score,
    SelfApplied,
    SelfApply,
    held_count,
    locked_cards,
    scores,
)
from gamefold.diplomacy.invariants import INVARIANTS
from gamefold.diplomacy.legal import (
    list_proposals,
    proposal_count,
    sample_proposals,
    standalone_plays,
)
from gamefold.diplomacy.narration import LINES, Line, describe
from gamefold.diplomacy.pacts import (
    BreakPact,
    ExtendPact,
    PactBroken,
    PactExtended,
    PactRevealed,
    RevealPact,
)
from gamefold.diplomacy.proposals import (
    Accept,
    Decline,
    Pact,
    PactBegan,
    PactCountedDown,
    PactEnded,
    Proposal,
    ProposalAccepted,
    ProposalDeclined,
    ProposalExpired,
    ProposalMade,
    Propose,
)
from gamefold.diplomacy.reducer import (
    ACTIONS,
    EVENTS,
    LIFECYCLE,
    check,
    legal_actions,
    reduce,
    step,
    subsystem,
)
from gamefold.diplomacy.standalone import (
    Effect,
    EffectHandler,
    EffectHandlers,
    PlayStandalone,
    StandalonePlayed,
    StandaloneResolved,
)
from gamefold.diplomacy.table import DiplomacyState, PlayerState, initial_state
from gamefold.diplomacy.ticks import (
    BonusZone,
    DrawFailed,
    Ticks,
    TicksGained,
    as_ticks,
    income,
    income_bound,
)
from gamefold.diplomacy.turns import MAX_TERRITORIES, BeginTurn, TurnBegan, TurnEnded
from gamefold.diplomacy.views import DiplomacyView, determinize, view, view_bounds

__all__ = [
    "domains",
    "BreakPact",
    "ExtendPact",
    "PactBroken",
    "PactExtended",
    "PactRevealed",
    "RevealPact",
    "ACTIONS",
    "CODES",
    "DEFAULT_CATALOGUE",
    "DEFAULT_COMPOSITION",
    "EVENTS",
    "EVENT_RULES",
    "INVARIANTS",
    "LIFECYCLE",
    "LINES",
    "RULE_IDS",
    "Accept",
    "MAX_TERRITORIES",
    "BeginTurn",
    "BonusZone",
    "CardDestroyed",
    "CardDiscarded",
    "CardEarned",
    "CardForfeited",
    "CardType",
    "Counter",
    "Decline",
    "DeployDebtDue",
    "DiplomacyConfig",
    "DiplomacyState",
    "DiplomacyView",
    "Discard",
    "DrawFailed",
    "Effect",
    "EffectHandler",
    "EffectHandlers",
    "Kind",
    "Line",
    "Pact",
    "PactBegan",
    "PactCountedDown",
    "PactEnded",
    "PlayStandalone",
    "PlayerState",
    "Pool",
    "Proposal",
    "ProposalAccepted",
    "ProposalDeclined",
    "ProposalExpired",
    "ProposalMade",
    "Propose",
    "Score",
    "SelfApplied",
    "SelfApply",
    "StandalonePlayed",
    "StandaloneResolved",
    "Ticks",
    "TicksGained",
    "TurnBegan",
    "TurnEnded",
    "as_ticks",
    "income",
    "income_bound",
    "check",
    "codes",
    "describe",
    "held_count",
    "initial_state",
    "legal_actions",
    "proposal_count",
    "list_proposals",
    "sample_proposals",
    "standalone_plays",
    "locked_cards",
    "reduce",
    "scores",
    "step",
    "subsystem",
    "view",
    "view_bounds",
    "determinize",
    "ACCEPTED_CARDS",
    "ALL_LOCKED",
    "DEBT_ROUNDINGS",
    "EMPTY_KIND",
    "HAND_LIMIT_RANGE",
    "PACT_CLOCKS",
    "SETUP_RULES",
]
