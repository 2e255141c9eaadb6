"""One readable line per skill-deck event, and the rules each event attests.

:data:`LINES` tells an event in words, for logs, examples and a host game's account;
:data:`EVENT_RULES` names the SD rules an event shows at work, for rule coverage
(:func:`gamefold.sim.coverage`).

>>> from gamefold.skills import CardsDrawn, describe
>>> describe(CardsDrawn("ana", (3, 4)))
'ana draws 2 cards.'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from gamefold.core import Event, attests
from gamefold.skills.catalogue import Modifier
from gamefold.skills.commitment import CardBurned, CardDiscarded, CardPlayed, CostPaid
from gamefold.skills.config import GM
from gamefold.skills.fielding import UnitsFielded
from gamefold.skills.levels import HandLimitChanged, HandTrimmed
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
    FATAL_EXHAUSTION,
    CardsDrawn,
    CardsExhausted,
    CharacterDied,
    DeckRecycled,
    DrawFellShort,
    FatigueGained,
)

__all__ = ["EVENT_RULES", "LINES", "RULE_IDS", "SETUP_RULES", "describe"]


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
    HandTrimmed: lambda e: f"{e.player} discards {len(e.cards)} card(s) above the new limit.",
    CardsDrawn: lambda e: f"{e.player} draws {_count(len(e.cards), 'card')}.",
    DeckRecycled: lambda e: f"{e.player} reshuffles the discard pile ({e.size} cards).",
    FatigueGained: lambda e: f"{e.player} gains {e.amount} Fatigue ({e.total} in all).",
    CardsExhausted: lambda e: f"{e.player} loses {_count(len(e.cards), 'card')} to Exhaustion.",
    DrawFellShort: lambda e: f"{e.player} cannot draw {e.missing} more.",
    CharacterDied: lambda e: f"{e.player} dies ({e.cause}).",
    UnitsFielded: lambda e: f"The GM fields {', '.join(e.units) or 'no unit'}.",
}
"""The sentence of each skill-deck event type; a host game may extend or replace lines."""


def describe(event: Event) -> str:
    """One sentence saying what ``event`` reports; ``repr`` for an event of another kind."""
    line = LINES.get(type(event))
    return repr(event) if line is None else line(event)


def _gm_or(gm_rules: tuple[str, ...], rules: tuple[str, ...], event: Any) -> tuple[str, ...]:
    """The rules of a player's event, or ``gm_rules`` added when the GM's (SD-7).

    Bound with ``partial`` in :data:`EVENT_RULES` (not a closure built at import), so that
    each attribution runs code a mutation tool can reach.
    """
    return (*rules, *gm_rules) if event.player == GM else rules


def _burned(event: CardBurned) -> tuple[str, ...]:
    return ("SD-12",) if event.exhausted else ("SD-12", "SD-7")


def _fell_short(event: DrawFellShort) -> tuple[str, ...]:
    # The GM draws fewer (SD-7); a player falls short only without lethal draw failure.
    return ("SD-7",) if event.player == GM else ("SD-6",)


def _died(event: CharacterDied) -> tuple[str, ...]:
    return ("SD-6",) if event.cause == FATAL_EXHAUSTION else ()


EVENT_RULES: dict[type, Callable[[Any], tuple[str, ...]]] = {
    RoundStarted: attests("SD-3", "SD-13"),
    RoundEnded: attests("SD-4", "SD-13"),
    ActivationStarted: attests("SD-13"),
    ActivationEnded: attests("SD-4", "SD-15"),
    ModifiersReset: attests("SD-12"),
    UnitDefeated: attests("SD-13"),
    CardPlayed: attests("SD-1", "SD-11"),
    CardBurned: _burned,
    CardDiscarded: attests("SD-9"),
    CostPaid: attests("SD-10"),
    ReactionWindowOpened: attests("SD-8"),
    ReactionWindowClosed: attests("SD-8"),
    HandLimitChanged: attests("SD-2"),
    HandTrimmed: attests("SD-2"),
    CardsDrawn: partial(_gm_or, ("SD-7",), ("SD-3",)),
    DeckRecycled: partial(_gm_or, ("SD-7",), ("SD-5",)),
    FatigueGained: attests("SD-5"),
    CardsExhausted: attests("SD-5"),
    DrawFellShort: _fell_short,
    CharacterDied: _died,
    UnitsFielded: attests("SD-13"),
}
"""The SD rules each skill-deck event attests, as a function of the event (rule coverage).

An event counts once for each rule it names: a refill's ``CardsDrawn`` attests SD-3 (and
SD-7 when it is the GM's), a ``CardBurned`` SD-12 (and SD-7 when the GM's card was
discarded, not Exhausted), a ``CharacterDied`` SD-6 only for fatal exhaustion (a defeat is
the host's rule). Refusals attest their own rule (:data:`~gamefold.skills.codes.CATALOGUE`).
"""

SETUP_RULES: tuple[str, ...] = ("SD-1", "SD-7", "SD-14")
"""The rules every new skill-deck session applies: decks of distinct cards (SD-1), the GM's
own deck (SD-7) and the opening hands (SD-14). A host's setup attests them."""


RULE_IDS: tuple[str, ...] = tuple(f"SD-{n}" for n in range(1, 16))
"""Every skill-deck rule, SD-1 … SD-15 (the rules catalogue): what rule coverage reports of
a game composed of the slice."""
