"""The card catalogue and the closed pool (DP-1, DP-7, DP-8).

A :class:`CardType` describes one printed card (``"Ceasefire T1"``): its :class:`Kind`,
subtype, tier, end-game points, troop value (Value cards), slots and pact duration
(Agreement cards). The config's composition says how many copies of each type the game
has; every copy is a distinct card with an integer id, numbered in catalogue order.

The :class:`Pool` holds the ids of the cards nobody holds, one sorted tuple per kind, so a
draw picks from an ordered sequence with the state's :class:`~gamefold.Rng` (EN-3) and
never from the iteration order of a set.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from enum import StrEnum
from operator import attrgetter

import attrs
from pyrsistent import PMap, pmap

from gamefold.core import replacer
from gamefold.errors import ConfigError
from gamefold.rng import Rng

__all__ = [
    "DEFAULT_CATALOGUE",
    "DEFAULT_COMPOSITION",
    "KINDS",
    "MAX_CARD_FIGURE",
    "CardType",
    "Counter",
    "Kind",
    "Pool",
    "draw",
    "put",
]


class Kind(StrEnum):
    """The three kinds of card (DP-7)."""

    AGREEMENT = "agreement"
    """Proposed to another player with Value cards in its slots; makes a pact."""
    VALUE = "value"
    """Troop cards: fill Agreement slots or are self-applied for troops."""
    STANDALONE = "standalone"
    """Tactical cards played between turns, resolved at the next turn start."""


KINDS: tuple[Kind, ...] = (Kind.AGREEMENT, Kind.VALUE, Kind.STANDALONE)
"""The kinds in their fixed order (pool order, draw order)."""


class Counter(StrEnum):
    """The four tick counters of a player (DP-3); each but Random earns one kind."""

    RANDOM = "random"
    """Fed by territories (DP-4); earns a card drawn from the whole pool."""
    AGREEMENT = "agreement"
    """Fed by bonus zones (DP-5); earns an Agreement card."""
    VALUE = "value"
    """Fed by bonus zones (DP-5); earns a Value card."""
    STANDALONE = "standalone"
    """Fed by bonus zones (DP-5); earns a Standalone card."""

    @property
    def kind(self) -> Kind | None:
        """The kind this counter earns, or ``None`` for the whole pool (Random)."""
        return _EARNS[self]


_EARNS: dict[Counter, Kind | None] = {
    Counter.RANDOM: None,
    Counter.AGREEMENT: Kind.AGREEMENT,
    Counter.VALUE: Kind.VALUE,
    Counter.STANDALONE: Kind.STANDALONE,
}


def _catalogue_error(message: str) -> ConfigError:
    return ConfigError("catalogue", message, "DP-8")


MAX_CARD_FIGURE = 1_000
"""The largest tier, points, troops, slots or duration a card type may print (EN-8)."""


@attrs.frozen
class CardType:
    """One printed card of the catalogue (DP-7, DP-8). Copies of it are distinct cards."""

    name: str
    """Unique name, e.g. ``"Ceasefire T1"``."""
    kind: Kind
    """Agreement, Value or Standalone."""
    subtype: str
    """``"Ceasefire"``, ``"Troops"``, ``"Fortify"`` …; effect handlers are keyed by it."""
    tier: int
    """1 or 2 in the default catalogue; T2 is stronger and rarer (DP-7)."""
    points: int
    """End-game points of the card in hand (DP-14)."""
    troops: int = 0
    """Troop bonus of a Value card when self-applied (DP-11)."""
    slots: int = 0
    """Value cards an Agreement card takes in a proposal (DP-9)."""
    duration: int = 0
    """Turns a pact made with this Agreement card lasts (DP-8)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, Kind):
            raise _catalogue_error(f"{self.name}: kind is a Kind, not {self.kind!r}")
        for field in ("tier", "points", "troops", "slots", "duration"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int):
                raise _catalogue_error(f"{self.name}: {field} is an integer, not {value!r}")
        if not isinstance(self.name, str) or not isinstance(self.subtype, str):
            raise _catalogue_error(f"{self.name!r}: name and subtype are strings")
        if min(self.tier, self.points, self.troops, self.slots, self.duration) < 0:
            raise _catalogue_error(f"{self.name}: tier, points and figures are never negative")
        if max(self.tier, self.points, self.troops, self.slots, self.duration) > MAX_CARD_FIGURE:
            raise _catalogue_error(
                f"{self.name}: tier, points and figures are at most {MAX_CARD_FIGURE:,}"
            )
        if self.kind is Kind.AGREEMENT and self.duration < 1:
            raise _catalogue_error(f"{self.name}: an Agreement card's pact lasts 1 turn or more")
        if self.kind is not Kind.AGREEMENT and (self.slots or self.duration):
            raise _catalogue_error(f"{self.name}: only Agreement cards have slots and duration")
        if self.kind is not Kind.VALUE and self.troops:
            raise _catalogue_error(f"{self.name}: only Value cards carry troops")


def _tiers(kind: Kind, subtype: str, t1: dict[str, int], t2: dict[str, int]) -> list[CardType]:
    return [
        CardType(f"{subtype} T1", kind, subtype, 1, **t1),
        CardType(f"{subtype} T2", kind, subtype, 2, **t2),
    ]


_STANDALONE_SUBTYPES = (
    "Betrayal",
    "Forced March",
    "Foreign Aid",
    "Duration Modifier",
    "Trap",
    "Fortify",
    "Siege",
)


def _default_catalogue() -> tuple[CardType, ...]:
    agreement: list[CardType] = []
    # DP-8: Ceasefire lasts 3 turns at T1 and 5 at T2 (seed); the rest are our defaults.
    for subtype, (short, long_) in {
        "Ceasefire": (3, 5),
        "Territory Transfer": (1, 1),
        "Covert Support": (3, 5),
        "Manufacturing Partnership": (4, 6),
    }.items():
        one = {"points": 1, "slots": 1, "duration": short}
        two = {"points": 2, "slots": 2, "duration": long_}
        agreement += _tiers(Kind.AGREEMENT, subtype, one, two)
    value = _tiers(Kind.VALUE, "Troops", {"points": 1, "troops": 3}, {"points": 2, "troops": 6})
    standalone: list[CardType] = []
    for subtype in _STANDALONE_SUBTYPES:
        standalone += _tiers(Kind.STANDALONE, subtype, {"points": 1}, {"points": 2})
    return (*agreement, *value, *standalone)


DEFAULT_CATALOGUE: tuple[CardType, ...] = _default_catalogue()
"""Every subtype of DP-7 at Tier 1 and Tier 2, with the seed's Ceasefire durations."""


def _default_copies(card: CardType) -> int:
    if card.kind is Kind.VALUE:
        return 30 if card.tier == 1 else 10
    if card.kind is Kind.AGREEMENT:
        return 4 if card.tier == 1 else 2
    return 3 if card.tier == 1 else 1


DEFAULT_COMPOSITION: PMap[str, int] = pmap({c.name: _default_copies(c) for c in DEFAULT_CATALOGUE})
"""Copies of each default card type: T1 more common than T2 (92 cards, 30 T1 troops)."""


# Plain-string field names: an enum's ``.value`` is slow on a hot path.
_FIELD: dict[Kind, str] = {kind: str(kind.value) for kind in KINDS}
_BY_KIND = {kind: attrgetter(_FIELD[kind]) for kind in KINDS}


@attrs.frozen
class Pool:
    """The cards nobody holds (DP-1): one sorted tuple of card ids per kind."""

    agreement: tuple[int, ...] = ()
    """Agreement cards in the pool, ascending ids."""
    value: tuple[int, ...] = ()
    """Value cards in the pool, ascending ids."""
    standalone: tuple[int, ...] = ()
    """Standalone cards in the pool, ascending ids."""

    def of(self, kind: Kind) -> tuple[int, ...]:
        """The pool's cards of ``kind``, ascending."""
        cards: tuple[int, ...] = _BY_KIND[kind](self)
        return cards

    def __len__(self) -> int:
        return len(self.agreement) + len(self.value) + len(self.standalone)

    @classmethod
    def of_cards(cls, cards: Iterable[int], types: Sequence[CardType]) -> Pool:
        """A pool holding ``cards``, sorted by kind; ``types[id]`` is each card's type."""
        split: dict[str, list[int]] = {kind.value: [] for kind in KINDS}
        for card in sorted(cards):
            split[types[card].kind.value].append(card)
        return cls(**{name: tuple(ids) for name, ids in split.items()})


# One copy function a kind: a step puts a card back in the pool, or takes one, by kind.
_SET = {kind: replacer(Pool, _FIELD[kind]) for kind in KINDS}


def _take(pool: Pool, kind: Kind, index: int) -> tuple[int, Pool]:
    cards = pool.of(kind)
    return cards[index], _SET[kind](pool, cards[:index] + cards[index + 1 :])


def draw(pool: Pool, kind: Kind | None, rng: Rng) -> tuple[int | None, Pool, Rng]:
    """Draw one card uniformly among the pool's cards of ``kind`` (DP-1).

    ``kind=None`` draws from the whole pool (the Random counter, DP-6). Returns the card,
    the pool without it and the next RNG; when the pool has no such card, ``None`` and
    the unchanged pool and RNG.
    """
    if kind is not None:
        size = len(pool.of(kind))
        if not size:
            return None, pool, rng
        index, rng = rng.below(size)
        card, pool = _take(pool, kind, index)
        return card, pool, rng
    size = len(pool)
    if not size:
        return None, pool, rng
    index, rng = rng.below(size)
    for each in KINDS:
        n = len(pool.of(each))
        if index < n:
            card, pool = _take(pool, each, index)
            return card, pool, rng
        index -= n
    raise AssertionError("unreachable: the index is below the pool's size")


def put(pool: Pool, card: int, kind: Kind) -> Pool:
    """The pool with ``card`` (of ``kind``) back in it, at its sorted place (DP-1)."""
    cards = _BY_KIND[kind](pool)
    at = bisect_left(cards, card)
    return _SET[kind](pool, (*cards[:at], card, *cards[at:]))
