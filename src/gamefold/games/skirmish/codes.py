"""The stable error codes of the skirmish game's own rules (EN-4).

The skill-deck and combat slices keep their own codes (``skills/…``, ``combat/…``); these are
the refusals of the rules that cross them. Each code always comes with the same rule ID
(:data:`RULES`), and every refusal is built by :func:`illegal`.
"""

from __future__ import annotations

from gamefold.pipeline import Catalogue

__all__ = [
    "ALREADY_CHOSE",
    "CATALOGUE",
    "CODES",
    "DECLARE_FIRST",
    "MALFORMED",
    "NOT_AN_ABILITY_CARD",
    "NOT_DUE",
    "NO_ROUND",
    "PAIRING_FIRST",
    "REACTION_PENDING",
    "RULES",
    "USE_ABILITY",
    "USE_CARD",
    "USE_DEFEAT_UNIT",
    "WINDOWS_ARE_THE_GAMES",
    "WRONG_COST",
    "illegal",
    "refusal",
]

CATALOGUE = Catalogue("skirmish")
"""Every code with the rule it cites."""

MALFORMED = CATALOGUE.malformed
"""A skirmish action with fields of the wrong type, or a card named twice (EN-4)."""
NOT_DUE = CATALOGUE.code("skirmish/not-activating", "SD-13")
"""A unit declares outside its own activation (SD-13)."""
REACTION_PENDING = CATALOGUE.code("skirmish/reaction-pending", "SD-8")
"""A reaction window is open: its player answers before anything else happens (SD-8)."""
WRONG_COST = CATALOGUE.code("skirmish/wrong-cost", "SD-10")
"""Cards offered for a free ability (SD-10)."""
NOT_AN_ABILITY_CARD = CATALOGUE.code("skirmish/not-an-ability-card", "SD-11")
"""UseCard with a card whose Play effect declares no ability (SD-11)."""
USE_CARD = CATALOGUE.code("skirmish/use-card", "SD-11")
"""A plain Play of a card whose effect declares an ability: use UseCard (SD-11)."""
USE_ABILITY = CATALOGUE.code("skirmish/use-ability", "SD-10")
"""A bare combat Declare or Payment Discard: use UseAbility, which does both (SD-10)."""
USE_DEFEAT_UNIT = CATALOGUE.code("skirmish/use-defeat-unit", "SD-13")
"""A bare combat Withdraw: DefeatUnit takes a unit out of the Round and the fight (SD-13)."""
WINDOWS_ARE_THE_GAMES = CATALOGUE.code("skirmish/windows-are-the-games", "SD-8")
"""Reaction windows open when an enemy declares at a party member, never on request (SD-8)."""
ALREADY_CHOSE = CATALOGUE.code("skirmish/already-chose", "CB-10")
"""A unit makes one choice for the exchange a Round (CB-10, SK-1)."""
DECLARE_FIRST = CATALOGUE.code("skirmish/declare-first", "CB-10")
"""Ending an activation before the unit made its choice for the exchange (CB-10)."""
PAIRING_FIRST = CATALOGUE.code("skirmish/pairing-first", "CB-5")
"""Activating while Forward pairings must be assigned first (CB-5)."""
NO_ROUND = CATALOGUE.code("skirmish/no-round", "SD-13")
"""Pairing outside a Round (SD-13)."""

RULES = {code: rules[0] for code, rules in CATALOGUE.rules.items()}
"""The rule ID each code always cites."""
CODES = CATALOGUE.codes
"""Every code the game's own rules may raise."""
illegal = CATALOGUE.illegal
refusal = CATALOGUE.refusal
"""``refusal(code, detail)``: the :class:`~gamefold.errors.Refusal` a wrapper returns."""
