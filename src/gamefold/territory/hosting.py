"""Host actions: what a game's own rules ask of the map, in the map's terms.

The map's slice is never edited behind its back (CONTRIBUTING, "Host actions, not edits"):
a game whose card builds forts, lays a trap, cedes a territory, brings troops or binds two
players by a truce issues one of these actions and keeps the slice the territory returns.
None is a player's choice, so :func:`~gamefold.territory.legal_actions` never lists one.

- :class:`Fortify` builds forts on a territory its player holds (they weigh in a battle,
  TR-5); :class:`LayTrap` lays a trap there (TR-7).
- :class:`Seize` gives a territory to a player without a battle: its defenders are gone,
  its forts razed and its trap cleared, as after a conquest (TR-5).
- :class:`Reinforce` brings troops into a player's reserve (TR-3); :class:`Levy` is a
  turn's deploy, after a debt the game computed (TR-3); :class:`Tally` counts what the
  outcome reports.
- :class:`BeginTruce` and :class:`EndTruce` start and end a truce (TR-6).

The battle a host game fights its own way opens and closes with
:class:`~gamefold.territory.OpenBattle` and :class:`~gamefold.territory.CloseBattle`
(:mod:`gamefold.territory.battle`).

Each action has one decide function: it refuses with a :class:`~gamefold.pipeline.Refusal`
(an unseated player or an unknown territory, EN-4; then the action's own rule) or applies
and reports what happened. A count below its least value is malformed (:data:`SHAPES`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.pipeline import Refusal
from gamefold.territory import codes
from gamefold.territory.state import (
    TerritoryState,
    Truce,
    TruceEnded,
    gain_troops,
    position,
    put_at,
    seat_of,
    take,
    with_realm,
)

__all__ = [
    "SHAPES",
    "BeginTruce",
    "Deployed",
    "EndTruce",
    "Fortified",
    "Fortify",
    "LayTrap",
    "Levy",
    "Reinforce",
    "Seize",
    "Tally",
    "TrapLaid",
    "TruceBegan",
    "decide_begin_truce",
    "decide_end_truce",
    "decide_fortify",
    "decide_lay_trap",
    "decide_levy",
    "decide_reinforce",
    "decide_seize",
    "decide_tally",
    "truce_of",
]

S = TypeVar("S", bound=TerritoryState[Any])


# -- the actions ----------------------------------------------------------------------------


@attrs.frozen
class Fortify(Action):
    """The host builds ``forts`` more forts on ``player``'s ``territory`` (TR-5)."""

    player: str
    territory: str
    forts: int


@attrs.frozen
class LayTrap(Action):
    """The host lays a trap killing ``strength`` more attackers on ``player``'s
    ``territory`` (TR-7)."""

    player: str
    territory: str
    strength: int


@attrs.frozen
class Seize(Action):
    """The host gives ``territory`` to ``player`` without a battle, for ``cause`` (a siege,
    a forced march, a transfer): its defenders are gone, its forts razed, its trap cleared
    (TR-5)."""

    player: str
    territory: str
    cause: str


@attrs.frozen
class Reinforce(Action):
    """The host brings ``troops`` (one or more) into ``player``'s reserve from ``source``
    (TR-3)."""

    player: str
    troops: int
    source: str


@attrs.frozen
class Levy(Action):
    """``player``'s turn deploy as the host computed it: ``troops`` into the reserve after
    ``debt`` was paid, and ``carried`` debt left for the next turn (TR-3)."""

    player: str
    troops: int
    debt: int
    carried: int


@attrs.frozen
class Tally(Action):
    """The host counts ``pacts`` more pacts and ``cards_earned`` more cards for ``player``,
    for the outcome."""

    player: str
    pacts: int = 0
    cards_earned: int = 0


@attrs.frozen
class BeginTruce(Action):
    """A truce from agreement ``pact`` binds ``first`` and ``second`` (TR-6)."""

    pact: int
    first: str
    second: str


@attrs.frozen
class EndTruce(Action):
    """The truce of agreement ``pact`` ends, for ``reason`` (``"ended"``, ``"betrayed"``)."""

    pact: int
    reason: str


# -- the events (those of Seize, Reinforce and EndTruce are the slice's own) ----------------


@attrs.frozen
class Fortified(Event):
    """``player`` built forts on ``territory``; it now has ``forts``."""

    player: str
    territory: str
    forts: int


@attrs.frozen
class TrapLaid(Event):
    """``player`` laid a trap on ``territory``; it now kills ``strength`` attackers."""

    player: str
    territory: str
    strength: int


@attrs.frozen
class Deployed(Event):
    """At turn start ``player``'s reserve gained ``troops``, after ``debt`` was paid."""

    player: str
    troops: int
    debt: int
    total: int
    """The player's reserve afterwards."""
    carried: int = 0
    """Debt the deploy could not pay, carried over to the next turn."""


@attrs.frozen
class TruceBegan(Event):
    """A truce of agreement ``pact`` binds ``first`` and ``second``: no attacks (TR-6)."""

    pact: int
    first: str
    second: str


# -- shapes and shared refusals -------------------------------------------------------------


SHAPES: dict[type, Callable[[Any], bool]] = {
    Fortify: lambda a: a.forts >= 0,
    LayTrap: lambda a: a.strength >= 0,
    Seize: lambda a: a.cause != "",
    Reinforce: lambda a: a.troops >= 1 and a.source != "",
    Levy: lambda a: a.troops >= 0 and a.debt >= 0 and a.carried >= 0,
    Tally: lambda a: a.pacts >= 0 and a.cards_earned >= 0,
    BeginTruce: lambda a: a.first != a.second,
    EndTruce: lambda a: a.reason != "",
}
"""What makes each host action well formed beyond its fields' types (EN-4)."""


def _unseated(player: str) -> Refusal:
    return Refusal(codes.UNKNOWN_PLAYER, f"{player!r} is not seated.")


def _unknown(name: str) -> Refusal:
    return Refusal(codes.UNKNOWN_TERRITORY, f"The map has no {name!r}.")


def _held(state: TerritoryState[Any], player: str, name: str, rule: str) -> int | Refusal:
    """The index of ``name``, which ``player`` holds; else the refusal."""
    if seat_of(state, player) is None:
        return _unseated(player)
    index = position(state, name)
    if index is None:
        return _unknown(name)
    if state.owners[index] != player:
        return Refusal(codes.NOT_HELD, f"{player} does not hold {name}.", rule)
    return index


# -- decide functions ------------------------------------------------------------------------


def decide_fortify(state: S, action: Fortify) -> tuple[S, Events] | Refusal:
    """The player's territory gains the forts (TR-5)."""
    return _build_up(state, action, "forts", action.forts, "TR-5")


def decide_lay_trap(state: S, action: LayTrap) -> tuple[S, Events] | Refusal:
    """The player's territory's trap grows by the strength (TR-7)."""
    return _build_up(state, action, "traps", action.strength, "TR-7")


_BUILT = {"forts": Fortified, "traps": TrapLaid}
"""The event of each per-territory count a host action builds up."""


def _build_up(
    state: S, action: Fortify | LayTrap, counts: str, amount: int, rule: str
) -> tuple[S, Events] | Refusal:
    """The player's own territory's ``counts`` (``"forts"``, ``"traps"``) grow by
    ``amount``; the event names the new level. Held or refused under ``rule``."""
    index = _held(state, action.player, action.territory, rule)
    if isinstance(index, Refusal):
        return index
    now: tuple[int, ...] = getattr(state, counts)
    level = now[index] + amount
    state = replace(state, **{counts: put_at(now, index, level)})
    return state, (_BUILT[counts](action.player, action.territory, level),)


def decide_seize(state: S, action: Seize) -> tuple[S, Events] | Refusal:
    """A territory the player does not hold becomes theirs, empty, unfortified (TR-5)."""
    if seat_of(state, action.player) is None:
        return _unseated(action.player)
    index = position(state, action.territory)
    if index is None:
        return _unknown(action.territory)
    if state.owners[index] == action.player:
        return Refusal(codes.ALREADY_HELD, f"{action.player} holds {action.territory} already.")
    state, taken = take(state, index, action.player, action.cause)
    return state, (taken,)


def decide_reinforce(state: S, action: Reinforce) -> tuple[S, Events] | Refusal:
    """The player's reserve gains the troops (TR-3)."""
    if seat_of(state, action.player) is None:
        return _unseated(action.player)
    return gain_troops(state, action.player, action.troops, action.source)


def decide_levy(state: S, action: Levy) -> tuple[S, Events] | Refusal:
    """The player's reserve gains the turn's troops; the debt left is carried (TR-3)."""
    seat = seat_of(state, action.player)
    if seat is None:
        return _unseated(action.player)
    realm = state.realms[seat]
    total = realm.troops + action.troops
    state = with_realm(state, seat, replace(realm, troops=total, debt=action.carried))
    deployed = Deployed(action.player, action.troops, action.debt, total, action.carried)
    return state, (deployed,)


def decide_tally(state: S, action: Tally) -> tuple[S, Events] | Refusal:
    """The player's tallies grow; nothing on the map changes, so nothing is told."""
    seat = seat_of(state, action.player)
    if seat is None:
        return _unseated(action.player)
    realm = state.realms[seat]
    realm = replace(
        realm,
        pacts=realm.pacts + action.pacts,
        cards_earned=realm.cards_earned + action.cards_earned,
    )
    return with_realm(state, seat, realm), ()


def truce_of(state: TerritoryState[Any], pact: int) -> Truce | None:
    """The running truce of agreement ``pact``, or ``None`` (TR-6)."""
    return next((t for t in state.truces if t.pact == pact), None)


def decide_begin_truce(state: S, action: BeginTruce) -> tuple[S, Events] | Refusal:
    """Two seated players are bound by a new truce, the newest (TR-6)."""
    for player in (action.first, action.second):
        if seat_of(state, player) is None:
            return _unseated(player)
    if truce_of(state, action.pact) is not None:
        return Refusal(codes.TRUCE_RUNNING, f"The truce of pact {action.pact} runs already.")
    truce = Truce(action.pact, action.first, action.second)
    state = replace(state, truces=(*state.truces, truce))
    return state, (TruceBegan(action.pact, action.first, action.second),)


def decide_end_truce(state: S, action: EndTruce) -> tuple[S, Events] | Refusal:
    """The running truce of the agreement ends (TR-6)."""
    if truce_of(state, action.pact) is None:
        return Refusal(codes.NO_TRUCE, f"No truce of pact {action.pact} is running.")
    kept = tuple(t for t in state.truces if t.pact != action.pact)
    return replace(state, truces=kept), (TruceEnded(action.pact, action.reason),)


ROUTES: dict[type, Callable[[Any, Any], Any]] = {
    Fortify: decide_fortify,
    LayTrap: decide_lay_trap,
    Seize: decide_seize,
    Reinforce: decide_reinforce,
    Levy: decide_levy,
    Tally: decide_tally,
    BeginTruce: decide_begin_truce,
    EndTruce: decide_end_truce,
}
"""Each host action with its one decide function."""

EVENTS: tuple[type[Event], ...] = (TrapLaid, Deployed, TruceBegan, Fortified)
"""The events only host actions report (besides the slice's own)."""
