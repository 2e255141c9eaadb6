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
from itertools import combinations

import attrs

from gamefold.core import Action, Event, Events, replace, replacer
from gamefold.skills import codes
from gamefold.skills.catalogue import REACTION, Effect, Modifier
from gamefold.skills.config import GM
from gamefold.skills.session import (
    Effects,
    SkillsState,
    card_definition,
    owner_of,
    require_alive,
    require_seat,
    with_owner,
)
from gamefold.skills.timing import acts_now, require_timing
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

    player: str
    card: int


@attrs.frozen
class Burn(Action):
    """``player`` Burns ``card``: its temporary modifiers, then Exhaustion (SD-12)."""

    player: str
    card: int


@attrs.frozen
class Discard(Action):
    """``player`` freely Discards ``card`` in their activation: no effect, no redraw (SD-9)."""

    player: str
    card: int


@attrs.frozen
class PayCost(Action):
    """``player`` pays for ``ability`` by discarding ``cards`` (a Payment Discard, SD-10).

    The number of cards must be the ability's cost (``SkillsConfig.abilities``). ``cards`` is
    kept in increasing id order.
    """

    player: str
    ability: str
    cards: tuple[int, ...] = attrs.field(converter=_card_ids)


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


def _require_held(owner: Owner, cards: tuple[int, ...], action: Action) -> None:
    hand = owner.hand
    for card in cards:
        if card not in hand:
            message = f"{owner.player} holds no card {card}"
            raise codes.illegal(codes.CARD_NOT_IN_HAND, message, action)


def _require_use(
    state: SkillsState, player: str, cards: tuple[int, ...], action: Action, reactions: bool
) -> None:
    owner = require_alive(state, require_seat(state, player, action), action)
    _require_held(owner, cards, action)
    require_timing(state, player, cards, action, reactions=reactions)


def validate_play(state: SkillsState, action: Play) -> None:
    """The card is in hand and may be used now (SD-8, SD-11)."""
    _require_use(state, action.player, (action.card,), action, True)


def validate_burn(state: SkillsState, action: Burn) -> None:
    """The card is in hand and may be used now (SD-8, SD-12)."""
    _require_use(state, action.player, (action.card,), action, True)


def validate_discard(state: SkillsState, action: Discard) -> None:
    """The card is in hand and its owner is activating (SD-9)."""
    # pragma: no mutate start -- equivalent: None, like False, allows no reaction window
    _require_use(state, action.player, (action.card,), action, False)
    # pragma: no mutate end


def validate_pay(state: SkillsState, action: PayCost) -> None:
    """The ability exists, the cards are exactly its cost and may be used now (SD-10)."""
    seat = require_seat(state, action.player, action)
    require_alive(state, seat, action)
    cost = state.config.ability_cost(action.ability)
    if cost is None:
        message = f"there is no ability {action.ability!r} to pay for"
        raise codes.illegal(codes.UNKNOWN_ABILITY, message, action)
    if len(action.cards) != cost:
        message = f"{action.ability} costs {cost} card(s), not {len(action.cards)}"
        raise codes.illegal(codes.WRONG_COST, message, action)
    _require_use(state, action.player, action.cards, action, True)


_set_hand_discard = replacer(Owner, "hand", "discard")


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    k = hand.index(card)
    return hand[:k] + hand[k + 1 :]


def apply_play(state: SkillsState, action: Play, effects: Effects) -> tuple[SkillsState, Events]:
    """Resolve the Skill effect (a handler, if the game supplies one), then discard (SD-11)."""
    seat = state.seats.index(action.player)
    owner, card = state.owners[seat], action.card
    definition = card_definition(state, card)
    played = CardPlayed(action.player, card, definition.name, definition.play)
    handler = effects.get(definition.play.name)
    if handler is None:
        owner = _set_hand_discard(owner, _without(owner.hand, card), (*owner.discard, card))
        return with_owner(state, seat, owner), (played,)
    # SD-11: the card has left the hand while its effect happens, then reaches the discard.
    state = with_owner(state, seat, replace(owner, hand=_without(owner.hand, card)))
    state, more = handler(state, action.player, definition.play)
    owner = state.owners[seat]
    state = with_owner(state, seat, replace(owner, discard=(*owner.discard, card)))
    return state, (played, *more)


def apply_burn(state: SkillsState, action: Burn) -> tuple[SkillsState, Events]:
    """Grant the card's modifiers until the end of the Round and Exhaust it (SD-12, SD-7)."""
    seat = state.seats.index(action.player)
    owner, card = state.owners[seat], action.card
    definition = card_definition(state, card)
    hand, modifiers = _without(owner.hand, card), owner.modifiers + definition.burn
    if action.player == GM:  # SD-7: Exhaustion never applies to the GM
        owner = replace(owner, hand=hand, discard=(*owner.discard, card), modifiers=modifiers)
    else:
        owner = replace(owner, hand=hand, exhausted=(*owner.exhausted, card), modifiers=modifiers)
    burned = CardBurned(action.player, card, definition.name, definition.burn, action.player != GM)
    return with_owner(state, seat, owner), (burned,)


def apply_discard(state: SkillsState, action: Discard) -> tuple[SkillsState, Events]:
    """Move the card to the discard pile; nothing is drawn (SD-9)."""
    return discarded(state, action), (CardDiscarded(action.player, action.card),)


def discarded(state: SkillsState, action: Discard) -> SkillsState:
    """:func:`apply_discard`'s new state, without its event."""
    seat = state.seats.index(action.player)
    owner, card = state.owners[seat], action.card
    owner = _set_hand_discard(owner, _without(owner.hand, card), (*owner.discard, card))
    return with_owner(state, seat, owner)


def apply_pay(state: SkillsState, action: PayCost) -> tuple[SkillsState, Events]:
    """Discard every paying card at once (SD-10)."""
    seat = state.seats.index(action.player)
    owner, cards = state.owners[seat], action.cards
    hand = tuple(card for card in owner.hand if card not in cards)
    owner = _set_hand_discard(owner, hand, owner.discard + cards)
    return with_owner(state, seat, owner), (CostPaid(action.player, action.ability, cards),)


def card_options(state: SkillsState, actor: str, *, payments: bool) -> list[Action]:
    """``actor``'s legal card uses: Plays, Burns, Discards, then payments (unless
    ``payments`` is false), in hand order."""
    if actor not in state.seats:
        return []
    owner = state.owners[state.seats.index(actor)]
    if not owner.alive:
        return []
    if acts_now(state, actor):
        usable = owner.hand
    elif actor in state.reacting:
        usable = tuple(c for c in owner.hand if card_definition(state, c).timing == REACTION)
    else:
        return []
    out: list[Action] = [Play(actor, card) for card in usable]
    out += [Burn(actor, card) for card in usable]
    if acts_now(state, actor):
        out += [Discard(actor, card) for card in usable]
    if not payments:
        return out
    ordered = sorted(usable)
    for ability in state.config.abilities:
        out += [PayCost(actor, ability.name, c) for c in combinations(ordered, ability.cost)]
    return out
