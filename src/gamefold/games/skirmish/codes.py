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

MALFORMED = "skirmish/malformed"
"""A skirmish action with fields of the wrong type, or a card named twice (EN-4)."""
NOT_DUE = "skirmish/not-activating"
"""A unit declares outside its own activation (SD-13)."""
REACTION_PENDING = "skirmish/reaction-pending"
"""A reaction window is open: its player answers before anything else happens (SD-8)."""
WRONG_COST = "skirmish/wrong-cost"
"""Cards offered for a free ability (SD-10)."""
NOT_AN_ABILITY_CARD = "skirmish/not-an-ability-card"
"""UseCard with a card whose Play effect declares no ability (SD-11)."""
USE_CARD = "skirmish/use-card"
"""A plain Play of a card whose effect declares an ability: use UseCard (SD-11)."""
USE_ABILITY = "skirmish/use-ability"
"""A bare combat Declare or Payment Discard: use UseAbility, which does both (SD-10)."""
USE_DEFEAT_UNIT = "skirmish/use-defeat-unit"
"""A bare combat Withdraw: DefeatUnit takes a unit out of the Round and the fight (SD-13)."""
WINDOWS_ARE_THE_GAMES = "skirmish/windows-are-the-games"
"""Reaction windows open when an enemy declares at a party member, never on request (SD-8)."""
ALREADY_CHOSE = "skirmish/already-chose"
"""A unit makes one choice for the exchange a Round (CB-10, SK-1)."""
DECLARE_FIRST = "skirmish/declare-first"
"""Ending an activation before the unit made its choice for the exchange (CB-10)."""
PAIRING_FIRST = "skirmish/pairing-first"
"""Activating while Forward pairings must be assigned first (CB-5)."""
NO_ROUND = "skirmish/no-round"
"""Pairing outside a Round (SD-13)."""

CATALOGUE = Catalogue(
    "skirmish",
    {
        NOT_DUE: "SD-13",
        REACTION_PENDING: "SD-8",
        WRONG_COST: "SD-10",
        NOT_AN_ABILITY_CARD: "SD-11",
        USE_CARD: "SD-11",
        USE_ABILITY: "SD-10",
        USE_DEFEAT_UNIT: "SD-13",
        WINDOWS_ARE_THE_GAMES: "SD-8",
        ALREADY_CHOSE: "CB-10",
        DECLARE_FIRST: "CB-10",
        PAIRING_FIRST: "CB-5",
        NO_ROUND: "SD-13",
    },
)
"""Every code with the rule it cites."""

RULES = {code: rules[0] for code, rules in CATALOGUE.rules.items()}
"""The rule ID each code always cites."""
CODES = CATALOGUE.codes
"""Every code the game's own rules may raise."""
illegal = CATALOGUE.illegal
refusal = CATALOGUE.refusal
"""``refusal(code, detail)``: the :class:`~gamefold.errors.Refusal` a wrapper returns."""
