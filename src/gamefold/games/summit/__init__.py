"""Summit: the ready-made diplomacy game for 3 to 6 players (rules SM-1 … SM-16, DP-…).

Players take turns over *the Summit*, a small fixed map of 18 territories in six bonus
zones. Each turn the map tells the diplomacy card economy what the player holds (DP-4,
DP-5); troops deployed each turn and self-applied cards take territory; pacts and
Standalone cards change the map; after ``max_rounds`` Rounds (or a domination) the cards in
hand are scored (DP-14).

>>> from gamefold.games import play
>>> from gamefold.games.summit import Summit, SummitConfig
>>> game = Summit(SummitConfig(players=3))
>>> played = play(game, seed=7, policies=game.policies()["greedy"])
>>> played.finished
True
"""

from gamefold.games.summit import codes
from gamefold.games.summit.account import LINES, describe, standings
from gamefold.games.summit.codes import CODES
from gamefold.games.summit.config import (
    AGREEMENT_EFFECTS,
    DEFAULT_BONUS_ZONES,
    DEFAULT_EFFECTS,
    PLAYERS_RANGE,
    STANDALONE_EFFECTS,
    SUMMIT_HAND_LIMIT,
    Scenario,
    SummitConfig,
    default_diplomacy,
    player_names,
)
from gamefold.games.summit.effects import HANDLERS, EffectFizzled
from gamefold.games.summit.flow import (
    Defer,
    GameOver,
    Pass,
    Passed,
    ProposalDeferred,
    RoundBegan,
    RoundEnded,
)
from gamefold.games.summit.game import Summit
from gamefold.games.summit.invariants import GAME_INVARIANTS, INVARIANTS
from gamefold.games.summit.policies import greedy, random_kinds
from gamefold.games.summit.rules import (
    ACTIONS,
    EVENTS,
    LIFECYCLE,
    OVERRIDES,
    ROUTES,
    WRAPPERS,
    build_rules,
    check,
    legal_actions,
    map_subsystem,
    reduce,
    step,
    subsystem,
)
from gamefold.games.summit.state import (
    DIPLOMACY,
    MAP,
    NAME,
    Ask,
    MapState,
    MapView,
    Phase,
    SummitGame,
    SummitSlices,
    SummitState,
    determinize,
    initial_flow,
    initial_state,
    view,
    view_bounds,
)

__all__ = [
    "ACTIONS",
    "AGREEMENT_EFFECTS",
    "DEFAULT_EFFECTS",
    "OVERRIDES",
    "STANDALONE_EFFECTS",
    "random_kinds",
    "CODES",
    "DEFAULT_BONUS_ZONES",
    "DIPLOMACY",
    "EVENTS",
    "HANDLERS",
    "GAME_INVARIANTS",
    "INVARIANTS",
    "LIFECYCLE",
    "LINES",
    "MAP",
    "NAME",
    "SummitGame",
    "SummitState",
    "PLAYERS_RANGE",
    "SUMMIT_HAND_LIMIT",
    "ROUTES",
    "WRAPPERS",
    "Ask",
    "Defer",
    "EffectFizzled",
    "GameOver",
    "MapState",
    "SummitSlices",
    "MapView",
    "Pass",
    "Passed",
    "Phase",
    "ProposalDeferred",
    "RoundBegan",
    "RoundEnded",
    "Scenario",
    "Summit",
    "SummitConfig",
    "build_rules",
    "check",
    "codes",
    "default_diplomacy",
    "describe",
    "greedy",
    "determinize",
    "initial_flow",
    "initial_state",
    "legal_actions",
    "map_subsystem",
    "player_names",
    "reduce",
    "standings",
    "step",
    "subsystem",
    "view",
    "view_bounds",
]
