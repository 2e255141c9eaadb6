"""The summit config: players, the diplomacy rules and the scenario (SM-1, SM-2).

Build it with keyword arguments; a value that cannot describe a game raises
:class:`~gamefold.ConfigError`. Change a built config with :func:`attrs.evolve`, which
validates again.
"""

from __future__ import annotations

import attrs

from gamefold._fields import require
from gamefold.diplomacy import DiplomacyConfig, Kind
from gamefold.games.summit.scenario import (
    AGREEMENT_EFFECTS,
    DEFAULT_BONUS_ZONES,
    MAX_ROUNDS,
    MAX_TERRITORIES,
    STANDALONE_EFFECTS,
    Scenario,
)

__all__ = [
    "MAX_ROUNDS",
    "MAX_TERRITORIES",
    "PLAYERS_RANGE",
    "SUMMIT_HAND_LIMIT",
    "SummitConfig",
    "default_diplomacy",
    "player_names",
]

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
    (:data:`~gamefold.games.summit.scenario.DEFAULT_BONUS_ZONES`, DP-5), and Covert Support
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
        require(
            isinstance(self.players, int) and not isinstance(self.players, bool),
            "players",
            "must be an integer",
            "EN-4",
        )
        require(
            low <= self.players <= high,
            "players",
            f"a summit seats {low} to {high} players, not {self.players}",
            "SM-1",
        )
        require(
            isinstance(self.diplomacy, DiplomacyConfig),
            "diplomacy",
            "is a DiplomacyConfig",
            "EN-4",
        )
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
        require(
            len(self.scenario.territories) >= self.players,
            "scenario",
            f"{self.players} players need at least {self.players} territories",
            "SM-2",
        )

    def _check_effects(self) -> None:
        """SM-7, SM-8: every Agreement and Standalone subtype in play says what it does."""
        allowed = {Kind.AGREEMENT: AGREEMENT_EFFECTS, Kind.STANDALONE: STANDALONE_EFFECTS}
        copies = self.diplomacy.composition
        for card in self.diplomacy.catalogue:
            choices = allowed.get(card.kind)
            # copies.get(name, 0) is read only for its truth: another default is equivalent.
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
