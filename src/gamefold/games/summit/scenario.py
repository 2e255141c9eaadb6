"""The scenario: summit's small fixed map and the figures of its rules (SM-2 … SM-10).

A :class:`Scenario` names the territories and the bonus zones (each a set of territories,
:class:`Zone`), says how the territories are dealt at setup, when a player holds a zone,
what troops cost and bring, what pacts and Standalone effects do on the map, and when the
game ends. Every figure is a keyword-only field with its documented default; a value that
cannot describe a game raises :class:`~gamefold.ConfigError` naming the field and the rule.

The default map, *the Summit*, has 18 territories in six bonus zones of three. The zones'
names are also keys of the diplomacy config's ``bonus_zones`` (:data:`DEFAULT_BONUS_ZONES`),
which say which tick counter each zone feeds and by how much (DP-5).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
from pyrsistent import PMap, pmap

from gamefold.diplomacy import BonusZone, Kind
from gamefold.errors import ConfigError

__all__ = [
    "DEALS",
    "DEFAULT_BONUS_ZONES",
    "DEFAULT_TERRITORIES",
    "DEFAULT_ZONES",
    "ZONE_RULES",
    "Scenario",
    "Zone",
]

DEALS = ("shuffled", "in-order")
"""How territories are dealt at setup (SM-2): shuffled with the map's RNG, or in map order."""
ZONE_RULES = ("majority", "all")
"""When a player holds a bonus zone (SM-2): more than half of its territories, or all."""


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class Zone:
    """A bonus zone of the map: its name (a key of ``bonus_zones``) and its territories."""

    name: str
    """The zone's name, as the diplomacy config's ``bonus_zones`` knows it (DP-5)."""
    territories: tuple[str, ...] = attrs.field(converter=_names)
    """The territories that make up the zone."""


DEFAULT_ZONES: tuple[Zone, ...] = (
    Zone("Embassy Row", ("Consulate", "Chancery", "Legation")),
    Zone("Barracks", ("Armoury", "Drillyard", "Garrison")),
    Zone("Black Market", ("Quay", "Bazaar", "Warehouse")),
    Zone("Council Hill", ("Forum", "Senate", "Archive")),
    Zone("Harbour", ("Docks", "Lighthouse", "Shipyard")),
    Zone("Foundry", ("Mill", "Forge", "Mine")),
)
"""The Summit's six bonus zones of three territories each."""

DEFAULT_TERRITORIES: tuple[str, ...] = tuple(t for zone in DEFAULT_ZONES for t in zone.territories)
"""The Summit's 18 territories, zone by zone."""

DEFAULT_BONUS_ZONES: PMap[str, BonusZone] = pmap(
    {
        "Embassy Row": BonusZone(Kind.AGREEMENT, quarters=40),
        "Barracks": BonusZone(Kind.VALUE, quarters=40),
        "Black Market": BonusZone(Kind.STANDALONE, quarters=40),
        "Council Hill": BonusZone(Kind.AGREEMENT, quarters=28),
        "Harbour": BonusZone(Kind.VALUE, quarters=28),
        "Foundry": BonusZone(Kind.STANDALONE, quarters=28),
    }
)
"""What each default zone feeds (DP-5): 6 ticks a turn for the first three, 4 for the rest."""


def _require(ok: bool, field: str, message: str, rule: str) -> None:
    if not ok:
        raise ConfigError(field, message, rule)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_COUNTS = {
    "deploy_base": ("SM-4", 0),
    "territories_per_troop": ("SM-4", 1),
    "claim_cost": ("SM-6", 0),
    "attack_cost": ("SM-6", 0),
    "fort_cost": ("SM-6", 0),
    "transfer_territories": ("SM-7", 0),
    "support_deploy": ("SM-7", 0),
    "partnership_deploy": ("SM-7", 0),
    "siege_territories": ("SM-8", 0),
    "march_territories": ("SM-8", 0),
    "fort_levels": ("SM-8", 0),
    "aid_troops": ("SM-8", 0),
    "proposals_per_turn": ("SM-12", 0),
    "max_rounds": ("SM-10", 1),
    "domination": ("SM-10", 0),
}
"""Each whole-number field: the rule it belongs to and its smallest allowed value."""


@attrs.frozen(kw_only=True)
class Scenario:
    """The map, the figures of summit's own rules, and the end condition. All keyword-only."""

    territories: tuple[str, ...] = attrs.field(default=DEFAULT_TERRITORIES, converter=_names)
    """The map's territories, in map order (SM-2)."""
    zones: tuple[Zone, ...] = attrs.field(default=DEFAULT_ZONES, converter=tuple)
    """The bonus zones, each a set of territories (SM-2, DP-5)."""
    deal: str = "shuffled"
    """``"shuffled"``: territories dealt round-robin after a shuffle with the map's RNG;
    ``"in-order"``: dealt round-robin in map order. The remainder stays neutral (SM-2)."""
    zone_rule: str = "majority"
    """``"majority"``: a zone is held by the player with more than half of its territories;
    ``"all"``: only by the player holding every one (SM-2)."""
    deploy_base: int = 2
    """Troops every player deploys at each turn start (SM-4)."""
    territories_per_troop: int = 3
    """One more troop deployed per this many territories held (SM-4)."""
    claim_cost: int = 2
    """Troops to take a neutral territory (SM-6)."""
    attack_cost: int = 4
    """Troops to take another player's territory, before its forts (SM-6)."""
    fort_cost: int = 2
    """Extra troops per fort on the attacked territory (SM-6)."""
    pact_payment: bool = True
    """Whether an accepted pact's partner gains the troops of its Value cards (SM-7)."""
    transfer_territories: int = 1
    """Territories a Territory Transfer pact cedes to its proposer, per tier (SM-7)."""
    support_deploy: int = 1
    """Extra deploy of a Covert Support pact's partner while it runs (SM-7)."""
    partnership_deploy: int = 1
    """Extra deploy of both Manufacturing Partnership parties while it runs (SM-7)."""
    siege_territories: int = 1
    """Territories a Siege takes from the player it is aimed at, per tier (SM-8)."""
    march_territories: int = 1
    """Territories a Forced March takes, forts ignored, per tier (SM-8)."""
    fort_levels: int = 1
    """Forts a Fortify builds on one territory, per tier (SM-8)."""
    aid_troops: int = 3
    """Troops Foreign Aid brings, per tier (SM-8)."""
    proposals_per_turn: int = 2
    """Proposals a player may make in one turn; 0 forbids proposals (SM-12)."""
    max_rounds: int = 12
    """The game ends after this many Rounds (SM-10)."""
    domination: int = 12
    """The game ends at the end of a turn after which a player holds this many territories;
    0 turns the domination end off (SM-10)."""

    def __attrs_post_init__(self) -> None:
        self._check_map()
        self._check_choices()
        self._check_counts()

    def zone(self, name: str) -> Zone:
        """The zone called ``name``; ``KeyError`` if the map has none."""
        for zone in self.zones:
            if zone.name == name:
                return zone
        raise KeyError(name)

    def _check_map(self) -> None:
        names = self.territories
        _require(
            bool(names) and all(isinstance(t, str) and t for t in names),
            "territories",
            "the map has territories, each a non-empty name",
            "SM-2",
        )
        _require(len(set(names)) == len(names), "territories", "territory names differ", "SM-2")
        _require(
            all(isinstance(z, Zone) for z in self.zones), "zones", "zones are Zone records", "SM-2"
        )
        zone_names = [z.name for z in self.zones]
        _require(len(set(zone_names)) == len(zone_names), "zones", "zone names differ", "SM-2")
        for zone in self.zones:
            _require(
                bool(zone.territories) and len(set(zone.territories)) == len(zone.territories),
                "zones",
                f"{zone.name}: a zone has distinct territories",
                "SM-2",
            )
            unknown = sorted(set(zone.territories) - set(names))
            _require(not unknown, "zones", f"{zone.name}: unknown territories {unknown}", "SM-2")

    def _check_choices(self) -> None:
        _require(self.deal in DEALS, "deal", f"deal is one of {DEALS}, not {self.deal!r}", "SM-2")
        _require(
            self.zone_rule in ZONE_RULES,
            "zone_rule",
            f"zone_rule is one of {ZONE_RULES}, not {self.zone_rule!r}",
            "SM-2",
        )
        _require(isinstance(self.pact_payment, bool), "pact_payment", "is True or False", "SM-7")

    def _check_counts(self) -> None:
        for field, (rule, low) in _COUNTS.items():
            value = getattr(self, field)
            _require(_is_int(value), field, "must be an integer", "EN-4")
            _require(value >= low, field, f"must be {low} or more, not {value}", rule)
        _require(
            self.domination <= len(self.territories),
            "domination",
            f"the map has only {len(self.territories)} territories",
            "SM-10",
        )
