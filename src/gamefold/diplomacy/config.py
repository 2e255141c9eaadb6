"""The diplomacy config: every number of the rules, with its default (DP-1 … DP-14).

Build it with keyword arguments; a value that cannot describe a game raises
:class:`~gamefold.ConfigError` naming the field and the rule. Change a built config with
:func:`attrs.evolve` (which validates again), never with :func:`gamefold.replace`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
from pyrsistent import PMap, pmap

from gamefold._fields import as_tuple, check_limits, is_int, require
from gamefold.diplomacy.cards import DEFAULT_CATALOGUE, DEFAULT_COMPOSITION, CardType, Kind
from gamefold.diplomacy.ticks import MAX_TURN_CARDS, BonusZone, income_bound
from gamefold.errors import ConfigError

__all__ = [
    "ACCEPTED_CARDS",
    "ALL_LOCKED",
    "DEBT_ROUNDINGS",
    "EMPTY_KIND",
    "HAND_LIMIT_RANGE",
    "MAX_CARDS",
    "MAX_FIGURE",
    "PACT_CLOCKS",
    "DiplomacyConfig",
]

HAND_LIMIT_RANGE = (10, 20)
"""The seed's allowed hand limits, inclusive (DP-13)."""
DEBT_ROUNDINGS = ("down", "up")
"""How half a self-applied bonus is rounded into the deploy debt (DP-11)."""
PACT_CLOCKS = ("proposer", "every")
"""Whose turns count a pact down (DP-8): its proposer's, or every player's."""
MAX_CARDS = 10_000
"""The most cards a game may hold: no config can make setup build millions (EN-8)."""
MAX_FIGURE = 1_000
"""The largest tier, price in ticks, counter resolution, territory yield or proposal
lifetime a config may name, and the most bonus zones (EN-8)."""
EMPTY_KIND = ("keep", "any")
"""DP-1 when the pool has no card of the kind earned: keep the ticks, or draw any card."""
ACCEPTED_CARDS = ("pool", "partner")
"""DP-9 fate of an accepted proposal's cards: back to the pool, or into the partner's hand."""
ALL_LOCKED = ("forfeit", "keep")
"""DP-13 when a card is earned at the limit with every held card locked: the new card goes
back to the pool, or the player keeps it over the limit."""


def _mapping(value: Mapping[str, Any], field: str, rule: str) -> PMap[str, Any]:
    if not isinstance(value, Mapping):
        raise ConfigError(field, f"{field} is a mapping by name, not {value!r}", rule)
    return value if isinstance(value, PMap) else pmap(value)


def _zones(value: Mapping[str, BonusZone]) -> PMap[str, BonusZone]:
    return _mapping(value, "bonus_zones", "DP-5")


def _copies(value: Mapping[str, int]) -> PMap[str, int]:
    return _mapping(value, "composition", "DP-8")


def _strings(value: Iterable[str]) -> tuple[str, ...]:
    return as_tuple(value, "secret_agreements", "EN-9", "Agreement subtypes")


def _catalogue(value: Iterable[CardType]) -> tuple[CardType, ...]:
    return as_tuple(value, "catalogue", "DP-8", "CardType records")


_LIMITS = {
    "starting_tier": (MAX_FIGURE, "DP-2"),
    "ticks_per_card": (MAX_FIGURE, "DP-6"),
    "quarters_per_territory": (MAX_FIGURE, "DP-4"),
    "proposal_ttl": (MAX_FIGURE, "DP-9"),
    "quarters_per_tick": (MAX_FIGURE, "DP-3"),
    "bonus_zones": (MAX_FIGURE, "DP-5"),
    "catalogue": (MAX_CARDS, "DP-8"),
    "secret_agreements": (MAX_CARDS, "EN-9"),
}
"""Upper bounds the other checks leave open (EN-8)."""


@attrs.frozen(kw_only=True)
class DiplomacyConfig:
    """The diplomacy card economy's rules as data. Every field is keyword-only."""

    hand_limit: int = 15
    """Most cards a player may hold, locked ones included: 10 to 20 (DP-13)."""
    starting_hand: int = 3
    """Value cards each player is dealt at setup (DP-2)."""
    starting_tier: int = 1
    """The tier of the setup's troop cards (DP-2)."""
    ticks_per_card: int = 15
    """Ticks a counter pays for one card (DP-6)."""
    quarters_per_territory: int = 1
    """Quarter-ticks the Random counter gains per territory held: 1 is 0.25 ticks (DP-4)."""
    bonus_zones: PMap[str, BonusZone] = attrs.field(default=pmap(), converter=_zones)
    """The map's bonus zones by name: which counter each feeds, and by how much (DP-5)."""
    proposal_ttl: int = 1
    """Full turn cycles a proposal stays pending before it expires (DP-9, default)."""
    pact_clock: str = "proposer"
    """Whose turns count a pact down (DP-8): a pact of N turns is in force for the rest of
    the turn it was accepted in, then for N whole turns of its proposer (``"proposer"``,
    default) or of every player (``"every"``), and ends at the start of the turn after."""
    debt_rounding: str = "down"
    """``"down"`` or ``"up"``: rounding of half a self-applied bonus (DP-11, default)."""
    score_locked: bool = True
    """Whether cards locked in pending proposals score at game end (DP-14, default)."""
    catalogue: tuple[CardType, ...] = attrs.field(default=DEFAULT_CATALOGUE, converter=_catalogue)
    """Every card type of the game (DP-7, DP-8)."""
    composition: PMap[str, int] = attrs.field(default=DEFAULT_COMPOSITION, converter=_copies)
    """Copies of each card type in the game, by name; a type left out has none (DP-8)."""
    secret_agreements: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    """Agreement subtypes whose pacts only their parties see until the host reveals them
    (EN-9; summit: Covert Support)."""
    quarters_per_tick: int = 4
    """The counters' resolution: units per tick (DP-3). Every ``quarters`` figure is in these
    units; the default 4 makes them quarter-ticks, so 1 per territory is 0.25 ticks (DP-4)."""
    empty_kind: str = "keep"
    """DP-1, when the pool has no card of the earned kind: ``"keep"`` the ticks and draw
    nothing (default), or draw from the whole pool (``"any"``)."""
    accepted_cards: str = "pool"
    """DP-9, an accepted proposal's cards: back to the ``"pool"`` (default), or into the
    ``"partner"``'s hand (while under their hand limit; the rest to the pool)."""
    all_locked: str = "forfeit"
    """DP-13, a card earned at the limit while every held card is locked: ``"forfeit"`` it
    back to the pool (default), or ``"keep"`` it over the limit."""
    cards: tuple[CardType, ...] = attrs.field(init=False, eq=False, repr=False)
    """Derived: the type of each card, by card id (ids follow the catalogue's order)."""

    def __attrs_post_init__(self) -> None:
        check_limits(self, _LIMITS)
        self._check_numbers()
        self._check_choices()
        self._check_income()
        self._check_cards()
        object.__setattr__(self, "cards", self._number_cards())

    def has_zone(self, name: str) -> bool:
        """Whether ``name`` is one of the bonus zones (DP-5)."""
        return name in self.bonus_zones

    def zone(self, name: str) -> BonusZone:
        """The bonus zone called ``name`` (DP-5); a ``KeyError`` for a name it lacks."""
        return self.bonus_zones[name]

    def debt_for(self, troops: int) -> int:
        """The deploy debt of a ``troops`` bonus: half of it, rounded (DP-11)."""
        half, odd = divmod(troops, 2)
        return half + odd if self.debt_rounding == "up" else half

    def _check_numbers(self) -> None:
        low, high = HAND_LIMIT_RANGE
        for field in ("hand_limit", "starting_hand", "starting_tier", "ticks_per_card"):
            require(is_int(getattr(self, field)), field, "must be an integer", "EN-4")
        for field in ("quarters_per_territory", "proposal_ttl", "quarters_per_tick"):
            require(is_int(getattr(self, field)), field, "must be an integer", "EN-4")
        require(
            low <= self.hand_limit <= high,
            "hand_limit",
            f"the hand limit is {low} to {high}, not {self.hand_limit}",
            "DP-13",
        )
        require(
            0 <= self.starting_hand <= self.hand_limit,
            "starting_hand",
            "the starting hand is 0 up to the hand limit",
            "DP-2",
        )
        require(self.ticks_per_card >= 1, "ticks_per_card", "a card costs 1 tick or more", "DP-6")
        require(
            self.quarters_per_territory >= 0,
            "quarters_per_territory",
            "territories never take ticks away",
            "DP-4",
        )
        require(self.proposal_ttl >= 1, "proposal_ttl", "a proposal lasts 1 cycle or more", "DP-9")
        require(
            self.quarters_per_tick >= 1, "quarters_per_tick", "a tick is 1 unit or more", "DP-3"
        )

    def _check_choices(self) -> None:
        require(
            self.debt_rounding in DEBT_ROUNDINGS,
            "debt_rounding",
            f"debt_rounding is one of {DEBT_ROUNDINGS}, not {self.debt_rounding!r}",
            "DP-11",
        )
        require(
            self.pact_clock in PACT_CLOCKS,
            "pact_clock",
            f"pact_clock is one of {PACT_CLOCKS}, not {self.pact_clock!r}",
            "DP-8",
        )
        for field, choices, rule in (
            ("empty_kind", EMPTY_KIND, "DP-1"),
            ("accepted_cards", ACCEPTED_CARDS, "DP-9"),
            ("all_locked", ALL_LOCKED, "DP-13"),
        ):
            value = getattr(self, field)
            require(value in choices, field, f"{field} is one of {choices}, not {value!r}", rule)
        require(
            all(isinstance(name, str) for name in self.secret_agreements),
            "secret_agreements",
            "secret_agreements names Agreement subtypes",
            "EN-9",
        )
        require(isinstance(self.score_locked, bool), "score_locked", "is True or False", "DP-14")
        # Any bad entry gives the same error, so the mapping's order does not matter here.
        require(
            all(
                isinstance(n, str) and isinstance(z, BonusZone) for n, z in self.bonus_zones.items()
            ),
            "bonus_zones",
            "bonus_zones maps zone names to BonusZone records",
            "DP-5",
        )

    @property
    def max_income(self) -> int:
        """The most units of ticks one turn start may add (DP-6): :data:`MAX_TURN_CARDS`
        cards at this config's price; a host game's map and every turn start stay under it."""
        return income_bound(self.ticks_per_card, self.quarters_per_tick)

    def _check_income(self) -> None:
        """DP-6: a player holding every bonus zone gains at most ``max_income`` a turn, so
        one turn start earns a bounded number of cards, every one of them."""
        zones = sum(zone.quarters for _, zone in sorted(self.bonus_zones.items()))
        require(
            zones <= self.max_income,
            "bonus_zones",
            f"the bonus zones together feed {zones:,} units a turn; one turn start adds at "
            f"most {self.max_income:,} ({MAX_TURN_CARDS} cards' worth)",
            "DP-6",
        )

    def _check_cards(self) -> None:
        for entry in self.catalogue:
            require(
                isinstance(entry, CardType),
                "catalogue",
                f"every catalogue entry is a CardType, not {entry!r}",
                "DP-8",
            )
        names = [card.name for card in self.catalogue]
        require(len(set(names)) == len(names), "catalogue", "card names are unique", "DP-8")
        agreements = {card.subtype for card in self.catalogue if card.kind is Kind.AGREEMENT}
        strays = sorted(set(self.secret_agreements) - agreements)
        require(
            not strays,
            "secret_agreements",
            f"secret_agreements names Agreement subtypes of the catalogue; not {strays}",
            "EN-9",
        )
        unknown = sorted(set(self.composition) - set(names))
        require(
            not unknown,
            "composition",
            f"composition names card types the catalogue lacks: {unknown[:3]}",
            "DP-8",
        )
        for name, copies in sorted(self.composition.items()):
            require(
                is_int(copies) and copies >= 0,
                "composition",
                f"{name}: copies are a whole number, 0 or more",
                "DP-8",
            )
        total = sum(self.composition.values())
        require(total <= MAX_CARDS, "composition", f"{total} cards; at most {MAX_CARDS}", "DP-8")

    def _number_cards(self) -> tuple[CardType, ...]:
        return tuple(
            card for card in self.catalogue for _ in range(self.composition.get(card.name, 0))
        )
