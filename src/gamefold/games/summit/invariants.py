"""What every reachable summit map satisfies: the territory's invariants and the flow's.

Each takes a :class:`~gamefold.games.summit.state.MapState` and yields one sentence per
violation, nothing when it holds. :data:`INVARIANTS` goes into the map's
:class:`~gamefold.Subsystem` entry, so :func:`gamefold.testing.check_invariants`, the
conformance check and the state machine run them after every step.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamefold import territory
from gamefold.games.summit.state import MapState, Phase

__all__ = ["INVARIANTS", "flow_consistent"]


def flow_consistent(state: MapState) -> Iterable[str]:
    """SM-9: turns add up, Rounds hold one turn per seat, the current player is seated."""
    seats = len(state.realms)
    if state.proposals < 0:
        yield "a negative number of proposals this turn"
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


INVARIANTS = (*territory.INVARIANTS, flow_consistent)
"""Every map invariant, in the order they are checked."""
