"""Host actions on running pacts: break, extend, reveal (DP-9).

The host game, which gives pacts their meaning, may need to change a running pact: a
betrayal breaks it, a card lengthens it, a secret one comes to light. Each is a host
action in the subsystem's own terms, never listed as a player's choice (EN-5 lists
players' actions); the host issues it when its own rules say so.

A pact whose Agreement subtype is one of the config's ``secret_agreements`` begins
*secret*: only its two parties see it in their views (EN-9) until :class:`RevealPact`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.diplomacy import codes
from gamefold.diplomacy.proposals import Pact
from gamefold.pipeline import Refusal

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState

__all__ = [
    "BreakPact",
    "ExtendPact",
    "PactBroken",
    "PactExtended",
    "PactRevealed",
    "RevealPact",
]


@attrs.frozen
class BreakPact(Action):
    """Host action: ``player`` breaks the running pact ``pact``; it ends now (DP-9)."""

    pact: int
    player: str


@attrs.frozen
class ExtendPact(Action):
    """Host action: the running pact ``pact`` lasts ``turns`` turns more (DP-9)."""

    pact: int
    turns: int


@attrs.frozen
class RevealPact(Action):
    """Host action: the secret pact ``pact`` is shown to everyone from now on (EN-9)."""

    pact: int


@attrs.frozen
class PactBroken(Event):
    """``player`` broke pact ``pact`` (``agreement`` of ``proposer`` and ``partner``)."""

    pact: int
    agreement: str
    proposer: str
    partner: str
    player: str


@attrs.frozen
class PactExtended(Event):
    """Pact ``pact`` now has ``remaining`` turns left."""

    pact: int
    remaining: int


@attrs.frozen
class PactRevealed(Event):
    """The secret pact ``pact`` is now public."""

    pact: int


def _running(state: DiplomacyState, pact: int) -> Pact | Refusal:
    """The running pact ``pact``; ``diplomacy/unknown-pact`` (DP-9) when none is."""
    for each in state.pacts:
        if each.id == pact:
            return each
    return Refusal(codes.UNKNOWN_PACT, f"No pact {pact} is running.")


def party_to(pact: Pact, player: str) -> bool:
    """Whether ``player`` is one of the two parties to ``pact`` (DP-9)."""
    return player in (pact.proposer, pact.partner)


def _swap(state: DiplomacyState, old: Pact, new: Pact | None) -> DiplomacyState:
    pacts = tuple(p for p in (new if p is old else p for p in state.pacts) if p is not None)
    return replace(state, pacts=pacts)


def decide_break(
    state: DiplomacyState, action: BreakPact
) -> tuple[DiplomacyState, Events] | Refusal:
    """The pact is running and the breaker one of its parties (DP-9): it ends now."""
    pact = _running(state, action.pact)
    if isinstance(pact, Refusal):
        return pact
    if not party_to(pact, action.player):
        return Refusal(codes.NOT_PARTY, f"{action.player} is no party to pact {pact.id}.")
    event = PactBroken(pact.id, pact.agreement, pact.proposer, pact.partner, action.player)
    return _swap(state, pact, None), (event,)


def decide_extend(
    state: DiplomacyState, action: ExtendPact
) -> tuple[DiplomacyState, Events] | Refusal:
    """The pact is running (DP-9): it runs ``turns`` turns more."""
    pact = _running(state, action.pact)
    if isinstance(pact, Refusal):
        return pact
    longer = replace(pact, remaining=pact.remaining + action.turns)
    return _swap(state, pact, longer), (PactExtended(pact.id, longer.remaining),)


def decide_reveal(
    state: DiplomacyState, action: RevealPact
) -> tuple[DiplomacyState, Events] | Refusal:
    """The pact is running (DP-9): everyone sees it from now on (EN-9)."""
    pact = _running(state, action.pact)
    if isinstance(pact, Refusal):
        return pact
    if not pact.secret:
        return state, ()
    return _swap(state, pact, replace(pact, secret=False)), (PactRevealed(pact.id),)
