"""Skill-deck hands: decks, refills, Rounds and card commitment (rules SD-1 … SD-15).

Each player character and the GM own a Skill deck, a hand, a discard pile and an exhausted
pile. At the start of each Round everyone refills up to their hand limit (SD-3); units then
activate in alternation between the players' side and the GM's (SD-13) and use cards by
Playing, Burning or Discarding them (SD-8 … SD-12). Running out of cards means recycling
with Fatigue and Exhaustion (SD-5), and possibly death (SD-6); the GM is exempt (SD-7).

>>> from gamefold import StartRound
>>> from gamefold.skills import SkillsConfig, initial_state, step, Activate
>>> state = initial_state(SkillsConfig(), ["ana", "bo"], seed=7, gm_units=["goblin"])
>>> state, events = step(state, StartRound())
>>> state, events = step(state, Activate("ana"))
>>> events[0].unit
'ana'
"""

from gamefold.skills import domains
from gamefold.skills.catalogue import (
    DEFAULT_DECK,
    TIMINGS,
    CardDef,
    Effect,
    Modifier,
)
from gamefold.skills.commitment import (
    Burn,
    CardBurned,
    CardDiscarded,
    CardPlayed,
    CostPaid,
    Discard,
    PayCost,
    Play,
    modifier_total,
)
from gamefold.skills.config import (
    BURN_RESETS,
    DEFAULT_ABILITIES,
    GM,
    GM_SHORT_DRAWS,
    LOWER_LIMITS,
    PLAYERS,
    SIDES,
    Ability,
    SkillsConfig,
)
from gamefold.skills.effects import STANDARD_EFFECTS, draw_effect
from gamefold.skills.fielding import FieldUnits, UnitsFielded
from gamefold.skills.invariants import INVARIANTS, violations
from gamefold.skills.levels import ChangeHandLimit, HandLimitChanged, HandTrimmed
from gamefold.skills.narration import EVENT_RULES, LINES, RULE_IDS, SETUP_RULES, describe
from gamefold.skills.reducer import (
    ACTIONS,
    ACTOR_ACTIONS,
    EVENTS,
    HOST_ACTIONS,
    check,
    legal_actions,
    make_subsystem,
    reduce,
    step,
    subsystem,
)
from gamefold.skills.rounds import (
    DEFEATED,
    Activate,
    ActivationEnded,
    ActivationStarted,
    DefeatUnit,
    EndActivation,
    ModifiersReset,
    RoundEnded,
    RoundStarted,
    UnitDefeated,
    round_over,
)
from gamefold.skills.session import (
    EffectHandler,
    Effects,
    SkillsState,
    card_definition,
    controller,
    initial_state,
    owner_of,
)
from gamefold.skills.timing import (
    CloseReactionWindow,
    OpenReactionWindow,
    ReactionWindowClosed,
    ReactionWindowOpened,
)
from gamefold.skills.views import (
    OwnerView,
    SkillsView,
    determinize,
    view,
    view_bounds,
    view_growth,
)
from gamefold.skills.zones import (
    FATAL_EXHAUSTION,
    CardsDrawn,
    CardsExhausted,
    CharacterDied,
    DeckRecycled,
    DrawFellShort,
    FatigueGained,
    Owner,
)

__all__ = [
    "domains",
    "ACTIONS",
    "ACTOR_ACTIONS",
    "BURN_RESETS",
    "DEFAULT_ABILITIES",
    "DEFAULT_DECK",
    "DEFEATED",
    "EVENTS",
    "EVENT_RULES",
    "FATAL_EXHAUSTION",
    "GM",
    "GM_SHORT_DRAWS",
    "HOST_ACTIONS",
    "INVARIANTS",
    "LINES",
    "RULE_IDS",
    "LOWER_LIMITS",
    "SETUP_RULES",
    "PLAYERS",
    "STANDARD_EFFECTS",
    "determinize",
    "Ability",
    "Activate",
    "ActivationEnded",
    "ActivationStarted",
    "Burn",
    "CardBurned",
    "CardDef",
    "CardDiscarded",
    "CardPlayed",
    "CardsDrawn",
    "CardsExhausted",
    "ChangeHandLimit",
    "CharacterDied",
    "CloseReactionWindow",
    "CostPaid",
    "DeckRecycled",
    "DefeatUnit",
    "Discard",
    "DrawFellShort",
    "Effect",
    "EffectHandler",
    "Effects",
    "EndActivation",
    "FatigueGained",
    "FieldUnits",
    "HandLimitChanged",
    "HandTrimmed",
    "Modifier",
    "ModifiersReset",
    "OpenReactionWindow",
    "Owner",
    "OwnerView",
    "PayCost",
    "Play",
    "ReactionWindowClosed",
    "ReactionWindowOpened",
    "RoundEnded",
    "RoundStarted",
    "SkillsConfig",
    "SkillsState",
    "SkillsView",
    "UnitDefeated",
    "UnitsFielded",
    "card_definition",
    "check",
    "describe",
    "controller",
    "draw_effect",
    "initial_state",
    "legal_actions",
    "make_subsystem",
    "modifier_total",
    "owner_of",
    "round_over",
    "reduce",
    "step",
    "subsystem",
    "view",
    "view_bounds",
    "view_growth",
    "violations",
    "TIMINGS",
    "SIDES",
]
