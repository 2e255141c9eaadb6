"""The stable error codes of the summit game (EN-4).

Every :class:`~gamefold.IllegalAction` that summit itself raises carries one of these codes
and a rule ID from :data:`CATALOGUE` (``SM-…`` for summit's own rules, ``DP-…`` where a
diplomacy rule is involved, ``EN-4`` for malformed input). ``holdings-mismatch`` guards
two rules and names the rule when raised (DP-4 for territories, DP-5 for zones). A Deploy
or an Attack is refused by the territory with its ``territory/…`` codes (TR-…), and
diplomacy's own refusals keep their ``diplomacy/…`` codes. The docs page lists every pair.
"""

from __future__ import annotations

from gamefold.pipeline import Catalogue

__all__ = [
    "BAD_TARGET",
    "BEGIN_TURN_NEEDED",
    "CATALOGUE",
    "CODES",
    "GAME_OVER",
    "HAND_NOT_FULL",
    "HOLDINGS_MISMATCH",
    "MALFORMED",
    "NOT_ASKED",
    "NOT_NOW",
    "NOT_YOUR_TURN",
    "NO_PACT",
    "PROPOSAL_LIMIT",
    "RULES",
    "illegal",
    "refusal",
]

MALFORMED = "summit/malformed"
"""Not a summit action, or a field of the wrong type or range (EN-4)."""
NOT_YOUR_TURN = "summit/not-your-turn"
"""The action needs its player's own turn or own between-turn window (SM-9)."""
NOT_NOW = "summit/not-now"
"""A clock action out of the documented order (SM-9, SM-10)."""
GAME_OVER = "summit/game-over"
"""The game has ended (SM-10)."""
BEGIN_TURN_NEEDED = "summit/begin-turn-needed"
"""A plain StartTurn: summit turns begin with a BeginTurn carrying the holdings (SM-3)."""
HOLDINGS_MISMATCH = "summit/holdings-mismatch"
"""A BeginTurn whose territories (DP-4) or zones (DP-5) differ from the map's (SM-3)."""
NOT_ASKED = "summit/not-asked"
"""Deferring a proposal that is not awaiting this player's answer (SM-9)."""
PROPOSAL_LIMIT = "summit/proposal-limit"
"""A proposal beyond the turn's ``proposals_per_turn`` (SM-12)."""
BAD_TARGET = "summit/bad-target"
"""A Standalone card aimed at something its effect cannot take as a target (SM-8)."""
NO_PACT = "summit/no-pact"
"""A Betrayal or Duration Modifier played without a pact to act on (SM-16)."""
HAND_NOT_FULL = "summit/hand-not-full"
"""A Discard while the player holds fewer cards than the hand limit (SM-15)."""

CATALOGUE = Catalogue(
    "summit",
    {
        NOT_YOUR_TURN: "SM-9",
        NOT_NOW: "SM-9",
        GAME_OVER: "SM-10",
        BEGIN_TURN_NEEDED: "SM-3",
        HOLDINGS_MISMATCH: ("DP-4", "DP-5"),
        NOT_ASKED: "SM-9",
        PROPOSAL_LIMIT: "SM-12",
        BAD_TARGET: "SM-8",
        NO_PACT: "SM-16",
        HAND_NOT_FULL: "SM-15",
    },
)
"""Every code with the rule(s) it cites."""

RULES = CATALOGUE.rules
"""The rule IDs each code cites."""
CODES = CATALOGUE.codes
"""Every code summit raises."""
illegal = CATALOGUE.illegal
refusal = CATALOGUE.refusal
"""``refusal(code, detail)``: the :class:`~gamefold.errors.Refusal` a wrapper returns."""
