"""The DP rules each diplomacy event attests, for rule coverage (:func:`gamefold.sim.coverage`).

Kept apart from the narration (:mod:`.narration`) so that the tables can change on their own.
Refusals attest their own rule (:data:`~gamefold.diplomacy.CODES`); a host's setup attests
:data:`SETUP_RULES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold.core import attests
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

__all__ = ["EVENT_RULES", "RULE_IDS", "SETUP_RULES"]


def _ticks(event: TicksGained) -> tuple[str, ...]:
    # Territories feed the Random counter (DP-4); bonus zones feed the others (DP-5).
    return ("DP-3", "DP-4") if event.counter is Counter.RANDOM else ("DP-3", "DP-5")


EVENT_RULES: dict[type, Callable[[Any], tuple[str, ...]]] = {
    ProposalMade: attests("DP-9", "DP-10"),
    ProposalAccepted: attests("DP-1", "DP-9"),
    ProposalDeclined: attests("DP-9"),
    ProposalExpired: attests("DP-9"),
    PactBegan: attests("DP-8", "DP-9"),
    PactCountedDown: attests("DP-8"),
    PactEnded: attests("DP-8"),
    PactBroken: attests("DP-9"),
    PactExtended: attests("DP-8"),
    PactRevealed: attests("DP-9"),
    TurnBegan: attests(),
    TurnEnded: attests("DP-12"),
    TicksGained: _ticks,
    DrawFailed: attests("DP-1"),
    StandalonePlayed: attests("DP-1", "DP-12"),
    StandaloneResolved: attests("DP-12"),
    CardEarned: attests("DP-1", "DP-6", "DP-7"),
    CardDestroyed: attests("DP-1", "DP-13"),
    CardForfeited: attests("DP-13"),
    CardDiscarded: attests("DP-1"),
    SelfApplied: attests("DP-11"),
    DeployDebtDue: attests("DP-11"),
}
"""The DP rules each diplomacy event attests, as a function of the event: a ``TicksGained``
attests DP-3 and DP-4 (Random, from territories) or DP-5 (a bonus zone's counter); a card
earned, played or returned attests the closed pool (DP-1); a pact's life DP-8 and DP-9."""

SETUP_RULES: tuple[str, ...] = ("DP-2", "DP-3")
"""The rules every new diplomacy table applies: the opening troop cards (DP-2) and the four
tick counters at zero (DP-3)."""


RULE_IDS: tuple[str, ...] = tuple(f"DP-{n}" for n in range(1, 15))
"""Every diplomacy rule, DP-1 … DP-14 (the rules catalogue): what rule coverage reports of a
game composed of the slice."""
