"""The table: the state record, the players' records and the initial state (DP-1, DP-2).

:func:`initial_state` numbers every card of the config's composition, puts them all in
the pool, and deals each player ``starting_hand`` Tier 1 troop cards drawn at random from
it (DP-2). From then on every card is in exactly one place: the pool, a hand, or a
pending proposal (DP-1).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gamefold.diplomacy.cards import Pool
from gamefold.diplomacy.config import DiplomacyConfig
from gamefold.diplomacy.hands import deal
from gamefold.diplomacy.legal import _VALUE
from gamefold.diplomacy.proposals import Pact, Proposal
from gamefold.diplomacy.standalone import Effect
from gamefold.diplomacy.ticks import Ticks
from gamefold.errors import ConfigError
from gamefold.rng import Rng

__all__ = ["DiplomacyState", "PlayerState", "initial_state"]

NAME = "diplomacy"
"""The subsystem's name: its registry slice and its RNG stream."""


@attrs.frozen
class PlayerState:
    """One player's economy: hand, tick counters, deploy debt, between-turn window."""

    player: str
    """The player's id."""
    hand: tuple[int, ...] = ()
    """Unlocked cards in hand, in the order they came; locked ones sit in proposals."""
    ticks: Ticks = attrs.field(factory=Ticks)
    """The four tick counters, in quarter-ticks (DP-3)."""
    deploy_debt: int = 0
    """Troops owed off the next turn's deploy for self-applied cards (DP-11)."""
    between_turns: bool = False
    """Whether the player's between-turn window is open (turn ended, next not begun)."""
    pending: Effect | None = None
    """The Standalone effect played in this window, resolving at the next turn (DP-12)."""


@attrs.frozen
class DiplomacyState:
    """The diplomacy slice of a game. Build it with :func:`initial_state`."""

    config: DiplomacyConfig
    """The rules as data."""
    players: tuple[PlayerState, ...]
    """One record per player, in seat (turn) order."""
    pool: Pool
    """The cards nobody holds (DP-1)."""
    rng: Rng
    """The slice's random stream (EN-3)."""
    proposals: tuple[Proposal, ...] = ()
    """Pending proposals, oldest first (DP-9)."""
    pacts: tuple[Pact, ...] = ()
    """Running pacts, oldest first."""
    turn: int = 0
    """Turns begun so far; the turn under way (or last ended) has this number."""
    active: str | None = None
    """The player whose turn is under way, or ``None`` between turns."""
    next_id: int = 0
    """The id the next proposal gets."""

    @property
    def next_player(self) -> str:
        """The player whose turn begins next (seats take turns in order)."""
        return self.players[self.turn % len(self.players)].player


def _players(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(players)
    if isinstance(players, str) or not names:
        raise ConfigError("players", "a game needs a sequence of one or more players", "EN-4")
    if not all(isinstance(p, str) and p for p in names) or len(set(names)) != len(names):
        raise ConfigError("players", "players are distinct, non-empty names", "EN-4")
    return names


def initial_state(
    config: DiplomacyConfig, players: Sequence[str], seed: int | str | Rng = 0
) -> DiplomacyState:
    """The state before the first turn: a full pool, and each player's starting hand (DP-2).

    With an ``int`` or ``str`` seed the stream is ``Rng.from_seed(seed).split("diplomacy")``;
    an :class:`~gamefold.Rng` is used as is. Raises :class:`~gamefold.ConfigError` when the
    composition has too few starting troop cards for the players.
    """
    names = _players(players)
    rng = seed if isinstance(seed, Rng) else Rng.from_seed(seed).split(NAME)
    tier = config.starting_tier
    starters = sum(1 for card in config.cards if card.kind is _VALUE and card.tier == tier)
    if starters < config.starting_hand * len(names):
        raise ConfigError(
            "composition",
            f"{len(names)} players need {config.starting_hand * len(names)} Tier "
            f"{config.starting_tier} Value cards, the composition has {starters}",
            "DP-2",
        )
    pool = Pool.of_cards(range(len(config.cards)), config.cards)
    state = DiplomacyState(config, tuple(PlayerState(p) for p in names), pool, rng)
    for seat in range(len(names)):
        state = deal(state, seat, config.starting_hand, config.starting_tier)  # DP-2
    return state
