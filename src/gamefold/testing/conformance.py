"""``conformance``: a random-simulation check of any game, in the spirit of OpenSpiel's.

It plays seeded random games to their end (or a step cap) and checks, at every step, what
every gamefold game must guarantee; then it writes each game's record to JSON, reads it
back, replays it and compares every state. It returns a :class:`ConformanceReport` of what
was checked and raises :class:`ConformanceError` at the first failure.
"""

from __future__ import annotations

import pickle
from typing import Any

import attrs

from gamefold.errors import IllegalAction
from gamefold.games.base import GameDef, Played, play
from gamefold.record import GameRecord, from_json, replay, to_json, verify
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.testing.invariants import check_invariants

__all__ = ["ConformanceError", "ConformanceReport", "conformance"]


class ConformanceError(AssertionError):
    """A game broke a guarantee; the message says which game, step and guarantee."""


@attrs.frozen
class ConformanceReport:
    """What one :func:`conformance` run checked."""

    game: str
    games: int
    """Games played."""
    finished: int
    """Games that reached their end before the step cap."""
    steps: int
    """Actions applied, over all games."""
    checks: int
    """Actions checked with ``check()`` before being applied."""
    invariant_checks: int
    """States whose invariants were checked."""
    round_trips: int
    """States that went through pickle and JSON and came back equal."""
    replays: int
    """Records written to JSON, read back and replayed state by state."""

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.games} games ({self.finished} finished), {self.steps} steps, "
            f"{self.checks} checks, {self.invariant_checks} invariant checks, "
            f"{self.round_trips} round trips, {self.replays} replays"
        )


def _fail(game: GameDef[Any], seed: int, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{game.name} seed {seed} step {step}: {what}")


def _check_state(game: GameDef[Any], seed: int, step: int, state: Game) -> None:
    problems = check_invariants(state, game.rules)
    if problems:
        raise _fail(game, seed, step, f"invariants violated: {problems}")
    if pickle.loads(pickle.dumps(state)) != state:
        raise _fail(game, seed, step, "the state does not survive pickle")
    if from_json(to_json(state), Game) != state:
        raise _fail(game, seed, step, "the state does not survive JSON")


def _check_game(game: GameDef[Any], seed: int, played: Played) -> None:
    for step, state in enumerate(played.states):
        _check_state(game, seed, step, state)
        if step < len(played.actions):
            problem = game.rules.check(state, played.actions[step])
            if problem is not None:
                raise _fail(game, seed, step, f"check() refuses a played action: {problem}")
    record = GameRecord(game.name, game.config, seed, played.actions)
    copy = GameRecord.from_json(record.to_json())
    if copy != record:
        raise _fail(game, seed, 0, "the game record does not survive JSON")
    divergence = verify(copy, played.states)
    if divergence is not None:
        raise _fail(game, seed, divergence.step, f"replay diverges: {divergence.reason}")
    if tuple(replay(copy)) != played.states:
        raise _fail(game, seed, len(played.states), "replay differs")


def conformance(
    game: GameDef[Any], *, games: int = 20, steps: int = 500, seed: int = 0
) -> ConformanceReport:
    """Play ``games`` random games of up to ``steps`` actions and check every guarantee.

    Game ``i`` is seeded from ``(seed, i)``, so a failure names a seed that reproduces it.
    """
    base = Rng.from_seed(seed)
    totals = {"finished": 0, "steps": 0}
    for index in range(games):
        game_seed = base.split(f"conformance:{index}").state
        try:
            played = play(game, game_seed, max_steps=steps)
        except IllegalAction as err:
            raise _fail(game, game_seed, -1, f"a legal action was refused: {err}") from err
        _check_game(game, game_seed, played)
        totals["finished"] += played.finished
        totals["steps"] += len(played.actions)
    states = totals["steps"] + games
    return ConformanceReport(
        game=game.name,
        games=games,
        finished=totals["finished"],
        steps=totals["steps"],
        checks=totals["steps"],
        invariant_checks=states,
        round_trips=states,
        replays=games,
    )
