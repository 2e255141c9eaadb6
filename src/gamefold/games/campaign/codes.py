"""The stable error codes of the campaign's own rules (EN-4).

The slices keep their own codes (``skills/…``, ``combat/…``, ``diplomacy/…``, ``summit/…``,
``skirmish/…``); these are the refusals of the rules that cross them (CP-…). Each code
always comes with the same rule ID, and every refusal is built by :func:`illegal`. The
campaign slice decides summit's turn flow with summit's own functions, so its catalogue
includes summit's: a flow refusal keeps its ``summit/…`` code and its rule.
"""

from __future__ import annotations

from gamefold.games.summit import codes as summit_codes
from gamefold.pipeline import Catalogue

__all__ = [
    "BATTLE_UNDER_WAY",
    "CATALOGUE",
    "CEASEFIRE",
    "CODES",
    "HOST_ONLY",
    "MALFORMED",
    "NO_BATTLE",
    "NO_CHAMPION",
    "NOT_YET",
    "RULES",
    "illegal",
    "refusal",
]

CATALOGUE = Catalogue("campaign", include=(summit_codes.CATALOGUE,))
"""Every code with the rule it cites."""

MALFORMED = CATALOGUE.malformed
"""Not a campaign action, or a field of the wrong type (EN-4)."""
BATTLE_UNDER_WAY = CATALOGUE.code("campaign/battle-under-way", "CP-1")
"""A battle is fought to its end before any faction acts again (CP-1)."""
NO_BATTLE = CATALOGUE.code("campaign/no-battle", "CP-1")
"""A battle's Round or end comes only while a battle is under way (CP-1)."""
NOT_YET = CATALOGUE.code("campaign/not-yet", "CP-1")
"""The battle's clock is not there yet: a Round under way, or the battle not over (CP-1)."""
NO_CHAMPION = CATALOGUE.code("campaign/no-champion", "CP-2")
"""A faction whose champion is dead attacks no more (CP-2)."""
CEASEFIRE = CATALOGUE.code("campaign/ceasefire", "CP-6")
"""A running Ceasefire forbids the attack (CP-6)."""
HOST_ONLY = CATALOGUE.code("campaign/host-only", "CP-4")
"""The campaign fields the GM's units itself when a battle begins (CP-4)."""

RULES = CATALOGUE.rules
"""The rule IDs each code cites."""
CODES = CATALOGUE.codes
"""Every code the campaign's rules may raise."""
illegal = CATALOGUE.illegal
"""``illegal(code, message, action)``: the :class:`~gamefold.IllegalAction` of a refusal."""
refusal = CATALOGUE.refusal
"""``refusal(code, detail)``: the :class:`~gamefold.errors.Refusal` a wrapper returns."""
