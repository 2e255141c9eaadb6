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
    "ALREADY_HELD",
    "MALFORMED",
    "NOT_HELD",
    "NO_TRUCE",
    "NOT_ADJACENT",
    "NOT_YOURS",
    "NOT_YOUR_TURN",
    "NO_RESERVE",
    "OWN_TERRITORY",
    "RULES",
    "TOO_FEW_TROOPS",
    "TRUCE",
    "TRUCE_RUNNING",
    "UNKNOWN_PLAYER",
    "UNKNOWN_TERRITORY",
]

CATALOGUE = Catalogue("territory")
"""Every code with the rule(s) it cites."""

MALFORMED = CATALOGUE.malformed
"""Not a map action, or a field of the wrong type or range (EN-4)."""
UNKNOWN_PLAYER = CATALOGUE.code("territory/unknown-player", "EN-4")
"""The action names a player who is not seated (EN-4)."""
UNKNOWN_TERRITORY = CATALOGUE.code("territory/unknown-territory", "EN-4")
"""The action names a territory the map does not have (EN-4)."""
NOT_YOUR_TURN = CATALOGUE.code("territory/not-your-turn", ("TR-3", "TR-4"))
"""The action needs its player's own turn (TR-3, TR-4)."""
NOT_YOURS = CATALOGUE.code("territory/not-yours", ("TR-3", "TR-4"))
"""Deploying on, or attacking from, a territory the player does not hold (TR-3, TR-4)."""
NO_RESERVE = CATALOGUE.code("territory/no-reserve", "TR-3")
"""Deploying with no troop in reserve (TR-3)."""
OWN_TERRITORY = CATALOGUE.code("territory/own-territory", "TR-4")
"""Attacking a territory the player already holds (TR-4)."""
NOT_ADJACENT = CATALOGUE.code("territory/not-adjacent", "TR-4")
"""Attacking a territory that does not border the source (TR-4)."""
TOO_FEW_TROOPS = CATALOGUE.code("territory/too-few-troops", "TR-4")
"""Attacking from a territory without a troop to leave behind (TR-4)."""
TRUCE = CATALOGUE.code("territory/truce", "TR-6")
"""Attacking a player one has a truce with (TR-6)."""
NOT_HELD = CATALOGUE.code("territory/not-held", ("TR-5", "TR-7"))
"""A host's fort (TR-5) or trap (TR-7) on a territory its player does not hold."""
ALREADY_HELD = CATALOGUE.code("territory/already-held", "TR-5")
"""A host seizing, for a player, a territory they already hold (TR-5)."""
TRUCE_RUNNING = CATALOGUE.code("territory/truce-running", "TR-6")
"""A host beginning the truce of an agreement whose truce runs already (TR-6)."""
NO_TRUCE = CATALOGUE.code("territory/no-truce", "TR-6")
"""A host ending the truce of an agreement with no truce running (TR-6)."""

RULES = CATALOGUE.rules
"""The rule IDs each code cites."""
CODES = CATALOGUE.codes
"""Every code the territory raises."""
