"""What a player may see of the map: all of it but the RNG (EN-9).

The map is public: owners, troops on territories and in reserve, forts, traps, truces and
tallies are on the table for everyone. Only the slice's random stream is stripped, so a bot
cannot see the future. A game that extends the record extends the view the same way.

:func:`determinize` goes the other way, for search bots: the view is the whole map, so the
state it came from is the view with a fresh stream (:func:`state_from_view` does the same
for a game's extended record).
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from gamefold.rng import Rng
from gamefold.territory.atlas import Atlas
from gamefold.territory.state import Board, Realm, TerritoryState, Truce

__all__ = [
    "TerritoryView",
    "determinize",
    "state_from_view",
    "view",
    "view_bounds",
    "view_fields",
]

T = TypeVar("T", bound=TerritoryState[Any])


@attrs.frozen(kw_only=True)
class TerritoryView:
    """The map as any player sees it: the :class:`TerritoryState` without its RNG."""

    viewer: str
    """Whose view this is."""
    scenario: Atlas
    """The map and how it was set up."""
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
    current: str
    """The player whose turn it is."""


def view_fields(state: TerritoryState[Any], viewer: str) -> dict[str, Any]:
    """The fields of :class:`TerritoryView` for ``viewer``: what an extended view starts from."""
    return {
        "viewer": viewer,
        "scenario": state.scenario,
        "realms": state.realms,
        "owners": state.owners,
        "forts": state.forts,
        "garrisons": state.garrisons,
        "traps": state.traps,
        "truces": state.truces,
        "current": state.current,
    }


def view_bounds(atlas: Atlas, players: int) -> dict[str, tuple[float, float]]:
    """The true lengths of a map's view (a game's
    :meth:`~gamefold.games.GameDef.observation_bounds`): one owner, fort count, garrison
    and trap a territory of the map, in map order (TR-1), and one realm a player."""
    per_territory = (0.0, float(len(atlas.territories)))
    columns = ("owners", "forts", "garrisons", "traps")
    return {
        **{f"len({column})": per_territory for column in columns},
        "len(realms)": (0.0, float(players)),
    }


def view(state: TerritoryState[Any], viewer: str) -> TerritoryView:
    """What ``viewer`` may see of the map: everything but the RNG (EN-9)."""
    return TerritoryView(**view_fields(state, viewer))


def state_from_view(state_type: type[T], shown: TerritoryView, rng: Rng) -> T:
    """The ``state_type`` record ``shown`` is the view of, with a fresh stream drawn from
    ``rng``: every field of the view but ``viewer`` is a field of the record (EN-9)."""
    fields = {f.name: getattr(shown, f.name) for f in attrs.fields(type(shown))}
    del fields["viewer"]
    return state_type(**fields, rng=rng.split("stream"))


def determinize(shown: TerritoryView, viewer: str, rng: Rng) -> Board:
    """The map ``shown`` is the view of (EN-9): nothing of it is hidden but the stream,
    which is drawn afresh from ``rng``."""
    return state_from_view(Board, shown, rng)
