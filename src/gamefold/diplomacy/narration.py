"""One readable line per diplomacy event, for logs, examples and a host game's account.

A line names cards by their printed name, which lives in the config, so each line is told
with the game's :class:`~gamefold.diplomacy.DiplomacyConfig`: a host game extends
:data:`LINES` with lines of the same shape (``{**diplomacy.LINES, MyEvent: line}``).

>>> from gamefold.diplomacy import DiplomacyConfig, TurnBegan, describe
>>> describe(DiplomacyConfig(), TurnBegan("ann", 3))
'-- turn 3: ann --'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeAlias

from gamefold.core import Event
from gamefold.diplomacy import hands, pacts, proposals, standalone, ticks, turns
from gamefold.diplomacy.config import DiplomacyConfig

__all__ = ["BY_ID", "LINES", "Line", "describe"]

Line: TypeAlias = Callable[[DiplomacyConfig | None, Any], str]
"""``line(config, event)``: the sentence of one event, card names read from ``config``
(cards by id alone when it is ``None``)."""


def _card(config: DiplomacyConfig | None, card: int) -> str:
    return f"card #{card}" if config is None else f"{config.cards[card].name} (#{card})"


def _turns(count: int) -> str:
    return f"{count} turn" if count == 1 else f"{count} turns"


def _aim(target: str) -> str:
    return f" at {target}" if target else ""


def _quarters(quarters: int) -> str:
    return f"{quarters / ticks.QUARTERS_PER_TICK:g}"  # quarters are exact in binary


def _ticks(quarters: int) -> str:
    """``1 tick``, ``0.75 ticks``, ``2 ticks``: the singular for exactly one."""
    return "1 tick" if quarters == ticks.QUARTERS_PER_TICK else f"{_quarters(quarters)} ticks"


LINES: dict[type, Line] = {
    turns.TurnBegan: lambda c, e: f"-- turn {e.turn}: {e.player} --",
    turns.TurnEnded: lambda c, e: f"{e.player} ends their turn",
    ticks.TicksGained: lambda c, e: (
        f"{e.player}'s {e.counter.value} counter gains {_ticks(e.quarters)}"
    ),
    ticks.DrawFailed: lambda c, e: (
        f"{e.player}'s {e.counter.value} counter is due a card but the pool has none"
    ),
    hands.CardEarned: lambda c, e: (
        f"{e.player} earns {_card(c, e.card)} from the {e.counter.value} counter"
    ),
    hands.CardDestroyed: lambda c, e: f"{e.player}'s hand is full: {_card(c, e.card)} destroyed",
    hands.CardForfeited: lambda c, e: (
        f"{e.player}'s hand is full and all locked: {_card(c, e.card)} goes back"
    ),
    hands.CardDiscarded: lambda c, e: f"{e.player} discards {_card(c, e.card)}",
    hands.SelfApplied: lambda c, e: (
        f"{e.player} self-applies {_card(c, e.card)}: +{e.troops} troops, debt {e.debt}"
    ),
    hands.DeployDebtDue: lambda c, e: f"{e.player}'s deploy is reduced by {e.troops}",
    proposals.ProposalMade: lambda c, e: (
        f"{e.proposal.proposer} proposes {_card(c, e.proposal.agreement)} to {e.proposal.to} "
        f"with {', '.join(_card(c, v) for v in e.proposal.values) or 'no values'} "
        f"(proposal {e.proposal.id})"
    ),
    proposals.ProposalAccepted: lambda c, e: f"{e.player} accepts proposal {e.proposal}",
    proposals.ProposalDeclined: lambda c, e: f"{e.player} declines proposal {e.proposal}",
    proposals.ProposalExpired: lambda c, e: f"proposal {e.proposal} to {e.to} expires",
    proposals.PactBegan: lambda c, e: (
        f"pact {e.pact.id}: {e.pact.agreement} between {e.pact.proposer} and "
        f"{e.pact.partner} for {_turns(e.pact.remaining)}"
    ),
    proposals.PactCountedDown: lambda c, e: f"pact {e.pact}: {_turns(e.remaining)} left",
    proposals.PactEnded: lambda c, e: f"pact {e.pact} ({e.agreement}) ends",
    standalone.StandalonePlayed: lambda c, e: (
        f"{e.player} plays {e.effect.name}{_aim(e.effect.target)}, to resolve next turn"
    ),
    standalone.StandaloneResolved: lambda c, e: (
        f"{e.player}'s {e.effect.name}{_aim(e.effect.target)} resolves"
    ),
    pacts.PactBroken: lambda c, e: f"{e.player} breaks pact {e.pact} ({e.agreement})",
    pacts.PactExtended: lambda c, e: f"pact {e.pact}: extended, {_turns(e.remaining)} left",
    pacts.PactRevealed: lambda c, e: f"the secret pact {e.pact} comes to light",
}
"""The sentence of each diplomacy event type; a host game may extend or replace lines."""


def describe(config: DiplomacyConfig, event: Event) -> str:
    """One readable line for a diplomacy ``event``; ``repr`` for an event of another kind."""
    line = LINES.get(type(event))
    return repr(event) if line is None else line(config, event)


BY_ID: dict[type, Callable[[Any], str]] = {
    kind: partial(line, None) for kind, line in LINES.items()
}
"""Each event's line without a config, cards named by id: the subsystem's narration for a
game that composes diplomacy without telling its own (``describe`` names the cards)."""
