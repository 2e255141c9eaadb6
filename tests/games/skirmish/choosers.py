"""Deterministic choosers for driving skirmish scenarios (see ``support.play_until``)."""

from __future__ import annotations

from gamefold.combat import AssignPairings, Retreat
from gamefold.core import Action
from gamefold.games.skirmish import Skirmish, UseAbility
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.skills import Activate, CloseReactionWindow, EndActivation

_ORDER = (AssignPairings, CloseReactionWindow, Activate)


def passive(game_def: Skirmish, game: Game, actor: str, legal: tuple[Action, ...]) -> Action:
    """Pair, close windows and activate as listed; Defend (free) and end the activation."""
    for kind in _ORDER:
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    defends = [a for a in legal if isinstance(a, UseAbility) and a.ability == "Defend"]
    ends = [a for a in legal if isinstance(a, EndActivation)]
    return (defends or ends or list(legal))[0]


def fleeing(game_def: Skirmish, game: Game, actor: str, legal: tuple[Action, ...]) -> Action:
    """Like :func:`passive`, but every party member retreats (carrying nobody)."""
    retreats = [a for a in legal if isinstance(a, Retreat) and a.carry is None and not a.drop]
    return retreats[0] if retreats else passive(game_def, game, actor, legal)


def greedy(game_def: Skirmish, game: Game, actor: str, legal: tuple[Action, ...]) -> Action:
    """The game's greedy policy, on the actor's view, with a fixed stream."""
    policy = game_def.policies()["greedy"]
    return policy(game_def.rules.view(game, actor), legal, Rng.from_seed(0))[0]
