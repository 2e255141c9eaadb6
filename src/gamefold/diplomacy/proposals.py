"""Proposals and pacts (DP-9, DP-10).

During their turn a player proposes an Agreement card to another player with Value cards
in each of its slots (:class:`Propose`). Those cards leave the hand for the proposal and
are *locked* (DP-10): still held (they count toward the hand limit), but unusable. The
recipient may :class:`Accept` or :class:`Decline` at any time while it is pending. A
proposal not answered within ``proposal_ttl`` full turn cycles expires at the start of its
proposer's turn (DP-9).

Accepted, the proposal becomes a :class:`Pact` lasting the Agreement card's duration, and
its cards return to the pool. Declined or expired, its cards go back to the proposer's
hand, unlocked. A pact of N turns is in force for the rest of the turn it was accepted in,
then for N whole turns of the player whose turns count it down (its proposer's,
``pact_clock="proposer"``, the default, or every player's, ``"every"``), and ends at the
start of the turn after those (DP-8): each whole turn on its clock is counted off at the
start of the turn that follows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.diplomacy import codes
from gamefold.diplomacy.cards import CardType, Kind, put
from gamefold.diplomacy.domains import HAND_CARDS, PROPOSALS, SEATS, SLOT_VALUES
from gamefold.diplomacy.hands import card_refusal, give_back, held_count, kind_refusal
from gamefold.diplomacy.seats import find_seat, put_seat, seat_of, turn_refusal, unseated
from gamefold.domains import ACTOR, domain
from gamefold.pipeline import Refusal

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState, PlayerState

__all__ = [
    "Accept",
    "Decline",
    "Pact",
    "PactBegan",
    "PactCountedDown",
    "PactEnded",
    "Proposal",
    "ProposalAccepted",
    "ProposalDeclined",
    "ProposalExpired",
    "ProposalMade",
    "Propose",
]


@attrs.frozen
class Proposal:
    """A pending proposal: its cards are locked until it is answered or expires (DP-9)."""

    id: int
    """Unique within a game, in the order proposals were made."""
    proposer: str
    """The player who proposed it and whose cards it locks."""
    to: str
    """The player it is addressed to, who may accept or decline it."""
    agreement: int
    """The Agreement card proposed."""
    values: tuple[int, ...]
    """The Value cards in its slots."""
    expires: int
    """The turn number at whose start it expires unanswered (DP-9)."""

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card locked in this proposal: the Agreement card, then its Value cards."""
        return (self.agreement, *self.values)


@attrs.frozen
class Pact:
    """A running pact between two players, made from an accepted proposal (DP-9)."""

    id: int
    """The id of the proposal it came from."""
    agreement: str
    """The Agreement card type's name (``"Ceasefire T1"``); the card is back in the pool."""
    proposer: str
    """The player who proposed it."""
    partner: str
    """The player who accepted it."""
    values: tuple[str, ...]
    """The type names of the Value cards that were in its slots."""
    remaining: int
    """Whole turns on its clock still to finish, the one under way included; it ends at the
    start of the turn after the last (DP-8)."""
    secret: bool = False
    """Whether only its parties see it (its subtype is one of ``secret_agreements``)."""
    since: int = 0
    """The turn it was accepted in: not a whole turn, so never counted (DP-8)."""


@attrs.frozen
class Propose(Action):
    """``player`` proposes the ``agreement`` card, slots filled with ``values``, to ``to``."""

    player: str = attrs.field(metadata=domain(ACTOR))
    to: str = attrs.field(metadata=domain(SEATS))
    agreement: int = attrs.field(metadata=domain(HAND_CARDS))
    values: tuple[int, ...] = attrs.field(metadata=domain(SLOT_VALUES))


@attrs.frozen
class Accept(Action):
    """``player`` accepts the pending proposal ``proposal`` addressed to them (DP-9)."""

    player: str = attrs.field(metadata=domain(ACTOR))
    proposal: int = attrs.field(metadata=domain(PROPOSALS))


@attrs.frozen
class Decline(Action):
    """``player`` declines the pending proposal ``proposal`` addressed to them (DP-9)."""

    player: str = attrs.field(metadata=domain(ACTOR))
    proposal: int = attrs.field(metadata=domain(PROPOSALS))


@attrs.frozen
class ProposalMade(Event):
    """A proposal was made; its cards are locked (DP-9, DP-10)."""

    proposal: Proposal


@attrs.frozen
class ProposalAccepted(Event):
    """Proposal ``proposal`` was accepted by ``player``; its cards went back to the pool."""

    proposal: int
    player: str


@attrs.frozen
class ProposalDeclined(Event):
    """Proposal ``proposal`` was declined; its cards are back in ``proposer``'s hand."""

    proposal: int
    proposer: str
    player: str


@attrs.frozen
class ProposalExpired(Event):
    """Proposal ``proposal`` expired unanswered; its cards are back in the hand (DP-9)."""

    proposal: int
    proposer: str
    to: str


@attrs.frozen
class PactBegan(Event):
    """A pact began (DP-9)."""

    pact: Pact


@attrs.frozen
class PactCountedDown(Event):
    """Pact ``pact`` has ``remaining`` turns left."""

    pact: int
    remaining: int


@attrs.frozen
class PactEnded(Event):
    """Pact ``pact`` (``agreement`` between ``proposer`` and ``partner``) ran its course."""

    pact: int
    agreement: str
    proposer: str
    partner: str


_TO_SELF = Refusal(codes.PROPOSAL_TO_SELF, "An Agreement goes to another player.")
_TWICE = Refusal(codes.DUPLICATE_CARD, "A card fills one slot only.")


def filled_once(values: tuple[int, ...]) -> bool:
    """Whether a proposal names each of its Value cards once (EN-4)."""
    return len(set(values)) == len(values)


def fills(card_type: CardType, values: tuple[int, ...]) -> bool:
    """Whether ``values`` fill exactly the slots of the Agreement ``card_type`` (DP-9)."""
    return len(values) == card_type.slots


def _cards_refusal(
    state: DiplomacyState, player: PlayerState, agreement: int, values: tuple[int, ...]
) -> Refusal | None:
    """Why ``player`` may not propose these cards: not each held unlocked (EN-4, DP-10), or
    of the wrong kind (DP-9); the Agreement card first, then each Value card in order."""
    refusal = card_refusal(state, player, agreement) or kind_refusal(
        state, agreement, Kind.AGREEMENT, "DP-9"
    )
    if refusal is not None:
        return refusal
    for card in values:
        refusal = card_refusal(state, player, card) or kind_refusal(state, card, Kind.VALUE, "DP-9")
        if refusal is not None:
            return refusal
    return None


def _propose_refusal(state: DiplomacyState, action: Propose, player: PlayerState) -> Refusal | None:
    """Why the seated ``player`` may not make this proposal (DP-9, DP-10, EN-4), the
    checks in their fixed order; ``None`` when it is legal."""
    name, to, values = action.player, action.to, action.values
    if find_seat(state, to) is None:
        return unseated(to)
    refusal = turn_refusal(state, name, "DP-9")
    if refusal is not None:
        return refusal
    if to == name:
        return _TO_SELF
    if not filled_once(values):
        return _TWICE
    refusal = _cards_refusal(state, player, action.agreement, values)
    if refusal is not None:
        return refusal
    card_type = state.config.cards[action.agreement]
    if not fills(card_type, values):
        message = f"{card_type.name} takes exactly {card_type.slots} Value card(s)."
        return Refusal(codes.SLOTS_MISMATCH, message)
    return None


def decide_propose(
    state: DiplomacyState, action: Propose
) -> tuple[DiplomacyState, Events] | Refusal:
    """Own turn; another player; unlocked cards in hand; exactly the card's slots filled
    (DP-9, DP-10): the cards leave the hand, locked in a new pending proposal."""
    seat = find_seat(state, action.player)
    if seat is None:
        return unseated(action.player)
    player = state.players[seat]
    refusal = _propose_refusal(state, action, player)
    if refusal is not None:
        return refusal
    # DP-9 (default): unanswered, it expires after proposal_ttl full turn cycles.
    expires = state.turn + state.config.proposal_ttl * len(state.players)
    proposal = Proposal(
        state.next_id, action.player, action.to, action.agreement, action.values, expires
    )
    locked = proposal.cards
    new = replace(player, hand=tuple(c for c in player.hand if c not in locked))
    state = replace(
        state,
        players=put_seat(state.players, seat, new),
        proposals=(*state.proposals, proposal),
        next_id=state.next_id + 1,
    )
    return state, (ProposalMade(proposal),)


def addressed_to(proposal: Proposal, player: str) -> bool:
    """Whether ``proposal`` is addressed to ``player``, who alone may answer it (DP-9)."""
    return proposal.to == player


def _pending(state: DiplomacyState, action: Accept | Decline) -> Proposal | Refusal:
    """The pending proposal the seated player answers, addressed to them (DP-9); else the
    refusal."""
    name = action.player
    if find_seat(state, name) is None:
        return unseated(name)
    for proposal in state.proposals:
        if proposal.id == action.proposal:
            if not addressed_to(proposal, name):
                message = f"Proposal {proposal.id} is not addressed to you."
                return Refusal(codes.NOT_RECIPIENT, message)
            return proposal
    return Refusal(codes.UNKNOWN_PROPOSAL, f"No proposal {action.proposal} is pending.")


def _without(state: DiplomacyState, proposal: Proposal) -> DiplomacyState:
    return replace(state, proposals=tuple(p for p in state.proposals if p is not proposal))


def decide_accept(state: DiplomacyState, action: Accept) -> tuple[DiplomacyState, Events] | Refusal:
    """The proposal is pending and addressed to the player (DP-9): a pact begins with the
    card's duration; its cards return to the pool, or with ``accepted_cards="partner"``
    join the partner's hand while it has room."""
    proposal = _pending(state, action)
    if isinstance(proposal, Refusal):
        return proposal
    types = state.config.cards
    pool = state.pool
    kept: list[int] = []
    room = 0
    if state.config.accepted_cards == "partner":  # DP-9 (config): the partner keeps them
        seat = seat_of(state, proposal.to)
        room = state.config.hand_limit - held_count(state, seat)
    for card in proposal.cards:
        if len(kept) < room:
            kept.append(card)
        else:
            pool = put(pool, card, types[card].kind)
    if kept:
        state = give_back(state, seat_of(state, proposal.to), tuple(kept))
    agreement = types[proposal.agreement]
    pact = Pact(
        proposal.id,
        agreement.name,
        proposal.proposer,
        proposal.to,
        tuple(types[c].name for c in proposal.values),
        agreement.duration,
        agreement.subtype in state.config.secret_agreements,
        state.turn,  # DP-8: the rest of this turn is in force, not counted
    )
    state = replace(_without(state, proposal), pool=pool, pacts=(*state.pacts, pact))
    return state, (ProposalAccepted(proposal.id, action.player), PactBegan(pact))


def _unlock(state: DiplomacyState, proposal: Proposal) -> DiplomacyState:
    """The proposal ends unaccepted: its cards return to the proposer's hand (DP-9)."""
    seat = seat_of(state, proposal.proposer)
    return give_back(_without(state, proposal), seat, proposal.cards)


def decide_decline(
    state: DiplomacyState, action: Decline
) -> tuple[DiplomacyState, Events] | Refusal:
    """The proposal is pending and addressed to the player (DP-9): its cards are unlocked,
    back in the proposer's hand."""
    proposal = _pending(state, action)
    if isinstance(proposal, Refusal):
        return proposal
    event = ProposalDeclined(proposal.id, proposal.proposer, action.player)
    return _unlock(state, proposal), (event,)


def expire(state: DiplomacyState, turn: int, events: list[Event]) -> DiplomacyState:
    """At the start of turn ``turn``, proposals due to expire end and unlock their cards
    (DP-9)."""
    for proposal in state.proposals:
        if proposal.expires <= turn:
            events.append(ProposalExpired(proposal.id, proposal.proposer, proposal.to))
            state = _unlock(state, proposal)
    return state


def count_down(state: DiplomacyState, events: list[Event]) -> DiplomacyState:
    """At a turn start, the turn that just finished is counted off every pact whose clock it
    is on (its proposer's turn, or any turn with ``pact_clock="every"``) and that was a whole
    turn of the pact (after the turn it was accepted in); a pact with no whole turn left
    ends now, at the start of the turn after its last (DP-8)."""
    last = state.turn  # the turn that just finished; 0 before the first
    player = state.players[(last - 1) % len(state.players)].player
    every = state.config.pact_clock == "every"
    pacts = []
    for pact in state.pacts:
        if last <= pact.since or not (every or pact.proposer == player):
            pacts.append(pact)
        elif pact.remaining > 1:
            pacts.append(replace(pact, remaining=pact.remaining - 1))
            events.append(PactCountedDown(pact.id, pact.remaining - 1))
        else:
            events.append(PactEnded(pact.id, pact.agreement, pact.proposer, pact.partner))
    return replace(state, pacts=tuple(pacts))
