"""The stable error codes of the skill-deck subsystem (EN-4).

Every :class:`~gamefold.IllegalAction` the subsystem raises carries one of these codes and a
rule ID from :data:`CATALOGUE`; they never change between releases, so a game loop or a UI
may match on them. Two codes guard more than one rule and name the rule when raised:
``no-round`` (SD-13 for activations and Round ends, SD-8 for reaction windows) and
``not-your-activation`` (SD-15 for ending an activation, SD-8 or SD-9 for using a card).
"""

from __future__ import annotations

from gamefold.pipeline import Catalogue

__all__ = [
    "ACTIVATION_IN_PROGRESS",
    "ALREADY_ACTIVATED",
    "CARD_NOT_IN_HAND",
    "CATALOGUE",
    "CODES",
    "DEAD_CHARACTER",
    "HAND_LIMIT_OUT_OF_RANGE",
    "MALFORMED",
    "NOT_A_REACTION",
    "NOT_YOUR_ACTIVATION",
    "NOT_YOUR_SIDE",
    "NO_REACTION_WINDOW",
    "NO_ROUND",
    "REACTION_WINDOW_OPEN",
    "ROUND_IN_PROGRESS",
    "ROUND_NOT_OVER",
    "RULES",
    "UNKNOWN_ABILITY",
    "UNKNOWN_PLAYER",
    "UNKNOWN_UNIT",
    "UNIT_NAME_TAKEN",
    "WINDOW_ALREADY_OPEN",
    "WRONG_COST",
    "illegal",
]

MALFORMED = "skills/malformed"
"""Not a skill-deck action, or a field of the wrong type or range (EN-4)."""
UNKNOWN_PLAYER = "skills/unknown-player"
"""The action names a player who is not at the table (EN-4)."""
UNKNOWN_UNIT = "skills/unknown-unit"
"""The action names a unit that is not in play (EN-4)."""
DEAD_CHARACTER = "skills/dead-character"
"""The character died of fatal exhaustion and acts no more (SD-6)."""
CARD_NOT_IN_HAND = "skills/card-not-in-hand"
"""The player does not hold that card (EN-4)."""
UNKNOWN_ABILITY = "skills/unknown-ability"
"""A Payment Discard for an ability the config does not define (SD-10)."""
WRONG_COST = "skills/wrong-cost"
"""A Payment Discard of another number of cards than the ability costs (SD-10)."""
HAND_LIMIT_OUT_OF_RANGE = "skills/hand-limit-out-of-range"
"""A hand-limit change that would leave the limit below 0 or above the maximum (SD-2)."""
UNIT_NAME_TAKEN = "skills/unit-name-taken"
"""A GM unit needs a name of its own: distinct, non-empty, not a player's (SD-13)."""
ROUND_IN_PROGRESS = "skills/round-in-progress"
"""A Round starts only when none is under way (SD-13)."""
NO_ROUND = "skills/no-round"
"""No Round is under way: units activate, Rounds end and windows open only in one (SD-13,
SD-8)."""
ROUND_NOT_OVER = "skills/round-not-over"
"""A Round ends only when every living unit has activated (SD-13)."""
REACTION_WINDOW_OPEN = "skills/reaction-window-open"
"""A Round cannot end while a reaction window is open (SD-8)."""
ACTIVATION_IN_PROGRESS = "skills/activation-in-progress"
"""Another unit is still activating (SD-13)."""
ALREADY_ACTIVATED = "skills/already-activated"
"""Each living unit activates once per Round (SD-13)."""
NOT_YOUR_SIDE = "skills/not-your-side"
"""Activations alternate between the players' side and the GM's (SD-13)."""
NOT_YOUR_ACTIVATION = "skills/not-your-activation"
"""Cards are used, and activations ended, only in one's own activation (SD-15, SD-8, SD-9)."""
NOT_A_REACTION = "skills/not-a-reaction"
"""Only a card with Reaction timing is used in a reaction window (SD-8)."""
WINDOW_ALREADY_OPEN = "skills/window-already-open"
"""The player already has an open reaction window (SD-8)."""
NO_REACTION_WINDOW = "skills/no-reaction-window"
"""The player has no open reaction window to close (SD-8)."""

CATALOGUE = Catalogue(
    "skills",
    {
        UNKNOWN_PLAYER: "EN-4",
        UNKNOWN_UNIT: "EN-4",
        DEAD_CHARACTER: "SD-6",
        CARD_NOT_IN_HAND: "EN-4",
        UNKNOWN_ABILITY: "SD-10",
        WRONG_COST: "SD-10",
        HAND_LIMIT_OUT_OF_RANGE: "SD-2",
        ROUND_IN_PROGRESS: "SD-13",
        UNIT_NAME_TAKEN: "SD-13",
        NO_ROUND: ("SD-13", "SD-8"),
        ROUND_NOT_OVER: "SD-13",
        REACTION_WINDOW_OPEN: "SD-8",
        ACTIVATION_IN_PROGRESS: "SD-13",
        ALREADY_ACTIVATED: "SD-13",
        NOT_YOUR_SIDE: "SD-13",
        NOT_YOUR_ACTIVATION: ("SD-15", "SD-8", "SD-9"),
        NOT_A_REACTION: "SD-8",
        WINDOW_ALREADY_OPEN: "SD-8",
        NO_REACTION_WINDOW: "SD-8",
    },
)
"""Every code with the rule(s) it cites."""

RULES = CATALOGUE.rules
"""The rule IDs each code cites."""
CODES = CATALOGUE.codes
"""Every code the subsystem may raise."""
illegal = CATALOGUE.illegal
