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

CATALOGUE = Catalogue("skills")
"""Every code with the rule(s) it cites."""

MALFORMED = CATALOGUE.malformed
"""Not a skill-deck action, or a field of the wrong type or range (EN-4)."""
UNKNOWN_PLAYER = CATALOGUE.code("skills/unknown-player", "EN-4")
"""The action names a player who is not at the table (EN-4)."""
UNKNOWN_UNIT = CATALOGUE.code("skills/unknown-unit", "EN-4")
"""The action names a unit that is not in play (EN-4)."""
DEAD_CHARACTER = CATALOGUE.code("skills/dead-character", "SD-6")
"""The character died of fatal exhaustion and acts no more (SD-6)."""
CARD_NOT_IN_HAND = CATALOGUE.code("skills/card-not-in-hand", "EN-4")
"""The player does not hold that card (EN-4)."""
UNKNOWN_ABILITY = CATALOGUE.code("skills/unknown-ability", "SD-10")
"""A Payment Discard for an ability the config does not define (SD-10)."""
WRONG_COST = CATALOGUE.code("skills/wrong-cost", "SD-10")
"""A Payment Discard of another number of cards than the ability costs (SD-10)."""
HAND_LIMIT_OUT_OF_RANGE = CATALOGUE.code("skills/hand-limit-out-of-range", "SD-2")
"""A hand-limit change that would leave the limit below 0 or above the maximum (SD-2)."""
UNIT_NAME_TAKEN = CATALOGUE.code("skills/unit-name-taken", "SD-13")
"""A GM unit needs a name of its own: distinct, non-empty, not a player's (SD-13)."""
ROUND_IN_PROGRESS = CATALOGUE.code("skills/round-in-progress", "SD-13")
"""A Round starts only when none is under way (SD-13)."""
NO_ROUND = CATALOGUE.code("skills/no-round", ("SD-13", "SD-8"))
"""No Round is under way: units activate, Rounds end and windows open only in one (SD-13,
SD-8)."""
ROUND_NOT_OVER = CATALOGUE.code("skills/round-not-over", "SD-13")
"""A Round ends only when every living unit has activated (SD-13)."""
REACTION_WINDOW_OPEN = CATALOGUE.code("skills/reaction-window-open", "SD-8")
"""A Round cannot end while a reaction window is open (SD-8)."""
ACTIVATION_IN_PROGRESS = CATALOGUE.code("skills/activation-in-progress", "SD-13")
"""Another unit is still activating (SD-13)."""
ALREADY_ACTIVATED = CATALOGUE.code("skills/already-activated", "SD-13")
"""Each living unit activates once per Round (SD-13)."""
NOT_YOUR_SIDE = CATALOGUE.code("skills/not-your-side", "SD-13")
"""Activations alternate between the players' side and the GM's (SD-13)."""
NOT_YOUR_ACTIVATION = CATALOGUE.code("skills/not-your-activation", ("SD-15", "SD-8", "SD-9"))
"""Cards are used, and activations ended, only in one's own activation (SD-15, SD-8, SD-9)."""
NOT_A_REACTION = CATALOGUE.code("skills/not-a-reaction", "SD-8")
"""Only a card with Reaction timing is used in a reaction window (SD-8)."""
WINDOW_ALREADY_OPEN = CATALOGUE.code("skills/window-already-open", "SD-8")
"""The player already has an open reaction window (SD-8)."""
NO_REACTION_WINDOW = CATALOGUE.code("skills/no-reaction-window", "SD-8")
"""The player has no open reaction window to close (SD-8)."""

RULES = CATALOGUE.rules
"""The rule IDs each code cites."""
CODES = CATALOGUE.codes
"""Every code the subsystem may raise."""
illegal = CATALOGUE.illegal
