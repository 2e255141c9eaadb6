"""Territory: a map of territories, troops, borders, forts and truces (rules TR-1 … TR-8).

Players hold territories of a map (an :class:`Atlas`), keep troops on them and in reserve,
deploy reserve troops onto their own territories (:class:`Deploy`) and attack across
borders (:class:`Attack`); a battle is fought troop by troop with the slice's RNG, forts
weigh for the defenders, a trap kills attackers first, and a truce forbids attacks between
its parties. It follows the clock's ``StartTurn`` and ``EndTurn``; summit and the campaign
compose its entry beside a turn flow of their own, and ask the map for what their own rules
do to it with host actions (:data:`HOST_ACTIONS`: :class:`Fortify`, :class:`LayTrap`,
:class:`Seize`, :class:`Reinforce`, :class:`Levy`, :class:`Tally`, :class:`BeginTruce`,
:class:`EndTruce`, :class:`OpenBattle`, :class:`CloseBattle`), never by editing its slice.

>>> from gamefold.territory import Atlas, initial_state, legal_actions, step
>>> from gamefold import StartTurn
>>> board = initial_state(Atlas(deal="in-order"), ["p1", "p2"], seed=1)
>>> board, _ = step(board, StartTurn("p1"))
>>> legal_actions(board, "p1")  # no troop in reserve yet, none to attack with
(EndTurn(player='p1'),)
"""

from gamefold.territory import codes
from gamefold.territory.atlas import (
    DEFAULT_BORDERS,
    DEFAULT_TERRITORIES,
    DEFAULT_ZONES,
    MAX_TERRITORIES,
    MAX_TROOPS,
    Atlas,
    Zone,
)
from gamefold.territory.attribution import EVENT_RULES, RULE_IDS, SETUP_RULES
from gamefold.territory.battle import (
    Attack,
    BattleFought,
    BattleOpened,
    CloseBattle,
    OpenBattle,
    TrapSprung,
    attacks,
    truce_attacks,
)
from gamefold.territory.codes import CATALOGUE, CODES
from gamefold.territory.deploying import Deploy, TroopDeployed, deploys
from gamefold.territory.hosting import (
    BeginTruce,
    Deployed,
    EndTruce,
    Fortified,
    Fortify,
    LayTrap,
    Levy,
    Reinforce,
    Seize,
    Tally,
    TrapLaid,
    TruceBegan,
    truce_of,
)
from gamefold.territory.invariants import INVARIANTS
from gamefold.territory.narration import LINES, describe
from gamefold.territory.predicates import on_turn, truce_partners
from gamefold.territory.reducer import (
    ACTIONS,
    EVENTS,
    HOST_ACTIONS,
    LIFECYCLE,
    ROUTES,
    check,
    legal_actions,
    reduce,
    step,
    subsystem,
)
from gamefold.territory.state import (
    NAME,
    NEUTRAL,
    Board,
    Realm,
    TerritoryState,
    TerritoryTaken,
    TroopsGained,
    Truce,
    TruceEnded,
    holder_of,
    holdings,
    initial_state,
    position,
    realm_of,
    seat_of,
    territory_count,
    truce_between,
    weakest,
    zone_holder,
    zones_held,
)
from gamefold.territory.views import (
    TerritoryView,
    determinize,
    state_from_view,
    view,
    view_bounds,
    view_fields,
)

__all__ = [
    "ACTIONS",
    "CATALOGUE",
    "CODES",
    "DEFAULT_BORDERS",
    "DEFAULT_TERRITORIES",
    "DEFAULT_ZONES",
    "EVENTS",
    "EVENT_RULES",
    "HOST_ACTIONS",
    "INVARIANTS",
    "LIFECYCLE",
    "LINES",
    "MAX_TERRITORIES",
    "MAX_TROOPS",
    "NAME",
    "NEUTRAL",
    "ROUTES",
    "RULE_IDS",
    "SETUP_RULES",
    "Atlas",
    "Attack",
    "BattleFought",
    "BattleOpened",
    "BeginTruce",
    "Board",
    "CloseBattle",
    "Deploy",
    "Deployed",
    "EndTruce",
    "Fortified",
    "Fortify",
    "LayTrap",
    "Levy",
    "OpenBattle",
    "Realm",
    "Reinforce",
    "Seize",
    "Tally",
    "TerritoryState",
    "TerritoryTaken",
    "TerritoryView",
    "TrapLaid",
    "TrapSprung",
    "TroopDeployed",
    "TroopsGained",
    "Truce",
    "TruceBegan",
    "TruceEnded",
    "Zone",
    "attacks",
    "check",
    "codes",
    "describe",
    "deploys",
    "holder_of",
    "holdings",
    "initial_state",
    "legal_actions",
    "on_turn",
    "position",
    "realm_of",
    "reduce",
    "seat_of",
    "step",
    "subsystem",
    "territory_count",
    "truce_attacks",
    "truce_between",
    "truce_of",
    "truce_partners",
    "view",
    "view_bounds",
    "view_fields",
    "determinize",
    "state_from_view",
    "weakest",
    "zone_holder",
    "zones_held",
]
