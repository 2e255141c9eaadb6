"""What every reachable territory slice satisfies: one function per invariant.

Each takes a :class:`~gamefold.territory.TerritoryState` and yields one sentence per
violation, nothing when it holds. :data:`INVARIANTS` goes into the slice's
:class:`~gamefold.Subsystem` entry (a game extending the record adds its own), so
:func:`gamefold.testing.check_invariants`, the conformance check and the state machine run
them after every step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gamefold.territory.state import NEUTRAL, TerritoryState

__all__ = [
    "INVARIANTS",
    "counts_never_negative",
    "neutral_land_unfortified",
    "owners_are_seated",
    "truces_bind_two_players",
]


def owners_are_seated(state: TerritoryState[Any]) -> Iterable[str]:
    """TR-1: one owner per territory, each a seated player or neutral."""
    if len(state.owners) != len(state.scenario.territories) or len(state.forts) != len(
        state.owners
    ):
        yield "the map needs exactly one owner and one fort count per territory"
    strangers = sorted({o for o in state.owners if o != NEUTRAL and o not in state.players})
    if strangers:
        yield f"territories held by unseated players {strangers}"


def neutral_land_unfortified(state: TerritoryState[Any]) -> Iterable[str]:
    """TR-5: forts stand only on held territories (capture razes them)."""
    for name, owner, forts in zip(
        state.scenario.territories, state.owners, state.forts, strict=False
    ):
        if owner == NEUTRAL and forts:
            yield f"neutral {name} has {forts} forts"


def counts_never_negative(state: TerritoryState[Any]) -> Iterable[str]:
    """Troops, forts and tallies are never negative."""
    if any(f < 0 for f in state.forts):
        yield "a territory has negative forts"
    for realm in state.realms:
        numbers = (realm.troops, realm.turns, realm.cards_earned, realm.pacts, realm.conquests)
        if min(numbers) < 0:
            yield f"{realm.player} has a negative count: {numbers}"


def truces_bind_two_players(state: TerritoryState[Any]) -> Iterable[str]:
    """TR-6: a truce binds two different seated players; one truce per agreement."""
    pacts = [t.pact for t in state.truces]
    if len(set(pacts)) != len(pacts):
        yield "two truces come from one pact"
    for truce in state.truces:
        unseated = truce.first not in state.players or truce.second not in state.players
        if truce.first == truce.second or unseated:
            yield f"truce {truce.pact} binds {truce.first!r} and {truce.second!r}"


INVARIANTS = (
    owners_are_seated,
    neutral_land_unfortified,
    counts_never_negative,
    truces_bind_two_players,
)
"""Every territory invariant, in the order they are checked."""
