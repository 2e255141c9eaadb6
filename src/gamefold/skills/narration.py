"""One readable line per skill-deck event, for logs, examples and a host game's account.

>>> from gamefold.skills import CardsDrawn, describe
>>> describe(CardsDrawn("ana", (3, 4)))
'ana draws 2 cards.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold.core import Event
from gamefold.skills.catalogue import Modifier
from gamefold.skills.commitment import CardBurned, CardDiscarded, CardPlayed, CostPaid
from gamefold.skills.levels import HandLimitChanged
from gamefold.skills.rounds import (
    ActivationEnded,
    ActivationStarted,
    ModifiersReset,
    RoundEnded,
    RoundStarted,
    UnitDefeated,
)
from gamefold.skills.timing import ReactionWindowClosed, ReactionWindowOpened
from gamefold.skills.zones import (
    CardsDrawn,
    CardsExhausted,
    CharacterDied,
    DeckRecycled,
    DrawFellShort,
    FatigueGained,
)

__all__ = ["LINES", "describe"]


def _modifiers(modifiers: tuple[Modifier, ...]) -> str:
    return ", ".join(f"{m.stat} {m.amount:+d}" for m in modifiers) or "nothing"


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


LINES: dict[type, Callable[[Any], str]] = {
    RoundStarted: lambda e: f"Round {e.round} begins: everyone refills.",
    RoundEnded: lambda e: f"Round {e.round} ends.",
    ActivationStarted: lambda e: f"{e.unit} activates.",
    ActivationEnded: lambda e: f"{e.unit} ends its activation.",
    ModifiersReset: lambda e: f"{e.player}'s Burn modifiers reset ({_modifiers(e.modifiers)}).",
    UnitDefeated: lambda e: f"{e.unit} is out of the Round.",
    CardPlayed: lambda e: f"{e.player} plays {e.name} (card {e.card}).",
    CardBurned: lambda e: (
        f"{e.player} burns {e.name} (card {e.card}) for {_modifiers(e.modifiers)}."
    ),
    CardDiscarded: lambda e: f"{e.player} discards card {e.card}.",
    CostPaid: lambda e: f"{e.player} pays {_count(len(e.cards), 'card')} for {e.ability}.",
    ReactionWindowOpened: lambda e: f"{e.player} may react.",
    ReactionWindowClosed: lambda e: f"{e.player} is done reacting.",
    HandLimitChanged: lambda e: f"{e.player}'s hand limit goes from {e.old} to {e.new}.",
    CardsDrawn: lambda e: f"{e.player} draws {_count(len(e.cards), 'card')}.",
    DeckRecycled: lambda e: f"{e.player} reshuffles the discard pile ({e.size} cards).",
    FatigueGained: lambda e: f"{e.player} gains {e.amount} Fatigue ({e.total} in all).",
    CardsExhausted: lambda e: f"{e.player} loses {_count(len(e.cards), 'card')} to Exhaustion.",
    DrawFellShort: lambda e: f"{e.player} cannot draw {e.missing} more.",
    CharacterDied: lambda e: f"{e.player} dies ({e.cause}).",
}
"""The sentence of each skill-deck event type; a host game may extend or replace lines."""


def describe(event: Event) -> str:
    """One sentence saying what ``event`` reports; ``repr`` for an event of another kind."""
    line = LINES.get(type(event))
    return repr(event) if line is None else line(event)
