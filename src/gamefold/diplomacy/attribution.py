"""The DP rules each diplomacy event attests, for rule coverage (:func:`gamefold.sim.coverage`).

Kept apart from the narration (:mod:`.narration`) so that the tables can change on their own.
Refusals attest their own rule (:data:`~gamefold.diplomacy.CODES`); a host's setup attests
:data:`SETUP_RULES`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
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


def _fixed(rules: tuple[str, ...], event: Any) -> tuple[str, ...]:
    """The rules an event of this type always attests, whatever the event.

    Bound with ``partial`` in :data:`EVENT_RULES` (not a closure built at import), so that
    each attribution runs code a mutation tool can reach.
    """
    return rules


def _ticks(event: TicksGained) -> tuple[str, ...]:
    # Territories feed the Random counter (DP-4); bonus zones feed the others (DP-5).
    return ("DP-3", "DP-4") if event.counter is Counter.RANDOM else ("DP-3", "DP-5")


EVENT_RULES: dict[type, Callable[[Any], tuple[str, ...]]] = {
    ProposalMade: partial(_fixed, ("DP-9", "DP-10")),
    ProposalAccepted: partial(_fixed, ("DP-1", "DP-9")),
    ProposalDeclined: partial(_fixed, ("DP-9",)),
    ProposalExpired: partial(_fixed, ("DP-9",)),
    PactBegan: partial(_fixed, ("DP-8", "DP-9")),
    PactCountedDown: partial(_fixed, ("DP-8",)),
    PactEnded: partial(_fixed, ("DP-8",)),
    PactBroken: partial(_fixed, ("DP-9",)),
    PactExtended: partial(_fixed, ("DP-8",)),
    PactRevealed: partial(_fixed, ("DP-9",)),
    TurnBegan: partial(_fixed, ()),
    TurnEnded: partial(_fixed, ("DP-12",)),
    TicksGained: _ticks,
    DrawFailed: partial(_fixed, ("DP-1",)),
    StandalonePlayed: partial(_fixed, ("DP-1", "DP-12")),
    StandaloneResolved: partial(_fixed, ("DP-12",)),
    CardEarned: partial(_fixed, ("DP-1", "DP-6", "DP-7")),
    CardDestroyed: partial(_fixed, ("DP-1", "DP-13")),
    CardForfeited: partial(_fixed, ("DP-13",)),
    CardDiscarded: partial(_fixed, ("DP-1",)),
    SelfApplied: partial(_fixed, ("DP-11",)),
    DeployDebtDue: partial(_fixed, ("DP-11",)),
}
"""The DP rules each diplomacy event attests, as a function of the event: a ``TicksGained``
attests DP-3 and DP-4 (Random, from territories) or DP-5 (a bonus zone's counter); a card
earned, played or returned attests the closed pool (DP-1); a pact's life DP-8 and DP-9."""

SETUP_RULES: tuple[str, ...] = ("DP-2", "DP-3")
"""The rules every new diplomacy table applies: the opening troop cards (DP-2) and the four
tick counters at zero (DP-3)."""
