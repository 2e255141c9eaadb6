"""The stable error codes of the territory subsystem (EN-4).

Every :class:`~gamefold.IllegalAction` a map action raises carries one of these codes and a
rule ID from :data:`CATALOGUE` (``TR-…`` for the territory's rules, ``EN-4`` for malformed
input). Two codes guard a deploy and an attack alike and name the rule when raised:
``not-your-turn`` and ``not-yours`` (TR-3 for a deploy, TR-4 for an attack).
"""

from __future__ import annotations

from gamefold.pipeline import Catalogue

__all__ = [
    "CATALOGUE",
    "CODES",
    "MALFORMED",
    "NOT_ADJACENT",
    "NOT_YOURS",
    "NOT_YOUR_TURN",
    "NO_RESERVE",
    "OWN_TERRITORY",
    "RULES",
    "TOO_FEW_TROOPS",
    "TRUCE",
    "UNKNOWN_PLAYER",
    "UNKNOWN_TERRITORY",
]

MALFORMED = "territory/malformed"
"""Not a map action, or a field of the wrong type or range (EN-4)."""
UNKNOWN_PLAYER = "territory/unknown-player"
"""The action names a player who is not seated (EN-4)."""
UNKNOWN_TERRITORY = "territory/unknown-territory"
"""The action names a territory the map does not have (EN-4)."""
NOT_YOUR_TURN = "territory/not-your-turn"
"""The action needs its player's own turn (TR-3, TR-4)."""
NOT_YOURS = "territory/not-yours"
"""Deploying on, or attacking from, a territory the player does not hold (TR-3, TR-4)."""
NO_RESERVE = "territory/no-reserve"
"""Deploying with no troop in reserve (TR-3)."""
OWN_TERRITORY = "territory/own-territory"
"""Attacking a territory the player already holds (TR-4)."""
NOT_ADJACENT = "territory/not-adjacent"
"""Attacking a territory that does not border the source (TR-4)."""
TOO_FEW_TROOPS = "territory/too-few-troops"
"""Attacking from a territory without a troop to leave behind (TR-4)."""
TRUCE = "territory/truce"
"""Attacking a player one has a truce with (TR-6)."""

CATALOGUE = Catalogue(
    "territory",
    {
        UNKNOWN_PLAYER: "EN-4",
        UNKNOWN_TERRITORY: "EN-4",
        NOT_YOUR_TURN: ("TR-3", "TR-4"),
        NOT_YOURS: ("TR-3", "TR-4"),
        NO_RESERVE: "TR-3",
        OWN_TERRITORY: "TR-4",
        NOT_ADJACENT: "TR-4",
        TOO_FEW_TROOPS: "TR-4",
        TRUCE: "TR-6",
    },
)
"""Every code with the rule(s) it cites."""

RULES = CATALOGUE.rules
"""The rule IDs each code cites."""
CODES = CATALOGUE.codes
"""Every code the territory raises."""
