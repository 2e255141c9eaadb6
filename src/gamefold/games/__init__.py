"""Ready-made games composed from the subsystems, and what a game definition is.

:class:`GameDef` is the base class of every game; :func:`play` drives one whole game with
policies. The built-in games register themselves by name (see :func:`game_names`).
"""

# The built-in games register themselves by name when imported.
from gamefold.games import campaign, skirmish, summit  # noqa: F401
from gamefold.games.account import EventRules, joined_event_rules
from gamefold.games.base import (
    GameDef,
    Played,
    Policy,
    game_names,
    get_game,
    play,
    policy_problem,
    random_policy,
    register_game,
    register_policy,
    registered_policies,
)
from gamefold.games.variants import parse_settings, variant, with_path

__all__ = [
    "EventRules",
    "GameDef",
    "Played",
    "Policy",
    "game_names",
    "get_game",
    "joined_event_rules",
    "parse_settings",
    "play",
    "policy_problem",
    "random_policy",
    "register_game",
    "register_policy",
    "registered_policies",
    "variant",
    "with_path",
]
