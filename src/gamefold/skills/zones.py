"""Deck zones and draws: one owner's deck, hand, discard and exhausted pile (SD-1 … SD-7).

An :class:`Owner` is a player character or the GM (``player == "gm"``). Cards are integer
ids; ``deck[0]`` is the top card. :func:`draw_cards` is the one place cards are drawn: it
recycles an empty deck (SD-5), applies Fatigue and Exhaustion to players only (SD-7) and ends
in lethal draw failure when nothing is left to draw (SD-6).
"""

from __future__ import annotations

import attrs

from gamefold.core import Event, replacer
from gamefold.rng import Rng
from gamefold.skills.catalogue import Modifier
from gamefold.skills.config import GM, SkillsConfig

__all__ = [
    "FATAL_EXHAUSTION",
    "CardsDrawn",
    "CardsExhausted",
    "CharacterDied",
    "DeckRecycled",
    "DrawFellShort",
    "FatigueGained",
    "Owner",
    "draw_cards",
]

FATAL_EXHAUSTION = "fatal exhaustion"
"""The cause of death by lethal draw failure (SD-6)."""


@attrs.frozen
class Owner:
    """One card owner's zones and counters: a player character, or the GM (SD-1, SD-7)."""

    player: str
    """The owner's id (a player id, or ``"gm"``)."""
    deck: tuple[int, ...]
    """The draw pile; ``deck[0]`` is the top card. Its order is hidden in views (EN-9)."""
    hand: tuple[int, ...]
    """Cards in hand, in the order they were drawn."""
    hand_limit: int
    """The maximum hand a refill draws up to (SD-2); Level cards may change it."""
    discard: tuple[int, ...] = ()
    """The discard pile, oldest first."""
    exhausted: tuple[int, ...] = ()
    """Cards removed from play by Burning (SD-12) or at a recycle (SD-5)."""
    fatigue: int = 0
    """Fatigue gained by recycling (SD-5); always 0 for the GM (SD-7)."""
    alive: bool = True
    """False once the character died (SD-6): it draws and acts no more."""
    modifiers: tuple[Modifier, ...] = ()
    """Temporary Burn modifiers in force until the end of the Round (SD-12)."""


@attrs.frozen
class CardsDrawn(Event):
    """``player`` drew ``cards`` from the top of their deck into their hand."""

    player: str
    cards: tuple[int, ...]


@attrs.frozen
class DeckRecycled(Event):
    """``player``'s discard pile was shuffled into a new deck of ``size`` cards (SD-5).

    ``free`` is true for the GM, whose reshuffle costs no Fatigue or Exhaustion (SD-7).
    """

    player: str
    size: int
    free: bool


@attrs.frozen
class FatigueGained(Event):
    """``player`` gained ``amount`` Fatigue by recycling, for ``total`` in all (SD-5)."""

    player: str
    amount: int
    total: int


@attrs.frozen
class CardsExhausted(Event):
    """``cards`` of ``player``'s new deck were Exhausted at a recycle (SD-5)."""

    player: str
    cards: tuple[int, ...]


@attrs.frozen
class DrawFellShort(Event):
    """``player`` had to draw ``missing`` more cards but deck and discard were empty.

    The GM (SD-7), or a player when ``lethal_draw_failure`` is off (SD-6), just draws fewer;
    with ``gm_short_draw="none"`` the GM draws none of ``missing`` (SD-7).
    """

    player: str
    missing: int


@attrs.frozen
class CharacterDied(Event):
    """``player``'s character died (``cause``: fatal exhaustion, or defeated); it acts no more."""

    player: str
    cause: str


_set_drawn = replacer(Owner, "deck", "hand", "discard", "exhausted", "fatigue", "alive")


def draw_cards(
    owner: Owner, count: int, rng: Rng, config: SkillsConfig, events: list[Event]
) -> tuple[Owner, Rng]:
    """``owner`` draws ``count`` cards, recycling as needed; appends the events to ``events``.

    Returns the new owner (``alive`` false after a lethal draw failure) and the next Rng.
    """
    deck, hand, discard = owner.deck, owner.hand, owner.discard
    exhausted, fatigue, alive = owner.exhausted, owner.fatigue, True
    player = owner.player
    gm = player == GM
    if gm and config.gm_short_draw == "none" and len(deck) + len(discard) < count:
        # SD-7 with gm_short_draw="none": a GM draw its cards cannot complete draws nothing.
        events.append(DrawFellShort(player, count))
        return owner, rng
    while count > 0:
        if deck:
            drawn = deck[:count]
            deck = deck[count:]
            hand += drawn
            count -= len(drawn)
            events.append(CardsDrawn(player, drawn))
        elif discard:
            # SD-5: the discard pile is shuffled with the state's RNG to form the new deck.
            deck, rng = rng.shuffle(discard)
            discard = ()
            events.append(DeckRecycled(player, len(deck), gm))
            if not gm:  # SD-7: no Fatigue, no Exhaustion for the GM
                fatigue = _fatigue(player, fatigue, config, events)
                deck, exhausted = _exhaust(player, deck, exhausted, config, events)
        else:
            alive = _fail_draw(player, count, gm, config, events)
            break
    return _set_drawn(owner, deck, hand, discard, exhausted, fatigue, alive), rng


def _fatigue(player: str, fatigue: int, config: SkillsConfig, events: list[Event]) -> int:
    amount = config.fatigue_on_recycle  # SD-5: 1 Fatigue by default
    if amount:
        fatigue += amount
        events.append(FatigueGained(player, amount, fatigue))
    return fatigue


def _exhaust(
    player: str,
    deck: tuple[int, ...],
    exhausted: tuple[int, ...],
    config: SkillsConfig,
    events: list[Event],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    count = config.exhaust_on_recycle  # SD-5: `exhaust_on_recycle` random cards
    if not count:
        return deck, exhausted
    # The deck was just shuffled uniformly, so its top cards are uniformly random cards.
    gone = deck[:count]
    events.append(CardsExhausted(player, gone))
    return deck[count:], exhausted + gone


def _fail_draw(
    player: str, missing: int, gm: bool, config: SkillsConfig, events: list[Event]
) -> bool:
    """Deck and discard are empty: die (SD-6) or draw fewer (GM, SD-7). True if still alive."""
    if not gm and config.lethal_draw_failure:
        events.append(CharacterDied(player, FATAL_EXHAUSTION))
        return False
    events.append(DrawFellShort(player, missing))
    return True
