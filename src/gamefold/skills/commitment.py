"""Card commitment: Play, Burn, Free Discard and Payment Discard (SD-8 … SD-12).

Each use takes a card from its owner's hand, in the owner's own activation, or in an open
reaction window for a reaction card (SD-8):

- :class:`Play`: the Skill effect happens, then the card goes to the discard pile (SD-11);
- :class:`Burn`: the card's modifiers apply until the end of the Round, and the card is
  Exhausted (SD-12), or discarded for the GM, who is exempt from Exhaustion (SD-7);
- :class:`Discard`: a free Discard, with no effect and no replacement (SD-9);
- :class:`PayCost`: a Payment Discard of as many cards as the named ability costs, in one
  action (SD-10).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

import attrs

from gamefold.core import Action, Event, replacer
from gamefold.domains import domain
from gamefold.pipeline import Refusal
from gamefold.skills import codes
from gamefold.skills.catalogue import Effect, Modifier
from gamefold.skills.config import GM
from gamefold.skills.domains import ABILITIES, HAND_CARDS, OWNERS, PAYMENTS
from gamefold.skills.session import (
    Decided,
    Effects,
    SkillsState,
    card_definition,
    living_seat,
    owner_of,
    with_owner,
)
from gamefold.skills.timing import (
    acts_now,
    is_reaction,
    reacts_now,
    timing_refusal,
    window_refusal,
)
from gamefold.skills.zones import Owner

__all__ = [
    "Burn",
    "CardBurned",
    "CardDiscarded",
    "CardPlayed",
    "CostPaid",
    "Discard",
    "PayCost",
    "Play",
    "card_options",
    "decide_burn",
    "decide_discard",
    "decide_pay",
    "decide_play",
    "modifier_total",
]


def _card_ids(cards: Sequence[int]) -> tuple[int, ...]:
    """Cards in increasing id order, so that equal payments are equal actions."""
    if not isinstance(cards, tuple | list):
        return cards  # type: ignore[return-value]  # left as is: the guard rejects it
    try:
        return tuple(sorted(cards))
    except TypeError:
        return tuple(cards)


@attrs.frozen
class Play(Action):
    """``player`` Plays ``card``: its Skill effect, then the discard pile (SD-11)."""

    player: str = attrs.field(metadata=domain(OWNERS))
    card: int = attrs.field(metadata=domain(HAND_CARDS))


@attrs.frozen
class Burn(Action):
    """``player`` Burns ``card``: its temporary modifiers, then Exhaustion (SD-12)."""

    player: str = attrs.field(metadata=domain(OWNERS))
    card: int = attrs.field(metadata=domain(HAND_CARDS))


@attrs.frozen
class Discard(Action):
    """``player`` freely Discards ``card`` in their activation: no effect, no redraw (SD-9)."""

    player: str = attrs.field(metadata=domain(OWNERS))
    card: int = attrs.field(metadata=domain(HAND_CARDS))


@attrs.frozen
class PayCost(Action):
    """``player`` pays for ``ability`` by discarding ``cards`` (a Payment Discard, SD-10).

    The number of cards must be the ability's cost (``SkillsConfig.abilities``). ``cards`` is
    kept in increasing id order.
    """

    player: str = attrs.field(metadata=domain(OWNERS))
    ability: str = attrs.field(metadata=domain(ABILITIES))
    cards: tuple[int, ...] = attrs.field(converter=_card_ids, metadata=domain(PAYMENTS))


@attrs.frozen
class CardPlayed(Event):
    """``player`` Played ``card`` (``name``); ``effect`` happened, the card was discarded."""

    player: str
    card: int
    name: str
    effect: Effect


@attrs.frozen
class CardBurned(Event):
    """``player`` Burned ``card`` (``name``): ``modifiers`` apply until the Round ends (SD-12).

    The card was Exhausted, or, for the GM, who is exempt from Exhaustion (SD-7),
    discarded; ``exhausted`` says which.
    """

    player: str
    card: int
    name: str
    modifiers: tuple[Modifier, ...]
    exhausted: bool


@attrs.frozen
class CardDiscarded(Event):
    """``player`` freely Discarded ``card`` (SD-9)."""

    player: str
    card: int


@attrs.frozen
class CostPaid(Event):
    """``player`` discarded ``cards`` to pay for ``ability`` (SD-10)."""

    player: str
    ability: str
    cards: tuple[int, ...]


def modifier_total(state: SkillsState, player: str, stat: str) -> int:
    """The sum of ``player``'s Burn modifiers on ``stat`` in force this Round (SD-12)."""
    return sum(m.amount for m in owner_of(state, player).modifiers if m.stat == stat)


def _not_held(player: str, card: int) -> Refusal:
    """The refusal of a use of ``card``, which ``player`` does not hold (EN-4)."""
    return Refusal(codes.CARD_NOT_IN_HAND, f"{player} holds no card {card}")


def _user(state: SkillsState, player: str, card: int, reactions: bool) -> int | Refusal:
    """The seat of ``player`` if they may use ``card`` now, else the refusal: a seat
    (EN-4), alive (SD-6), holding the card (EN-4), in time (SD-8, SD-9)."""
    seat = living_seat(state, player)
    if isinstance(seat, Refusal):
        return seat
    if card not in state.owners[seat].hand:
        return _not_held(player, card)
    if acts_now(state, player):  # SD-8: any card in one's own activation
        return seat
    refusal = window_refusal(state, player, (card,), reactions=reactions)
    return seat if refusal is None else refusal


_set_hand = replacer(Owner, "hand")
_set_discard = replacer(Owner, "discard")
_set_hand_discard = replacer(Owner, "hand", "discard")
_set_burned = replacer(Owner, "hand", "exhausted", "modifiers")
_set_gm_burned = replacer(Owner, "hand", "discard", "modifiers")


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    k = hand.index(card)
    return hand[:k] + hand[k + 1 :]


def decide_play(state: SkillsState, action: Play, effects: Effects) -> Decided:
    """A card in hand, used now (SD-8): its Skill effect (a handler, if the game supplies
    one) resolves, then the card goes to the discard pile (SD-11)."""
    player, card = action.player, action.card
    seat = _user(state, player, card, True)
    if isinstance(seat, Refusal):
        return seat
    owner = state.owners[seat]
    definition = card_definition(state, card)
    played = CardPlayed(player, card, definition.name, definition.play)
    handler = effects.get(definition.play.name)
    if handler is None:
        owner = _set_hand_discard(owner, _without(owner.hand, card), (*owner.discard, card))
        return with_owner(state, seat, owner), (played,)
    # SD-11: the card has left the hand while its effect happens, then reaches the discard.
    state = with_owner(state, seat, _set_hand(owner, _without(owner.hand, card)))
    state, more = handler(state, player, definition.play)
    owner = state.owners[seat]
    state = with_owner(state, seat, _set_discard(owner, (*owner.discard, card)))
    return state, (played, *more)


def decide_burn(state: SkillsState, action: Burn) -> Decided:
    """A card in hand, used now (SD-8): its modifiers apply until the end of the Round and
    it is Exhausted (SD-12), or discarded for the GM (SD-7)."""
    player, card = action.player, action.card
    seat = _user(state, player, card, True)
    if isinstance(seat, Refusal):
        return seat
    owner = state.owners[seat]
    definition = card_definition(state, card)
    hand, modifiers = _without(owner.hand, card), owner.modifiers + definition.burn
    exhausts = player != GM  # SD-7: Exhaustion never applies to the GM
    if exhausts:
        owner = _set_burned(owner, hand, (*owner.exhausted, card), modifiers)
    else:
        owner = _set_gm_burned(owner, hand, (*owner.discard, card), modifiers)
    burned = CardBurned(player, card, definition.name, definition.burn, exhausts)
    return with_owner(state, seat, owner), (burned,)


def decide_discard(state: SkillsState, action: Discard) -> Decided:
    """A card in hand, in its owner's activation (SD-9: never in a reaction window), goes to
    the discard pile; nothing is drawn."""
    player, card = action.player, action.card
    seat = _user(state, player, card, False)
    if isinstance(seat, Refusal):
        return seat
    owner = state.owners[seat]
    owner = _set_hand_discard(owner, _without(owner.hand, card), (*owner.discard, card))
    return with_owner(state, seat, owner), (CardDiscarded(player, card),)


def decide_pay(state: SkillsState, action: PayCost) -> Decided:
    """The ability exists, the cards are exactly its cost, held and usable now: every
    paying card is discarded at once (SD-10)."""
    player, cards = action.player, action.cards
    seat = living_seat(state, player)
    if isinstance(seat, Refusal):
        return seat
    cost = state.config.ability_cost(action.ability)
    if cost is None:
        message = f"there is no ability {action.ability!r} to pay for"
        return Refusal(codes.UNKNOWN_ABILITY, message)
    if len(cards) != cost:
        message = f"{action.ability} costs {cost} card(s), not {len(cards)}"
        return Refusal(codes.WRONG_COST, message)
    owner = state.owners[seat]
    hand = owner.hand
    for card in cards:
        if card not in hand:
            return _not_held(player, card)
    refusal = timing_refusal(state, player, cards, reactions=True)
    if refusal is not None:
        return refusal
    hand = tuple([card for card in hand if card not in cards])
    owner = _set_hand_discard(owner, hand, owner.discard + cards)
    return with_owner(state, seat, owner), (CostPaid(player, action.ability, cards),)


# Listings hand out one record per card use instead of building it at every choice
# (records are immutable, so sharing them is safe).
_play = lru_cache(maxsize=4096)(Play)
_burn = lru_cache(maxsize=4096)(Burn)
_discard = lru_cache(maxsize=4096)(Discard)
_pay = lru_cache(maxsize=8192)(PayCost)


def card_options(
    state: SkillsState, actor: str, activating: bool, *, payments: bool
) -> list[Action]:
    """``actor``'s legal card uses: Plays, Burns, Discards, then payments (unless
    ``payments`` is false), in hand order; ``activating`` is :func:`acts_now`'s answer,
    which the caller has already asked."""
    if not activating and not reacts_now(state, actor):
        return []  # SD-8: cards are used in one's own activation or an open window
    seat = living_seat(state, actor)
    if isinstance(seat, Refusal):
        return []
    hand = state.owners[seat].hand
    # SD-8: any card in one's own activation, reaction cards in an open window.
    usable = hand if activating else tuple([card for card in hand if is_reaction(state, card)])
    # SD-9: a free Discard only in one's own activation. One pass builds every use.
    uses = (_play, _burn, _discard) if activating else (_play, _burn)
    out: list[Action] = [use(actor, card) for use in uses for card in usable]
    if not payments:
        return out
    ordered = sorted(usable)  # SD-10: as many cards as each ability costs
    for ability in state.config.abilities:
        out += [_pay(actor, ability.name, c) for c in combinations(ordered, ability.cost)]
    return out
