"""Deploying: troops from a player's reserve onto their own territories, one at a time,
during their turn (:class:`Deploy`, TR-3).

:func:`decide_deploy` refuses with the first problem or applies; :func:`deploys` lists
from the same predicates (:mod:`gamefold.territory.predicates`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

import attrs

from gamefold.core import Action, Event, Events, replace, replacer
from gamefold.domains import ACTOR, domain
from gamefold.pipeline import Refusal
from gamefold.territory import codes
from gamefold.territory.domains import TERRITORIES
from gamefold.territory.predicates import (
    S,
    _off_turn,
    _unknown,
    _unseated,
    has_reserve,
    holds,
    on_turn,
)
from gamefold.territory.state import Realm, TerritoryState, position, put_at, seat_of

__all__ = [
    "Deploy",
    "TroopDeployed",
    "decide_deploy",
    "deploy_problem",
    "deploys",
]


@attrs.frozen
class Deploy(Action):
    """``player`` moves one troop from their reserve onto their ``territory`` (TR-3)."""

    recorded_as: ClassVar[str] = "gamefold.games.summit.attack.Deploy"
    """The tag records have carried since summit defined the action."""
    player: str = attrs.field(metadata=domain(ACTOR))
    territory: str = attrs.field(metadata=domain(TERRITORIES))


@attrs.frozen
class TroopDeployed(Event):
    """``player`` put a reserve troop on ``territory``, which now has ``troops``."""

    recorded_as: ClassVar[str] = "gamefold.territory.battle.TroopDeployed"
    """The tag records have carried since the map's battles defined the event."""
    player: str
    territory: str
    troops: int


_NOT_YOURS_DEPLOY = Refusal(
    codes.NOT_YOURS, "Troops are deployed on one's own territories.", "TR-3"
)


_NO_RESERVE = Refusal(codes.NO_RESERVE, "You have no troops in reserve.")


def deploy_problem(
    state: TerritoryState[Any], player: str, seat: int, index: int
) -> Refusal | None:
    """Why ``player``, seated at ``seat``, may not deploy on the territory at ``index`` now,
    or ``None`` if they may: their turn, their territory, a troop in reserve (TR-3)."""
    if not on_turn(state, player):
        return _off_turn(player, "deploys", "TR-3")
    if not holds(state.owners, index, player):
        return _NOT_YOURS_DEPLOY
    if not has_reserve(state.realms[seat]):
        return _NO_RESERVE
    return None


_set_troops = replacer(Realm, "troops")


def decide_deploy(state: S, action: Deploy) -> tuple[S, Events] | Refusal:
    """A seated player, a territory of the map (EN-4), then :func:`deploy_problem`; one
    troop leaves the reserve for the territory (TR-3)."""
    player, name = action.player, action.territory
    seat = seat_of(state, player)
    if seat is None:
        return _unseated(player)
    index = position(state, name)
    if index is None:
        return _unknown(name)
    problem = deploy_problem(state, player, seat, index)
    if problem is not None:
        return problem
    realms = state.realms
    realm = realms[seat]
    troops = state.garrisons[index] + 1
    realms = put_at(realms, seat, _set_troops(realm, realm.troops - 1))
    state = replace(state, garrisons=put_at(state.garrisons, index, troops), realms=realms)
    return state, (TroopDeployed(player, name, troops),)


def deploys(state: TerritoryState[Any], actor: str) -> tuple[Deploy, ...]:
    """Every deploy ``actor`` may make now, in map order (EN-5): :func:`deploy_problem`'s
    predicates, the turn and the reserve once, ownership per territory."""
    if not on_turn(state, actor):
        return ()
    seat = seat_of(state, actor)
    if seat is None or not has_reserve(state.realms[seat]):
        return ()
    return _deploys_on(state.scenario.territories, state.owners, actor)


_deploy = lru_cache(maxsize=4096)(Deploy)
"""The :class:`Deploy` record of a player and territory: records are immutable, so a listing
hands out one per deploy rather than building it anew whenever the map changes hands."""


@lru_cache(maxsize=256)
def _deploys_on(names: tuple[str, ...], owners: tuple[str, ...], actor: str) -> tuple[Deploy, ...]:
    """A deploy of ``actor`` on each territory they hold, in map order.

    Cached, because a deploy changes no owner: a turn's deploys list the same territories
    until one changes hands. The answer depends on the arguments alone."""
    return tuple(_deploy(actor, names[i]) for i in range(len(owners)) if holds(owners, i, actor))
