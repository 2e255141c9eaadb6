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
from gamefold.diplomacy.hands import Discard, SelfApply
from gamefold.diplomacy.proposals import Accept, Decline, Propose
from gamefold.diplomacy.seats import find_seat
from gamefold.diplomacy.standalone import PlayStandalone
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


def _of(state: DiplomacyState, hand: tuple[int, ...], kind: Kind) -> list[int]:
    types = state.config.cards
    return [card for card in hand if types[card].kind is kind]


def _hand(state: DiplomacyState, actor: str) -> tuple[int, ...] | None:
    seat = find_seat(state, actor)
    if seat is None or state.active != actor:
        return None
    return state.players[seat].hand


def list_proposals(state: DiplomacyState, actor: str) -> Iterator[Propose]:
    """Every proposal ``actor`` may make now, in the listing's order (EN-5)."""
    hand = _hand(state, actor)
    if hand is None:
        return
    values = _of(state, hand, Kind.VALUE)
    others = [p.player for p in state.players if p.player != actor]
    for agreement in _of(state, hand, Kind.AGREEMENT):
        for filling in permutations(values, state.config.cards[agreement].slots):
            for other in others:
                yield Propose(actor, other, agreement, filling)


def proposal_count(state: DiplomacyState, actor: str) -> int:
    """How many proposals :func:`list_proposals` lists, without building them."""
    hand = _hand(state, actor)
    if hand is None:
        return 0
    values = len(_of(state, hand, Kind.VALUE))
    others = len(state.players) - 1
    slots = [state.config.cards[a].slots for a in _of(state, hand, Kind.AGREEMENT)]
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
    return () if seat is None else _plays(state, state.players[seat])


def _plays(state: DiplomacyState, player: PlayerState) -> tuple[PlayStandalone, ...]:
    if not player.between_turns or player.pending is not None:
        return ()
    cards = _of(state, player.hand, Kind.STANDALONE)
    return tuple(PlayStandalone(player.player, c) for c in cards)


def legal_actions(state: DiplomacyState, actor: str) -> tuple[Action, ...]:
    """Every legal action of ``actor``, in the documented order (EN-5); ``()`` for a stranger."""
    seat = find_seat(state, actor)
    if seat is None:
        return ()
    player = state.players[seat]
    out: list[Action] = []
    if state.active == actor:
        hand = player.hand
        out += [_discard(actor, card) for card in hand]  # pragma: no mutate -- out is empty
        out += [_self_apply(actor, card) for card in _of(state, hand, Kind.VALUE)]
        out += list_proposals(state, actor)
        out.append(_end_turn(actor))
    for proposal in state.proposals:
        if proposal.to == actor:
            out += (Accept(actor, proposal.id), Decline(actor, proposal.id))
    out += _plays(state, player)
    return tuple(out)
