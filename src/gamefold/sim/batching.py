"""Run many seeded games, in batches, on any executor, with a progress bar.

:func:`simulate` cuts the games into batches of consecutive indices, runs each batch with
:func:`~gamefold.sim.runner.run_batch` here or on an executor, and reassembles the rows in
game order. Game ``i`` always gets the seed :func:`~gamefold.sim.game_seed` ``(seed, i)``, so
the DataFrame is the same whatever the executor, the number of workers or the batch size.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

import attrs

from gamefold.games.base import GameDef, get_game
from gamefold.sim.bounds import MAX_GAMES, MAX_STEPS, batch_count, count
from gamefold.sim.extras import require
from gamefold.sim.frames import GameRows, column_types, trace_frame
from gamefold.sim.output import FrameWriter, frame_writer
from gamefold.sim.policies import DEFAULT_POLICY, Policies, check_policies
from gamefold.sim.runner import Batch, Job, game_seed
from gamefold.sim.workers import WorkersLost, batches_done

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEFAULT_MAX_STEPS",
    "Interrupted",
    "batches",
    "play_games",
    "progress_enabled",
    "simulate",
]

DEFAULT_MAX_STEPS = 10_000
"""The default step cap of one game."""

_TASKS = 50  # aim for about this many tasks: enough for a smooth bar and balanced workers
_MAX_BATCH = 250


@overload
def simulate(
    game: GameDef[Any] | str,
    *,
    games: int = ...,
    seed: int | str = ...,
    policies: Policies = ...,
    executor: Executor | None = ...,
    batch_size: int | None = ...,
    progress: bool = ...,
    max_steps: int = ...,
    trace: Literal[False] = ...,
    out: str | os.PathLike[str] | None = ...,
) -> pd.DataFrame: ...


@overload
def simulate(
    game: GameDef[Any] | str,
    *,
    games: int = ...,
    seed: int | str = ...,
    policies: Policies = ...,
    executor: Executor | None = ...,
    batch_size: int | None = ...,
    progress: bool = ...,
    max_steps: int = ...,
    trace: Literal[True],
    out: str | os.PathLike[str] | None = ...,
) -> tuple[pd.DataFrame, pd.DataFrame]: ...


def simulate(
    game: GameDef[Any] | str,
    *,
    games: int = 1000,
    seed: int | str = 0,
    policies: Policies = DEFAULT_POLICY,
    executor: Executor | None = None,
    batch_size: int | None = None,
    progress: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
    trace: bool = False,
    out: str | os.PathLike[str] | None = None,
) -> pd.DataFrame | tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``games`` seeded games of ``game`` and return one row per game and player.

    ``game`` is a :class:`~gamefold.games.GameDef` or a registered game's name (its default
    config). ``policies`` names the players' policies (see :mod:`gamefold.sim.policies`).
    ``executor`` is any :class:`concurrent.futures.Executor`, such as
    :class:`~gamefold.sim.Workers` (local processes, replaced when one is lost), a
    :class:`~concurrent.futures.ProcessPoolExecutor` or a Dask client's
    ``client.get_executor()``; ``None`` plays here. Games go out in batches of
    ``batch_size`` (by default about 50 batches, at most 250 games each). A game stops after
    ``max_steps`` steps (``finished`` is then false). The progress bar is off with
    ``progress=False`` or when the environment variable ``CI`` is set. ``out`` (a
    ``.parquet`` or ``.csv`` path) receives the rows batch by batch, in game order, as
    they finish; the file appears under its name once complete.

    Returns the games frame (columns in :mod:`gamefold.sim.frames`), or with ``trace=True``
    the pair ``(games, trace)``. The same arguments give the same frames on any executor.
    A run cut short keeps the first games, up to the first one unfinished: Ctrl-C raises
    :class:`Interrupted` and workers lost for good raise :class:`~gamefold.sim.WorkersLost`,
    each with those games as ``frame`` (and in ``out``). Without the ``sim`` extra it raises
    :class:`~gamefold.sim.MissingExtra` before any game is played.
    """
    show = progress_enabled(progress)
    require("sim", "pandas", "a simulation")
    game_def = get_game(game)() if isinstance(game, str) else game
    size = _batch_size(games, batch_size, max_steps)
    check_policies(game_def, policies, game_def.players(game_def.setup(game_seed(seed, 0))))
    job = Job(game_def, seed, policies, max_steps, trace)
    ranges = batches(games, size)
    with _writer(out, game_def) as writer:
        found = _collect(job, ranges, executor, show, writer)
    found.frame.attrs["game"] = game_def.name  # for plot titles
    if found.stopped is not None:
        found.stopped.frame = found.frame
        raise found.stopped
    if trace:
        trace_df = trace_frame(found.traces)
        trace_df.attrs["game"] = game_def.name
        return found.frame, trace_df
    return found.frame


class Interrupted(KeyboardInterrupt):
    """A simulation stopped by Ctrl-C (``SIGINT``); :attr:`frame` holds the first games, up
    to the first one unfinished, and ``out`` was written with them."""

    frame: pd.DataFrame | None = None
    """Games ``0`` to ``N - 1``: the games finished before the first unfinished one."""


@attrs.define
class _Collected:
    frame: pd.DataFrame
    traces: list[Batch]
    stopped: Interrupted | WorkersLost | None


def _writer(
    out: str | os.PathLike[str] | None, game: GameDef[Any]
) -> AbstractContextManager[FrameWriter | None]:
    if out is None:
        return nullcontext()
    return frame_writer(Path(out), column_types(game))


def _collect(
    job: Job,
    ranges: list[tuple[int, int]],
    executor: Executor | None,
    show: bool,
    writer: FrameWriter | None,
) -> _Collected:
    """The games frame of every batch, built once at the end: each batch's rows are
    gathered column by column, in game order, as the batches finish (and written at once
    to ``writer``), never made a frame of their own. Ctrl-C or lost workers stop the run
    and keep the games before the first one unfinished."""
    rows = GameRows(column_types(job.game))
    traces: list[Batch] = []
    order = _InOrder(ranges)
    stopped: Interrupted | WorkersLost | None = None

    def take(ready: list[Batch]) -> None:
        for batch in ready:
            if writer is not None:
                writer.write(batch.rows)
            rows.add(batch.rows)
            if job.trace:
                traces.append(batch)

    try:
        for batch in _run(job, ranges, executor, show):
            take(order.add(batch))
    except KeyboardInterrupt:
        stopped = Interrupted("the simulation was interrupted")
    except WorkersLost as err:
        stopped = err
    if stopped is not None and writer is not None:
        # Only the games before the first unfinished one are kept (a batch that finished
        # out of order is dropped), so that a run cut short is the first N games.
        writer.cut_short = True
    return _Collected(rows.frame(), traces, stopped)


class _InOrder:
    """Batches that finish in any order, handed on in game order."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        self._next = deque(start for start, _ in ranges)
        self._held: dict[int, Batch] = {}

    def add(self, batch: Batch) -> list[Batch]:
        """The batches that are next in order now that ``batch`` has finished."""
        self._held[batch.start] = batch
        ready = []
        while self._next and self._next[0] in self._held:
            ready.append(self._held.pop(self._next.popleft()))
        return ready


def _batch_size(games: int, batch_size: int | None, max_steps: int) -> int:
    """The games a batch, every count checked against its bound (:mod:`gamefold.sim.bounds`)
    before a batch is built."""
    count("games", games, 0, MAX_GAMES)
    count("max_steps", max_steps, 1, MAX_STEPS)
    if batch_size is None:
        return max(1, min(_MAX_BATCH, -(-games // _TASKS)))
    count("batch_size", batch_size, 1, MAX_GAMES)
    batch_count(games, batch_size)
    return batch_size


def play_games(
    job: Job,
    start: int,
    stop: int,
    *,
    executor: Executor | None = None,
    batch_size: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """The games frame of games ``start`` to ``stop - 1`` of ``job`` (compare and tournament
    play their arms and rounds through it; game ``i`` is the same game in any range)."""
    require("sim", "pandas", "a simulation")
    size = _batch_size(stop - start, batch_size, job.max_steps)
    ranges = [(a + start, b + start) for a, b in batches(stop - start, size)]
    found = _collect(job, ranges, executor, progress_enabled(progress), None)
    if found.stopped is not None:
        found.stopped.frame = found.frame
        raise found.stopped
    found.frame.attrs["game"] = job.game.name
    return found.frame


def batches(games: int, size: int) -> list[tuple[int, int]]:
    """The ``(start, stop)`` index ranges that cut ``games`` games into batches of ``size``."""
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def progress_enabled(progress: bool) -> bool:
    """Whether to show the bar: asked for, and ``CI`` unset (or empty, ``0``, ``false``, ``no``)."""
    ci = os.environ.get("CI", "").strip().lower()
    return progress and ci in ("", "0", "false", "no")


def _run(
    job: Job, ranges: list[tuple[int, int]], executor: Executor | None, show: bool
) -> Iterator[Batch]:
    """Every batch, as it completes, while the bar (when shown) counts games."""
    if not show:  # tqdm is imported only for a bar that is shown
        yield from batches_done(job, ranges, executor)
        return
    tqdm = require("sim", "tqdm.auto", "a progress bar (or progress=False)").tqdm
    total = ranges[-1][1] - ranges[0][0] if ranges else 0
    with tqdm(total=total, desc=job.game.name, unit="game") as bar:
        for batch in batches_done(job, ranges, executor):
            bar.update(batch.stop - batch.start)
            yield batch
