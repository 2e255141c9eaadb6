"""The scenario: summit's small fixed map and the figures of its rules (SM-2 … SM-16).

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

from collections.abc import Iterable, Mapping

import attrs
from pyrsistent import PMap, pmap

from gamefold._fields import as_mapping, as_tuple, check_limits
from gamefold.diplomacy import BonusZone, Kind
from gamefold.errors import ConfigError

__all__ = [
    "AGREEMENT_EFFECTS",
    "DEALS",
    "MAX_BORDERS",
    "MAX_FIGURE",
    "MAX_ROUNDS",
    "MAX_TERRITORIES",
    "DEFAULT_BORDERS",
    "DEFAULT_BONUS_ZONES",
    "DEFAULT_EFFECTS",
    "STANDALONE_EFFECTS",
    "TIE_BREAKS",
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


MAX_TERRITORIES = 1_000
"""The most territories (and bonus zones, and effect keys) a summit's map may have, and
the most territories one card may take or cede (EN-8)."""
MAX_BORDERS = 10_000
"""The most borders a map may list (EN-8)."""
MAX_ROUNDS = 1_000
"""The most Rounds a summit may last (SM-10, EN-8)."""
MAX_FIGURE = 1_000
"""The largest fort weight, fort level, pact extension, proposal allowance and territories
per troop a scenario may name (EN-8)."""

TIE_BREAKS = ("territories", "cards")
"""What may break a tie on score (SM-11): territories held, then cards held."""

AGREEMENT_EFFECTS = ("truce", "transfer", "support", "partnership")
"""What an accepted pact may do on the map (SM-7), by effect key."""
STANDALONE_EFFECTS = ("siege", "march", "fortify", "aid", "betrayal", "trap", "extend")
"""What a Standalone card may do when it resolves (SM-8), by effect key."""


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return as_tuple(value, "territories", "SM-2", "territory names")


def _zones(value: Iterable[Zone]) -> tuple[Zone, ...]:
    return as_tuple(value, "zones", "SM-2", "Zone records")


def _effects(value: Mapping[str, str]) -> PMap[str, str]:
    return as_mapping(value, "effects", "SM-8", "card subtypes to effect keys")


def _tie_break(value: Iterable[str]) -> tuple[str, ...]:
    return as_tuple(value, "tie_break", "SM-11", f"some of {TIE_BREAKS} in order")


def _borders(value: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    # A pair given as a list reads as a tuple; anything else is left for the check to refuse.
    return tuple(
        tuple(pair) if isinstance(pair, list) else pair
        for pair in as_tuple(value, "adjacency", "SM-2", "(territory, territory) pairs")
    )


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
"""The Summit's borders (SM-2): 18 within the zones, 6 round the ring, 3 across: 27."""

DEFAULT_EFFECTS: PMap[str, str] = pmap(
    {
        "Ceasefire": "truce",
        "Territory Transfer": "transfer",
        "Covert Support": "support",
        "Manufacturing Partnership": "partnership",
        "Siege": "siege",
        "Forced March": "march",
        "Fortify": "fortify",
        "Foreign Aid": "aid",
        "Betrayal": "betrayal",
        "Trap": "trap",
        "Duration Modifier": "extend",
    }
)
"""What each default card subtype does (SM-7, SM-8): subtype to effect key."""

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
    "starting_troops": ("SM-2", 0),
    "neutral_troops": ("SM-2", 0),
    "fort_strength": ("SM-6", 0),
    "trap_troops": ("SM-13", 0),
    "extend_turns": ("SM-14", 0),
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


_LIMITS = {
    "territories": (MAX_TERRITORIES, "SM-2"),
    "zones": (MAX_TERRITORIES, "SM-2"),
    "adjacency": (MAX_BORDERS, "SM-2"),
    "effects": (MAX_TERRITORIES, "SM-8"),
    "territories_per_troop": (MAX_FIGURE, "SM-4"),
    "fort_strength": (MAX_FIGURE, "SM-6"),
    "transfer_territories": (MAX_TERRITORIES, "SM-7"),
    "siege_territories": (MAX_TERRITORIES, "SM-8"),
    "march_territories": (MAX_TERRITORIES, "SM-8"),
    "fort_levels": (MAX_FIGURE, "SM-8"),
    "extend_turns": (MAX_FIGURE, "SM-14"),
    "proposals_per_turn": (MAX_FIGURE, "SM-12"),
    "max_rounds": (MAX_ROUNDS, "SM-10"),
}
"""Upper bounds of the map's lists and of the figures that are not troops (EN-8)."""


@attrs.frozen(kw_only=True)
class Scenario:
    """The map, the figures of summit's own rules, and the end condition. All keyword-only."""

    territories: tuple[str, ...] = attrs.field(default=DEFAULT_TERRITORIES, converter=_names)
    """The map's territories, in map order (SM-2)."""
    zones: tuple[Zone, ...] = attrs.field(default=DEFAULT_ZONES, converter=_zones)
    """The bonus zones, each a set of territories (SM-2, DP-5)."""
    deal: str = "shuffled"
    """``"shuffled"``: territories dealt round-robin after a shuffle with the map's RNG;
    ``"in-order"``: dealt round-robin in map order. The remainder stays neutral (SM-2)."""
    zone_rule: str = "majority"
    """``"majority"``: a zone is held by the player with more than half of its territories;
    ``"all"``: only by the player holding every one (SM-2)."""
    adjacency: tuple[tuple[str, str], ...] = attrs.field(
        default=DEFAULT_BORDERS, converter=_borders
    )
    """The borders: pairs of territories that border each other, both ways (SM-2, SM-6)."""
    starting_troops: int = 1
    """Troops on each dealt territory at setup (SM-2)."""
    neutral_troops: int = 1
    """Troops defending each neutral territory at setup (SM-2)."""
    effects: PMap[str, str] = attrs.field(default=DEFAULT_EFFECTS, converter=_effects)
    """What each Agreement and Standalone subtype does, as an effect key (SM-7, SM-8):
    one of :data:`AGREEMENT_EFFECTS` or :data:`STANDALONE_EFFECTS`."""
    deploy_base: int = 2
    """Troops every player deploys at each turn start (SM-4)."""
    territories_per_troop: int = 3
    """One more troop deployed per this many territories held (SM-4)."""
    fort_strength: int = 1
    """How much each fort weighs for the defenders in a battle (SM-6)."""
    debt_carry: bool = True
    """Whether deploy debt beyond a turn's deploy carries over to the next (SM-4); ``False``
    forgives it."""
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
    trap_troops: int = 2
    """Attacking troops a Trap kills, per tier, before the battle (SM-13)."""
    extend_turns: int = 2
    """Turns a Duration Modifier adds to each pact it aims at, per tier (SM-14)."""
    tie_break: tuple[str, ...] = attrs.field(default=TIE_BREAKS, converter=_tie_break)
    """What breaks a tie on score, in order (SM-11): ``"territories"`` held, then
    ``"cards"`` held; the players still tied share the win."""
    proposals_per_turn: int = 2
    """Proposals a player may make in one turn; 0 forbids proposals (SM-12)."""
    discard_at_limit: bool = True
    """Whether a player may Discard only while holding the hand limit's worth of cards,
    locked ones included, to choose the card the next one replaces (SM-15); ``False``:
    any unlocked card, any time in their turn."""
    needs_pact: bool = True
    """Whether a Betrayal or a Duration Modifier is played only with a pact to act on:
    aimed at a player one has a running pact with, or on auto while one has any (SM-16);
    ``False``: aimed at any other player, fizzling if no pact is left when it resolves."""
    max_rounds: int = 12
    """The game ends after this many Rounds (SM-10)."""
    domination: int = 12
    """The game ends at the end of a turn after which a player holds this many territories;
    0 turns the domination end off (SM-10)."""

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
        self._check_choices()
        self._check_counts()

    def effect(self, subtype: str) -> str:
        """SM-7, SM-8: the effect key :attr:`effects` gives ``subtype``; ``""`` for none."""
        return self.effects.get(subtype, "")

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

    def _check_borders(self) -> None:
        names = set(self.territories)
        for pair in self.adjacency:
            _require(
                isinstance(pair, tuple)
                and len(pair) == 2
                and all(isinstance(t, str) for t in pair),
                "adjacency",
                f"a border is a pair of territory names, not {pair!r}",
                "SM-2",
            )
            _require(set(pair) <= names, "adjacency", f"{pair}: unknown territory", "SM-2")
            _require(pair[0] != pair[1], "adjacency", f"{pair[0]} cannot border itself", "SM-2")
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
        _require(not lost, "adjacency", f"every territory is reachable; not {lost}", "SM-2")

    def neighbours(self, index: int) -> tuple[int, ...]:
        """The indices of the territories bordering the one at ``index``, in map order."""
        return self.borders[index]

    def _check_choices(self) -> None:
        _require(self.deal in DEALS, "deal", f"deal is one of {DEALS}, not {self.deal!r}", "SM-2")
        _require(
            self.zone_rule in ZONE_RULES,
            "zone_rule",
            f"zone_rule is one of {ZONE_RULES}, not {self.zone_rule!r}",
            "SM-2",
        )
        _require(isinstance(self.pact_payment, bool), "pact_payment", "is True or False", "SM-7")
        _require(isinstance(self.debt_carry, bool), "debt_carry", "is True or False", "SM-4")
        for field, rule in (("discard_at_limit", "SM-15"), ("needs_pact", "SM-16")):
            _require(isinstance(getattr(self, field), bool), field, "is True or False", rule)
        _require(
            all(t in TIE_BREAKS for t in self.tie_break)
            and len(set(self.tie_break)) == len(self.tie_break),
            "tie_break",
            f"tie_break lists some of {TIE_BREAKS}, once each, not {self.tie_break!r}",
            "SM-11",
        )
        known = (*AGREEMENT_EFFECTS, *STANDALONE_EFFECTS)
        for subtype, effect in sorted(self.effects.items()):
            _require(
                isinstance(subtype, str) and effect in known,
                "effects",
                f"{subtype!r}: the effect is one of {known}, not {effect!r}",
                "SM-8",
            )

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


def _neighbour_table(scenario: Scenario) -> tuple[tuple[int, ...], ...]:
    index = {name: i for i, name in enumerate(scenario.territories)}
    links: list[set[int]] = [set() for _ in scenario.territories]
    for a, b in scenario.adjacency:
        links[index[a]].add(index[b])
        links[index[b]].add(index[a])
    return tuple(tuple(sorted(each)) for each in links)
