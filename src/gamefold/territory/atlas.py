"""The atlas: a map's territories, bonus zones and borders, and how it is set up (TR-1, TR-2).

An :class:`Atlas` names the territories in map order, groups some of them into bonus zones
(:class:`Zone`), lists the borders, says how the territories are dealt at setup, how many
troops stand on them, when a player holds a zone and how much a fort weighs in a battle.
Every field is keyword-only with its documented default; a value that cannot describe a map
raises :class:`~gamefold.ConfigError` naming the field and the rule.

The default map has 18 territories in six bonus zones of three, in a ring with three roads
across the middle. A game extends the atlas with figures of its own (summit's
``Scenario`` does).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from gamefold._fields import as_tuple, check_limits, is_int, require

__all__ = [
    "DEALS",
    "DEFAULT_BORDERS",
    "DEFAULT_TERRITORIES",
    "DEFAULT_ZONES",
    "MAX_BORDERS",
    "MAX_TERRITORIES",
    "MAX_TROOPS",
    "ZONE_RULES",
    "Atlas",
    "Zone",
]

DEALS = ("shuffled", "in-order")
"""How territories are dealt at setup (TR-1): shuffled with the map's RNG, or in map order."""
ZONE_RULES = ("majority", "all")
"""When a player holds a bonus zone (TR-2): more than half of its territories, or all."""

MAX_TROOPS = 1000
"""The most troops a territory starts with, and the most a battle fights one troop at a
time (TR-1, TR-8)."""


MAX_TERRITORIES = 1_000
"""The most territories (and bonus zones) a map may have (TR-1, EN-8)."""
MAX_BORDERS = 10_000
"""The most borders a map may list (TR-1, EN-8)."""
_LIMITS = {
    "territories": (MAX_TERRITORIES, "TR-1"),
    "zones": (MAX_TERRITORIES, "TR-1"),
    "adjacency": (MAX_BORDERS, "TR-1"),
}
"""Upper bounds of the map's lists (EN-8)."""


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return as_tuple(value, "territories", "TR-1", "territory names")


def _zones(value: Iterable[Zone]) -> tuple[Zone, ...]:
    return as_tuple(value, "zones", "TR-1", "Zone records")


def _borders(value: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    # A pair given as a list reads as a tuple; anything else is left for the check to refuse.
    return tuple(
        tuple(pair) if isinstance(pair, list) else pair
        for pair in as_tuple(value, "adjacency", "TR-1", "(territory, territory) pairs")
    )


@attrs.frozen
class Zone:
    """A bonus zone of the map: its name and its territories."""

    name: str
    """The zone's name (a game may key figures by it, as diplomacy's ``bonus_zones`` does)."""
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
"""The default map's six bonus zones of three territories each."""

DEFAULT_TERRITORIES: tuple[str, ...] = tuple(t for zone in DEFAULT_ZONES for t in zone.territories)
"""The default map's 18 territories, zone by zone."""

DEFAULT_BORDERS: tuple[tuple[str, str], ...] = (
    # Each zone's three territories border one another.
    *(
        (a, b)
        for z in DEFAULT_ZONES
        for i, a in enumerate(z.territories)
        for b in z.territories[i + 1 :]
    ),
    # The zones form a ring: Embassy Row, Barracks, Black Market, Council Hill, Harbour, Foundry.
    ("Legation", "Armoury"),
    ("Garrison", "Quay"),
    ("Warehouse", "Forum"),
    ("Archive", "Docks"),
    ("Shipyard", "Mill"),
    ("Mine", "Consulate"),
    # Three roads across the middle.
    ("Chancery", "Senate"),
    ("Drillyard", "Lighthouse"),
    ("Bazaar", "Forge"),
)
"""The default map's borders (TR-1): 18 within the zones, 6 round the ring, 3 across: 27."""


_COUNTS = {
    "starting_troops": ("TR-1", 0, MAX_TROOPS),
    "neutral_troops": ("TR-1", 0, MAX_TROOPS),
    "fort_strength": ("TR-5", 0, MAX_TROOPS),
}
"""Each whole-number field: its rule, its smallest and its largest allowed value."""


@attrs.frozen(kw_only=True)
class Atlas:
    """The map and how it is set up. All keyword-only."""

    territories: tuple[str, ...] = attrs.field(default=DEFAULT_TERRITORIES, converter=_names)
    """The map's territories, in map order (TR-1)."""
    zones: tuple[Zone, ...] = attrs.field(default=DEFAULT_ZONES, converter=_zones)
    """The bonus zones, each a set of territories (TR-2)."""
    deal: str = "shuffled"
    """``"shuffled"``: territories dealt round-robin after a shuffle with the map's RNG;
    ``"in-order"``: dealt round-robin in map order. The remainder stays neutral (TR-1)."""
    zone_rule: str = "majority"
    """``"majority"``: a zone is held by the player with more than half of its territories;
    ``"all"``: only by the player holding every one (TR-2)."""
    adjacency: tuple[tuple[str, str], ...] = attrs.field(
        default=DEFAULT_BORDERS, converter=_borders
    )
    """The borders: pairs of territories that border each other, both ways (TR-1, TR-4)."""
    starting_troops: int = 1
    """Troops on each dealt territory at setup, 0 to :data:`MAX_TROOPS` (TR-1)."""
    neutral_troops: int = 1
    """Troops defending each neutral territory at setup, 0 to :data:`MAX_TROOPS` (TR-1)."""
    fort_strength: int = 1
    """How much each fort weighs for the defenders in a battle, 0 to :data:`MAX_TROOPS`
    (TR-5)."""

    borders: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """Derived: for each territory (map order), the indices of its neighbours, ascending."""
    zone_members: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """Derived: for each zone (in :attr:`zones` order), its territories' map indices."""

    def __attrs_post_init__(self) -> None:
        check_limits(self, _LIMITS)
        self._check_map()
        self._check_borders()
        object.__setattr__(self, "borders", _neighbour_table(self))
        index = {name: i for i, name in enumerate(self.territories)}
        members = tuple(tuple(index[t] for t in z.territories) for z in self.zones)
        object.__setattr__(self, "zone_members", members)
        self._check_setup()

    def zone(self, name: str) -> Zone:
        """The zone called ``name``; ``KeyError`` if the map has none."""
        for zone in self.zones:
            if zone.name == name:
                return zone
        raise KeyError(name)

    def neighbours(self, index: int) -> tuple[int, ...]:
        """The indices of the territories bordering the one at ``index``, in map order."""
        return self.borders[index]

    def _check_map(self) -> None:
        names = self.territories
        require(
            bool(names) and all(isinstance(t, str) and t for t in names),
            "territories",
            "the map has territories, each a non-empty name",
            "TR-1",
        )
        require(len(set(names)) == len(names), "territories", "territory names differ", "TR-1")
        require(
            all(isinstance(z, Zone) for z in self.zones), "zones", "zones are Zone records", "TR-2"
        )
        zone_names = [z.name for z in self.zones]
        require(len(set(zone_names)) == len(zone_names), "zones", "zone names differ", "TR-2")
        for zone in self.zones:
            require(
                bool(zone.territories) and len(set(zone.territories)) == len(zone.territories),
                "zones",
                f"{zone.name}: a zone has distinct territories",
                "TR-2",
            )
            unknown = sorted(set(zone.territories) - set(names))
            require(not unknown, "zones", f"{zone.name}: unknown territories {unknown}", "TR-2")

    def _check_borders(self) -> None:
        names = set(self.territories)
        for pair in self.adjacency:
            require(
                isinstance(pair, tuple)
                and len(pair) == 2
                and all(isinstance(t, str) for t in pair),
                "adjacency",
                f"a border is a pair of territory names, not {pair!r}",
                "TR-1",
            )
            require(set(pair) <= names, "adjacency", f"{pair}: unknown territory", "TR-1")
            require(pair[0] != pair[1], "adjacency", f"{pair[0]} cannot border itself", "TR-1")
        links: dict[str, set[str]] = {t: set() for t in self.territories}
        for a, b in self.adjacency:
            links[a].add(b)
            links[b].add(a)
        seen, todo = {self.territories[0]}, [self.territories[0]]
        while todo:
            for other in sorted(links[todo.pop()] - seen):
                seen.add(other)
                todo.append(other)
        lost = [t for t in self.territories if t not in seen]
        require(not lost, "adjacency", f"every territory is reachable; not {lost}", "TR-1")

    def _check_setup(self) -> None:
        require(self.deal in DEALS, "deal", f"deal is one of {DEALS}, not {self.deal!r}", "TR-1")
        require(
            self.zone_rule in ZONE_RULES,
            "zone_rule",
            f"zone_rule is one of {ZONE_RULES}, not {self.zone_rule!r}",
            "TR-2",
        )
        for field, (rule, low, high) in _COUNTS.items():
            value = getattr(self, field)
            require(is_int(value), field, "must be an integer", "EN-4")
            require(value >= low, field, f"must be {low} or more, not {value}", rule)
            require(value <= high, field, f"must be {high} or less, not {value}", rule)


def _neighbour_table(atlas: Atlas) -> tuple[tuple[int, ...], ...]:
    index = {name: i for i, name in enumerate(atlas.territories)}
    links: list[set[int]] = [set() for _ in atlas.territories]
    for a, b in atlas.adjacency:
        links[index[a]].add(index[b])
        links[index[b]].add(index[a])
    return tuple(tuple(sorted(each)) for each in links)
