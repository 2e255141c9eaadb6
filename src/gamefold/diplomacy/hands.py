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
from gamefold.diplomacy.seats import require_seat, require_turn, seat_of, with_player

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState

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

    player: str
    card: int


@attrs.frozen
class SelfApply(Action):
    """``player`` self-applies the Value ``card`` for troops now, at a deploy debt (DP-11)."""

    player: str
    card: int


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


def in_hand(state: DiplomacyState, seat: int, card: int) -> bool:
    """Whether the player at ``seat`` has ``card`` in hand, unlocked (DP-10)."""
    return card in state.players[seat].hand


def require_card(state: DiplomacyState, seat: int, card: int, action: Action) -> None:
    """Raise unless the player at ``seat`` has ``card`` in hand, unlocked (DP-10, EN-4)."""
    if in_hand(state, seat, card):
        return
    player = state.players[seat]
    if card in locked_cards(state, player.player):
        message = f"Card {card} is locked in a pending proposal until it is answered or expires."
        raise codes.illegal(codes.CARD_LOCKED, message, action)
    message = f"{player.player} does not hold card {card}."
    raise codes.illegal(codes.CARD_NOT_IN_HAND, message, action)


def of_kind(state: DiplomacyState, card: int, kind: Kind) -> bool:
    """Whether ``card`` is of ``kind``."""
    return state.config.cards[card].kind is kind


def require_kind(state: DiplomacyState, card: int, kind: Kind, action: Action, rule: str) -> None:
    """Raise ``diplomacy/wrong-kind`` unless ``card`` is of ``kind``."""
    if not of_kind(state, card, kind):
        card_type = state.config.cards[card]
        article = "an" if kind.value[0] in "aeiou" else "a"  # pragma: no mutate -- no kind has an X
        message = f"{card_type.name} is not {article} {kind.value} card."
        raise codes.illegal(codes.WRONG_KIND, message, action, rule=rule)


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
    for _ in range(count):
        eligible = tuple(c for c in state.pool.value if state.config.cards[c].tier == tier)
        card, rng = state.rng.choice(eligible)
        pool = replace(state.pool, value=tuple(c for c in state.pool.value if c != card))
        player = state.players[seat]
        state = replace(state, pool=pool, rng=rng)
        state = with_player(state, seat, replace(player, hand=(*player.hand, card)))
    return state


def give_back(state: DiplomacyState, seat: int, cards: tuple[int, ...]) -> DiplomacyState:
    """Return ``cards`` to the hand at ``seat`` (a declined or expired proposal, DP-9)."""
    player = state.players[seat]
    return with_player(state, seat, replace(player, hand=(*player.hand, *cards)))


def spend(state: DiplomacyState, seat: int, card: int) -> DiplomacyState:
    """Move ``card`` from the hand at ``seat`` to the pool (DP-1: at once)."""
    player = state.players[seat]
    hand = tuple(c for c in player.hand if c != card)
    pool = put(state.pool, card, state.config.cards[card].kind)
    return with_player(replace(state, pool=pool), seat, replace(player, hand=hand))


def validate_discard(state: DiplomacyState, action: Discard) -> None:
    """Discard: the player's own turn, a card in hand and unlocked (DP-1, DP-10)."""
    seat = require_seat(state, action.player, action)
    require_turn(state, action.player, action, "DP-1")
    require_card(state, seat, action.card, action)


def apply_discard(state: DiplomacyState, action: Discard) -> tuple[DiplomacyState, Events]:
    """The card goes back to the pool at once (DP-1)."""
    return discarded(state, action), (CardDiscarded(action.player, action.card),)


def discarded(state: DiplomacyState, action: Discard) -> DiplomacyState:
    """:func:`apply_discard`'s new state, without its event."""
    return spend(state, seat_of(state, action.player), action.card)  # validated


def validate_self_apply(state: DiplomacyState, action: SelfApply) -> None:
    """Self-apply: own turn, an unlocked Value card in hand (DP-10, DP-11)."""
    seat = require_seat(state, action.player, action)
    require_turn(state, action.player, action, "DP-11")
    require_card(state, seat, action.card, action)
    require_kind(state, action.card, Kind.VALUE, action, "DP-11")


def apply_self_apply(state: DiplomacyState, action: SelfApply) -> tuple[DiplomacyState, Events]:
    """Troops now, half of them (rounded per ``debt_rounding``) owed next turn (DP-11)."""
    troops = state.config.cards[action.card].troops
    debt = state.config.debt_for(troops)
    state = _owe(state, action, debt)
    return state, (SelfApplied(action.player, action.card, troops, debt),)


def self_applied(state: DiplomacyState, action: SelfApply) -> DiplomacyState:
    """:func:`apply_self_apply`'s new state, without its event."""
    return _owe(state, action, state.config.debt_for(state.config.cards[action.card].troops))


def _owe(state: DiplomacyState, action: SelfApply, debt: int) -> DiplomacyState:
    """The self-applied card back in the pool, its ``debt`` added to the player's (DP-11)."""
    seat = seat_of(state, action.player)  # validated
    state = spend(state, seat, action.card)
    player = state.players[seat]
    return with_player(state, seat, replace(player, deploy_debt=player.deploy_debt + debt))


def charge_debt(state: DiplomacyState, seat: int, events: list[Event]) -> DiplomacyState:
    """At turn start, the deploy debt falls due and is cleared (DP-11)."""
    player = state.players[seat]
    if not player.deploy_debt:
        return state
    events.append(DeployDebtDue(player.player, player.deploy_debt))
    return with_player(state, seat, replace(player, deploy_debt=0))


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
