"""The DP rules each diplomacy event attests, for rule coverage (:func:`gamefold.sim.coverage`).

Kept apart from the narration (:mod:`.narration`) so that the tables can change on their own.
Refusals attest their own rule (:data:`~gamefold.diplomacy.CODES`); a host's setup attests
:data:`SETUP_RULES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold.diplomacy.cards import Counter
from gamefold.diplomacy.hands import (
    CardDestroyed,
    CardDiscarded,
    CardEarned,
    CardForfeited,
    DeployDebtDue,
    SelfApplied,
)
from gamefold.diplomacy.pacts import PactBroken, PactExtended, PactRevealed
from gamefold.diplomacy.proposals import (
    PactBegan,
    PactCountedDown,
    PactEnded,
    ProposalAccepted,
    ProposalDeclined,
    ProposalExpired,
    ProposalMade,
)
from gamefold.diplomacy.standalone import StandalonePlayed, StandaloneResolved
from gamefold.diplomacy.ticks import DrawFailed, TicksGained
from gamefold.diplomacy.turns import TurnBegan, TurnEnded

__all__ = ["EVENT_RULES", "SETUP_RULES"]


def _always(*rules: str) -> Callable[[Any], tuple[str, ...]]:
    return lambda event: rules


def _ticks(event: TicksGained) -> tuple[str, ...]:
    # Territories feed the Random counter (DP-4); bonus zones feed the others (DP-5).
    return ("DP-3", "DP-4") if event.counter is Counter.RANDOM else ("DP-3", "DP-5")


EVENT_RULES: dict[type, Callable[[Any], tuple[str, ...]]] = {
    ProposalMade: _always("DP-9", "DP-10"),
    ProposalAccepted: _always("DP-1", "DP-9"),
    ProposalDeclined: _always("DP-9"),
    ProposalExpired: _always("DP-9"),
    PactBegan: _always("DP-8", "DP-9"),
    PactCountedDown: _always("DP-8"),
    PactEnded: _always("DP-8"),
    PactBroken: _always("DP-9"),
    PactExtended: _always("DP-8"),
    PactRevealed: _always("DP-9"),
    TurnBegan: _always(),
    TurnEnded: _always("DP-12"),
    TicksGained: _ticks,
    DrawFailed: _always("DP-1"),
    StandalonePlayed: _always("DP-1", "DP-12"),
    StandaloneResolved: _always("DP-12"),
    CardEarned: _always("DP-1", "DP-6", "DP-7"),
    CardDestroyed: _always("DP-1", "DP-13"),
    CardForfeited: _always("DP-13"),
    CardDiscarded: _always("DP-1"),
    SelfApplied: _always("DP-11"),
    DeployDebtDue: _always("DP-11"),
}
"""The DP rules each diplomacy event attests, as a function of the event: a ``TicksGained``
attests DP-3 and DP-4 (Random, from territories) or DP-5 (a bonus zone's counter); a card
earned, played or returned attests the closed pool (DP-1); a pact's life DP-8 and DP-9."""

SETUP_RULES: tuple[str, ...] = ("DP-2", "DP-3")
"""The rules every new diplomacy table applies: the opening troop cards (DP-2) and the four
tick counters at zero (DP-3)."""
