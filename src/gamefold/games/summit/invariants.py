"""What every reachable map slice satisfies: one function per invariant.

Each takes a :class:`~gamefold.games.summit.board.MapState` and yields one sentence per
violation, nothing when it holds. :data:`INVARIANTS` goes into the map's
:class:`~gamefold.Subsystem` entry, so :func:`gamefold.testing.check_invariants`, the
conformance check and the state machine run them after every step.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamefold.games.summit.board import NEUTRAL, MapState, Phase

__all__ = [
    "INVARIANTS",
    "counts_never_negative",
    "flow_consistent",
    "neutral_land_unfortified",
    "owners_are_seated",
    "truces_bind_two_players",
]


def owners_are_seated(state: MapState) -> Iterable[str]:
    """SM-2: one owner per territory, each a seated player or neutral."""
    if len(state.owners) != len(state.scenario.territories) or len(state.forts) != len(
        state.owners
    ):
        yield "the map needs exactly one owner and one fort count per territory"
    strangers = sorted({o for o in state.owners if o != NEUTRAL and o not in state.players})
    if strangers:
        yield f"territories held by unseated players {strangers}"


def neutral_land_unfortified(state: MapState) -> Iterable[str]:
    """SM-6, SM-8: forts stand only on held territories (capture razes them)."""
    for name, owner, forts in zip(
        state.scenario.territories, state.owners, state.forts, strict=False
    ):
        if owner == NEUTRAL and forts:
            yield f"neutral {name} has {forts} forts"


def counts_never_negative(state: MapState) -> Iterable[str]:
    """Troops, forts and tallies are never negative."""
    if any(f < 0 for f in state.forts):
        yield "a territory has negative forts"
    if state.proposals < 0:
        yield "a negative number of proposals this turn"
    for realm in state.realms:
        numbers = (realm.troops, realm.turns, realm.cards_earned, realm.pacts, realm.conquests)
        if min(numbers) < 0:
            yield f"{realm.player} has a negative count: {numbers}"


def truces_bind_two_players(state: MapState) -> Iterable[str]:
    """SM-7: a truce binds two different seated players; one truce per pact."""
    pacts = [t.pact for t in state.truces]
    if len(set(pacts)) != len(pacts):
        yield "two truces come from one pact"
    for truce in state.truces:
        unseated = truce.first not in state.players or truce.second not in state.players
        if truce.first == truce.second or unseated:
            yield f"truce {truce.pact} binds {truce.first!r} and {truce.second!r}"


def flow_consistent(state: MapState) -> Iterable[str]:
    """SM-9: turns add up, Rounds hold one turn per seat, the current player is seated."""
    seats = len(state.realms)
    if sum(r.turns for r in state.realms) != state.turn:
        yield f"the players' turns do not add up to the {state.turn} turns begun"
    if not (state.round - 1) * seats <= state.turn <= state.round * seats:
        yield f"{state.turn} turns begun in Round {state.round} of {seats} seats"
    if state.turn and state.current not in state.players:
        yield f"the current player {state.current!r} is not seated"
    if state.phase is Phase.ROUND and state.turn != state.round * seats:
        yield "a Round is due to begin before every seat had its turn"
    if state.asked is not None and state.asked.to not in state.players:
        yield f"a proposal awaits the answer of an unseated {state.asked.to!r}"


INVARIANTS = (
    owners_are_seated,
    neutral_land_unfortified,
    counts_never_negative,
    truces_bind_two_players,
    flow_consistent,
)
"""Every map invariant, in the order they are checked."""
