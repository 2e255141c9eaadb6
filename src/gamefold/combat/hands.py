"""Hands, the beats relation and the conditions that forbid a Hand (CB-1, CB-2, CB-12).

The seed's relation, the default of every config, is **Rock beats Paper, Paper beats
Scissors, Scissors beats Rock**: the reverse of the playground game, exactly as the source
document writes it. The relation is data (a tuple of ``(winner, loser)`` pairs), so a game
may supply another one, such as :data:`PLAYGROUND_BEATS`.
"""

from __future__ import annotations

from enum import Enum
from itertools import combinations
from typing import TypeAlias

__all__ = [
    "HANDS",
    "PLAYGROUND_BEATS",
    "SEED_BEATS",
    "Beats",
    "Condition",
    "Hand",
    "Outcome",
    "beats_problem",
    "outcome",
]


class Hand(Enum):
    """One of the three Hands an ability is thrown with (CB-1)."""

    # Identity, as Enum equality is: Enum's own hash is Python code, and lists and caches
    # hash these at every choice. No rule depends on a hash (EN-3).
    __hash__ = object.__hash__

    ROCK = "rock"
    PAPER = "paper"
    SCISSORS = "scissors"


HANDS: tuple[Hand, ...] = (Hand.ROCK, Hand.PAPER, Hand.SCISSORS)
"""Every Hand, in the order legal actions list them."""


class Outcome(Enum):
    """How one ability fares against the Hand of its target: a win, a tie or a loss (CB-10)."""

    WIN = "win"
    TIE = "tie"
    LOSS = "loss"


Beats: TypeAlias = tuple[tuple[Hand, Hand], ...]
"""A beats relation: ``(winner, loser)`` pairs, one for each pair of different Hands."""

SEED_BEATS: Beats = (
    (Hand.ROCK, Hand.PAPER),
    (Hand.PAPER, Hand.SCISSORS),
    (Hand.SCISSORS, Hand.ROCK),
)
"""CB-1, the seed's relation: Rock beats Paper, Paper beats Scissors, Scissors beats Rock."""

PLAYGROUND_BEATS: Beats = tuple((loser, winner) for winner, loser in SEED_BEATS)
"""The playground relation (Paper beats Rock, …): the seed's, flipped. Never the default."""


# The outcomes as plain names, for the exchange that compares with them at every step.
_WIN, _TIE, _LOSS = Outcome.WIN, Outcome.TIE, Outcome.LOSS


def outcome(hand: Hand, other: Hand, beats: Beats) -> Outcome:
    """The outcome of throwing ``hand`` against ``other`` under the relation ``beats``."""
    if hand is other:
        return _TIE  # CB-2: two equal Hands tie
    if (hand, other) in beats:  # CB-1: the relation is data
        return _WIN
    return _LOSS


def beats_problem(beats: object) -> str | None:
    """Why ``beats`` is not a valid relation (a sentence), or ``None`` when it is one.

    A valid relation decides every pair of different Hands exactly one way and never lets
    a Hand beat itself (equal Hands tie, CB-2).
    """
    if not isinstance(beats, tuple) or not all(_is_pair(p) for p in beats):
        return "beats must be a tuple of (winner, loser) pairs of Hands"
    pairs = set(beats)
    if len(pairs) != len(beats):
        return "beats lists a pair twice"
    if any(winner is loser for winner, loser in pairs):
        return "a Hand cannot beat itself: equal Hands tie (CB-2)"
    for a, b in combinations(HANDS, 2):
        if ((a, b) in pairs) == ((b, a) in pairs):
            return f"exactly one of {a.value} and {b.value} must beat the other"
    return None


def _is_pair(pair: object) -> bool:
    return isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(h, Hand) for h in pair)


class Condition(Enum):
    """A condition forbidding one Hand (CB-12): Stoned Rock, Folded Paper, Dulled Scissors."""

    STONED = "stoned"
    FOLDED = "folded"
    DULLED = "dulled"

    @property
    def forbids(self) -> Hand:
        """The Hand a combatant with this condition cannot throw."""
        return _FORBIDS[self.value]


_FORBIDS = {"stoned": Hand.ROCK, "folded": Hand.PAPER, "dulled": Hand.SCISSORS}
