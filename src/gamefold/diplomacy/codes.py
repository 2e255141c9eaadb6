"""The stable error codes of the diplomacy subsystem (EN-4).

Every :class:`~gamefold.IllegalAction` the subsystem raises carries one of these codes; they
never change between releases, so a game loop or a UI may match on them. The rule ID that
goes with a code depends on the action (``not-your-turn`` cites DP-9 for a proposal and
DP-11 for a self-application); the docs page lists each pair.
"""

from __future__ import annotations

__all__ = [
    "CARD_LOCKED",
    "CARD_NOT_IN_HAND",
    "CODES",
    "DUPLICATE_CARD",
    "MALFORMED",
    "NOT_BETWEEN_TURNS",
    "NOT_RECIPIENT",
    "NOT_YOUR_TURN",
    "PROPOSAL_TO_SELF",
    "SLOTS_MISMATCH",
    "UNKNOWN_PLAYER",
    "UNKNOWN_PROPOSAL",
    "UNKNOWN_ZONE",
    "WINDOW_USED",
    "WRONG_KIND",
]

MALFORMED = "diplomacy/malformed"
"""Not a diplomacy action, or a field of the wrong type or range (EN-4)."""
UNKNOWN_PLAYER = "diplomacy/unknown-player"
"""The action names a player who is not seated at this table (EN-4)."""
NOT_YOUR_TURN = "diplomacy/not-your-turn"
"""The action needs its player's own turn (or names the wrong player for the clock)."""
CARD_NOT_IN_HAND = "diplomacy/card-not-in-hand"
"""The player does not hold that card (EN-4)."""
CARD_LOCKED = "diplomacy/card-locked"
"""The card sits in one of the player's pending proposals (DP-10)."""
DUPLICATE_CARD = "diplomacy/duplicate-card"
"""The same card is named twice in one proposal (EN-4)."""
WRONG_KIND = "diplomacy/wrong-kind"
"""The card is not of the kind the action needs (an Agreement to propose, …)."""
SLOTS_MISMATCH = "diplomacy/slots-mismatch"
"""A proposal does not fill exactly the Agreement card's slots (DP-9)."""
PROPOSAL_TO_SELF = "diplomacy/proposal-to-self"
"""A player proposed an Agreement to themselves (DP-9)."""
UNKNOWN_PROPOSAL = "diplomacy/unknown-proposal"
"""No pending proposal has that id (DP-9)."""
NOT_RECIPIENT = "diplomacy/not-recipient"
"""Only the player a proposal is addressed to may accept or decline it (DP-9)."""
NOT_BETWEEN_TURNS = "diplomacy/not-between-turns"
"""A Standalone card is played only in its player's between-turn window (DP-12)."""
WINDOW_USED = "diplomacy/window-used"
"""The player already played a Standalone card in this between-turn window (DP-12)."""
UNKNOWN_ZONE = "diplomacy/unknown-zone"
"""A turn start names a bonus zone the config does not define (DP-5)."""

UNKNOWN_PACT = "diplomacy/unknown-pact"
"""A host action names a pact that is not running (DP-9)."""
NOT_PARTY = "diplomacy/not-party"
"""Only a party to a pact may break it (DP-9)."""

CODES = frozenset(
    {
        UNKNOWN_PACT,
        NOT_PARTY,
        MALFORMED,
        UNKNOWN_PLAYER,
        NOT_YOUR_TURN,
        CARD_NOT_IN_HAND,
        CARD_LOCKED,
        DUPLICATE_CARD,
        WRONG_KIND,
        SLOTS_MISMATCH,
        PROPOSAL_TO_SELF,
        UNKNOWN_PROPOSAL,
        NOT_RECIPIENT,
        NOT_BETWEEN_TURNS,
        WINDOW_USED,
        UNKNOWN_ZONE,
    }
)
"""Every code the subsystem may raise."""
