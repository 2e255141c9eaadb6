"""Listing an actor's legal actions (EN-5).

Copies of one card type are interchangeable, so the list names one action per distinct
choice of card *types*, using the earliest copies in the hand. Its order is fixed: during
their own turn, the actor's Discards, self-applications, proposals and :class:`EndTurn`;
at any time, Accept then Decline for each proposal addressed to them; in their
between-turn window, each Standalone card they could play (``target=""``: aiming it is the
host game's business). Proposals are listed per Agreement type, then per filling of its
slots, then per recipient in seat order, up to ``config.proposal_listing_limit``.

Lifecycle actions that the host game issues (:class:`~gamefold.diplomacy.turns.BeginTurn`) are
never listed: they carry facts of the map, not choices.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement, islice
from typing import TYPE_CHECKING

from gamefold.core import Action, EndTurn
from gamefold.diplomacy.cards import Kind
from gamefold.diplomacy.hands import Discard, SelfApply
from gamefold.diplomacy.proposals import Accept, Decline, Propose
from gamefold.diplomacy.seats import find_seat
from gamefold.diplomacy.standalone import PlayStandalone

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState

__all__ = ["legal_actions"]


def _groups(state: DiplomacyState, hand: tuple[int, ...], kind: Kind | None) -> list[list[int]]:
    """The hand's cards of ``kind`` (any if ``None``) grouped by type, in first-seen order."""
    types = state.config.cards
    groups: dict[str, list[int]] = {}
    for card in hand:
        card_type = types[card]
        if kind is None or card_type.kind is kind:
            groups.setdefault(card_type.name, []).append(card)
    return list(groups.values())


def _firsts(state: DiplomacyState, hand: tuple[int, ...], kind: Kind | None) -> list[int]:
    return [group[0] for group in _groups(state, hand, kind)]


def _fillings(groups: list[list[int]], slots: int) -> Iterator[tuple[int, ...]]:
    """Each distinct way to fill ``slots`` slots from ``groups`` of interchangeable cards."""
    for choice in combinations_with_replacement(range(len(groups)), slots):
        used = {g: choice.count(g) for g in set(choice)}
        if all(used[g] <= len(groups[g]) for g in used):
            yield tuple(card for g in sorted(used) for card in groups[g][: used[g]])


def _proposals(state: DiplomacyState, actor: str, hand: tuple[int, ...]) -> Iterator[Propose]:
    values = _groups(state, hand, Kind.VALUE)
    others = [p.player for p in state.players if p.player != actor]
    for agreement in _firsts(state, hand, Kind.AGREEMENT):
        for filling in _fillings(values, state.config.cards[agreement].slots):
            for other in others:
                yield Propose(actor, other, agreement, filling)


def _own_turn(state: DiplomacyState, actor: str, hand: tuple[int, ...]) -> list[Action]:
    out: list[Action] = [Discard(actor, card) for card in _firsts(state, hand, None)]
    out += [SelfApply(actor, card) for card in _firsts(state, hand, Kind.VALUE)]
    limit = state.config.proposal_listing_limit
    out += islice(_proposals(state, actor, hand), limit)
    out.append(EndTurn(actor))
    return out


def legal_actions(state: DiplomacyState, actor: str) -> tuple[Action, ...]:
    """Every legal action of ``actor``, in a fixed order (EN-5); ``()`` for a stranger."""
    seat = find_seat(state, actor)
    if seat is None:
        return ()
    player = state.players[seat]
    out: list[Action] = []
    if state.active == actor:
        out += _own_turn(state, actor, player.hand)
    for proposal in state.proposals:
        if proposal.to == actor:
            out += (Accept(actor, proposal.id), Decline(actor, proposal.id))
    if player.between_turns and player.pending is None:
        out += [PlayStandalone(actor, c) for c in _firsts(state, player.hand, Kind.STANDALONE)]
    return tuple(out)
