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

CATALOGUE = Catalogue("summit")
"""Every code with the rule(s) it cites."""

MALFORMED = CATALOGUE.malformed
"""Not a summit action, or a field of the wrong type or range (EN-4)."""
NOT_YOUR_TURN = CATALOGUE.code("summit/not-your-turn", "SM-9")
"""The action needs its player's own turn or own between-turn window (SM-9)."""
NOT_NOW = CATALOGUE.code("summit/not-now", "SM-9")
"""A clock action out of the documented order (SM-9, SM-10)."""
GAME_OVER = CATALOGUE.code("summit/game-over", "SM-10")
"""The game has ended (SM-10)."""
BEGIN_TURN_NEEDED = CATALOGUE.code("summit/begin-turn-needed", "SM-3")
"""A plain StartTurn: summit turns begin with a BeginTurn carrying the holdings (SM-3)."""
HOLDINGS_MISMATCH = CATALOGUE.code("summit/holdings-mismatch", ("DP-4", "DP-5"))
"""A BeginTurn whose territories (DP-4) or zones (DP-5) differ from the map's (SM-3)."""
NOT_ASKED = CATALOGUE.code("summit/not-asked", "SM-9")
"""Deferring a proposal that is not awaiting this player's answer (SM-9)."""
PROPOSAL_LIMIT = CATALOGUE.code("summit/proposal-limit", "SM-12")
"""A proposal beyond the turn's ``proposals_per_turn`` (SM-12)."""
BAD_TARGET = CATALOGUE.code("summit/bad-target", "SM-8")
"""A Standalone card aimed at something its effect cannot take as a target (SM-8)."""
NO_PACT = CATALOGUE.code("summit/no-pact", "SM-16")
"""A Betrayal or Duration Modifier played without a pact to act on (SM-16)."""
HAND_NOT_FULL = CATALOGUE.code("summit/hand-not-full", "SM-15")
"""A Discard while the player holds fewer cards than the hand limit (SM-15)."""

RULES = CATALOGUE.rules
"""The rule IDs each code cites."""
CODES = CATALOGUE.codes
"""Every code summit raises."""
illegal = CATALOGUE.illegal
refusal = CATALOGUE.refusal
"""``refusal(code, detail)``: the :class:`~gamefold.errors.Refusal` a wrapper returns."""
