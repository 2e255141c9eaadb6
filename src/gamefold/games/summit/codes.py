"""The stable error codes of the summit game (EN-4).

Every :class:`~gamefold.IllegalAction` that summit itself raises carries one of these codes
and a rule ID from :data:`CATALOGUE` (``SM-…`` for summit's own rules, ``DP-…`` where a
diplomacy rule is involved, ``EN-4`` for malformed input). Two codes guard more than one
rule and name the rule when raised: ``not-your-turn`` (SM-6 for an attack, SM-9 for a turn
end or a Pass) and ``holdings-mismatch`` (DP-4 for territories, DP-5 for zones).
Diplomacy's own refusals keep their ``diplomacy/…`` codes. The docs page lists every pair.
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
    "NOT_ADJACENT",
    "NOT_ASKED",
    "NOT_NOW",
    "NOT_YOURS",
    "NOT_YOUR_TURN",
    "NO_RESERVE",
    "OWN_TERRITORY",
    "NO_PACT",
    "PROPOSAL_LIMIT",
    "RULES",
    "TOO_FEW_TROOPS",
    "TRUCE",
    "UNKNOWN_PLAYER",
    "UNKNOWN_TERRITORY",
    "illegal",
]

MALFORMED = "summit/malformed"
"""Not a summit action, or a field of the wrong type or range (EN-4)."""
UNKNOWN_PLAYER = "summit/unknown-player"
"""The action names a player who is not seated (EN-4)."""
UNKNOWN_TERRITORY = "summit/unknown-territory"
"""The action names a territory the map does not have (EN-4)."""
NOT_YOUR_TURN = "summit/not-your-turn"
"""The action needs its player's own turn (SM-6) or own between-turn window (SM-9)."""
NOT_NOW = "summit/not-now"
"""A clock action out of the documented order (SM-9, SM-10)."""
GAME_OVER = "summit/game-over"
"""The game has ended (SM-10)."""
BEGIN_TURN_NEEDED = "summit/begin-turn-needed"
"""A plain StartTurn: summit turns begin with a BeginTurn carrying the holdings (SM-3)."""
HOLDINGS_MISMATCH = "summit/holdings-mismatch"
"""A BeginTurn whose territories (DP-4) or zones (DP-5) differ from the map's (SM-3)."""
OWN_TERRITORY = "summit/own-territory"
"""Attacking a territory the player already holds (SM-6)."""
TRUCE = "summit/truce"
"""Attacking a player one has a truce with (SM-7)."""
TOO_FEW_TROOPS = "summit/too-few-troops"
"""The attack costs more troops than the player has (SM-6)."""
NOT_ASKED = "summit/not-asked"
"""Deferring a proposal that is not awaiting this player's answer (SM-9)."""
PROPOSAL_LIMIT = "summit/proposal-limit"
"""A proposal beyond the turn's ``proposals_per_turn`` (SM-12)."""
NOT_YOURS = "summit/not-yours"
"""Deploying on, or attacking from, a territory the player does not hold (SM-4, SM-6)."""
NOT_ADJACENT = "summit/not-adjacent"
"""Attacking a territory that does not border the source (SM-6)."""
NO_RESERVE = "summit/no-reserve"
"""Deploying with no troop in reserve (SM-4)."""
BAD_TARGET = "summit/bad-target"
"""A Standalone card aimed at something its effect cannot take as a target (SM-8)."""
NO_PACT = "summit/no-pact"
"""A Betrayal or Duration Modifier played without a pact to act on (SM-16)."""
HAND_NOT_FULL = "summit/hand-not-full"
"""A Discard while the player holds fewer cards than the hand limit (SM-15)."""

CATALOGUE = Catalogue(
    "summit",
    {
        UNKNOWN_PLAYER: "EN-4",
        UNKNOWN_TERRITORY: "EN-4",
        NOT_YOUR_TURN: ("SM-6", "SM-9"),
        NOT_NOW: "SM-9",
        GAME_OVER: "SM-10",
        BEGIN_TURN_NEEDED: "SM-3",
        HOLDINGS_MISMATCH: ("DP-4", "DP-5"),
        OWN_TERRITORY: "SM-6",
        TRUCE: "SM-7",
        TOO_FEW_TROOPS: "SM-6",
        NOT_ASKED: "SM-9",
        PROPOSAL_LIMIT: "SM-12",
        BAD_TARGET: "SM-8",
        NO_PACT: "SM-16",
        HAND_NOT_FULL: "SM-15",
        NOT_YOURS: ("SM-4", "SM-6"),
        NOT_ADJACENT: "SM-6",
        NO_RESERVE: "SM-4",
    },
)
"""Every code with the rule(s) it cites."""

RULES = CATALOGUE.rules
"""The rule IDs each code cites."""
CODES = CATALOGUE.codes
"""Every code summit raises."""
illegal = CATALOGUE.illegal
