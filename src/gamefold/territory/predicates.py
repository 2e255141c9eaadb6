"""What the map's decide functions and listings share (TR-3 … TR-6): whose turn it is,
who holds a territory, who may deploy or attack, who is bound by a truce, and the refusals
they meet first.

Each decide function (:func:`~gamefold.territory.battle.decide_attack`,
:func:`~gamefold.territory.deploying.decide_deploy`) and each listing is built from these
predicates, so every listed action is legal."""

from __future__ import annotations

from typing import Any, TypeVar

from gamefold.pipeline import Refusal
from gamefold.territory import codes
from gamefold.territory.state import Realm, TerritoryState

__all__ = [
    "can_attack_from",
    "has_reserve",
    "holds",
    "on_turn",
    "truce_partners",
]

S = TypeVar("S", bound=TerritoryState[Any])


def on_turn(state: TerritoryState[Any], player: str) -> bool:
    """Whether the map's actions are ``player``'s to take now (TR-3, TR-4)."""
    return state.current == player


def holds(owners: tuple[str, ...], index: int, player: str) -> bool:
    """Whether ``player`` holds the territory at ``index`` of ``owners`` (TR-3, TR-4)."""
    return owners[index] == player


def has_reserve(realm: Realm) -> bool:
    """TR-3: whether ``realm`` has a troop in reserve to deploy."""
    return realm.troops >= 1


def can_attack_from(garrisons: tuple[int, ...], index: int) -> bool:
    """TR-4: whether the territory at ``index`` has troops to attack with, one staying."""
    return garrisons[index] >= 2


_NOBODY: frozenset[str] = frozenset()


def truce_partners(state: TerritoryState[Any], player: str) -> frozenset[str]:
    """TR-6: the players a running truce binds ``player`` to."""
    if not state.truces:
        return _NOBODY
    bound = (t for t in state.truces if player in (t.first, t.second))
    return frozenset(t.second if t.first == player else t.first for t in bound)


def _unseated(player: str) -> Refusal:
    return Refusal(codes.UNKNOWN_PLAYER, f"{player!r} is not seated.")


def _unknown(name: str) -> Refusal:
    return Refusal(codes.UNKNOWN_TERRITORY, f"The map has no {name!r}.")


def _off_turn(player: str, what: str, rule: str) -> Refusal:
    return Refusal(codes.NOT_YOUR_TURN, f"{player} {what} only during their own turn.", rule)
