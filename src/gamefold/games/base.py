"""What a ready-made game is: :class:`GameDef`, the driver :func:`play`, and policies.

The names live in two modules and are gathered here: :mod:`gamefold.games.definition`
holds :class:`GameDef` and the registers of games and policies, :mod:`gamefold.games.playing`
the driver :func:`play`, which returns a :class:`Played` game with every state and event.
"""

from __future__ import annotations

from gamefold.games.account import EventRules, joined_event_rules
from gamefold.games.definition import (
    GameDef,
    Policy,
    game_names,
    get_game,
    policy_problem,
    random_policy,
    register_game,
    register_policy,
    registered_policies,
)
from gamefold.games.playing import Played, play

__all__ = [
    "EventRules",
    "GameDef",
    "Played",
    "Policy",
    "game_names",
    "get_game",
    "joined_event_rules",
    "play",
    "policy_problem",
    "random_policy",
    "register_game",
    "register_policy",
    "registered_policies",
]
