"""The stable error codes of the diplomacy subsystem (EN-4).

Every :class:`~gamefold.IllegalAction` the subsystem raises carries one of these codes and a
rule ID from :data:`CATALOGUE`; they never change between releases, so a game loop or a UI
may match on them. Two codes guard more than one rule and name the rule when raised:
``not-your-turn`` (DP-1 for a discard, DP-4 for a turn start, DP-9 for a proposal, DP-11 for
a self-application, DP-12 for a turn end) and ``wrong-kind`` (DP-9, DP-11 or DP-12, the rule
of the action that needs the card).
"""

from __future__ import annotations

from gamefold.pipeline import Catalogue

__all__ = [
    "CARD_LOCKED",
    "CARD_NOT_IN_HAND",
    "CATALOGUE",
    "CODES",
    "DUPLICATE_CARD",
    "INCOME_TOO_LARGE",
    "MALFORMED",
    "NOT_BETWEEN_TURNS",
    "NOT_PARTY",
    "NOT_RECIPIENT",
    "NOT_YOUR_TURN",
    "PROPOSAL_TO_SELF",
    "RULES",
    "SLOTS_MISMATCH",
    "UNKNOWN_PACT",
    "UNKNOWN_PLAYER",
    "UNKNOWN_PROPOSAL",
    "UNKNOWN_ZONE",
    "WINDOW_USED",
    "WRONG_KIND",
    "illegal",
]

CATALOGUE = Catalogue("diplomacy")
"""Every code with the rule(s) it cites."""

MALFORMED = CATALOGUE.malformed
"""Not a diplomacy action, or a field of the wrong type or range (EN-4)."""
UNKNOWN_PLAYER = CATALOGUE.code("diplomacy/unknown-player", "EN-4")
"""The action names a player who is not seated at this table (EN-4)."""
NOT_YOUR_TURN = CATALOGUE.code(
    "diplomacy/not-your-turn", ("DP-1", "DP-4", "DP-9", "DP-11", "DP-12")
)
"""The action needs its player's own turn, or names the wrong player for the clock (DP-1,
DP-4, DP-9, DP-11, DP-12)."""
CARD_NOT_IN_HAND = CATALOGUE.code("diplomacy/card-not-in-hand", "EN-4")
"""The player does not hold that card (EN-4)."""
CARD_LOCKED = CATALOGUE.code("diplomacy/card-locked", "DP-10")
"""The card sits in one of the player's pending proposals (DP-10)."""
DUPLICATE_CARD = CATALOGUE.code("diplomacy/duplicate-card", "EN-4")
"""The same card is named twice in one proposal (EN-4)."""
WRONG_KIND = CATALOGUE.code("diplomacy/wrong-kind", ("DP-9", "DP-11", "DP-12"))
"""The card is not of the kind the action needs: an Agreement or Value card to propose
(DP-9), a Value card to self-apply (DP-11), a Standalone card to play (DP-12)."""
SLOTS_MISMATCH = CATALOGUE.code("diplomacy/slots-mismatch", "DP-9")
"""A proposal does not fill exactly the Agreement card's slots (DP-9)."""
PROPOSAL_TO_SELF = CATALOGUE.code("diplomacy/proposal-to-self", "DP-9")
"""A player proposed an Agreement to themselves (DP-9)."""
UNKNOWN_PROPOSAL = CATALOGUE.code("diplomacy/unknown-proposal", "DP-9")
"""No pending proposal has that id (DP-9)."""
NOT_RECIPIENT = CATALOGUE.code("diplomacy/not-recipient", "DP-9")
"""Only the player a proposal is addressed to may accept or decline it (DP-9)."""
NOT_BETWEEN_TURNS = CATALOGUE.code("diplomacy/not-between-turns", "DP-12")
"""A Standalone card is played only in its player's between-turn window (DP-12)."""
WINDOW_USED = CATALOGUE.code("diplomacy/window-used", "DP-12")
"""The player already played a Standalone card in this between-turn window (DP-12)."""
UNKNOWN_ZONE = CATALOGUE.code("diplomacy/unknown-zone", "DP-5")
"""A turn start names a bonus zone the config does not define (DP-5)."""
INCOME_TOO_LARGE = CATALOGUE.code("diplomacy/income-too-large", "DP-6")
"""A turn start would add more ticks than one turn start may (the config's ``max_income``,
DP-6)."""

UNKNOWN_PACT = CATALOGUE.code("diplomacy/unknown-pact", "DP-9")
"""A host action names a pact that is not running (DP-9)."""
NOT_PARTY = CATALOGUE.code("diplomacy/not-party", "DP-9")
"""Only a party to a pact may break it (DP-9)."""

RULES = CATALOGUE.rules
"""The rule IDs each code cites."""
CODES = CATALOGUE.codes
"""Every code the subsystem may raise."""
illegal = CATALOGUE.illegal
