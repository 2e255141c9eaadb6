"""What a player may see of the map: all of it but the RNG (EN-9).

The map is public: owners, troops on territories and in reserve, forts, traps, truces,
tallies and the turn flow are on the table for everyone (a secret pact, hidden by the
diplomacy view, has no trace on the map until it is revealed). Only the slice's random
stream is stripped, so a bot cannot see the future.
"""

from __future__ import annotations

import attrs

from gamefold.games.summit.board import Ask, MapState, Phase, Realm, Truce
from gamefold.games.summit.scenario import Scenario

__all__ = ["MapView", "view"]


@attrs.frozen
class MapView:
    """The map as any player sees it: the :class:`MapState` without its RNG."""

    viewer: str
    """Whose view this is."""
    scenario: Scenario
    """The map and the figures of summit's rules."""
    realms: tuple[Realm, ...]
    """Every player's troops and tallies, in seat order."""
    owners: tuple[str, ...]
    """The owner of each territory, in map order; ``""`` for neutral."""
    forts: tuple[int, ...]
    """The forts on each territory."""
    garrisons: tuple[int, ...]
    """The troops on each territory."""
    traps: tuple[int, ...]
    """The trap on each territory."""
    truces: tuple[Truce, ...]
    """Running truces."""
    phase: Phase
    """Where the turn flow stands."""
    round: int
    """Rounds begun."""
    turn: int
    """Turns begun."""
    current: str
    """The player whose turn or window it is."""
    asked: Ask | None
    """The proposal awaiting its answer, if any."""
    proposals: int
    """Proposals made in the turn under way (SM-12)."""


def view(state: MapState, viewer: str) -> MapView:
    """What ``viewer`` may see of the map: everything but the RNG (EN-9)."""
    return MapView(
        viewer=viewer,
        scenario=state.scenario,
        realms=state.realms,
        owners=state.owners,
        forts=state.forts,
        garrisons=state.garrisons,
        traps=state.traps,
        truces=state.truces,
        phase=state.phase,
        round=state.round,
        turn=state.turn,
        current=state.current,
        asked=state.asked,
        proposals=state.proposals,
    )
