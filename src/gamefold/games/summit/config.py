"""The summit config: players, the diplomacy rules and the scenario (SM-1, SM-2, SM-4 … SM-16).

:class:`SummitConfig` and its :class:`Scenario`, a territory :class:`~gamefold.territory.Atlas`
that also holds the figures of summit's rules and the end, are built with keyword arguments;
a value that cannot describe a game raises :class:`~gamefold.ConfigError` naming the field
and the rule. Change a built config with :func:`attrs.evolve`, which validates again.

The default map, *the Summit*, has 18 territories in six bonus zones of three, whose names
are keys of the diplomacy config's ``bonus_zones`` too (:data:`DEFAULT_BONUS_ZONES`, DP-5).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs
from pyrsistent import PMap, pmap

from gamefold._fields import as_mapping, as_tuple, check_limits, is_int, require
from gamefold.diplomacy import BonusZone, DiplomacyConfig, Kind
from gamefold.territory import MAX_TERRITORIES, MAX_TROOPS, Atlas

__all__ = [
    "AGREEMENT_EFFECTS",
    "DEFAULT_BONUS_ZONES",
    "DEFAULT_EFFECTS",
    "MAX_FIGURE",
    "MAX_ROUNDS",
    "PLAYERS_RANGE",
    "STANDALONE_EFFECTS",
    "SUMMIT_HAND_LIMIT",
    "Scenario",
    "SummitConfig",
    "TIE_BREAKS",
    "default_diplomacy",
    "player_names",
]


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


def _effects(value: Mapping[str, str]) -> PMap[str, str]:
    return as_mapping(value, "effects", "SM-8", "card subtypes to effect keys")


def _tie_break(value: Iterable[str]) -> tuple[str, ...]:
    return as_tuple(value, "tie_break", "SM-11", f"some of {TIE_BREAKS} in order")


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


_COUNTS = {
    "deploy_base": ("SM-4", 0, MAX_TROOPS),
    "territories_per_troop": ("SM-4", 1, None),
    "trap_troops": ("SM-13", 0, MAX_TROOPS),
    "extend_turns": ("SM-14", 0, None),
    "transfer_territories": ("SM-7", 0, None),
    "support_deploy": ("SM-7", 0, MAX_TROOPS),
    "partnership_deploy": ("SM-7", 0, MAX_TROOPS),
    "siege_territories": ("SM-8", 0, None),
    "march_territories": ("SM-8", 0, None),
    "fort_levels": ("SM-8", 0, None),
    "aid_troops": ("SM-8", 0, MAX_TROOPS),
    "proposals_per_turn": ("SM-12", 0, None),
    "max_rounds": ("SM-10", 1, None),
    "domination": ("SM-10", 0, None),
}
"""Each whole-number field: its rule, its smallest and (troops only, TR-8) its largest value."""


_LIMITS = {
    "effects": (MAX_TERRITORIES, "SM-8"),
    "territories_per_troop": (MAX_FIGURE, "SM-4"),
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
class Scenario(Atlas):
    """The map (an :class:`~gamefold.territory.Atlas`: territories, zones, borders, setup
    troops, fort strength), the figures of summit's own rules, and the end condition. All
    keyword-only."""

    effects: PMap[str, str] = attrs.field(default=DEFAULT_EFFECTS, converter=_effects)
    """What each Agreement and Standalone subtype does, as an effect key (SM-7, SM-8):
    one of :data:`AGREEMENT_EFFECTS` or :data:`STANDALONE_EFFECTS`."""
    deploy_base: int = 2
    """Troops every player deploys at each turn start (SM-4)."""
    territories_per_troop: int = 3
    """One more troop deployed per this many territories held (SM-4)."""
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

    def __attrs_post_init__(self) -> None:
        Atlas.__attrs_post_init__(self)
        check_limits(self, _LIMITS)
        self._check_choices()
        self._check_counts()

    def effect(self, subtype: str) -> str:
        """SM-7, SM-8: the effect key :attr:`effects` gives ``subtype``; ``""`` for none."""
        return self.effects.get(subtype, "")

    def _check_choices(self) -> None:
        require(isinstance(self.pact_payment, bool), "pact_payment", "is True or False", "SM-7")
        require(isinstance(self.debt_carry, bool), "debt_carry", "is True or False", "SM-4")
        for field, rule in (("discard_at_limit", "SM-15"), ("needs_pact", "SM-16")):
            require(isinstance(getattr(self, field), bool), field, "is True or False", rule)
        require(
            all(t in TIE_BREAKS for t in self.tie_break)
            and len(set(self.tie_break)) == len(self.tie_break),
            "tie_break",
            f"tie_break lists some of {TIE_BREAKS}, once each, not {self.tie_break!r}",
            "SM-11",
        )
        known = (*AGREEMENT_EFFECTS, *STANDALONE_EFFECTS)
        for subtype, effect in sorted(self.effects.items()):
            require(
                isinstance(subtype, str) and effect in known,
                "effects",
                f"{subtype!r}: the effect is one of {known}, not {effect!r}",
                "SM-8",
            )

    def _check_counts(self) -> None:
        for field, (rule, low, high) in _COUNTS.items():
            value = getattr(self, field)
            require(is_int(value), field, "must be an integer", "EN-4")
            require(value >= low, field, f"must be {low} or more, not {value}", rule)
            ok = high is None or value <= high
            require(ok, field, f"must be {high} or less, not {value}", rule)
        require(
            self.domination <= len(self.territories),
            "domination",
            f"the map has only {len(self.territories)} territories",
            "SM-10",
        )


PLAYERS_RANGE = (3, 6)
"""How many players a summit seats, inclusive (SM-1)."""


SUMMIT_HAND_LIMIT = 10
"""The hand limit of a default summit (DP-13 allows 10 to 20; the seed's 15 is diplomacy's
default): in 12 Rounds on the Summit a player earns about six cards, so a hand of 15 is
never full and the limit would never bind; at 10 it does (in about one game in ten with
random play, one in twenty with greedy)."""


def default_diplomacy() -> DiplomacyConfig:
    """The diplomacy rules of a default summit: every diplomacy default but the hand limit
    (:data:`SUMMIT_HAND_LIMIT`, DP-13), plus the Summit's bonus zones
    (:data:`~gamefold.games.summit.config.DEFAULT_BONUS_ZONES`, DP-5), and Covert Support
    pacts secret until they take effect (SM-7, EN-9)."""
    return DiplomacyConfig(
        hand_limit=SUMMIT_HAND_LIMIT,
        bonus_zones=DEFAULT_BONUS_ZONES,
        secret_agreements=("Covert Support",),
    )


def player_names(count: int) -> tuple[str, ...]:
    """The players' ids, in seat order: ``"p1"`` … ``"pN"`` (SM-1)."""
    return tuple(f"p{seat}" for seat in range(1, count + 1))


@attrs.frozen(kw_only=True)
class SummitConfig:
    """A summit game's rules as data. Every field is keyword-only."""

    players: int = 4
    """How many players take turns, 3 to 6; they are ``p1`` … ``pN`` in seat order (SM-1)."""
    diplomacy: DiplomacyConfig = attrs.field(factory=default_diplomacy)
    """The card economy's rules; its ``bonus_zones`` must name every zone of the map (DP-5)."""
    scenario: Scenario = attrs.field(factory=Scenario)
    """The map, the figures of summit's rules and the end condition (SM-2 … SM-10)."""

    def __attrs_post_init__(self) -> None:
        low, high = PLAYERS_RANGE
        require(is_int(self.players), "players", "must be an integer", "EN-4")
        message = f"a summit seats {low} to {high} players, not {self.players}"
        require(low <= self.players <= high, "players", message, "SM-1")
        ok = isinstance(self.diplomacy, DiplomacyConfig)
        require(ok, "diplomacy", "is a DiplomacyConfig", "EN-4")
        require(isinstance(self.scenario, Scenario), "scenario", "is a Scenario", "EN-4")
        self._check_fit()
        self._check_effects()

    def _check_fit(self) -> None:
        missing = [z.name for z in self.scenario.zones if z.name not in self.diplomacy.bonus_zones]
        require(
            not missing,
            "diplomacy",
            f"bonus_zones must say what each zone of the map feeds; missing {missing}",
            "DP-5",
        )
        self._check_income()
        require(
            len(self.scenario.territories) >= self.players,
            "scenario",
            f"{self.players} players need at least {self.players} territories",
            "SM-2",
        )

    def _check_income(self) -> None:
        """DP-6: a player holding the whole map gains at most the diplomacy config's
        ``max_income`` in one turn start, so no summit turn start is ever refused for it."""
        dip = self.diplomacy
        held = len(self.scenario.territories) * dip.quarters_per_territory
        held += sum(dip.zone(z.name).quarters for z in self.scenario.zones)
        require(
            held <= dip.max_income,
            "diplomacy",
            f"holding the whole map adds {held:,} units of ticks a turn (quarters_per_territory "
            f"and bonus_zones); one turn start adds at most {dip.max_income:,}",
            "DP-6",
        )

    def _check_effects(self) -> None:
        """SM-7, SM-8: every Agreement and Standalone subtype in play says what it does."""
        allowed = {Kind.AGREEMENT: AGREEMENT_EFFECTS, Kind.STANDALONE: STANDALONE_EFFECTS}
        copies = self.diplomacy.composition
        for card in self.diplomacy.catalogue:
            choices = allowed.get(card.kind)
            if choices is None or not copies.get(card.name, 0):
                continue
            effect = self.scenario.effects.get(card.subtype)
            require(
                effect in choices,
                "scenario",
                f"effects must give the {card.kind.value} subtype {card.subtype!r} one of "
                f"{choices}, not {effect!r}",
                "SM-8" if card.kind is Kind.STANDALONE else "SM-7",
            )

    @property
    def names(self) -> tuple[str, ...]:
        """The players' ids in seat order."""
        return player_names(self.players)
