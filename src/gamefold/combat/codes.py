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

MALFORMED = "combat/malformed"
"""Not a combat action, or a field of the wrong type or range (EN-4)."""
OVER = "combat/over"
"""The fight has ended (a side fell or the party fled): no more exchanges (CB-10)."""
UNKNOWN_COMBATANT = "combat/unknown-combatant"
"""The action names a combatant who is not in this fight (EN-4)."""
FALLEN = "combat/fallen"
"""The combatant has fallen (or was withdrawn): it can no longer act, be afflicted or be
withdrawn (CB-11)."""
ALREADY_DECLARED = "combat/already-declared"
"""The combatant already declared in this exchange (CB-10)."""
PAIRING_NEEDED = "combat/pairing-needed"
"""Forward pairings must be assigned before anyone declares (CB-5)."""
UNKNOWN_ABILITY = "combat/unknown-ability"
"""The combatant has no ability of that name (EN-4)."""
WRONG_ZONE = "combat/wrong-zone"
"""The ability needs a zone the combatant does not stand in (CB-4, CB-7)."""
WRONG_HAND = "combat/wrong-hand"
"""The ability cannot be thrown with that Hand, or needs one and none was given (CB-10)."""
HAND_FORBIDDEN = "combat/hand-forbidden"
"""A condition forbids the Hand: Stoned Rock, Folded Paper, Dulled Scissors (CB-12)."""
NOT_AN_ENEMY = "combat/not-an-enemy"
"""An ability targets an enemy, never an ally or oneself (CB-3)."""
TARGET_FALLEN = "combat/target-fallen"
"""The target has fallen and left the zones (CB-11)."""
NOT_PAIRED_TARGET = "combat/not-paired-target"
"""A paired combatant targets its partner and no one else (CB-5)."""
EXCHANGE_UNDER_WAY = "combat/exchange-under-way"
"""Declarations are pending: pairings and conditions wait for the exchange (CB-10)."""
ALREADY_PAIRED = "combat/already-paired"
"""Pairings are assigned and still stand (CB-5)."""
NOT_YOUR_PAIRING = "combat/not-your-pairing"
"""Only the side with more combatants in Forward (or the tie-break side) assigns (CB-5)."""
NOT_FORWARD = "combat/not-forward"
"""A pairing names a combatant who does not count as Forward (CB-5, CB-7)."""
BAD_PAIRING = "combat/bad-pairing"
"""Pairings give each enemy Forward combatant exactly one distinct partner (CB-5)."""
NOT_PARTY = "combat/not-party"
"""Only the party retreats (CB-13)."""
UNKNOWN_ITEM = "combat/unknown-item"
"""The combatant does not carry an item of that name, or names it twice (EN-4)."""
NOT_FALLEN_ALLY = "combat/not-fallen-ally"
"""Only a fallen member of the party can be carried away (CB-15)."""
ALREADY_CARRIED = "combat/already-carried"
"""Another fleeing character already holds that fallen ally (CB-15)."""
SAME_ZONE = "combat/same-zone"
"""A move to the zone the combatant already stands in (CB-4)."""
NO_ROOM = "combat/no-room"
"""The carrier lacks ``body_slots`` free slots, even after its drops (CB-15)."""

CATALOGUE = Catalogue(
    "combat",
    {
        OVER: "CB-10",
        UNKNOWN_COMBATANT: "EN-4",
        FALLEN: "CB-11",
        ALREADY_DECLARED: "CB-10",
        PAIRING_NEEDED: "CB-5",
        UNKNOWN_ABILITY: "EN-4",
        WRONG_ZONE: "CB-4",
        WRONG_HAND: "CB-10",
        HAND_FORBIDDEN: "CB-12",
        NOT_AN_ENEMY: "CB-3",
        TARGET_FALLEN: "CB-11",
        NOT_PAIRED_TARGET: "CB-5",
        EXCHANGE_UNDER_WAY: "CB-10",
        ALREADY_PAIRED: "CB-5",
        NOT_YOUR_PAIRING: "CB-5",
        NOT_FORWARD: "CB-5",
        BAD_PAIRING: "CB-5",
        NOT_PARTY: "CB-13",
        UNKNOWN_ITEM: "EN-4",
        NOT_FALLEN_ALLY: "CB-15",
        ALREADY_CARRIED: "CB-15",
        NO_ROOM: "CB-15",
        SAME_ZONE: "CB-4",
    },
)
"""Every code with the rule it cites."""

RULES = {code: rules[0] for code, rules in CATALOGUE.rules.items()}
"""The rule ID each code always cites."""

CODES = CATALOGUE.codes
"""Every code the subsystem may raise."""
illegal = CATALOGUE.illegal
