"""Fast checks and a quiet apply for the map's hottest actions (``Pipeline(accepts=…)``).

Deploys and attacks are most of a summit game's steps. Each ``accepts_*`` does, in one
straight pass, what guard and validate do for one action type: true only when every field
is a ``str`` and the action is legal, false at the first doubt, when the pipeline runs its
detailed stages, so refusals keep their code, rule and sentence. Each is built from the
validator's own predicates (:func:`~gamefold.games.summit.attack.seated`,
:func:`~gamefold.games.summit.attack.position`,
:func:`~gamefold.games.summit.attack.deploy_problem`,
:func:`~gamefold.games.summit.attack.attack_problem`) and is exact: it accepts every legal
action of its type, in any state.

:data:`QUIET` holds Deploy's apply without its event, for ``advance``; an attack reports its
trap and battle as it fights them, so it keeps its events.
"""

from __future__ import annotations

from gamefold.games.summit.attack import (
    Attack,
    Deploy,
    attack_problem,
    deploy_problem,
    deployed,
    position,
    seated,
)
from gamefold.games.summit.board import MapState
from gamefold.pipeline import Accepts, Quiet

__all__ = ["ACCEPTS", "QUIET", "accepts_attack", "accepts_deploy"]


def accepts_deploy(state: MapState, action: Deploy) -> bool:
    """A seated player deploys a troop from their reserve on a territory of theirs, in their
    own turn (SM-4)."""
    player, name = action.player, action.territory
    if type(player) is not str or type(name) is not str or not seated(state, player):
        return False
    index = position(state, name)
    return index is not None and deploy_problem(state, player, index) is None


def accepts_attack(state: MapState, action: Attack) -> bool:
    """A seated player attacks, in their own turn, a bordering territory they do not hold and
    no truce protects, from a territory of theirs with two troops or more (SM-6, SM-7)."""
    player, source, target = action.player, action.source, action.territory
    if type(player) is not str or type(source) is not str or type(target) is not str:
        return False
    if not seated(state, player):
        return False
    start, end = position(state, source), position(state, target)
    if start is None or end is None:
        return False
    return attack_problem(state, player, start, end) is None


ACCEPTS: dict[type, Accepts] = {Deploy: accepts_deploy, Attack: accepts_attack}
"""The fast checks, by action type."""

QUIET: dict[type, Quiet] = {Deploy: deployed}
"""The applies without events, by action type."""
