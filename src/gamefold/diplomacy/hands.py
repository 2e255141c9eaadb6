"""Hands: receiving cards under the hand limit, Discard, self-apply, scoring.

A player's hand holds the cards they may use. Cards in the player's pending proposals are
*locked* (DP-10): they sit in the proposal, not in the hand, yet still count toward the
hand limit (DP-13) and, by default, toward the final score (DP-14), because the player
still holds them. So every card is in exactly one place: the pool, a hand, or a pending
proposal (DP-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.diplomacy import codes
from gamefold.diplomacy.cards import Counter, Kind, draw, put
from gamefold.diplomacy.domains import HAND_CARDS
from gamefold.diplomacy.seats import find_seat, put_seat, turn_refusal, unseated, with_player
from gamefold.domains import ACTOR, domain
from gamefold.pipeline import Refusal

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState, PlayerState

__all__ = [
    "CardDestroyed",
    "CardDiscarded",
    "CardEarned",
    "CardForfeited",
    "DeployDebtDue",
    "Discard",
    "Score",
    "SelfApplied",
    "SelfApply",
    "held_count",
    "locked_cards",
    "scores",
]


@attrs.frozen
class Discard(Action):
    """``player`` puts ``card`` from their hand back in the pool, during their turn (DP-1)."""

    player: str = attrs.field(metadata=domain(ACTOR))
    card: int = attrs.field(metadata=domain(HAND_CARDS))


@attrs.frozen
class SelfApply(Action):
    """``player`` self-applies the Value ``card`` for troops now, at a deploy debt (DP-11)."""

    player: str = attrs.field(metadata=domain(ACTOR))
    card: int = attrs.field(metadata=domain(HAND_CARDS))


@attrs.frozen
class CardEarned(Event):
    """``card`` entered ``player``'s hand, earned by the ``counter`` counter (DP-6)."""

    player: str
    counter: Counter
    card: int


@attrs.frozen
class CardDestroyed(Event):
    """At the hand limit, ``card`` was destroyed to make room and went back to the pool."""

    player: str
    card: int


@attrs.frozen
class CardForfeited(Event):
    """``card`` was earned at the hand limit with every held card locked: back to the pool."""

    player: str
    counter: Counter
    card: int


@attrs.frozen
class CardDiscarded(Event):
    """``player`` discarded ``card``; it went back to the pool (DP-1)."""

    player: str
    card: int


@attrs.frozen
class SelfApplied(Event):
    """``player`` self-applied ``card``: ``troops`` now, ``debt`` off the next deploy."""

    player: str
    card: int
    troops: int
    debt: int


@attrs.frozen
class DeployDebtDue(Event):
    """At the start of ``player``'s turn their deploy is reduced by ``troops`` (DP-11)."""

    player: str
    troops: int


@attrs.frozen
class Score:
    """A player's end-game score (DP-14)."""

    player: str
    points: int


def locked_cards(state: DiplomacyState, player: str) -> tuple[int, ...]:
    """The cards ``player`` has locked in pending proposals, in proposal order (DP-10)."""
    return tuple(c for p in state.proposals if p.proposer == player for c in p.cards)


def held_count(state: DiplomacyState, seat: int) -> int:
    """Cards the player at ``seat`` holds, locked ones included: what the limit counts."""
    player = state.players[seat].player
    locked = sum(len(p.cards) for p in state.proposals if p.proposer == player)
    return len(state.players[seat].hand) + locked


def card_refusal(state: DiplomacyState, player: PlayerState, card: int) -> Refusal | None:
    """Why ``player`` cannot use ``card``: it is locked in a pending proposal (DP-10) or not
    held (EN-4); ``None`` when it is in their hand, unlocked."""
    if card in player.hand:
        return None
    if card in locked_cards(state, player.player):
        message = f"Card {card} is locked in a pending proposal until it is answered or expires."
        return Refusal(codes.CARD_LOCKED, message)
    return Refusal(codes.CARD_NOT_IN_HAND, f"{player.player} does not hold card {card}.")


def of_kind(state: DiplomacyState, card: int, kind: Kind) -> bool:
    """Whether ``card`` is of ``kind``."""
    return state.config.cards[card].kind is kind


def cards_of(state: DiplomacyState, cards: tuple[int, ...], kind: Kind) -> list[int]:
    """The cards of ``kind`` among ``cards``, in order: :func:`of_kind` over a hand, in one
    comprehension (a listing reads every hand)."""
    types = state.config.cards
    return [card for card in cards if types[card].kind is kind]


def kind_refusal(state: DiplomacyState, card: int, kind: Kind, rule: str) -> Refusal | None:
    """``diplomacy/wrong-kind`` (citing ``rule``) unless ``card`` is of ``kind``."""
    if of_kind(state, card, kind):
        return None
    article = "an" if kind.value[0] in "aeiou" else "a"
    message = f"{state.config.cards[card].name} is not {article} {kind.value} card."
    return Refusal(codes.WRONG_KIND, message, rule=rule)


def receive(
    state: DiplomacyState, seat: int, card: int, counter: Counter, events: list[Event]
) -> DiplomacyState:
    """Put the earned ``card`` in the hand at ``seat``, applying the hand limit (DP-13)."""
    player = state.players[seat]
    hand = player.hand
    if held_count(state, seat) < state.config.hand_limit:
        events.append(CardEarned(player.player, counter, card))
        return with_player(state, seat, replace(player, hand=(*hand, card)))
    if not hand and state.config.all_locked == "keep":  # DP-13 (config): over the limit
        events.append(CardEarned(player.player, counter, card))
        return with_player(state, seat, replace(player, hand=(card,)))
    if not hand:  # DP-13 (default): every held card is locked, the new card goes back
        events.append(CardForfeited(player.player, counter, card))
        kind = state.config.cards[card].kind
        return replace(state, pool=put(state.pool, card, kind))
    index, rng = state.rng.below(len(hand))  # DP-13: destroy a random unlocked card
    lost = hand[index]
    events.append(CardDestroyed(player.player, lost))
    events.append(CardEarned(player.player, counter, card))
    pool = put(state.pool, lost, state.config.cards[lost].kind)
    state = replace(state, pool=pool, rng=rng)
    new_hand = (*hand[:index], card, *hand[index + 1 :])
    return with_player(state, seat, replace(player, hand=new_hand))


def deal(state: DiplomacyState, seat: int, count: int, tier: int) -> DiplomacyState:
    """Give the player at ``seat`` ``count`` Value cards of ``tier`` drawn from the pool."""
    types = state.config.cards
    # The pool's cards of ``tier``, sorted out once: each card dealt then leaves them too.
    eligible = tuple(c for c in state.pool.value if types[c].tier == tier)
    for _ in range(count):
        card, rng = state.rng.choice(eligible)
        eligible = tuple(c for c in eligible if c != card)
        pool = replace(state.pool, value=tuple(c for c in state.pool.value if c != card))
        player = state.players[seat]
        state = replace(state, pool=pool, rng=rng)
        state = with_player(state, seat, replace(player, hand=(*player.hand, card)))
    return state


def give_back(state: DiplomacyState, seat: int, cards: tuple[int, ...]) -> DiplomacyState:
    """Return ``cards`` to the hand at ``seat`` (a declined or expired proposal, DP-9)."""
    player = state.players[seat]
    return with_player(state, seat, replace(player, hand=(*player.hand, *cards)))


def without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``hand`` without ``card``, which it holds once (DP-1: every card is in one place)."""
    at = hand.index(card)
    return hand[:at] + hand[at + 1 :]


def to_pool(
    state: DiplomacyState, seat: int, player: PlayerState, card: int, kind: Kind
) -> DiplomacyState:
    """``state`` with ``player`` as the record at ``seat`` (its hand without ``card``) and
    ``card``, of ``kind``, back in the pool at once (DP-1)."""
    pool = put(state.pool, card, kind)
    return replace(state, pool=pool, players=put_seat(state.players, seat, player))


def decide_discard(
    state: DiplomacyState, action: Discard
) -> tuple[DiplomacyState, Events] | Refusal:
    """The player's own turn, a card in hand and unlocked (DP-1, DP-10): it goes back to the
    pool at once."""
    name, card = action.player, action.card
    seat = find_seat(state, name)
    if seat is None:
        return unseated(name)
    player = state.players[seat]
    refusal = turn_refusal(state, name, "DP-1") or card_refusal(state, player, card)
    if refusal is not None:
        return refusal
    kind = state.config.cards[card].kind
    new = replace(player, hand=without(player.hand, card))
    return to_pool(state, seat, new, card, kind), (CardDiscarded(name, card),)


def decide_self_apply(
    state: DiplomacyState, action: SelfApply
) -> tuple[DiplomacyState, Events] | Refusal:
    """Own turn, an unlocked Value card in hand (DP-10, DP-11): its troops now, half of them
    (rounded per ``debt_rounding``) owed off the next turn's deploy."""
    name, card = action.player, action.card
    seat = find_seat(state, name)
    if seat is None:
        return unseated(name)
    player = state.players[seat]
    refusal = (
        turn_refusal(state, name, "DP-11")
        or card_refusal(state, player, card)
        or kind_refusal(state, card, Kind.VALUE, "DP-11")
    )
    if refusal is not None:
        return refusal
    config = state.config
    troops = config.cards[card].troops
    debt = config.debt_for(troops)
    hand = without(player.hand, card)
    new = replace(player, hand=hand, deploy_debt=player.deploy_debt + debt)
    events = (SelfApplied(name, card, troops, debt),)
    return to_pool(state, seat, new, card, Kind.VALUE), events


def charge_debt(player: PlayerState, events: list[Event]) -> None:
    """At turn start, the deploy debt of ``player`` falls due (DP-11); the caller clears it."""
    if player.deploy_debt:
        events.append(DeployDebtDue(player.player, player.deploy_debt))


def earn_one(
    state: DiplomacyState, seat: int, counter: Counter, events: list[Event]
) -> DiplomacyState | None:
    """Draw one card for ``counter`` into the hand at ``seat``; ``None`` if none is left."""
    card, pool, rng = draw(state.pool, counter.kind, state.rng)
    if card is None and counter.kind is not None and state.config.empty_kind == "any":
        card, pool, rng = draw(state.pool, None, state.rng)  # DP-1 (config): any card
    if card is None:
        return None
    return receive(replace(state, pool=pool, rng=rng), seat, card, counter, events)


def scores(state: DiplomacyState) -> tuple[Score, ...]:
    """Each player's end-game points, in seat order (DP-14).

    Cards in hand count; locked cards (in the player's pending proposals) count too unless
    the config sets ``score_locked=False``.
    """
    types = state.config.cards
    out = []
    for player in state.players:
        cards = player.hand
        if state.config.score_locked:
            cards = (*cards, *locked_cards(state, player.player))
        out.append(Score(player.player, sum(types[c].points for c in cards)))
    return tuple(out)
