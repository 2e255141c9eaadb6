"""The worker side of a simulation: seeds, and playing one batch of games into plain rows.

Everything here is pure Python and picklable, so a batch runs the same in this process, in a
:class:`~concurrent.futures.ProcessPoolExecutor` or on a Dask worker. Game ``i`` of a
simulation seeded ``S`` is played from :func:`game_seed` ``(S, i)`` whichever batch it lands
in, which is why results never depend on the number of workers or the batch size.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from gamefold.core import Event
from gamefold.games.base import GameDef, Played, play
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.sim.policies import Policies, policy_label, resolve_policies

__all__ = [
    "CLOCK_COLUMNS",
    "OUTCOME_PREFIX",
    "RESERVED_COLUMNS",
    "Batch",
    "Job",
    "game_seed",
    "game_seeds",
    "outcome_rows",
    "run_batch",
    "trace_rows",
]

RESERVED_COLUMNS = ("game", "seed", "player", "policy", "finished", "steps")
"""Columns that say which game and player a row is; a game's ``outcome`` may not report them."""

CLOCK_COLUMNS = ("rounds", "turns")
"""Columns the simulation fills from the game's clock. A game may count its own rounds or
turns (summit counts each player's turns): its fact is kept, renamed with
:data:`OUTCOME_PREFIX`, and the clock's column stays what it says."""

OUTCOME_PREFIX = "outcome_"
"""The prefix of an outcome column renamed because the simulation fills that name itself."""

_SEED_MASK = (1 << 63) - 1  # seeds fit a signed 64-bit column (pandas, Parquet, CSV)


def game_seeds(seed: int | str, start: int, stop: int) -> list[int]:
    """The seeds of games ``start`` to ``stop - 1`` of a simulation seeded ``seed``."""
    base = Rng.from_seed(seed)
    return [base.split(f"game:{i}").state & _SEED_MASK for i in range(start, stop)]


def game_seed(seed: int | str, index: int) -> int:
    """The seed game ``index`` of a simulation seeded ``seed`` is set up and played with.

    ``gamefold play GAME --seed <it>`` plays that very game again, move for move.
    """
    return game_seeds(seed, index, index + 1)[0]


@attrs.frozen
class Job:
    """What every batch of one simulation shares: the game and how to play it."""

    game: GameDef[Any]
    """The game, which travels to workers as its class and config."""
    seed: int | str
    """The simulation's seed; each game's own seed derives from it."""
    policies: Policies
    """Every player's policy, by name or as module-level functions."""
    max_steps: int
    """The step cap of one game."""
    trace: bool = False
    """Whether to report a row per step as well."""
    seatings: tuple[Policies, ...] = ()
    """When given, game ``i`` is played with ``seatings[i % len(seatings)]`` instead of
    :attr:`policies` (a tournament's rotation of its entrants through the seats)."""

    def policies_of(self, index: int) -> Policies:
        """The policies game ``index`` is played with."""
        if self.seatings:
            return self.seatings[index % len(self.seatings)]
        return self.policies


@attrs.frozen
class Batch:
    """The plain rows of one batch of games, in game order."""

    start: int
    """The index of the batch's first game."""
    stop: int
    """One past the index of the batch's last game."""
    rows: tuple[dict[str, Any], ...]
    """One row per game and player (see :func:`outcome_rows`)."""
    trace: tuple[dict[str, Any], ...] = ()
    """One row per step, when the job asked for a trace (see :func:`trace_rows`)."""


def run_batch(job: Job, start: int, stop: int) -> Batch:
    """Play games ``start`` to ``stop - 1`` of ``job``; the unit of work sent to a worker."""
    resolved = [resolve_policies(job.game, one) for one in job.seatings or (job.policies,)]
    rows: list[dict[str, Any]] = []
    trace: list[dict[str, Any]] = []
    for index, seed in zip(range(start, stop), game_seeds(job.seed, start, stop), strict=True):
        policies = resolved[index % len(resolved)]
        played = play(
            job.game, seed, policies, max_steps=job.max_steps, keep_states=job.trace, index=index
        )
        rows += outcome_rows(job, index, seed, played)
        if job.trace:
            trace += trace_rows(job.game, index, seed, played)
    return Batch(start, stop, tuple(rows), tuple(trace))


def outcome_rows(job: Job, index: int, seed: int, played: Played) -> list[dict[str, Any]]:
    """One row per player of a played game: the fixed columns, then the game's outcome."""
    game, final = job.game, played.final
    outcome = game.outcome(final)
    players = list(game.players(final))
    players += [p for p in outcome if p not in players]
    rows = []
    for player in players:
        reported = _outcome_columns(game, outcome.get(player, {}))
        row = {
            "game": index,
            "seed": seed,
            "player": player,
            "policy": policy_label(job.policies_of(index), player),
            "finished": played.finished,
            "steps": len(played.actions),
            "rounds": final.clock.round,
            "turns": final.clock.turn,
        }
        rows.append(row | reported)
    return rows


def _outcome_columns(game: GameDef[Any], reported: dict[str, Any]) -> dict[str, Any]:
    """``reported`` with its clock columns renamed (:data:`CLOCK_COLUMNS`); ``ValueError``
    when it names a reserved column, or both a clock column and its new name."""
    clash = [name for name in RESERVED_COLUMNS if name in reported]
    if clash:
        raise ValueError(
            f"{game.name}.outcome() reports {clash[0]!r}, a column the simulation fills itself"
        )
    renamed = {name: OUTCOME_PREFIX + name for name in CLOCK_COLUMNS if name in reported}
    for name, new in renamed.items():
        if new in reported:
            raise ValueError(
                f"{game.name}.outcome() reports both {name!r} and {new!r}, but the simulation"
                f" fills {name!r} itself and renames the outcome's to {new!r}"
            )
    return {renamed.get(key, key): value for key, value in reported.items()}


def trace_rows(game: GameDef[Any], index: int, seed: int, played: Played) -> list[dict[str, Any]]:
    """One row per step of a played game (needs every state: ``keep_states=True``)."""
    rows = []
    for step, action in enumerate(played.actions):
        before, after = played.states[step], played.states[step + 1]
        events = played.events[step]
        row = {
            "game": index,
            "seed": seed,
            "step": step + 1,
            "round": after.clock.round,
            "turn": after.clock.turn,
            "player": after.clock.player,
            "actor": _chooser(game, before),
            "action": type(action).__name__,
            "detail": repr(action),
            "events": "; ".join(game.describe(e) for e in events),
        }
        rows.append(row | _event_counts(events))
    return rows


def _chooser(game: GameDef[Any], before: Game) -> str:
    """Who chose the step taken from ``before``; ``""`` for the game's clock."""
    if game.clock_action(before) is not None:
        return ""
    return game.actor(before) or ""


def _event_counts(events: tuple[Event, ...]) -> dict[str, int]:
    return dict(Counter(type(e).__name__ for e in events))
