"""Tick counters: income at turn start and earning cards (DP-3 … DP-6).

Ticks are exact (DP-3): every counter stores **quarter-ticks** as an integer
(the config's ``quarters_per_tick``, default :data:`QUARTERS_PER_TICK`, make one tick),
so 0.25 ticks per territory never drifts. At the start of a player's turn the Random
counter gains ``quarters_per_territory`` quarter-ticks per territory held (DP-4), and each
bonus zone held feeds its own counter
(DP-5). Then every counter at ``ticks_per_card`` ticks or more earns one card of its kind
and pays for it, again and again while it can: every card due is earned in the same turn
start, never capped, and the remainder carries over (DP-6). When the pool has no card of
the kind, nothing is drawn and the ticks are kept (DP-1).

What keeps a step bounded is the income, never the earning (DP-6): the ticks one turn
start may add are at most :data:`MAX_TURN_CARDS` cards' worth, checked where they enter,
by :func:`income_bound` (the config's bonus zones, a host game's map, a turn start's
territories and zones).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import attrs

from gamefold.core import Event, replace, replacer
from gamefold.diplomacy.cards import Counter, Kind
from gamefold.diplomacy.hands import earn_one
from gamefold.diplomacy.seats import with_player
from gamefold.errors import ConfigError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from gamefold.diplomacy.config import DiplomacyConfig
    from gamefold.diplomacy.table import DiplomacyState, PlayerState

__all__ = [
    "COUNTERS",
    "MAX_TURN_CARDS",
    "MAX_ZONE_QUARTERS",
    "QUARTERS_PER_TICK",
    "BonusZone",
    "DrawFailed",
    "Ticks",
    "TicksGained",
    "as_ticks",
    "income",
    "income_bound",
]

QUARTERS_PER_TICK = 4
"""The default unit of every counter, a quarter-tick (DP-3; ``quarters_per_tick``)."""

COUNTERS: tuple[Counter, ...] = (
    Counter.RANDOM,
    Counter.AGREEMENT,
    Counter.VALUE,
    Counter.STANDALONE,
)
"""The counters in the order they gain and earn."""


_FIELD: dict[Counter, str] = {counter: str(counter.value) for counter in COUNTERS}
_FED_BY: dict[Kind, Counter] = {
    Kind.AGREEMENT: Counter.AGREEMENT,
    Kind.VALUE: Counter.VALUE,
    Kind.STANDALONE: Counter.STANDALONE,
}


def as_ticks(quarters: int) -> Fraction:
    """Quarter-ticks as an exact number of ticks: ``as_ticks(5) == Fraction(5, 4)``."""
    return Fraction(quarters, QUARTERS_PER_TICK)


@attrs.frozen
class Ticks:
    """A player's four tick counters, in quarter-ticks (DP-3)."""

    random: int = 0
    """Fed by territories (DP-4)."""
    agreement: int = 0
    """Fed by bonus zones (DP-5)."""
    value: int = 0
    """Fed by bonus zones (DP-5)."""
    standalone: int = 0
    """Fed by bonus zones (DP-5)."""

    def of(self, counter: Counter) -> int:
        """The quarter-ticks on ``counter``."""
        quarters: int = getattr(self, _FIELD[counter])
        return quarters


MAX_TURN_CARDS = 40
"""The most cards' worth of ticks one turn start may add (DP-6, EN-8): twice a full hand at
the largest hand limit (20 cards, DP-13), so a full hand always fits in one turn start
(300 ticks at the default price) with room for a map's territories besides."""

MAX_ZONE_QUARTERS = MAX_TURN_CARDS * 1_000 * 1_000
"""The most units a bonus zone may feed a turn (EN-8): the income bound at the largest
price and resolution a config may name (``MAX_FIGURE`` ticks of ``MAX_FIGURE`` units);
:func:`income_bound` bounds a config's zones together more tightly."""


def income_bound(ticks_per_card: int, quarters_per_tick: int) -> int:
    """The most units of ticks one turn start may add (DP-6): :data:`MAX_TURN_CARDS` cards
    at ``ticks_per_card`` ticks of ``quarters_per_tick`` units."""
    return MAX_TURN_CARDS * ticks_per_card * quarters_per_tick


@attrs.frozen
class BonusZone:
    """Game data for one bonus zone (DP-5): the counter it feeds and by how much."""

    kind: Kind
    """The counter fed: Agreement, Value or Standalone (never Random)."""
    quarters: int
    """Quarter-ticks per turn for the player holding the zone at turn start."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, Kind):
            raise ConfigError("bonus_zones", f"{self.kind!r} is not a card kind", "DP-5")
        if isinstance(self.quarters, bool) or not isinstance(self.quarters, int):
            raise ConfigError("bonus_zones", "a zone's quarters are an integer", "DP-5")
        if self.quarters < 0:
            raise ConfigError("bonus_zones", "a zone never takes ticks away", "DP-5")
        if self.quarters > MAX_ZONE_QUARTERS:  # EN-8
            message = f"a zone feeds at most {MAX_ZONE_QUARTERS:,} units a turn"
            raise ConfigError("bonus_zones", message, "DP-5")


@attrs.frozen
class TicksGained(Event):
    """``player``'s ``counter`` gained ``quarters`` quarter-ticks at turn start (DP-4, DP-5)."""

    player: str
    counter: Counter
    quarters: int


@attrs.frozen
class DrawFailed(Event):
    """``counter`` was due a card but the pool had none of its kind; ticks kept (DP-1)."""

    player: str
    counter: Counter


def income(config: DiplomacyConfig, territories: int, zones: Sequence[str]) -> int:
    """The units of ticks a turn start holding ``territories`` and ``zones`` adds, all
    counters together (DP-4, DP-5); at most :func:`income_bound` where it enters (DP-6)."""
    return territories * config.quarters_per_territory + sum(
        config.zone(name).quarters for name in zones
    )


_SLOT: dict[Kind, int] = {kind: COUNTERS.index(counter) for kind, counter in _FED_BY.items()}
_SET_TICKS = replacer(Ticks, *_FIELD.values())


def gain(
    config: DiplomacyConfig,
    player: PlayerState,
    territories: int,
    zones: Sequence[str],
    events: list[Event],
) -> Ticks:
    """The counters of ``player`` with the turn's income added (DP-4, DP-5)."""
    # DP-4: territories feed Random; DP-5: each zone feeds its own counter.
    got = [territories * config.quarters_per_territory, 0, 0, 0]
    for name in zones:
        zone = config.zone(name)
        got[_SLOT[zone.kind]] += zone.quarters
    ticks = player.ticks
    if not any(got):
        return ticks
    for counter, quarters in zip(COUNTERS, got, strict=True):
        if quarters:
            events.append(TicksGained(player.player, counter, quarters))
    random, agreement, value, standalone = got
    return _SET_TICKS(
        ticks,
        ticks.random + random,
        ticks.agreement + agreement,
        ticks.value + value,
        ticks.standalone + standalone,
    )


def _due(ticks: Ticks, price: int) -> bool:
    """Whether any counter holds the price of a card (DP-6)."""
    return max(ticks.random, ticks.agreement, ticks.value, ticks.standalone) >= price


def earn(state: DiplomacyState, seat: int, events: list[Event]) -> DiplomacyState:
    """Every counter at the price of a card or more earns cards while it can (DP-6): every
    card due, never capped; the income bound keeps the count small (:func:`income_bound`)."""
    price = state.config.ticks_per_card * state.config.quarters_per_tick  # DP-3 resolution
    if not _due(state.players[seat].ticks, price):
        return state
    for counter in COUNTERS:
        while state.players[seat].ticks.of(counter) >= price:  # DP-6: every card due
            earned = earn_one(state, seat, counter, events)
            if earned is None:  # DP-1: nothing of that kind, the ticks are kept
                events.append(DrawFailed(state.players[seat].player, counter))
                break
            player = earned.players[seat]
            left = player.ticks.of(counter) - price  # DP-6: the remainder carries over
            ticks = replace(player.ticks, **{_FIELD[counter]: left})
            state = with_player(earned, seat, replace(player, ticks=ticks))
    return state
