"""One readable line per event of a skirmish, for ``gamefold play`` and the examples.

Combat events are told by :func:`gamefold.combat.describe`; skill-deck and skirmish events
by the lines here. Card ids are shown as numbers; what a hidden card is never appears.

>>> from gamefold.games.skirmish.account import describe
>>> from gamefold.games.skirmish.state import ShieldRaised
>>> describe(ShieldRaised("ana", 2, 2))
'ana raises a shield of 2 (2 in all this Round).'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold import combat
from gamefold import skills as sd
from gamefold.core import Event
from gamefold.games.skirmish import state as sk

__all__ = ["LINES", "describe"]


def _modifiers(modifiers: tuple[sd.Modifier, ...]) -> str:
    return ", ".join(f"{m.stat} {m.amount:+d}" for m in modifiers) or "nothing"


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


LINES: dict[type, Callable[[Any], str]] = {
    sd.RoundStarted: lambda e: f"Round {e.round} begins: everyone refills.",
    sd.RoundEnded: lambda e: f"Round {e.round} ends.",
    sd.ActivationStarted: lambda e: f"{e.unit} activates.",
    sd.ActivationEnded: lambda e: f"{e.unit} ends its activation.",
    sd.ModifiersReset: lambda e: f"{e.player}'s Burn modifiers reset ({_modifiers(e.modifiers)}).",
    sd.UnitDefeated: lambda e: f"{e.unit} is out of the Round.",
    sd.CardPlayed: lambda e: f"{e.player} plays {e.name} (card {e.card}).",
    sd.CardBurned: lambda e: (
        f"{e.player} burns {e.name} (card {e.card}) for {_modifiers(e.modifiers)}."
    ),
    sd.CardDiscarded: lambda e: f"{e.player} discards card {e.card}.",
    sd.CostPaid: lambda e: f"{e.player} pays {_count(len(e.cards), 'card')} for {e.ability}.",
    sd.ReactionWindowOpened: lambda e: f"{e.player} may react.",
    sd.ReactionWindowClosed: lambda e: f"{e.player} is done reacting.",
    sd.HandLimitChanged: lambda e: f"{e.player}'s hand limit goes from {e.old} to {e.new}.",
    sd.CardsDrawn: lambda e: f"{e.player} draws {_count(len(e.cards), 'card')}.",
    sd.DeckRecycled: lambda e: f"{e.player} reshuffles the discard pile ({e.size} cards).",
    sd.FatigueGained: lambda e: f"{e.player} gains {e.amount} Fatigue ({e.total} in all).",
    sd.CardsExhausted: lambda e: f"{e.player} loses {_count(len(e.cards), 'card')} to Exhaustion.",
    sd.DrawFellShort: lambda e: f"{e.player} cannot draw {e.missing} more.",
    sd.CharacterDied: lambda e: f"{e.player} dies ({e.cause}).",
    sk.DeclarationHeld: lambda e: f"{e.unit} declares at {e.target}, who may react first.",
    sk.DeclarationLapsed: lambda e: f"{e.unit}'s declaration at {e.target} lapses.",
    sk.ShieldRaised: lambda e: (
        f"{e.unit} raises a shield of {e.amount} ({e.total} in all this Round)."
    ),
    sk.ShieldsDropped: lambda e: "Unused shields fade.",
    sk.DamagePrevented: lambda e: f"{e.unit}'s shield stops {e.amount} damage.",
    sk.LeftTheFight: lambda e: f"{e.unit} leaves the fight ({e.cause}).",
}


def describe(event: Event) -> str:
    """One sentence saying what ``event`` reports (combat's own lines for combat events)."""
    line = LINES.get(type(event))
    return combat.describe(event) if line is None else line(event)
