"""A played game as a readable, turn-by-turn account (what ``gamefold play`` prints).

Rounds and turns become headings; each step's events are told by the game's own
:meth:`~gamefold.games.GameDef.describe`; a player's choice that caused no event is shown as
the action itself, so no step goes unmentioned.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gamefold.core import Action, EndRound, EndTurn, Event, StartRound, StartTurn
from gamefold.games.base import GameDef, Played

__all__ = ["narrate"]


def narrate(game: GameDef[Any], played: Played) -> Iterator[str]:
    """The lines of the account of ``played``: headings, events, and the outcome."""
    rounds = turns = 0
    for action, events in zip(played.actions, played.events, strict=True):
        rounds += isinstance(action, StartRound)
        turns += isinstance(action, StartTurn)
        yield from _step_lines(game, action, events, rounds, turns)
    yield from _ending(game, played)


def _step_lines(
    game: GameDef[Any], action: Action, events: tuple[Event, ...], rounds: int, turns: int
) -> Iterator[str]:
    heading = ""
    if isinstance(action, StartRound):
        heading = f"== Round {rounds} =="
    elif isinstance(action, StartTurn):
        heading = f"-- Turn {turns}: {action.player} --"
    if heading:
        yield heading
    # An event that only repeats the heading (a game's own "-- turn 1: p1 --") is not told.
    told = [
        f"  {line}"
        for line in map(game.describe, events)
        if line.strip().casefold() != heading.casefold()
    ]
    if not events and not isinstance(action, EndRound | EndTurn | StartRound | StartTurn):
        told = [f"  {action!r}"]
    yield from told


def _ending(game: GameDef[Any], played: Played) -> Iterator[str]:
    steps = len(played.actions)
    final = played.final
    if played.finished:
        clock = final.clock
        yield f"Game over after {steps} steps ({clock.round} Rounds, {clock.turn} turns)."
    else:
        yield f"Stopped at the step cap after {steps} steps; the game is not over."
    for player, columns in game.outcome(final).items():
        shown = ", ".join(f"{name}={value}" for name, value in columns.items())
        yield f"  {player}: {shown}"
