"""Proposals and pacts (DP-9, DP-10).

During their turn a player proposes an Agreement card to another player with Value cards
in each of its slots (:class:`Propose`). Those cards leave the hand for the proposal and
are *locked* (DP-10): still held (they count toward the hand limit), but unusable. The
recipient may :class:`Accept` or :class:`Decline` at any time while it is pending. A
proposal not answered within ``proposal_ttl`` full turn cycles expires at the start of its
proposer's turn (DP-9).

Accepted, the proposal becomes a :class:`Pact` lasting the Agreement card's duration, and
its cards return to the pool. Declined or expired, its cards go back to the proposer's
hand, unlocked. A pact counts down at the start of each of its proposer's turns
(``pact_clock="proposer"``, the default) or of every turn (``"every"``) and ends at zero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.diplomacy import codes
from gamefold.diplomacy.cards import Kind, put
from gamefold.diplomacy.hands import give_back, held_count, require_card, require_kind
from gamefold.diplomacy.seats import require_seat, require_turn, seat_of, with_player

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState

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
    """Turns left before it ends (DP-8)."""
    secret: bool = False
    """Whether only its parties see it (its subtype is one of ``secret_agreements``)."""


@attrs.frozen
class Propose(Action):
    """``player`` proposes the ``agreement`` card, slots filled with ``values``, to ``to``."""

    player: str
    to: str
    agreement: int
    values: tuple[int, ...]


@attrs.frozen
class Accept(Action):
    """``player`` accepts the pending proposal ``proposal`` addressed to them (DP-9)."""

    player: str
    proposal: int


@attrs.frozen
class Decline(Action):
    """``player`` declines the pending proposal ``proposal`` addressed to them (DP-9)."""

    player: str
    proposal: int


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


def validate_propose(state: DiplomacyState, action: Propose) -> None:
    """Own turn; another player; unlocked cards in hand; exactly the card's slots filled."""
    seat = require_seat(state, action.player, action)
    require_seat(state, action.to, action)
    require_turn(state, action.player, action, "DP-9")
    if action.to == action.player:
        raise codes.illegal(codes.PROPOSAL_TO_SELF, "An Agreement goes to another player.", action)
    if len(set(action.values)) != len(action.values):
        raise codes.illegal(codes.DUPLICATE_CARD, "A card fills one slot only.", action)
    require_card(state, seat, action.agreement, action)
    require_kind(state, action.agreement, Kind.AGREEMENT, action, "DP-9")
    for card in action.values:
        require_card(state, seat, card, action)
        require_kind(state, card, Kind.VALUE, action, "DP-9")
    card_type = state.config.cards[action.agreement]
    if len(action.values) != card_type.slots:
        message = f"{card_type.name} takes exactly {card_type.slots} Value card(s)."
        raise codes.illegal(codes.SLOTS_MISMATCH, message, action)


def apply_propose(state: DiplomacyState, action: Propose) -> tuple[DiplomacyState, Events]:
    """The cards leave the hand and are locked in a new pending proposal (DP-9, DP-10)."""
    seat = seat_of(state, action.player)  # validated
    # DP-9 (default): unanswered, it expires after proposal_ttl full turn cycles.
    expires = state.turn + state.config.proposal_ttl * len(state.players)
    proposal = Proposal(
        state.next_id, action.player, action.to, action.agreement, action.values, expires
    )
    player = state.players[seat]
    locked = proposal.cards
    hand = tuple(c for c in player.hand if c not in locked)
    state = with_player(state, seat, replace(player, hand=hand))
    state = replace(state, proposals=(*state.proposals, proposal), next_id=state.next_id + 1)
    return state, (ProposalMade(proposal),)


def _pending(state: DiplomacyState, action: Accept | Decline) -> Proposal:
    require_seat(state, action.player, action)
    for proposal in state.proposals:
        if proposal.id == action.proposal:
            if proposal.to != action.player:
                message = f"Proposal {proposal.id} is not addressed to you."
                raise codes.illegal(codes.NOT_RECIPIENT, message, action)
            return proposal
    message = f"No proposal {action.proposal} is pending."
    raise codes.illegal(codes.UNKNOWN_PROPOSAL, message, action)


def validate_answer(state: DiplomacyState, action: Accept | Decline) -> None:
    """The proposal is pending and addressed to the player answering (DP-9)."""
    _pending(state, action)


def _without(state: DiplomacyState, proposal: Proposal) -> DiplomacyState:
    return replace(state, proposals=tuple(p for p in state.proposals if p is not proposal))


def apply_accept(state: DiplomacyState, action: Accept) -> tuple[DiplomacyState, Events]:
    """A pact begins with the card's duration; its cards return to the pool, or with
    ``accepted_cards="partner"`` join the partner's hand while it has room (DP-9)."""
    proposal = _pending(state, action)
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
    )
    state = replace(_without(state, proposal), pool=pool, pacts=(*state.pacts, pact))
    return state, (ProposalAccepted(proposal.id, action.player), PactBegan(pact))


def _unlock(state: DiplomacyState, proposal: Proposal) -> DiplomacyState:
    """The proposal ends unaccepted: its cards return to the proposer's hand (DP-9)."""
    seat = seat_of(state, proposal.proposer)
    return give_back(_without(state, proposal), seat, proposal.cards)


def apply_decline(state: DiplomacyState, action: Decline) -> tuple[DiplomacyState, Events]:
    """The proposal's cards are unlocked and stay in the proposer's hand (DP-9)."""
    proposal = _pending(state, action)
    event = ProposalDeclined(proposal.id, proposal.proposer, action.player)
    return _unlock(state, proposal), (event,)


def expire(state: DiplomacyState, events: list[Event]) -> DiplomacyState:
    """At a turn start, proposals due to expire end and unlock their cards (DP-9)."""
    for proposal in state.proposals:
        if proposal.expires <= state.turn:
            events.append(ProposalExpired(proposal.id, proposal.proposer, proposal.to))
            state = _unlock(state, proposal)
    return state


def count_down(state: DiplomacyState, player: str, events: list[Event]) -> DiplomacyState:
    """At ``player``'s turn start, pacts on the clock count down; at zero they end."""
    if not state.pacts:
        return state
    every = state.config.pact_clock == "every"
    pacts = []
    for pact in state.pacts:
        if not (every or pact.proposer == player):
            pacts.append(pact)
        elif pact.remaining > 1:
            pacts.append(replace(pact, remaining=pact.remaining - 1))
            events.append(PactCountedDown(pact.id, pact.remaining - 1))
        else:
            events.append(PactEnded(pact.id, pact.agreement, pact.proposer, pact.partner))
    return replace(state, pacts=tuple(pacts))
