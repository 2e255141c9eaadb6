"""What every reachable diplomacy state satisfies: one function per invariant.

Each takes a state and yields one sentence per violation, nothing when it holds. The
stateful tests check them all after every step; a game's own tests can too
(:data:`INVARIANTS`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from gamefold.diplomacy.cards import KINDS, Kind
from gamefold.diplomacy.hands import held_count
from gamefold.diplomacy.table import DiplomacyState

__all__ = [
    "INVARIANTS",
    "cards_conserved",
    "hands_within_limit",
    "locked_cards_are_proposed",
    "pacts_running",
    "pool_sorted_by_kind",
    "ticks_never_negative",
    "turns_consistent",
    "violations",
]


def _places(state: DiplomacyState) -> Iterator[int]:
    yield from state.pool.agreement
    yield from state.pool.value
    yield from state.pool.standalone
    for player in state.players:
        yield from player.hand
    for proposal in state.proposals:
        yield from proposal.cards


def cards_conserved(state: DiplomacyState) -> Iterable[str]:
    """DP-1: every card of the game is in exactly one place: pool, hand or proposal."""
    seen = sorted(_places(state))
    if seen != list(range(len(state.config.cards))):
        yield (
            f"the pool, hands and proposals hold {len(seen)} card places, "
            f"{len(set(seen))} distinct, for {len(state.config.cards)} cards"
        )


def pool_sorted_by_kind(state: DiplomacyState) -> Iterable[str]:
    """DP-1: each of the pool's tuples is ascending and holds only cards of its kind."""
    for kind in KINDS:
        cards = state.pool.of(kind)
        if list(cards) != sorted(set(cards)):
            yield f"the pool's {kind.value} cards are not strictly ascending"
        if any(state.config.cards[c].kind is not kind for c in cards):
            yield f"the pool's {kind.value} cards include another kind"


def hands_within_limit(state: DiplomacyState) -> Iterable[str]:
    """DP-13: nobody holds more cards than the limit, locked ones included."""
    for seat, player in enumerate(state.players):
        held = held_count(state, seat)
        if held > state.config.hand_limit and state.config.all_locked != "keep":
            yield f"{player.player} holds {held} cards, over the limit"


def locked_cards_are_proposed(state: DiplomacyState) -> Iterable[str]:
    """DP-9, DP-10: locked cards are exactly the well-formed pending proposals' cards."""
    names = [p.player for p in state.players]
    types = state.config.cards
    ids = [p.id for p in state.proposals]
    if ids != sorted(set(ids)) or any(i >= state.next_id for i in ids):
        yield "proposal ids are not unique, ascending and below next_id"
    for proposal in state.proposals:
        if proposal.proposer not in names or proposal.to not in names:
            yield f"proposal {proposal.id} names a player who is not seated"
        if proposal.proposer == proposal.to:
            yield f"proposal {proposal.id} is addressed to its proposer"
        agreement = types[proposal.agreement]
        if agreement.kind is not Kind.AGREEMENT or agreement.slots != len(proposal.values):
            yield f"proposal {proposal.id} is not an Agreement card with its slots filled"
        if any(types[c].kind is not Kind.VALUE for c in proposal.values):
            yield f"proposal {proposal.id} has a card other than a Value card in a slot"
        if proposal.expires <= state.turn:
            yield f"proposal {proposal.id} should have expired"


def ticks_never_negative(state: DiplomacyState) -> Iterable[str]:
    """DP-3: no counter (nor deploy debt) is ever negative."""
    for player in state.players:
        t = player.ticks
        if min(t.random, t.agreement, t.value, t.standalone, player.deploy_debt) < 0:
            yield f"{player.player} has a negative counter or deploy debt"


def pacts_running(state: DiplomacyState) -> Iterable[str]:
    """DP-9: a running pact has turns left and ids are unique."""
    ids = [p.id for p in state.pacts]
    if len(set(ids)) != len(ids):
        yield "two pacts share an id"
    for pact in state.pacts:
        if pact.remaining < 1:
            yield f"pact {pact.id} has no turns left but is still running"


def turns_consistent(state: DiplomacyState) -> Iterable[str]:
    """DP-12: the active player's window is closed; an effect waits only in an open window."""
    names = [p.player for p in state.players]
    if state.active is not None and state.active not in names:
        yield f"the active player {state.active!r} is not seated"
    for player in state.players:
        if player.player == state.active and player.between_turns:
            yield f"{player.player} is both in their turn and between turns"
        if player.pending is not None and not player.between_turns:
            yield f"{player.player} has a Standalone effect waiting outside their window"


INVARIANTS = (
    cards_conserved,
    pool_sorted_by_kind,
    hands_within_limit,
    locked_cards_are_proposed,
    ticks_never_negative,
    pacts_running,
    turns_consistent,
)
"""Every invariant of this module."""


def violations(state: DiplomacyState) -> list[str]:
    """Every violated invariant's sentences, for a quick assertion."""
    return [problem for invariant in INVARIANTS for problem in invariant(state)]
