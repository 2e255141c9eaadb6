"""The map slice of a summit game: the territory record with summit's turn flow on it.

:class:`MapState` is the ``"map"`` slice of a summit game: a
:class:`~gamefold.territory.TerritoryState` (owners, troops, forts, traps, realms, truces,
the current player) that also keeps where summit's turn flow stands: the :class:`Phase`,
the Round, the turns begun, and the proposal awaiting its answer (:class:`Ask`). The map's
actions are open only in the :attr:`Phase.TURN` part of a turn (:attr:`MapState.acting`).

What a player may see of it (:func:`view`, a :class:`MapView`): all of it but the RNG
(EN-9). The map is public: the territory's view (owners, troops, forts, traps, truces,
tallies) and the turn flow are on the table for everyone (a secret pact, hidden by the
diplomacy view, has no trace on the map until it is revealed). Only the slice's random
stream is stripped, so a bot cannot see the future.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Protocol, TypeVar

import attrs

from gamefold import diplomacy, territory
from gamefold.games.summit.config import Scenario
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.territory import TerritoryView, state_from_view, view_fields

__all__ = [
    "G",
    "SummitSlices",
    "Ask",
    "DIPLOMACY",
    "MapState",
    "MapView",
    "NAME",
    "Phase",
    "SummitGame",
    "determinize",
    "view",
]


NAME = territory.NAME
"""The slice's name in the registry and its RNG stream."""
DIPLOMACY = diplomacy.subsystem.name
"""The diplomacy slice's name in a summit game."""


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
class Ask:
    """A proposal awaiting its recipient's answer before play goes on (SM-9)."""

    proposal: int
    """The proposal's id."""
    to: str
    """The recipient, whose answer is due."""


@attrs.frozen
class MapState(territory.TerritoryState[Scenario]):
    """The map slice of a summit game. Build it with :func:`initial_state`."""

    recorded_as: ClassVar[str] = "gamefold.games.summit.board.MapState"
    """The tag it was recorded under before it moved here, so digests and states stay."""

    phase: Phase = Phase.ROUND
    """Where the turn flow stands."""
    round: int = 0
    """Rounds begun."""
    turn: int = 0
    """Turns begun."""
    asked: Ask | None = None
    """The proposal awaiting its answer, if any."""
    proposals: int = 0
    """Proposals made in the turn under way (SM-12)."""

    @property
    def acting(self) -> str:
        """The player who may deploy and attack: the current one, while their turn is
        under way (not in its window, SM-9)."""
        return self.current if self.phase is Phase.TURN else ""

    @property
    def next_player(self) -> str:
        """The player whose turn begins next."""
        return self.realms[self.turn % len(self.realms)].player


def initial_state(
    scenario: Scenario, players: tuple[str, ...] | list[str], seed: int | str = 0
) -> MapState:
    """The map before the first Round: the territory's setup (TR-1) and no turn begun."""
    board = territory.initial_state(scenario, players, seed)
    return MapState(
        scenario,
        board.realms,
        board.owners,
        board.forts,
        board.rng,
        garrisons=board.garrisons,
        traps=board.traps,
    )


@attrs.frozen
class SummitGame(Game):
    """A summit game in play: the factions' economy and the map, by name.

    Summit's rules read ``game.diplomacy`` and ``game.map``, so they run on any game record
    with these two slices (the campaign's has them too)."""

    diplomacy: diplomacy.DiplomacyState
    """The factions' economy (:mod:`gamefold.diplomacy`)."""
    map: MapState
    """The map (:data:`NAME`)."""


class SummitSlices(Protocol):
    """A game summit's rules run on: any game record with its two slices, read and written
    by name (summit's own record and the campaign's both are one)."""

    @property
    def diplomacy(self) -> diplomacy.DiplomacyState:
        """The factions' economy (:mod:`gamefold.diplomacy`)."""

    @property
    def map(self) -> MapState:
        """The map (:data:`NAME`)."""


G = TypeVar("G", bound=SummitSlices)
"""The record a summit rule takes and gives back: the same class (a :class:`SummitSlices`)."""


@attrs.frozen(kw_only=True)
class MapView(TerritoryView):
    """The map as any player sees it: the :class:`MapState` without its RNG."""

    scenario: Scenario
    """The map and the figures of summit's rules."""
    phase: Phase
    """Where the turn flow stands."""
    round: int
    """Rounds begun."""
    turn: int
    """Turns begun."""
    asked: Ask | None
    """The proposal awaiting its answer, if any."""
    proposals: int
    """Proposals made in the turn under way (SM-12)."""


def view(state: MapState, viewer: str) -> MapView:
    """What ``viewer`` may see of the map: everything but the RNG (EN-9)."""
    return MapView(
        **view_fields(state, viewer),
        phase=state.phase,
        round=state.round,
        turn=state.turn,
        asked=state.asked,
        proposals=state.proposals,
    )


def determinize(shown: MapView, viewer: str, rng: Rng) -> MapState:
    """The map ``shown`` is the view of (EN-9): all of it public, the stream drawn afresh."""
    return state_from_view(MapState, shown, rng)
