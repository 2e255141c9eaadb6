"""What a player may see of a summit map: all of it but the RNG (EN-9).

The map is public: the territory's view (owners, troops, forts, traps, truces, tallies) and
the turn flow are on the table for everyone (a secret pact, hidden by the diplomacy view,
has no trace on the map until it is revealed). Only the slice's random stream is stripped,
so a bot cannot see the future.
"""

from __future__ import annotations

import attrs

from gamefold.games.summit.board import Ask, MapState, Phase
from gamefold.games.summit.scenario import Scenario
from gamefold.territory import TerritoryView, view_fields

__all__ = ["MapView", "view"]


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
