"""Rock-paper-scissors combat (CB-1 … CB-15): Hands, Stances, zones, exchanges, fleeing.

The seed's beats relation is the default: **Rock beats Paper, Paper beats Scissors,
Scissors beats Rock** (the reverse of the playground game). A fight goes:

1. ``initial_state(config, fighters, seed=…)``;
2. the side with more combatants in Forward assigns pairings (:class:`AssignPairings`,
   actor ``"party"`` or ``"enemies"``, CB-5);
3. every combatant with a choice declares (:class:`Declare`, or :class:`Retreat` for a party
   member); the last declaration resolves the exchange at once (CB-10);
4. the host game ends Rounds (:class:`~gamefold.EndRound` ticks conditions down, CB-12),
   may put conditions on combatants (:class:`Afflict`) between exchanges, and may take
   living combatants out of the fight at any moment (:class:`Withdraw`: they count as
   fallen; an exchange nobody is left to wait for resolves, CB-10, CB-11).

>>> from gamefold.combat import CombatConfig, Fighter, Side, initial_state, legal_actions
>>> state = initial_state(CombatConfig(), [Fighter("hero", Side.PARTY),
...                                        Fighter("orc", Side.ENEMIES)], seed=7)
>>> legal_actions(state, "party")[0]
AssignPairings(side=<Side.PARTY: 'party'>, pairs=(Pair(own='hero', enemy='orc'),))
"""

from gamefold.combat import codes, domains
from gamefold.combat.abilities import ATTACK, DEFEND, Ability, Inflict, Stance
from gamefold.combat.boosts import Empower, Empowered, Heal, Healed
from gamefold.combat.combatants import (
    Affliction,
    Combatant,
    CombatEnded,
    CombatState,
    Declaration,
    Ending,
    Fighter,
    Item,
    RetreatPlan,
    entry_problem,
    exchange_under_way,
    find,
    is_paired,
)
from gamefold.combat.conditions import (
    Afflict,
    ConditionApplied,
    ConditionEnded,
    allowed_hands,
)
from gamefold.combat.config import CombatConfig
from gamefold.combat.dire import (
    DirePolicy,
    dire_policy,
    dire_policy_names,
    register_dire_policy,
)
from gamefold.combat.exchange import Declare, Declared, targets
from gamefold.combat.fleeing import Retreat, RetreatDeclared
from gamefold.combat.flight import Carry, Fled, LostItem, RetreatFailed, StressGained
from gamefold.combat.hands import (
    HANDS,
    PLAYGROUND_BEATS,
    SEED_BEATS,
    Beats,
    Condition,
    Hand,
    Outcome,
    outcome,
)
from gamefold.combat.invariants import INVARIANTS, violations
from gamefold.combat.moving import Move, Moved
from gamefold.combat.narration import (
    EVENT_RULES,
    LINES,
    RULE_IDS,
    declaration_rules,
    describe,
)
from gamefold.combat.pairing import (
    AssignPairings,
    Pair,
    PairingsAssigned,
    PairingsDissolved,
    assigning_side,
)
from gamefold.combat.reducer import (
    ACTIONS,
    EVENTS,
    PIPELINE,
    check,
    check_declare,
    declarations,
    initial_state,
    legal_actions,
    reduce,
    retreats,
    step,
)
from gamefold.combat.resolution import (
    AbilityResolved,
    CombatantFell,
    DamageDealt,
    ExchangeRevealed,
)
from gamefold.combat.views import (
    CombatView,
    determinize,
    most_damage,
    view,
    view_bounds,
    view_growth,
)
from gamefold.combat.waiting import awaits, waiting_for
from gamefold.combat.warding import DamagePrevented, Ward, Warded, WardsLapsed
from gamefold.combat.withdrawal import CombatantWithdrawn, Withdraw
from gamefold.combat.zones import SIDES, Side, Zone
from gamefold.registry import Subsystem

__all__ = [
    "domains",
    "ACTIONS",
    "ATTACK",
    "DEFEND",
    "EVENTS",
    "EVENT_RULES",
    "HANDS",
    "INVARIANTS",
    "LINES",
    "RULE_IDS",
    "PLAYGROUND_BEATS",
    "SEED_BEATS",
    "SIDES",
    "Ability",
    "AbilityResolved",
    "AssignPairings",
    "Afflict",
    "Affliction",
    "Beats",
    "Carry",
    "CombatConfig",
    "CombatEnded",
    "CombatState",
    "CombatView",
    "Combatant",
    "CombatantFell",
    "CombatantWithdrawn",
    "Condition",
    "ConditionApplied",
    "ConditionEnded",
    "DamageDealt",
    "DamagePrevented",
    "Declaration",
    "Declare",
    "Declared",
    "DirePolicy",
    "Ending",
    "ExchangeRevealed",
    "Fighter",
    "Fled",
    "Hand",
    "Inflict",
    "Item",
    "LostItem",
    "Outcome",
    "Pair",
    "PairingsAssigned",
    "PairingsDissolved",
    "Retreat",
    "RetreatDeclared",
    "RetreatFailed",
    "RetreatPlan",
    "Side",
    "Stance",
    "StressGained",
    "Empower",
    "Empowered",
    "Heal",
    "Healed",
    "Move",
    "Moved",
    "Ward",
    "Warded",
    "WardsLapsed",
    "Withdraw",
    "Zone",
    "allowed_hands",
    "awaits",
    "assigning_side",
    "check",
    "check_declare",
    "codes",
    "declaration_rules",
    "declarations",
    "describe",
    "dire_policy",
    "dire_policy_names",
    "initial_state",
    "legal_actions",
    "outcome",
    "reduce",
    "retreats",
    "register_dire_policy",
    "step",
    "subsystem",
    "targets",
    "view",
    "determinize",
    "violations",
    "waiting_for",
    "entry_problem",
    "exchange_under_way",
    "find",
    "is_paired",
    "most_damage",
    "view_bounds",
    "view_growth",
]

subsystem: Subsystem[CombatState] = PIPELINE.subsystem(
    "combat",
    legal_actions=legal_actions,
    invariants=INVARIANTS,
    view=view,
    determinize=determinize,
    state_type=CombatState,
    lines=LINES,
    event_rules=EVENT_RULES,
    rule_ids=RULE_IDS,
)
"""The registry entry of the combat slice (EN-6): it owns :data:`ACTIONS` and reacts to
:class:`~gamefold.EndRound`."""
