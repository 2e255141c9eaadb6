"""The stable error codes of the combat subsystem (EN-4).

Every :class:`~gamefold.IllegalAction` the subsystem raises carries one of these codes and
always the same rule ID (:data:`RULES`); they never change between releases, so a game loop
or a UI may match on them.
"""

from __future__ import annotations

from gamefold.pipeline import Catalogue

__all__ = [
    "ALREADY_CARRIED",
    "ALREADY_DECLARED",
    "ALREADY_PAIRED",
    "BAD_PAIRING",
    "CATALOGUE",
    "CODES",
    "EXCHANGE_UNDER_WAY",
    "FALLEN",
    "HAND_FORBIDDEN",
    "MALFORMED",
    "NOT_AN_ENEMY",
    "NOT_FALLEN_ALLY",
    "NOT_FORWARD",
    "NOT_PAIRED_TARGET",
    "NOT_PARTY",
    "NOT_YOUR_PAIRING",
    "NO_ROOM",
    "OVER",
    "PAIRING_NEEDED",
    "RULES",
    "SAME_ZONE",
    "TARGET_FALLEN",
    "UNKNOWN_ABILITY",
    "UNKNOWN_COMBATANT",
    "UNKNOWN_ITEM",
    "WRONG_HAND",
    "WRONG_ZONE",
    "illegal",
]

CATALOGUE = Catalogue("combat")
"""Every code with the rule it cites."""

MALFORMED = CATALOGUE.malformed
"""Not a combat action, or a field of the wrong type or range (EN-4)."""
OVER = CATALOGUE.code("combat/over", "CB-10")
"""The fight has ended (a side fell or the party fled): no more exchanges (CB-10)."""
UNKNOWN_COMBATANT = CATALOGUE.code("combat/unknown-combatant", "EN-4")
"""The action names a combatant who is not in this fight (EN-4)."""
FALLEN = CATALOGUE.code("combat/fallen", "CB-11")
"""The combatant has fallen (or was withdrawn): it can no longer act, be afflicted or be
withdrawn (CB-11)."""
ALREADY_DECLARED = CATALOGUE.code("combat/already-declared", "CB-10")
"""The combatant already declared in this exchange (CB-10)."""
PAIRING_NEEDED = CATALOGUE.code("combat/pairing-needed", "CB-5")
"""Forward pairings must be assigned before anyone declares (CB-5)."""
UNKNOWN_ABILITY = CATALOGUE.code("combat/unknown-ability", "EN-4")
"""The combatant has no ability of that name (EN-4)."""
WRONG_ZONE = CATALOGUE.code("combat/wrong-zone", "CB-4")
"""The ability needs a zone the combatant does not stand in (CB-4, CB-7)."""
WRONG_HAND = CATALOGUE.code("combat/wrong-hand", "CB-10")
"""The ability cannot be thrown with that Hand, or needs one and none was given (CB-10)."""
HAND_FORBIDDEN = CATALOGUE.code("combat/hand-forbidden", "CB-12")
"""A condition forbids the Hand: Stoned Rock, Folded Paper, Dulled Scissors (CB-12)."""
NOT_AN_ENEMY = CATALOGUE.code("combat/not-an-enemy", "CB-3")
"""An ability targets an enemy, never an ally or oneself (CB-3)."""
TARGET_FALLEN = CATALOGUE.code("combat/target-fallen", "CB-11")
"""The target has fallen and left the zones (CB-11)."""
NOT_PAIRED_TARGET = CATALOGUE.code("combat/not-paired-target", "CB-5")
"""A paired combatant targets its partner and no one else (CB-5)."""
EXCHANGE_UNDER_WAY = CATALOGUE.code("combat/exchange-under-way", "CB-10")
"""Declarations are pending: pairings and conditions wait for the exchange (CB-10)."""
ALREADY_PAIRED = CATALOGUE.code("combat/already-paired", "CB-5")
"""Pairings are assigned and still stand (CB-5)."""
NOT_YOUR_PAIRING = CATALOGUE.code("combat/not-your-pairing", "CB-5")
"""Only the side with more combatants in Forward (or the tie-break side) assigns (CB-5)."""
NOT_FORWARD = CATALOGUE.code("combat/not-forward", "CB-5")
"""A pairing names a combatant who does not count as Forward (CB-5, CB-7)."""
BAD_PAIRING = CATALOGUE.code("combat/bad-pairing", "CB-5")
"""Pairings give each enemy Forward combatant exactly one distinct partner (CB-5)."""
NOT_PARTY = CATALOGUE.code("combat/not-party", "CB-13")
"""Only the party retreats (CB-13)."""
UNKNOWN_ITEM = CATALOGUE.code("combat/unknown-item", "EN-4")
"""The combatant does not carry an item of that name, or names it twice (EN-4)."""
NOT_FALLEN_ALLY = CATALOGUE.code("combat/not-fallen-ally", "CB-15")
"""Only a fallen member of the party can be carried away (CB-15)."""
ALREADY_CARRIED = CATALOGUE.code("combat/already-carried", "CB-15")
"""Another fleeing character already holds that fallen ally (CB-15)."""
SAME_ZONE = CATALOGUE.code("combat/same-zone", "CB-4")
"""A move to the zone the combatant already stands in (CB-4)."""
NO_ROOM = CATALOGUE.code("combat/no-room", "CB-15")
"""The carrier lacks ``body_slots`` free slots, even after its drops (CB-15)."""

RULES = {code: rules[0] for code, rules in CATALOGUE.rules.items()}
"""The rule ID each code always cites."""

CODES = CATALOGUE.codes
"""Every code the subsystem may raise."""
illegal = CATALOGUE.illegal
