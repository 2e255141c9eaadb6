"""Listing an actor's legal actions: every one, in a documented order (EN-5).

Every legal action is listed once, by card id (two copies of a card type are two
choices), with no cap. The order is fixed:

1. during their own turn: a :class:`Discard` of each card in hand, in hand order; a
   :class:`SelfApply` of each Value card in hand, in hand order; every :class:`Propose`
   (each Agreement card in hand order, then each ordered choice of distinct Value cards
   for its slots, in hand order, then each recipient in seat order); :class:`EndTurn`;
2. at any time: Accept then Decline for each pending proposal addressed to them, oldest
   first;
3. in their between-turn window: a :class:`PlayStandalone` of each Standalone card in hand,
   in hand order, with ``target=""`` (aiming is the host game's: it lists the targets).

The proposals of a full hand number in the thousands at most (15 cards, 2 slots, 5
recipients); :func:`proposal_count` tells how many there are without building them and
:func:`sample_proposals` draws some uniformly with an :class:`~gamefold.Rng`, for a policy
that wants a few rather than all.

Each condition is the predicate the decide function of its action uses (a seat,
:func:`~gamefold.diplomacy.seats.on_turn`, :func:`~gamefold.diplomacy.hands.of_kind`,
:func:`~gamefold.diplomacy.proposals.addressed_to`,
:func:`~gamefold.diplomacy.standalone.window_refusal`), and the cards come from the hand,
so every listed action is legal by construction and none is checked again.

Lifecycle actions that the host game issues (:class:`~gamefold.diplomacy.turns.BeginTurn`) are
never listed: they carry facts of the map, not choices.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import permutations
from math import perm
from typing import TYPE_CHECKING

from gamefold.core import Action, EndTurn
from gamefold.diplomacy.cards import Kind
from gamefold.diplomacy.hands import Discard, SelfApply, cards_of
from gamefold.diplomacy.proposals import Accept, Decline, Propose, addressed_to
from gamefold.diplomacy.seats import find_seat, on_turn
from gamefold.diplomacy.standalone import PlayStandalone, window_refusal
from gamefold.rng import Rng

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState, PlayerState

__all__ = [
    "legal_actions",
    "proposal_count",
    "list_proposals",
    "sample_proposals",
    "standalone_plays",
]


# Records are immutable: the listing hands out one per player and card rather than building
# them anew at every choice (a turn lists the same hand many times).
_discard = lru_cache(maxsize=4096)(Discard)
_self_apply = lru_cache(maxsize=4096)(SelfApply)
_end_turn = lru_cache(maxsize=64)(EndTurn)
# The kinds a listing sorts a hand by, read once: a member read through its enum class goes
# through the class's metaclass each time.
_AGREEMENT, _VALUE, _STANDALONE = Kind.AGREEMENT, Kind.VALUE, Kind.STANDALONE
_play = lru_cache(maxsize=4096)(PlayStandalone)


def _hand(state: DiplomacyState, actor: str) -> tuple[int, ...] | None:
    """The hand of ``actor`` when they are seated and on their turn, else ``None``."""
    seat = find_seat(state, actor)
    if seat is None or not on_turn(state, actor):
        return None
    return state.players[seat].hand


def _proposals(
    state: DiplomacyState, actor: str, agreements: list[int], values: list[int]
) -> Iterator[Propose]:
    """Every proposal of ``actor``, seated and on their turn, holding the Agreement cards
    ``agreements`` and the Value cards ``values``: each Agreement card with each ordered
    filling of its slots by distinct Value cards, to each other player (DP-9)."""
    types = state.config.cards
    others = [p.player for p in state.players if p.player != actor]
    for agreement in agreements:
        for filling in permutations(values, types[agreement].slots):
            for other in others:
                yield Propose(actor, other, agreement, filling)


def list_proposals(state: DiplomacyState, actor: str) -> Iterator[Propose]:
    """Every proposal ``actor`` may make now, in the listing's order (EN-5)."""
    hand = _hand(state, actor)
    if hand is None:
        return iter(())
    agreements = cards_of(state, hand, _AGREEMENT)
    return _proposals(state, actor, agreements, cards_of(state, hand, _VALUE))


def proposal_count(state: DiplomacyState, actor: str) -> int:
    """How many proposals :func:`list_proposals` lists, without building them."""
    hand = _hand(state, actor)
    if hand is None:
        return 0
    values = len(cards_of(state, hand, _VALUE))
    others = len(state.players) - 1
    slots = [state.config.cards[a].slots for a in cards_of(state, hand, _AGREEMENT)]
    return sum(perm(values, n) for n in slots) * others


def sample_proposals(
    state: DiplomacyState, actor: str, rng: Rng, count: int
) -> tuple[tuple[Propose, ...], Rng]:
    """Up to ``count`` distinct proposals of ``actor`` drawn uniformly with ``rng``, in the
    listing's order; all of them when there are no more than ``count``."""
    listed = tuple(list_proposals(state, actor))
    if len(listed) <= count:
        return listed, rng
    picked: list[int] = []
    left = list(range(len(listed)))
    for _ in range(count):
        index, rng = rng.below(len(left))
        picked.append(left.pop(index))
    return tuple(listed[i] for i in sorted(picked)), rng


def standalone_plays(state: DiplomacyState, actor: str) -> tuple[PlayStandalone, ...]:
    """The :class:`PlayStandalone` actions :func:`legal_actions` lists for ``actor``, in
    hand order with ``target=""``, without building the rest of the listing."""
    seat = find_seat(state, actor)
    if seat is None:
        return ()
    player = state.players[seat]
    return () if window_refusal(player) is not None else _plays(state, player)


def _plays(state: DiplomacyState, player: PlayerState) -> tuple[PlayStandalone, ...]:
    """DP-12: each Standalone card in the hand of ``player``, whose window is open, unused."""
    cards = cards_of(state, player.hand, _STANDALONE)
    return tuple(_play(player.player, c) for c in cards)


def legal_actions(state: DiplomacyState, actor: str) -> tuple[Action, ...]:
    """Every legal action of ``actor``, in the documented order (EN-5); ``()`` for a stranger."""
    seat = find_seat(state, actor)
    if seat is None:
        return ()
    player = state.players[seat]
    out: list[Action] = []
    if on_turn(state, actor):
        hand = player.hand
        values = cards_of(state, hand, _VALUE)
        out += [_discard(actor, card) for card in hand]
        out += [_self_apply(actor, card) for card in values]
        agreements = cards_of(state, hand, _AGREEMENT)
        if agreements:
            out += _proposals(state, actor, agreements, values)
        out.append(_end_turn(actor))
    for proposal in state.proposals:
        if addressed_to(proposal, actor):
            out += (Accept(actor, proposal.id), Decline(actor, proposal.id))
    if window_refusal(player) is None:
        out += _plays(state, player)
    return tuple(out)
