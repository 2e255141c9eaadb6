"""The skill-deck configuration: every number of the SD rules, validated (SD-1 … SD-15).

Build a :class:`SkillsConfig` with keyword arguments; a value out of range raises
:class:`~gamefold.ConfigError` naming the field and the rule. The defaults are the seed's
numbers (30-card decks, hands of 5) and our documented choices for what the seed leaves open
(``exhaust_on_recycle``, ``lethal_draw_failure``, ``first_side`` …).
"""

from __future__ import annotations

import attrs

from gamefold._fields import check_limits, is_int, require
from gamefold.errors import ConfigError
from gamefold.skills.catalogue import DEFAULT_DECK, CardDef

__all__ = [
    "BURN_RESETS",
    "DEFAULT_ABILITIES",
    "GM",
    "GM_SHORT_DRAWS",
    "LOWER_LIMITS",
    "MAX_DECK",
    "PLAYERS",
    "SIDES",
    "Ability",
    "SkillsConfig",
]

GM = "gm"
"""The GM's id: owner of the GM deck, actor for the GM's units, and the GM's side (SD-7)."""
PLAYERS = "players"
"""The players' side in the alternation of activations (SD-13)."""
SIDES = (PLAYERS, GM)
"""Both sides, players first."""
MAX_DECK = 1_000
"""The most cards in one deck (and the most Fatigue a recycle gives): no config, however
hostile, can make setup deal millions of cards (EN-8)."""


LOWER_LIMITS = ("keep", "discard")
"""SD-2: what lowering a hand limit does: ``"keep"`` the hand (never a discard), or
``"discard"`` the newest cards above the new limit at once."""
GM_SHORT_DRAWS = ("fewer", "none")
"""SD-7: a GM draw that deck and discard together cannot complete draws ``"fewer"`` (what
there is), or ``"none"`` at all."""
BURN_RESETS = ("round", "activation")
"""SD-12: temporary Burn modifiers reset at the end of the ``"round"``, or at the end of
their owner's next ``"activation"`` (and at the end of the Round at the latest)."""


@attrs.frozen
class Ability:
    """An ability paid for by discarding cards: its ``cost`` in cards is part of it (SD-10).

    The host game (combat, equipment) names the ability when it asks for payment with
    :class:`~gamefold.skills.commitment.PayCost`.
    """

    name: str
    """The ability's name (``"attack"``)."""
    cost: int
    """How many cards paying for it discards (at least 1)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ConfigError("name", "an ability needs a non-empty name", "SD-10")
        if not is_int(self.cost) or self.cost < 1:
            raise ConfigError(
                "cost", f"an ability costs at least 1 card, not {self.cost!r}", "SD-10"
            )


DEFAULT_ABILITIES: tuple[Ability, ...] = (Ability("attack", 1), Ability("equipment", 2))
"""Placeholder paid abilities (an attack for one card, an Equipment skill for two); a game
lists its own."""


@attrs.frozen(kw_only=True)
class SkillsConfig:
    """Every number of the skill-deck rules, validated when built.

    A player's deck holds ``deck_size`` cards whose definitions repeat ``deck``: card ``j``
    is ``deck[j % len(deck)]``, so the six default definitions make five copies each of a
    30-card deck. The GM's deck works the same with ``gm_deck_size`` and ``gm_deck``.
    """

    deck_size: int = 30
    """SD-1: cards in each player character's Skill deck (at least 1)."""
    hand_limit: int = 5
    """SD-2: a player's starting maximum hand (1 to ``deck_size``)."""
    gm_deck_size: int = 30
    """SD-7: cards in the GM's deck (at least 1)."""
    gm_hand_limit: int = 5
    """SD-7: the GM's maximum hand (1 to ``gm_deck_size``)."""
    exhaust_on_recycle: int = 1
    """SD-5: random cards of a player's new deck Exhausted at each recycle (0 to ``deck_size``)."""
    fatigue_on_recycle: int = 1
    """SD-5: Fatigue a player gains at each recycle (0 or more)."""
    lethal_draw_failure: bool = True
    """SD-6: a player who must draw with deck and discard empty dies (else draws fewer)."""
    first_side: str = PLAYERS
    """SD-13: the side whose unit activates first each Round (``"players"`` or ``"gm"``)."""
    deck: tuple[CardDef, ...] = DEFAULT_DECK
    """SD-1: the players' deck list, repeated to ``deck_size`` cards."""
    gm_deck: tuple[CardDef, ...] = DEFAULT_DECK
    """SD-7: the GM's deck list, repeated to ``gm_deck_size`` cards."""
    abilities: tuple[Ability, ...] = DEFAULT_ABILITIES
    """SD-10: the abilities paid for with a Payment Discard, each with its cost."""
    lower_limit: str = "keep"
    """SD-2: what lowering a hand limit does to a hand above it: ``"keep"`` (never a
    discard; only later refills draw less) or ``"discard"`` (the newest cards above the new
    limit go to the discard pile at once)."""
    gm_short_draw: str = "fewer"
    """SD-7: when a GM draw empties deck and discard before it is done, the GM draws
    ``"fewer"`` (what there was), or ``"none"``: a GM draw its cards cannot complete draws
    nothing and leaves deck and discard as they were."""
    burn_reset: str = "round"
    """SD-12: when temporary Burn modifiers reset: at the end of the ``"round"``, or at the
    end of their owner's next ``"activation"`` (the GM's: of any GM unit's), and at the end
    of the Round at the latest."""
    opening_hand: int | None = None
    """SD-14: cards each player and the GM draws when the session begins: ``None`` for up
    to each one's limit, or a number from 0 to ``hand_limit`` (the GM draws at most
    ``gm_hand_limit``); never any Fatigue."""

    def __attrs_post_init__(self) -> None:
        check_limits(self, _LIMITS)
        _check_counts(self)
        _check_recycling(self)
        _check_lists(self)
        _check_choices(self)

    def card_list(self, *, gm: bool = False) -> tuple[CardDef, ...]:
        """The definitions of a whole deck, card by card (``deck_size`` or ``gm_deck_size``)."""
        pattern, size = (self.gm_deck, self.gm_deck_size) if gm else (self.deck, self.deck_size)
        return tuple(pattern[j % len(pattern)] for j in range(size))

    def card_definition(self, card: int, players: int) -> CardDef:
        """The definition of card id ``card`` in a session of ``players`` player characters.

        Player ``i`` (seat order) holds ids ``i * deck_size`` onward, the GM the ids after
        every player's; card ``j`` of a deck repeats ``deck[j % len(deck)]`` (SD-1).
        """
        gm_base = players * self.deck_size
        if card >= gm_base:
            return self.gm_deck[(card - gm_base) % len(self.gm_deck)]
        return self.deck[(card % self.deck_size) % len(self.deck)]

    def ability_cost(self, name: str) -> int | None:
        """The cost in cards of the ability called ``name``, or ``None`` if there is none."""
        for ability in self.abilities:
            if ability.name == name:
                return ability.cost
        return None


_LIMITS = {"abilities": (MAX_DECK, "SD-10")}
"""Upper bounds the other checks leave open (EN-8): the most abilities a game lists."""


def _check_int(
    config: SkillsConfig, field: str, low: int, high: int, rule: str, of: str = ""
) -> None:
    """``field`` a whole number from ``low`` to ``high``; ``of`` names the field that sets
    ``high``, so that a bound relative to it says which one to change."""
    value = getattr(config, field)
    ok = is_int(value) and low <= value <= high
    most = f"{of} ({high})" if of else f"{high}"
    message = f"{field} must be an integer at least {low} and at most {most}, not {value!r}"
    require(ok, field, message, rule)


def _check_counts(config: SkillsConfig) -> None:
    _check_int(config, "deck_size", 1, MAX_DECK, "SD-1")
    _check_int(config, "hand_limit", 1, config.deck_size, "SD-2", "deck_size")
    _check_int(config, "gm_deck_size", 1, MAX_DECK, "SD-7")
    _check_int(config, "gm_hand_limit", 1, config.gm_deck_size, "SD-7", "gm_deck_size")


def _check_recycling(config: SkillsConfig) -> None:
    _check_int(config, "exhaust_on_recycle", 0, config.deck_size, "SD-5")
    _check_int(config, "fatigue_on_recycle", 0, MAX_DECK, "SD-5")
    value = config.lethal_draw_failure
    require(isinstance(value, bool), "lethal_draw_failure", f"not a bool: {value!r}", "SD-6")
    side = config.first_side
    require(side in SIDES, "first_side", f"first_side is one of {SIDES}, not {side!r}", "SD-13")


def _check_lists(config: SkillsConfig) -> None:
    for field, rule in (("deck", "SD-1"), ("gm_deck", "SD-7")):
        cards = getattr(config, field)
        ok = isinstance(cards, tuple) and 0 < len(cards) <= MAX_DECK
        ok = ok and all(isinstance(card, CardDef) for card in cards)
        require(ok, field, f"{field} must be 1 to {MAX_DECK} CardDef in a tuple", rule)
    abilities = config.abilities
    ok = isinstance(abilities, tuple) and all(isinstance(a, Ability) for a in abilities)
    require(ok, "abilities", "abilities must be a tuple of Ability", "SD-10")
    names = [a.name for a in abilities]
    require(len(set(names)) == len(names), "abilities", "two abilities share a name", "SD-10")


def _check_choices(config: SkillsConfig) -> None:
    for field, choices, rule in (
        ("lower_limit", LOWER_LIMITS, "SD-2"),
        ("gm_short_draw", GM_SHORT_DRAWS, "SD-7"),
        ("burn_reset", BURN_RESETS, "SD-12"),
    ):
        value = getattr(config, field)
        ok = isinstance(value, str) and value in choices
        require(ok, field, f"{field} is one of {choices}, not {value!r}", rule)
    if config.opening_hand is not None:
        _check_int(config, "opening_hand", 0, config.hand_limit, "SD-14", "hand_limit")
