"""Deploying and attacking: troops on territories, battles across borders (SM-4, SM-6).

During their turn a player moves troops from their reserve onto their own territories,
one at a time (:class:`Deploy`), and attacks across borders (:class:`Attack`): from a
territory they hold with at least two troops to a bordering territory they do not hold,
whose owner has no truce with them (SM-7). Every troop on the source but one attacks.

**The battle** (SM-6), with the map's RNG (EN-3):

1. a trap on the attacked territory kills up to its strength of attackers first (SM-13);
2. then, while both sides have troops, one troop falls each round: a defender with
   probability ``A / (A + D + F)``, else an attacker, where ``A`` and ``D`` are the troops
   left and ``F`` is ``fort_strength`` times the forts on the territory;
3. if no defender is left the attacker takes the territory and the surviving attackers
   move in (its forts are razed); otherwise the attack fails and the defenders keep what
   is left. The source keeps its one troop either way.

A territory with no troops is taken without a battle.
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from gamefold.core import Action, Event, Events, replace, replacer
from gamefold.games.summit import codes
from gamefold.games.summit.board import (
    NEUTRAL,
    MapState,
    Phase,
    Realm,
    put_at,
    realm_of,
    take,
    truce_between,
)

__all__ = [
    "Attack",
    "BattleFought",
    "Deploy",
    "TrapSprung",
    "TroopDeployed",
    "apply_attack",
    "apply_deploy",
    "attack_problem",
    "close_battle",
    "open_battle",
    "attacks",
    "deploy_problem",
    "deployed",
    "deploys",
    "on_turn",
    "position",
    "seated",
    "validate_attack",
    "validate_deploy",
]


@attrs.frozen
class Deploy(Action):
    """``player`` moves one troop from their reserve onto their ``territory`` (SM-4)."""

    player: str
    territory: str


@attrs.frozen
class Attack(Action):
    """``player`` attacks ``territory`` from their bordering territory ``source`` (SM-6)."""

    player: str
    source: str
    territory: str


@attrs.frozen
class TroopDeployed(Event):
    """``player`` put a reserve troop on ``territory``, which now has ``troops``."""

    player: str
    territory: str
    troops: int


@attrs.frozen
class TrapSprung(Event):
    """A trap on ``territory`` killed ``killed`` of ``player``'s attackers (SM-13)."""

    player: str
    territory: str
    killed: int


@attrs.frozen
class BattleFought(Event):
    """``player`` attacked ``territory`` from ``source`` with ``attackers`` against
    ``defenders`` (and ``forts``); ``lost`` attackers and ``killed`` defenders fell."""

    player: str
    source: str
    territory: str
    attackers: int
    defenders: int
    forts: int
    lost: int
    killed: int
    won: bool


def on_turn(state: MapState, player: str) -> bool:
    """Whether ``player``'s turn is under way: the map's actions are theirs to take."""
    return state.phase is Phase.TURN and state.current == player


def _turn_problem(state: MapState, player: str, what: str) -> tuple[str, str, str] | None:
    if not on_turn(state, player):
        return codes.NOT_YOUR_TURN, "SM-6", f"{player} {what} only during their own turn."
    return None


def position(state: MapState, name: str) -> int | None:
    """The map index of the territory ``name``, or ``None`` when the map has none."""
    try:
        return state.scenario.territories.index(name)
    except ValueError:
        return None


def seated(state: MapState, player: str) -> bool:
    """Whether ``player`` is seated: one of the realms is theirs."""
    for realm in state.realms:  # noqa: SIM110 -- a loop, not any(): no generator per check
        if realm.player == player:
            return True
    return False


def _index(state: MapState, name: str, action: Action) -> int:
    index = position(state, name)
    if index is None:
        raise codes.illegal(codes.UNKNOWN_TERRITORY, f"The map has no {name!r}.", action)
    return index


def _seated(state: MapState, action: Deploy | Attack) -> None:
    if not seated(state, action.player):
        raise codes.illegal(codes.UNKNOWN_PLAYER, f"{action.player!r} is not seated.", action)


def deploy_problem(state: MapState, player: str, index: int) -> tuple[str, str, str] | None:
    """Why the seated ``player`` may not deploy on the territory at ``index`` now, as
    ``(code, rule, sentence)``, or ``None`` if they may (SM-4)."""
    problem = _turn_problem(state, player, "deploys")
    if problem is not None:
        return problem
    if state.owners[index] != player:
        return codes.NOT_YOURS, "SM-4", "Troops are deployed on one's own territories."
    if state.realms[realm_of(state, player)].troops < 1:
        return codes.NO_RESERVE, "SM-4", "You have no troops in reserve."
    return None


def validate_deploy(state: MapState, action: Deploy) -> None:
    """A seated player, their own territory, their turn, a troop in reserve (SM-4)."""
    _seated(state, action)
    problem = deploy_problem(state, action.player, _index(state, action.territory, action))
    if problem is not None:
        raise codes.illegal(problem[0], problem[2], action, rule=problem[1])


_set_troops = replacer(Realm, "troops")
_set_deployed = replacer(MapState, "garrisons", "realms")


def apply_deploy(state: MapState, action: Deploy) -> tuple[MapState, Events]:
    """One troop leaves the reserve for the territory."""
    index = state.scenario.territories.index(action.territory)
    state = _deployed(state, action.player, index)
    return state, (TroopDeployed(action.player, action.territory, state.garrisons[index]),)


def deployed(state: MapState, action: Deploy) -> MapState:
    """:func:`apply_deploy`'s new map, without its event."""
    return _deployed(state, action.player, state.scenario.territories.index(action.territory))


def _deployed(state: MapState, player: str, index: int) -> MapState:
    seat = realm_of(state, player)
    realm = state.realms[seat]
    realms = put_at(state.realms, seat, _set_troops(realm, realm.troops - 1))
    return _set_deployed(state, put_at(state.garrisons, index, state.garrisons[index] + 1), realms)


def attack_problem(
    state: MapState, player: str, source: int, target: int
) -> tuple[str, str, str] | None:
    """Why the seated ``player`` may not attack the territory at ``target`` from the one at
    ``source`` now, as ``(code, rule, sentence)``, or ``None`` if they may (SM-6, SM-7)."""
    problem = _turn_problem(state, player, "attacks")
    if problem is not None:
        return problem
    if state.owners[source] != player:
        return codes.NOT_YOURS, "SM-6", "An attack starts from a territory of one's own."
    owner = state.owners[target]
    if owner == player:
        return codes.OWN_TERRITORY, "SM-6", "You already hold that territory."
    if target not in state.scenario.borders[source]:
        return codes.NOT_ADJACENT, "SM-6", "An attack crosses one border, no more."
    if owner != NEUTRAL and truce_between(state, player, owner):
        return codes.TRUCE, "SM-7", f"A truce with {owner} forbids attacking them."
    if state.garrisons[source] < 2:
        return codes.TOO_FEW_TROOPS, "SM-6", "One troop must stay behind: it takes two."
    return None


def validate_attack(state: MapState, action: Attack) -> None:
    """A seated player, their turn, a bordering target not theirs, two troops (SM-6)."""
    _seated(state, action)
    source = _index(state, action.source, action)
    target = _index(state, action.territory, action)
    problem = attack_problem(state, action.player, source, target)
    if problem is not None:
        raise codes.illegal(problem[0], problem[2], action, rule=problem[1])


def open_battle(state: MapState, action: Attack) -> tuple[MapState, int, int, Events]:
    """The start of the battle of a checked ``action`` (SM-6, SM-13): every troop on the
    source but one leaves it to attack, and a trap on the target kills up to its strength of
    them. Returns the map, the attackers left, the defenders, and the trap's events.

    Summit fights the battle with dice (:func:`apply_attack`); a host game may fight it in
    its own way and settle it with :func:`close_battle`.
    """
    names = state.scenario.territories
    source, target = names.index(action.source), names.index(action.territory)
    events: list[Event] = []
    attackers = state.garrisons[source] - 1
    state = replace(state, garrisons=put_at(state.garrisons, source, 1))
    trap = min(state.traps[target], attackers)
    if state.traps[target]:
        state = replace(state, traps=put_at(state.traps, target, 0))
        events.append(TrapSprung(action.player, action.territory, trap))
        attackers -= trap
    return state, attackers, state.garrisons[target], tuple(events)


def close_battle(
    state: MapState,
    action: Attack,
    attackers: int,
    survivors: int,
    defenders: int,
    *,
    fall_back: bool = False,
) -> tuple[MapState, Events]:
    """The end of the battle of ``action`` opened with ``attackers`` (SM-6): with no
    defender left and ``survivors`` attackers standing, the attacker takes the territory and
    the survivors move in; otherwise the defenders keep it with the ``defenders`` left, and
    the survivors are lost, or with ``fall_back`` return to the source (summit's dice battle
    never falls back: it fights to the last troop of a side)."""
    target = state.scenario.territories.index(action.territory)
    before = state.garrisons[target]
    won = defenders == 0 and survivors > 0
    fought = BattleFought(
        action.player,
        action.source,
        action.territory,
        attackers,
        before,
        state.forts[target],
        attackers - survivors,
        before - defenders,
        won,
    )
    if won:
        state, taken = take(state, target, action.player, "attack", survivors)
        return state, (fought, taken)
    garrisons = put_at(state.garrisons, target, defenders)
    if fall_back and survivors:
        source = state.scenario.territories.index(action.source)
        garrisons = put_at(garrisons, source, garrisons[source] + survivors)
    return replace(state, garrisons=garrisons), (fought,)


def apply_attack(state: MapState, action: Attack) -> tuple[MapState, Events]:
    """The trap, then the battle round by round; the winner holds the territory (SM-6)."""
    state, attackers, defenders, sprung = open_battle(state, action)
    target = state.scenario.territories.index(action.territory)
    weight = state.scenario.fort_strength * state.forts[target]
    a, d, rng = attackers, defenders, state.rng
    while a and d:
        roll, rng = rng.below(a + d + weight)
        if roll < a:
            d -= 1
        else:
            a -= 1
    state, events = close_battle(replace(state, rng=rng), action, attackers, a, d)
    return state, (*sprung, *events)


def deploys(state: MapState, actor: str) -> tuple[Deploy, ...]:
    """Every deploy ``actor`` may make now, in map order (EN-5).

    Built from :func:`deploy_problem`'s predicates in one pass: the turn and the reserve
    are the actor's, the same for every territory, so only ownership is tested per
    territory."""
    if not on_turn(state, actor):
        return ()
    owners = state.owners
    if actor not in owners or state.realms[realm_of(state, actor)].troops < 1:
        return ()
    return _deploys_on(state.scenario.territories, owners, actor)


@lru_cache(maxsize=256)
def _deploys_on(names: tuple[str, ...], owners: tuple[str, ...], actor: str) -> tuple[Deploy, ...]:
    """A deploy of ``actor`` on each territory they hold, in map order.

    Cached, because a deploy changes no owner: a turn's deploys list the same territories
    until one changes hands. The answer depends on the arguments alone."""
    return tuple(Deploy(actor, names[i]) for i, o in enumerate(owners) if o == actor)


def _partners(state: MapState, actor: str) -> set[str]:
    """The players a running truce binds ``actor`` to (SM-7)."""
    if not state.truces:
        return set()
    bound = (t for t in state.truces if actor in (t.first, t.second))
    return {t.second if t.first == actor else t.first for t in bound}


_attack = lru_cache(maxsize=4096)(Attack)
"""The :class:`Attack` record of a player, source and target: records are immutable, so a
listing hands out one per attack rather than building it anew at every choice."""


def attacks(state: MapState, actor: str) -> tuple[Attack, ...]:
    """Every attack ``actor`` may make now: sources in map order, then targets in map
    order (EN-5).

    Built from :func:`attack_problem`'s predicates in one pass: a source of the actor's
    with two troops, a bordering target neither the actor's nor a truce partner's."""
    if not on_turn(state, actor):
        return ()
    names, owners, borders = state.scenario.territories, state.owners, state.scenario.borders
    garrisons, barred = state.garrisons, {actor, *_partners(state, actor)}
    return tuple(
        _attack(actor, names[s], names[t])
        for s, owner in enumerate(owners)
        if owner == actor and garrisons[s] >= 2
        for t in borders[s]
        if owners[t] not in barred
    )
