"""Territory: a map of territories, troops, borders, forts and truces (rules TR-1 … TR-8).

Players hold territories of a map (an :class:`Atlas`), keep troops on them and in reserve,
deploy reserve troops onto their own territories (:class:`Deploy`) and attack across
borders (:class:`Attack`); a battle is fought troop by troop with the slice's RNG, forts
weigh for the defenders, a trap kills attackers first, and a truce forbids attacks between
its parties. It follows the clock's ``StartTurn`` and ``EndTurn``; summit and the campaign
compose its entry beside a turn flow of their own.

>>> from gamefold.territory import Atlas, initial_state, legal_actions, step
>>> from gamefold import StartTurn
>>> board = initial_state(Atlas(deal="in-order"), ["p1", "p2"], seed=1)
>>> board, _ = step(board, StartTurn("p1"))
>>> legal_actions(board, "p1")  # no troop in reserve yet, none to attack with
(EndTurn(player='p1'),)
"""

from gamefold.territory import codes
from gamefold.territory.atlas import (
    DEALS,
    DEFAULT_BORDERS,
    DEFAULT_TERRITORIES,
    DEFAULT_ZONES,
    MAX_BORDERS,
    MAX_TERRITORIES,
    MAX_TROOPS,
    ZONE_RULES,
    Atlas,
    Zone,
)
from gamefold.territory.attribution import EVENT_RULES, RULE_IDS, SETUP_RULES
from gamefold.territory.battle import (
    Attack,
    BattleFought,
    Deploy,
    TrapSprung,
    TroopDeployed,
    attacks,
    close_battle,
    deploys,
    on_turn,
    open_battle,
    truce_attacks,
    truce_partners,
)
from gamefold.territory.codes import CATALOGUE, CODES
from gamefold.territory.invariants import INVARIANTS
from gamefold.territory.narration import LINES, describe
from gamefold.territory.reducer import (
    ACTIONS,
    EVENTS,
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
    gain_troops,
    holder_of,
    holdings,
    initial_state,
    position,
    put_at,
    realm_of,
    seat_of,
    take,
    territory_count,
    truce_between,
    weakest,
    with_realm,
    zone_holder,
    zones_held,
)
from gamefold.territory.views import (
    TerritoryView,
    determinize,
    state_from_view,
    view,
    view_fields,
)

__all__ = [
    "ACTIONS",
    "CATALOGUE",
    "CODES",
    "DEALS",
    "DEFAULT_BORDERS",
    "DEFAULT_TERRITORIES",
    "DEFAULT_ZONES",
    "EVENTS",
    "EVENT_RULES",
    "INVARIANTS",
    "LIFECYCLE",
    "LINES",
    "MAX_BORDERS",
    "MAX_TERRITORIES",
    "MAX_TROOPS",
    "NAME",
    "NEUTRAL",
    "ROUTES",
    "RULE_IDS",
    "SETUP_RULES",
    "ZONE_RULES",
    "Atlas",
    "Attack",
    "BattleFought",
    "Board",
    "Deploy",
    "Realm",
    "TerritoryState",
    "TerritoryTaken",
    "TerritoryView",
    "TrapSprung",
    "TroopDeployed",
    "TroopsGained",
    "Truce",
    "TruceEnded",
    "Zone",
    "attacks",
    "check",
    "close_battle",
    "codes",
    "describe",
    "deploys",
    "gain_troops",
    "holder_of",
    "holdings",
    "initial_state",
    "legal_actions",
    "on_turn",
    "open_battle",
    "position",
    "put_at",
    "realm_of",
    "reduce",
    "seat_of",
    "step",
    "subsystem",
    "take",
    "territory_count",
    "truce_attacks",
    "truce_between",
    "truce_partners",
    "view",
    "view_fields",
    "determinize",
    "state_from_view",
    "weakest",
    "with_realm",
    "zone_holder",
    "zones_held",
]
