"""Attacks: taking a territory with troops during one's own turn (SM-6, SM-7).

During their turn a player may :class:`Attack` any territory they do not hold: a neutral
one costs ``claim_cost`` troops, another player's ``attack_cost`` plus ``fort_cost`` per
fort on it. The attack always succeeds: the troops are spent, the territory changes hands
and its forts are razed. A running truce (a Ceasefire pact, SM-7) forbids attacking its
other party.
"""

from __future__ import annotations

import attrs

from gamefold.core import Action, Events
from gamefold.games.summit import codes
from gamefold.games.summit.board import (
    NEUTRAL,
    MapState,
    Phase,
    realm_of,
    take,
    truce_between,
)

__all__ = ["Attack", "apply_attack", "attack_cost", "attacks", "validate_attack"]


@attrs.frozen
class Attack(Action):
    """``player`` spends troops to take ``territory``, during their own turn (SM-6)."""

    player: str
    territory: str


def attack_cost(state: MapState, index: int) -> int:
    """Troops to take the territory at ``index``: claim, or attack plus forts (SM-6)."""
    scenario = state.scenario
    if state.owners[index] == NEUTRAL:
        return scenario.claim_cost
    return scenario.attack_cost + scenario.fort_cost * state.forts[index]


def _your_turn(state: MapState, player: str) -> bool:
    return state.phase is Phase.TURN and state.current == player


def _refusal(state: MapState, player: str, index: int) -> tuple[str, str] | None:
    """Why ``player`` may not attack the territory at ``index`` in their own turn: the code
    and the sentence (a pair, not an exception: the listing asks for every territory)."""
    owner = state.owners[index]
    if owner == player:
        return codes.OWN_TERRITORY, "You already hold that territory."
    if owner != NEUTRAL and truce_between(state, player, owner):
        return codes.TRUCE, f"A truce with {owner} forbids attacking them."
    troops = state.realms[realm_of(state, player)].troops
    cost = attack_cost(state, index)
    if troops < cost:
        return codes.TOO_FEW_TROOPS, f"It costs {cost} troops; you have {troops}."
    return None


def validate_attack(state: MapState, action: Attack) -> None:
    """A seated player, a territory of the map, their turn, and the troops to pay (SM-6)."""
    if action.player not in state.players:
        raise codes.illegal(codes.UNKNOWN_PLAYER, f"{action.player!r} is not seated.", action)
    if action.territory not in state.scenario.territories:
        message = f"The map has no {action.territory!r}."
        raise codes.illegal(codes.UNKNOWN_TERRITORY, message, action)
    if not _your_turn(state, action.player):
        message = f"{action.player} attacks only during their own turn."
        raise codes.illegal(codes.NOT_YOUR_TURN, message, action, rule="SM-6")
    problem = _refusal(state, action.player, state.scenario.territories.index(action.territory))
    if problem is not None:
        raise codes.illegal(*problem, action)


def apply_attack(state: MapState, action: Attack) -> tuple[MapState, Events]:
    """The troops are spent and the territory changes hands, forts razed (SM-6)."""
    index = state.scenario.territories.index(action.territory)
    state, taken = take(state, index, action.player, "attack", attack_cost(state, index))
    return state, (taken,)


def attacks(state: MapState, actor: str) -> tuple[Attack, ...]:
    """Every attack ``actor`` may make now, in map order (EN-5)."""
    if not _your_turn(state, actor):
        return ()
    names = state.scenario.territories
    return tuple(
        Attack(actor, names[i]) for i in range(len(names)) if _refusal(state, actor, i) is None
    )
