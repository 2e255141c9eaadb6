"""Run many seeded games, in batches, on any executor, with a progress bar.

:func:`simulate` cuts the games into batches of consecutive indices, runs each batch with
:func:`~gamefold.sim.runner.run_batch` here or on an executor, and reassembles the rows in
game order. Game ``i`` always gets the seed :func:`~gamefold.sim.game_seed` ``(seed, i)``, so
the DataFrame is the same whatever the executor, the number of workers or the batch size.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Executor, Future, as_completed
from typing import TYPE_CHECKING, Any, Literal, overload

from gamefold.games.base import GameDef, get_game
from gamefold.sim.extras import require
from gamefold.sim.frames import games_frame, trace_frame
from gamefold.sim.policies import DEFAULT_POLICY, Policies, check_policies
from gamefold.sim.runner import Batch, Job, game_seed, run_batch

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DEFAULT_MAX_STEPS", "batches", "play_games", "progress_enabled", "simulate"]

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
) -> pd.DataFrame | tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``games`` seeded games of ``game`` and return one row per game and player.

    ``game`` is a :class:`~gamefold.games.GameDef` or a registered game's name (its default
    config). ``policies`` names the players' policies (see :mod:`gamefold.sim.policies`).
    ``executor`` is any :class:`concurrent.futures.Executor`, such as a
    :class:`~concurrent.futures.ProcessPoolExecutor` or a Dask client's
    ``client.get_executor()``; ``None`` plays here. Games go out in batches of
    ``batch_size`` (by default about 50 batches, at most 250 games each). A game stops after
    ``max_steps`` steps (``finished`` is then false). The progress bar is off with
    ``progress=False`` or when the environment variable ``CI`` is set.

    Returns the games frame (columns in :mod:`gamefold.sim.frames`), or with ``trace=True``
    the pair ``(games, trace)``. The same arguments give the same frames on any executor.
    Without the ``sim`` extra it raises :class:`~gamefold.sim.MissingExtra` before any game
    is played.
    """
    show = progress_enabled(progress)
    require("sim", "pandas", "a simulation")
    game_def = get_game(game)() if isinstance(game, str) else game
    size = _batch_size(games, batch_size, max_steps)
    check_policies(game_def, policies, game_def.players(game_def.setup(game_seed(seed, 0))))
    job = Job(game_def, seed, policies, max_steps, trace)
    done = list(_run(job, batches(games, size), executor, show))
    games_df = games_frame(done)
    games_df.attrs["game"] = game_def.name  # for plot titles
    if trace:
        trace_df = trace_frame(done)
        trace_df.attrs["game"] = game_def.name
        return games_df, trace_df
    return games_df


def _batch_size(games: int, batch_size: int | None, max_steps: int) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games is a whole number >= 0, not {games!r}")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise ValueError(f"max_steps is a whole number >= 1, not {max_steps!r}")
    if batch_size is None:
        return max(1, min(_MAX_BATCH, -(-games // _TASKS)))
    if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
        raise ValueError(f"batch_size is a whole number >= 1, not {batch_size!r}")
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
    frame = games_frame(_run(job, ranges, executor, progress_enabled(progress)))
    frame.attrs["game"] = job.game.name
    return frame


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
        yield from _batches_done(job, ranges, executor)
        return
    tqdm = require("sim", "tqdm.auto", "a progress bar (or progress=False)").tqdm
    total = ranges[-1][1] - ranges[0][0] if ranges else 0
    with tqdm(total=total, desc=job.game.name, unit="game") as bar:
        for batch in _batches_done(job, ranges, executor):
            bar.update(batch.stop - batch.start)
            yield batch


def _batches_done(
    job: Job, ranges: list[tuple[int, int]], executor: Executor | None
) -> Iterator[Batch]:
    if executor is None:
        for start, stop in ranges:
            yield run_batch(job, start, stop)
        return
    futures: list[Future[Batch]] = [executor.submit(run_batch, job, *r) for r in ranges]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()
