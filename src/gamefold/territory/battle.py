"""Attacking: battles across borders (TR-4 … TR-7).

During their turn a player attacks across borders (:class:`Attack`, TR-4): from a territory
they hold with at least two troops to a bordering territory they do not hold, whose owner
has no truce with them (TR-6). Every troop on the source but one attacks.

**The battle** (TR-5), with the map's RNG (EN-3):

1. a trap on the attacked territory kills up to its strength of attackers first (TR-7);
2. then, while both sides have troops, one troop falls each round: a defender with
   probability ``A / (A + D + F)``, else an attacker, where ``A`` and ``D`` are the troops
   left and ``F`` is ``fort_strength`` times the forts on the territory;
3. if no defender is left the attacker takes the territory and the surviving attackers
   move in (its forts are razed); otherwise the attack fails and the defenders keep what
   is left. The source keeps its one troop either way.

A territory with no troops is taken without a battle. A game that fights the battle itself
opens and closes it with host actions (:class:`OpenBattle`, :class:`CloseBattle`).

:func:`decide_attack` refuses with the first problem, in a fixed order, or applies; the
listing (:func:`attacks`) is built from the same predicates
(:mod:`gamefold.territory.predicates`), so every listed attack is legal.
"""

from __future__ import annotations

from functools import lru_cache
from math import isqrt
from typing import Any, ClassVar

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.domains import ACTOR, domain
from gamefold.pipeline import Refusal
from gamefold.rng import Rng
from gamefold.territory import codes
from gamefold.territory.atlas import MAX_TROOPS
from gamefold.territory.domains import TERRITORIES
from gamefold.territory.predicates import (
    S,
    _off_turn,
    _unknown,
    _unseated,
    can_attack_from,
    holds,
    on_turn,
    truce_partners,
)
from gamefold.territory.state import TerritoryState, position, put_at, seat_of, take

__all__ = [
    "Attack",
    "BattleFought",
    "BattleOpened",
    "CloseBattle",
    "OpenBattle",
    "TrapSprung",
    "attack_problem",
    "attacks",
    "battle_counts",
    "decide_attack",
    "decide_close_battle",
    "decide_open_battle",
    "fight",
    "truce_attacks",
    "volley",
]


@attrs.frozen
class Attack(Action):
    """``player`` attacks ``territory`` from their bordering territory ``source`` (TR-4)."""

    recorded_as: ClassVar[str] = "gamefold.games.summit.attack.Attack"
    """The tag records have carried since summit defined the action."""
    player: str = attrs.field(metadata=domain(ACTOR))
    source: str = attrs.field(metadata=domain(TERRITORIES))
    territory: str = attrs.field(metadata=domain(TERRITORIES))


@attrs.frozen
class OpenBattle(Action):
    """The host opens ``player``'s battle for ``territory`` from ``source``, to fight it
    its own way: the map allows it as an :class:`Attack` (TR-4, TR-6)."""

    player: str
    source: str
    territory: str


@attrs.frozen
class CloseBattle(Action):
    """The host's battle for ``territory``, opened with ``attackers``, ends with
    ``survivors`` attackers and ``defenders`` defenders standing; with ``fall_back`` the
    survivors of a battle lost return to ``source`` (TR-5)."""

    player: str
    source: str
    territory: str
    attackers: int
    survivors: int
    defenders: int
    fall_back: bool = False


def battle_counts(action: CloseBattle) -> bool:
    """A closed battle's counts: none negative, no more survivors than attackers (EN-4)."""
    return 0 <= action.survivors <= action.attackers and action.defenders >= 0


@attrs.frozen
class BattleOpened(Event):
    """``player``'s battle for ``territory`` from ``source`` opened: ``attackers`` (after
    a trap) against ``defenders``, to be fought by the host."""

    player: str
    source: str
    territory: str
    attackers: int
    defenders: int


@attrs.frozen
class TrapSprung(Event):
    """A trap on ``territory`` killed ``killed`` of ``player``'s attackers (TR-7)."""

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


_NOT_YOURS_ATTACK = Refusal(
    codes.NOT_YOURS, "An attack starts from a territory of one's own.", "TR-4"
)
_OWN_TERRITORY = Refusal(codes.OWN_TERRITORY, "You already hold that territory.")
_NOT_ADJACENT = Refusal(codes.NOT_ADJACENT, "An attack crosses one border, no more.")
_TOO_FEW_TROOPS = Refusal(codes.TOO_FEW_TROOPS, "One troop must stay behind: it takes two.")


def attack_problem(
    state: TerritoryState[Any], player: str, source: int, target: int
) -> Refusal | None:
    """Why the seated ``player`` may not attack the territory at ``target`` from the one at
    ``source`` now, or ``None`` if they may (TR-4, TR-6)."""
    if not on_turn(state, player):
        return _off_turn(player, "attacks", "TR-4")
    owners = state.owners
    if not holds(owners, source, player):
        return _NOT_YOURS_ATTACK
    if holds(owners, target, player):
        return _OWN_TERRITORY
    if target not in state.scenario.borders[source]:
        return _NOT_ADJACENT
    owner = owners[target]
    if owner in truce_partners(state, player):
        return Refusal(codes.TRUCE, f"A truce with {owner} forbids attacking them.")
    if not can_attack_from(state.garrisons, source):
        return _TOO_FEW_TROOPS
    return None


def _attack_indices(
    state: TerritoryState[Any], action: Attack | OpenBattle
) -> tuple[int, int] | Refusal:
    """The source's and target's indices of an attack the map allows now; else the
    refusal: a seated player, a source and a target of the map (EN-4), then
    :func:`attack_problem`."""
    player = action.player
    if seat_of(state, player) is None:
        return _unseated(player)
    source = position(state, action.source)
    if source is None:
        return _unknown(action.source)
    target = position(state, action.territory)
    if target is None:
        return _unknown(action.territory)
    problem = attack_problem(state, player, source, target)
    return (source, target) if problem is None else problem


def decide_attack(state: S, action: Attack) -> tuple[S, Events] | Refusal:
    """The attack the map allows (:func:`attack_problem`); the trap, then the battle round
    by round, and the winner holds the territory (TR-5, TR-7)."""
    found = _attack_indices(state, action)
    if isinstance(found, Refusal):
        return found
    source, target = found
    state, attackers, defenders, sprung = _open(state, action, source, target)
    weight = state.scenario.fort_strength * state.forts[target]
    a, d, rng = fight(attackers, defenders, weight, state.rng)
    state, events = _close(replace(state, rng=rng), action, target, attackers, a, d)
    return state, (*sprung, *events)


def decide_open_battle(state: S, action: OpenBattle) -> tuple[S, Events] | Refusal:
    """The attack the map allows (:func:`attack_problem`, as for :class:`Attack`) opens a
    battle the host fights: the attackers leave the source and a trap springs (TR-7);
    :class:`BattleOpened` says how many attack and defend."""
    found = _attack_indices(state, action)
    if isinstance(found, Refusal):
        return found
    source, target = found
    state, attackers, defenders, sprung = _open(state, action, source, target)
    opened = BattleOpened(action.player, action.source, action.territory, attackers, defenders)
    return state, (*sprung, opened)


def decide_close_battle(state: S, action: CloseBattle) -> tuple[S, Events] | Refusal:
    """The host's battle ends on the map (TR-5): taken with no defender left and survivors
    standing, who move in; else the defenders keep it, and the survivors are lost or fall
    back to the source. Refused for a territory the map lacks, or a player not seated."""
    if seat_of(state, action.player) is None:
        return _unseated(action.player)
    for name in (action.source, action.territory):
        if position(state, name) is None:
            return _unknown(name)
    target = state.scenario.territories.index(action.territory)
    return _close(
        state,
        action,
        target,
        action.attackers,
        action.survivors,
        action.defenders,
        action.fall_back,
    )


def fight(attackers: int, defenders: int, weight: int, rng: Rng) -> tuple[int, int, Rng]:
    """TR-5: the battle of ``attackers`` against ``defenders`` behind forts of ``weight``,
    to the last troop of a side: the attackers and defenders left, and the stream after.

    One troop falls a round, a defender with probability ``A / (A + D + weight)``. A
    battle of more than :data:`~gamefold.territory.MAX_TROOPS` troops in all first fights
    a volley (:func:`volley`) down to that many, so a battle costs at most that many
    rounds and one draw more, whatever the troops (TR-8)."""
    a, d = attackers, defenders
    if a and d and a + d > MAX_TROOPS:
        a, d, rng = volley(a, d, weight, rng)
    while a and d:
        roll, rng = rng.below(a + d + weight)
        if roll < a:
            d -= 1
        else:
            a -= 1
    return a, d, rng


def volley(attackers: int, defenders: int, weight: int, rng: Rng) -> tuple[int, int, Rng]:
    """TR-8: the first ``A + D - MAX_TROOPS`` falls of a large battle in one draw: the
    defenders' share of them is their expected share ``falls * A / (A + D + weight)``
    plus an even spread of the same variance as the rounds' (a uniform draw, whole
    numbers only), kept so that each side has a troop left."""
    falls = attackers + defenders - MAX_TROOPS
    total = attackers + defenders + weight
    spread = isqrt(3 * falls * attackers * (defenders + weight) // (total * total))
    noise, rng = rng.below(2 * spread + 1)
    killed = falls * attackers // total + noise - spread
    killed = min(max(killed, falls - attackers + 1, 0), falls, defenders - 1)
    return attackers - (falls - killed), defenders - killed, rng


def _open(
    state: S, action: Attack | OpenBattle, source: int, target: int
) -> tuple[S, int, int, Events]:
    """The start of a battle (TR-5, TR-7): every troop on the source but one leaves it to
    attack, and a trap on the target kills up to its strength of them. The map, the
    attackers left, the defenders, and the trap's events."""
    garrisons = state.garrisons
    attackers = garrisons[source] - 1
    garrisons = put_at(garrisons, source, 1)
    trap = state.traps[target]
    if not trap:
        return replace(state, garrisons=garrisons), attackers, garrisons[target], ()
    killed = min(trap, attackers)
    state = replace(state, garrisons=garrisons, traps=put_at(state.traps, target, 0))
    sprung = (TrapSprung(action.player, action.territory, killed),)
    return state, attackers - killed, garrisons[target], sprung


def _close(
    state: S,
    action: Attack | CloseBattle,
    target: int,
    attackers: int,
    survivors: int,
    defenders: int,
    fall_back: bool = False,
) -> tuple[S, Events]:
    """The end of a battle opened with ``attackers`` (TR-5): with no defender left and
    ``survivors`` standing, the attacker takes the territory and the survivors move in;
    otherwise the defenders keep it with the ``defenders`` left, and the survivors are lost,
    or with ``fall_back`` return to the source (the dice battle never falls back)."""
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


_attack = lru_cache(maxsize=4096)(Attack)
"""The :class:`Attack` record of a player, source and target: records are immutable, so a
listing hands out one per attack rather than building it anew at every choice."""


def attacks(state: TerritoryState[Any], actor: str) -> tuple[Attack, ...]:
    """Every attack ``actor`` may make now: sources in map order, then targets in map
    order (EN-5). :func:`attack_problem`'s predicates: a source the actor holds with troops
    to attack with, a bordering target neither the actor's nor a truce partner's."""
    if not on_turn(state, actor):
        return ()
    scenario, owners, garrisons = state.scenario, state.owners, state.garrisons
    partners = truce_partners(state, actor)
    out: list[Attack] = []
    for source, targets, made in _fronts(scenario.territories, scenario.borders, owners, actor):
        if not can_attack_from(garrisons, source):
            continue
        # Without truce partners every target is open (TR-6): the front's attacks, whole.
        out += (
            [a for t, a in zip(targets, made, strict=True) if owners[t] not in partners]
            if partners
            else made
        )
    return tuple(out)


@lru_cache(maxsize=1024)
def _fronts(
    names: tuple[str, ...],
    borders: tuple[tuple[int, ...], ...],
    owners: tuple[str, ...],
    actor: str,
) -> tuple[tuple[int, tuple[int, ...], tuple[Attack, ...]], ...]:
    """Each territory ``actor`` holds that borders one they do not hold, in map order, with
    those it borders and the attacks onto them: where an attack may start and end, troops
    and truces aside (TR-4).

    Cached, because only a conquest changes an owner. The answer depends on the arguments
    alone."""
    fronts = (
        (s, tuple(t for t in borders[s] if not holds(owners, t, actor)))
        for s in range(len(owners))
        if holds(owners, s, actor)
    )
    return tuple(
        (s, targets, tuple(_attack(actor, names[s], names[t]) for t in targets))
        for s, targets in fronts
        if targets
    )


def truce_attacks(state: TerritoryState[Any], actor: str) -> tuple[Attack, ...]:
    """The attacks a truce forbids ``actor`` now (TR-6): across a border from a territory
    they hold onto one a truce partner holds, in map order. None is legal; a game's rule
    coverage probes them (:meth:`~gamefold.games.GameDef.probe_actions`)."""
    if not on_turn(state, actor):
        return ()
    partners = truce_partners(state, actor)
    names, owners = state.scenario.territories, state.owners
    return tuple(
        _attack(actor, names[s], names[t])
        for s in range(len(owners))
        if holds(owners, s, actor)
        for t in state.scenario.borders[s]
        if owners[t] in partners
    )
