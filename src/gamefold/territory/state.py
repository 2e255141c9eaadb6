"""The territory slice: who holds which territory, the troops on it and in reserve, truces.

:class:`TerritoryState` keeps, per territory in the atlas's map order, its owner (``""`` is
neutral), the troops on it, its forts and the trap laid on it; one :class:`Realm` per player
in seat order (troops in reserve, the deploy debt carried over, the turns begun and the
tallies a game reports), the running :class:`Truce` records, and the player whose turn it
is: the map's actions are theirs from the turn's start to its end. A game keeps a turn flow
of its own in a slice of its own (summit's ``summit`` slice), beside this one.

The functions here are the queries every concept module shares, and the small edits the
territory's own decide functions make (:func:`put_at`, :func:`take`, :func:`gain_troops`,
:func:`with_realm`): they are not in the face, since a game never edits the map; it issues
a host action (:mod:`gamefold.territory.hosting`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Generic, TypeVar

import attrs

from gamefold.core import Event, Events, replace
from gamefold.rng import Rng
from gamefold.territory.atlas import Atlas, Zone

__all__ = [
    "NAME",
    "NEUTRAL",
    "Board",
    "Realm",
    "TerritoryState",
    "TerritoryTaken",
    "TroopsGained",
    "Truce",
    "TruceEnded",
    "holder_of",
    "holdings",
    "initial_state",
    "position",
    "realm_of",
    "seat_of",
    "territory_count",
    "truce_between",
    "weakest",
    "zone_holder",
    "zones_held",
]

_T = TypeVar("_T")
A = TypeVar("A", bound=Atlas)
"""The atlas type a territory record carries (a game's extension of :class:`Atlas`)."""
S = TypeVar("S", bound="TerritoryState[Any]")

NAME = "map"
"""The slice's name in the registry and its RNG stream."""

NEUTRAL = ""
"""The owner of a territory nobody holds."""


@attrs.frozen
class Realm:
    """One player's troops, and the tallies the outcome reports."""

    player: str
    """The player's id."""
    troops: int = 0
    """Troops in reserve, to be deployed on the player's territories (TR-3)."""
    debt: int = 0
    """Deploy debt carried over from turns whose deploy could not pay it (a game's rule)."""
    turns: int = 0
    """Turns begun (each ``StartTurn`` of the player)."""
    cards_earned: int = 0
    """Cards earned from the tick counters (DP-6)."""
    pacts: int = 0
    """Pacts begun as proposer or partner (DP-9)."""
    conquests: int = 0
    """Territories taken, by any means."""


@attrs.frozen
class Truce:
    """A running truce: neither party attacks the other (TR-6)."""

    pact: int
    """The agreement it comes from (a diplomacy pact's id, in summit)."""
    first: str
    """The agreement's proposer."""
    second: str
    """The agreement's partner."""


@attrs.frozen
class TerritoryTaken(Event):
    """``player`` took ``territory`` from ``previous`` (``""``: neutral) by ``cause``."""

    player: str
    territory: str
    previous: str
    cause: str
    """``"attack"``, ``"siege"``, ``"forced march"`` or ``"transfer"``."""
    troops: int = 0
    """Troops that moved in (an attack's survivors; none otherwise)."""


@attrs.frozen
class TroopsGained(Event):
    """``player`` gained ``troops`` from ``source`` (a self-applied card, a pact, aid)."""

    player: str
    troops: int
    source: str
    total: int
    """The player's troops afterwards."""


@attrs.frozen
class TruceEnded(Event):
    """The truce of pact ``pact`` ended, because its pact ``"ended"`` or was ``"betrayed"``."""

    pact: int
    reason: str


@attrs.frozen
class TerritoryState(Generic[A]):
    """The territory slice. Build it with :func:`initial_state`."""

    scenario: A
    """The atlas: the map and how it was set up (a game may extend it with its figures)."""
    realms: tuple[Realm, ...]
    """One record per player, in seat order."""
    owners: tuple[str, ...]
    """The owner of each territory, in map order; ``""`` for neutral."""
    forts: tuple[int, ...]
    """The forts on each territory, in map order."""
    rng: Rng
    """The slice's random stream (EN-3): it deals the territories and rolls battles."""
    garrisons: tuple[int, ...] = ()
    """The troops on each territory, in map order (TR-1, TR-5)."""
    traps: tuple[int, ...] = ()
    """The attackers a trap on each territory kills, in map order (TR-7)."""
    truces: tuple[Truce, ...] = ()
    """Running truces, oldest first (TR-6)."""
    current: str = ""
    """The player whose turn it is, who may deploy and attack (TR-3, TR-4); ``""`` before
    the first turn and between turns."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players' ids in seat order."""
        return tuple([realm.player for realm in self.realms])  # a list builds faster


@attrs.frozen
class Board(TerritoryState[Atlas]):
    """The territory slice on its own, on a plain :class:`Atlas` (what
    :func:`initial_state` builds; a game that extends the atlas extends the record)."""


def _deal(scenario: Atlas, players: tuple[str, ...], rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """TR-1: round-robin over a shuffled (or the map's) order; the remainder stays neutral."""
    order: Sequence[int] = range(len(scenario.territories))
    if scenario.deal == "shuffled":
        order, rng = rng.shuffle(order)
    dealt = len(order) - len(order) % len(players)
    owners = [NEUTRAL] * len(order)
    for position, index in enumerate(order[:dealt]):
        owners[index] = players[position % len(players)]
    return tuple(owners), rng


def initial_state(
    scenario: Atlas,
    players: Sequence[str],
    seed: int | str | Rng = 0,
    *,
    record: type[S] = Board,  # type: ignore[assignment]
) -> S:
    """The map before the first turn: territories dealt with their troops (TR-1), no
    reserves, no truces, as a ``record`` (a game's extension of :class:`TerritoryState`
    that carries its own atlas type, summit's ``MapState``; :class:`Board` by default).

    With an ``int`` or ``str`` seed the stream is ``Rng.from_seed(seed).split("map")``; an
    :class:`~gamefold.Rng` is used as is.
    """
    names = tuple(players)
    rng = seed if isinstance(seed, Rng) else Rng.from_seed(seed).split(NAME)
    owners, rng = _deal(scenario, names, rng)
    forts = (0,) * len(owners)
    garrisons = tuple(
        scenario.neutral_troops if o == NEUTRAL else scenario.starting_troops for o in owners
    )
    realms = tuple(Realm(p) for p in names)
    return record(scenario, realms, owners, forts, rng, garrisons=garrisons, traps=forts)


def territory_count(state: TerritoryState[Any], player: str) -> int:
    """How many territories ``player`` holds."""
    return state.owners.count(player)


def holder_of(scenario: Atlas, owners: Sequence[str], zone: Zone) -> str:
    """Who holds ``zone`` when the territories have ``owners`` (TR-2); ``""`` for nobody.

    Under ``zone_rule="majority"`` the player with more than half of its territories holds
    it; under ``"all"`` only the player with every one.
    """
    index = scenario.territories.index
    return _holder(scenario.zone_rule, [owners[index(t)] for t in zone.territories])


def _holder(zone_rule: str, held: list[str]) -> str:
    """Who holds a zone whose territories have the owners ``held`` under ``zone_rule`` (see
    :func:`holder_of`)."""
    need = len(held) if zone_rule == "all" else len(held) // 2 + 1
    for owner in held:
        if owner != NEUTRAL and held.count(owner) >= need:
            return owner
    return NEUTRAL


def zone_holder(state: TerritoryState[Any], zone: Zone) -> str:
    """Who holds ``zone`` now (TR-2); ``""`` for nobody."""
    return holder_of(state.scenario, state.owners, zone)


def zones_held(state: TerritoryState[Any], player: str) -> tuple[str, ...]:
    """The names of the zones ``player`` holds, in the atlas's order (TR-2)."""
    scenario = state.scenario
    held = _zones_held(scenario.zone_members, scenario.zone_rule, state.owners, player)
    if not held:
        return ()
    zones = scenario.zones
    return tuple([zones[z].name for z in held])


@lru_cache(maxsize=1024)
def _zones_held(
    members: tuple[tuple[int, ...], ...], zone_rule: str, owners: tuple[str, ...], player: str
) -> tuple[int, ...]:
    """The indices of the zones ``player`` holds, in the atlas's order (see :func:`holder_of`).

    Cached, because a game may ask it more than once of one map (to make a turn start's
    action, then to check it) and only a conquest changes an owner. The answer depends on
    the arguments alone."""
    return tuple(
        z
        for z, each in enumerate(members)
        if _holder(zone_rule, [owners[i] for i in each]) == player
    )


def holdings(state: TerritoryState[Any], player: str) -> tuple[int, tuple[str, ...]]:
    """What ``player`` holds: how many territories, and which zones (TR-2)."""
    return territory_count(state, player), zones_held(state, player)


def truce_between(state: TerritoryState[Any], one: str, other: str) -> bool:
    """Whether a running truce binds ``one`` and ``other`` (TR-6)."""
    pair = {one, other}
    return any({t.first, t.second} == pair for t in state.truces)


def weakest(state: TerritoryState[Any], player: str) -> int | None:
    """The index of ``player``'s least fortified territory, then the one with fewest
    troops, earliest on the map on ties."""
    best: tuple[int, int, int] | None = None
    for index, owner in enumerate(state.owners):
        if owner == player:
            key = (state.forts[index], state.garrisons[index], index)
            best = key if best is None or key < best else best
    return None if best is None else best[2]


def seat_of(state: TerritoryState[Any], player: str) -> int | None:
    """The seat index of ``player``, or ``None`` when they are not seated."""
    for seat, realm in enumerate(state.realms):
        if realm.player == player:
            return seat
    return None


def position(state: TerritoryState[Any], name: str) -> int | None:
    """The map index of the territory ``name``, or ``None`` when the map has none."""
    names: tuple[str, ...] = state.scenario.territories
    try:
        return names.index(name)
    except ValueError:
        return None


def realm_of(state: TerritoryState[Any], player: str) -> int:
    """The seat index of ``player``, who must be seated (``ValueError`` otherwise)."""
    for seat, realm in enumerate(state.realms):
        if realm.player == player:
            return seat
    raise ValueError(f"{player!r} is not seated")


def with_realm(state: S, seat: int, realm: Realm) -> S:
    """``state`` with the realm at ``seat`` replaced."""
    realms = state.realms
    return replace(state, realms=(*realms[:seat], realm, *realms[seat + 1 :]))


def put_at(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``values`` with the one at ``index`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1 :])


def take(state: S, index: int, player: str, cause: str, moved: int = 0) -> tuple[S, TerritoryTaken]:
    """``player`` takes the territory at ``index`` with ``moved`` troops on it: its
    defenders are gone, its forts razed and its trap cleared (TR-5)."""
    previous = state.owners[index]
    seat = realm_of(state, player)
    realm = state.realms[seat]
    state = replace(
        state,
        owners=put_at(state.owners, index, player),
        forts=put_at(state.forts, index, 0),
        garrisons=put_at(state.garrisons, index, moved),
        traps=put_at(state.traps, index, 0),
        realms=put_at(state.realms, seat, replace(realm, conquests=realm.conquests + 1)),
    )
    name = state.scenario.territories[index]
    return state, TerritoryTaken(player, name, previous, cause, moved)


def gain_troops(state: S, player: str, troops: int, source: str) -> tuple[S, Events]:
    """``player`` gains ``troops``; nothing is reported for none."""
    if not troops:
        return state, ()
    seat = realm_of(state, player)
    realm = state.realms[seat]
    total = realm.troops + troops
    state = with_realm(state, seat, replace(realm, troops=total))
    return state, (TroopsGained(player, troops, source, total),)
