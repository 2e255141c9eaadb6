"""The map slice: who holds which territory, troops, truces, and where the turn flow is.

:class:`MapState` is the ``"map"`` slice of a summit game. It keeps, per territory in the
scenario's map order, its owner (``""`` is neutral), the troops on it, its forts and the
trap laid on it; one :class:`Realm` per player in seat order (troops in reserve, the
deploy debt carried over, and the tallies the outcome reports), the running
:class:`Truce` records, and the turn flow: the :class:`Phase`, the Round, the turns begun,
the player whose turn or window it is, and the proposal awaiting its answer (:class:`Ask`).

The functions here are the queries and small updates every concept module shares.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TypeVar

import attrs

from gamefold import diplomacy
from gamefold.core import Event, Events, replace, replacer
from gamefold.games.summit.scenario import Scenario, Zone
from gamefold.registry import Game
from gamefold.rng import Rng

__all__ = [
    "SummitGame",
    "DIPLOMACY",
    "NAME",
    "NEUTRAL",
    "Ask",
    "MapState",
    "Phase",
    "Realm",
    "TerritoryTaken",
    "TroopsGained",
    "Truce",
    "TruceEnded",
    "gain_troops",
    "holder_of",
    "holdings",
    "initial_state",
    "position",
    "put_at",
    "realm_of",
    "seat_of",
    "take",
    "territory_count",
    "truce_between",
    "weakest",
    "with_realm",
    "zone_holder",
    "zones_held",
]

_T = TypeVar("_T")

NAME = "map"
"""The slice's name in the registry and its RNG stream."""
DIPLOMACY = diplomacy.subsystem.name
"""The diplomacy slice's name in a summit game."""


NEUTRAL = ""
"""The owner of a territory nobody holds."""


class Phase(StrEnum):
    """Where the turn flow stands (SM-9)."""

    ROUND = "round"
    """A Round is due to begin: the clock issues StartRound."""
    TURN_START = "turn-start"
    """The next seat's turn is due: the clock issues BeginTurn with the holdings."""
    TURN = "turn"
    """The current player acts, then ends the turn with EndTurn."""
    WINDOW = "window"
    """The current player's turn ended: they play a Standalone card or Pass."""
    ROUND_END = "round-end"
    """Every seat had its turn: the clock issues EndRound."""
    OVER = "over"
    """The game has ended (SM-10)."""


@attrs.frozen
class Realm:
    """One player's troops, and the tallies the outcome reports."""

    player: str
    """The player's id."""
    troops: int = 0
    """Troops in reserve, to be deployed on the player's territories (SM-4, SM-5)."""
    debt: int = 0
    """Deploy debt carried over from turns whose deploy could not pay it (SM-4)."""
    turns: int = 0
    """Turns begun."""
    cards_earned: int = 0
    """Cards earned from the tick counters (DP-6)."""
    pacts: int = 0
    """Pacts begun as proposer or partner (DP-9)."""
    conquests: int = 0
    """Territories taken, by any means."""


@attrs.frozen
class Truce:
    """A running Ceasefire: neither party attacks the other (SM-7)."""

    pact: int
    """The diplomacy pact it comes from."""
    first: str
    """The pact's proposer."""
    second: str
    """The pact's partner."""


@attrs.frozen
class Ask:
    """A proposal awaiting its recipient's answer before play goes on (SM-9)."""

    proposal: int
    """The proposal's id."""
    to: str
    """The recipient, whose answer is due."""


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
class MapState:
    """The map slice of a summit game. Build it with :func:`initial_state`."""

    scenario: Scenario
    """The map and the figures of summit's rules."""
    realms: tuple[Realm, ...]
    """One record per player, in seat order."""
    owners: tuple[str, ...]
    """The owner of each territory, in map order; ``""`` for neutral."""
    forts: tuple[int, ...]
    """The forts on each territory, in map order."""
    rng: Rng
    """The slice's random stream (EN-3): it deals the territories and rolls battles."""
    garrisons: tuple[int, ...] = ()
    """The troops on each territory, in map order (SM-2, SM-6)."""
    traps: tuple[int, ...] = ()
    """The attackers a trap on each territory kills, in map order (SM-13)."""
    truces: tuple[Truce, ...] = ()
    """Running truces, oldest first."""
    phase: Phase = Phase.ROUND
    """Where the turn flow stands."""
    round: int = 0
    """Rounds begun."""
    turn: int = 0
    """Turns begun."""
    current: str = ""
    """The player whose turn or window it is; ``""`` before the first turn."""
    asked: Ask | None = None
    """The proposal awaiting its answer, if any."""
    proposals: int = 0
    """Proposals made in the turn under way (SM-12)."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players' ids in seat order."""
        return tuple([realm.player for realm in self.realms])  # a list builds faster

    @property
    def next_player(self) -> str:
        """The player whose turn begins next."""
        return self.realms[self.turn % len(self.realms)].player


def _deal(scenario: Scenario, players: tuple[str, ...], rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """SM-2: round-robin over a shuffled (or the map's) order; the remainder stays neutral."""
    order: Sequence[int] = range(len(scenario.territories))
    if scenario.deal == "shuffled":
        order, rng = rng.shuffle(order)
    dealt = len(order) - len(order) % len(players)
    owners = [NEUTRAL] * len(order)
    for position, index in enumerate(order[:dealt]):
        owners[index] = players[position % len(players)]
    return tuple(owners), rng


def initial_state(
    scenario: Scenario, players: Sequence[str], seed: int | str | Rng = 0
) -> MapState:
    """The map before the first Round: territories dealt with their troops (SM-2), no
    reserves, no truces.

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
    return MapState(scenario, realms, owners, forts, rng, garrisons=garrisons, traps=forts)


def territory_count(state: MapState, player: str) -> int:
    """How many territories ``player`` holds."""
    return state.owners.count(player)


def holder_of(scenario: Scenario, owners: Sequence[str], zone: Zone) -> str:
    """Who holds ``zone`` when the territories have ``owners`` (SM-2); ``""`` for nobody.

    Under ``zone_rule="majority"`` the player with more than half of its territories holds
    it; under ``"all"`` only the player with every one.
    """
    index = scenario.territories.index
    return _holder(scenario, [owners[index(t)] for t in zone.territories])


def _holder(scenario: Scenario, held: list[str]) -> str:
    """Who holds a zone whose territories have the owners ``held`` (see :func:`holder_of`)."""
    need = len(held) if scenario.zone_rule == "all" else len(held) // 2 + 1
    for owner in held:
        if owner != NEUTRAL and held.count(owner) >= need:
            return owner
    return NEUTRAL


def zone_holder(state: MapState, zone: Zone) -> str:
    """Who holds ``zone`` now (SM-2); ``""`` for nobody."""
    return holder_of(state.scenario, state.owners, zone)


def zones_held(state: MapState, player: str) -> tuple[str, ...]:
    """The names of the zones ``player`` holds, in the scenario's order (SM-2)."""
    scenario, owners = state.scenario, state.owners
    return tuple(
        zone.name
        for zone, members in zip(scenario.zones, scenario.zone_members, strict=True)
        if _holder(scenario, [owners[i] for i in members]) == player
    )


def holdings(state: MapState, player: str) -> tuple[int, tuple[str, ...]]:
    """What a BeginTurn of ``player`` carries: territories held and zones held (SM-3)."""
    return territory_count(state, player), zones_held(state, player)


def truce_between(state: MapState, one: str, other: str) -> bool:
    """Whether a running truce binds ``one`` and ``other`` (SM-7)."""
    pair = {one, other}
    return any({t.first, t.second} == pair for t in state.truces)


def weakest(state: MapState, player: str) -> int | None:
    """The index of ``player``'s least fortified territory, then the one with fewest
    troops, earliest on the map on ties."""
    best: tuple[int, int, int] | None = None
    for index, owner in enumerate(state.owners):
        if owner == player:
            key = (state.forts[index], state.garrisons[index], index)
            best = key if best is None or key < best else best
    return None if best is None else best[2]


def seat_of(state: MapState, player: str) -> int | None:
    """The seat index of ``player``, or ``None`` when they are not seated."""
    for seat, realm in enumerate(state.realms):
        if realm.player == player:
            return seat
    return None


def position(state: MapState, name: str) -> int | None:
    """The map index of the territory ``name``, or ``None`` when the map has none."""
    try:
        return state.scenario.territories.index(name)
    except ValueError:
        return None


def realm_of(state: MapState, player: str) -> int:
    """The seat index of ``player``, who must be seated (``ValueError`` otherwise)."""
    for seat, realm in enumerate(state.realms):
        if realm.player == player:
            return seat
    raise ValueError(f"{player!r} is not seated")


_set_realms = replacer(MapState, "realms")


def with_realm(state: MapState, seat: int, realm: Realm) -> MapState:
    """``state`` with the realm at ``seat`` replaced."""
    realms = state.realms
    return _set_realms(state, (*realms[:seat], realm, *realms[seat + 1 :]))


def put_at(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``values`` with the one at ``index`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1 :])


def take(
    state: MapState, index: int, player: str, cause: str, moved: int = 0
) -> tuple[MapState, TerritoryTaken]:
    """``player`` takes the territory at ``index`` with ``moved`` troops on it: its
    defenders are gone, its forts razed and its trap cleared (SM-6)."""
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


def gain_troops(state: MapState, player: str, troops: int, source: str) -> tuple[MapState, Events]:
    """``player`` gains ``troops``; nothing is reported for none."""
    if not troops:
        return state, ()
    seat = realm_of(state, player)
    realm = state.realms[seat]
    total = realm.troops + troops
    state = with_realm(state, seat, replace(realm, troops=total))
    return state, (TroopsGained(player, troops, source, total),)


@attrs.frozen
class SummitGame(Game):
    """A summit game in play: the factions' economy and the map, by name.

    Summit's rules read ``game.diplomacy`` and ``game.map``, so they run on any game record
    with these two slices (the campaign's has them too)."""

    diplomacy: diplomacy.DiplomacyState
    """The factions' economy (:mod:`gamefold.diplomacy`)."""
    map: MapState
    """The map (:data:`NAME`)."""
