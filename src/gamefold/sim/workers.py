"""Where batches run, and what happens when a worker process is lost.

:func:`batches_done` hands batches to an executor a window at a time (so that neither the
futures nor their results pile up in this process) and yields each as it completes. When a
worker process dies (killed, out of memory), a :class:`ProcessPoolExecutor` breaks and
every batch it was running fails with it: on a :class:`Workers` pool those batches go out
again on fresh processes, up to :data:`MAX_RESTARTS` times a run. A batch is played from
its games' seeds alone, so a batch played again gives the very same rows. A pool that
cannot be restarted, or one more loss, ends the run with :class:`WorkersLost`.

Ctrl-C is taken only where it is safe (:class:`_Sigint`): a game played here stops at once,
but the executor's machinery and the caller's writes are never broken into. The run stops
at the next safe point with a plain :class:`KeyboardInterrupt`, and a :class:`Workers` pool
ends its processes at once.
"""

from __future__ import annotations

import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from contextlib import contextmanager
from multiprocessing import get_context
from types import FrameType
from typing import Any, ParamSpec, TypeVar

from gamefold.errors import GamefoldError
from gamefold.sim.runner import Batch, Job, run_batch

__all__ = ["IN_FLIGHT", "MAX_RESTARTS", "Workers", "WorkersLost", "batches_done"]

MAX_RESTARTS = 3
"""How many times a run replaces its lost worker processes before it gives up."""

IN_FLIGHT = 64
"""The most batches handed to an executor and not yet collected, at any time."""

_POLL = 0.2  # seconds between two looks for a Ctrl-C while batches run elsewhere

_P = ParamSpec("_P")
_T = TypeVar("_T")


class WorkersLost(GamefoldError, RuntimeError):
    """Worker processes were lost and the run could not go on; the first games, up to the
    first one unfinished, are kept (:func:`~gamefold.sim.simulate` attaches them as
    :attr:`frame`)."""

    frame: Any = None
    """Games ``0`` to ``N - 1``, finished before the first unfinished one (a DataFrame)."""


class Workers(Executor):
    """Local worker processes (started with ``spawn``) that are replaced when one is lost.

    ``Workers(4)`` is a :class:`~concurrent.futures.ProcessPoolExecutor` of four processes
    that :func:`~gamefold.sim.simulate` can restart: the batches a lost process took down
    with it are played again on fresh processes (at most :data:`MAX_RESTARTS` times a run).
    """

    def __init__(self, processes: int) -> None:
        self.processes = processes
        """How many worker processes run at once."""
        self._pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.processes, mp_context=get_context("spawn"), initializer=_leave_sigint
        )

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        """Run ``fn(*args, **kwargs)`` on a worker process."""
        return self._pool.submit(fn, *args, **kwargs)

    def restart(self) -> None:
        """Put the broken pool away and start fresh processes."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._start()

    def abandon(self) -> None:
        """End the processes at once, dropping the batches they were playing (Ctrl-C must
        not wait for them); the executor stays usable, on fresh processes."""
        pool = self._pool
        # The pool has no public way to end its processes before Python 3.14. Nothing is
        # cancelled first: the pool marks every batch it still holds as failed once its
        # processes are gone, and a cancelled one would break its thread.
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        pool.shutdown(wait=True)
        self._pool = self._start()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the worker processes (see :meth:`Executor.shutdown`)."""
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        """Leaving on Ctrl-C ends the processes at once: a run stopped by hand must not
        wait for the batches it was playing."""
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self.abandon()
        self.shutdown(wait=True)


def _leave_sigint() -> None:
    """In a worker: leave Ctrl-C to the main process, which stops the run and keeps what
    finished (a terminal sends SIGINT to every process of the group)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def batches_done(
    job: Job, ranges: list[tuple[int, int]], executor: Executor | None
) -> Iterator[Batch]:
    """Every batch of ``ranges``, each as it completes (in any order on an executor).

    Ctrl-C raises :class:`KeyboardInterrupt` here, at the next safe point (see
    :class:`_Sigint`), never while the caller handles a batch this yielded."""
    with _Sigint() as sigint:
        if executor is None:
            for start, stop in ranges:
                with sigint.at_once():  # a long game stops at once: it shares nothing
                    batch = run_batch(job, start, stop)
                yield batch
                sigint.check()
        else:
            yield from _on_executor(job, ranges, executor, sigint)


def _on_executor(
    job: Job, ranges: list[tuple[int, int]], executor: Executor, sigint: _Sigint
) -> Iterator[Batch]:
    todo = deque(ranges)
    running: dict[Future[Batch], tuple[int, int]] = {}
    restarts = 0
    try:
        while todo or running:
            sigint.check()
            while todo and len(running) < IN_FLIGHT:
                start, stop = todo.popleft()
                running[executor.submit(run_batch, job, start, stop)] = (start, stop)
            finished, _ = wait(running, timeout=_POLL, return_when=FIRST_COMPLETED)
            lost = False
            for future in finished:
                failure = future.exception()
                if isinstance(failure, BrokenExecutor):
                    lost = True
                    continue
                if _killed_worker(failure):
                    start, stop = running[future]
                    raise WorkersLost(
                        f"Dask workers died playing games {start} to {stop - 1} as many times "
                        "as the scheduler allows (distributed.scheduler.allowed-failures)"
                    ) from failure
                del running[future]
                yield future.result()
            if lost:
                restarts += 1
                _restart(executor, restarts)
                todo.extendleft(sorted(running.values(), reverse=True))
                running.clear()
    except KeyboardInterrupt:
        if isinstance(executor, Workers):
            executor.abandon()
        raise
    finally:
        for future in running:
            future.cancel()


class _Sigint:
    """Ctrl-C (SIGINT) during a run, taken where it is safe.

    A :class:`KeyboardInterrupt` raised at any moment may land inside an executor's locks
    and threads, or halfway through a file the caller is writing. While a run goes on, a
    SIGINT only notes the request, which :meth:`check` turns into a
    :class:`KeyboardInterrupt`; only a game played in this process (:meth:`at_once`) is
    stopped where it stands. Another handler than Python's own (one a program set) is
    left alone, as is a run outside the main thread.
    """

    def __init__(self) -> None:
        self.requested = False
        self._at_once = False
        self._previous: Any = None

    def __enter__(self) -> _Sigint:
        on_main = threading.current_thread() is threading.main_thread()
        if on_main and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True
        if self._at_once:
            self._at_once = False
            raise KeyboardInterrupt

    def check(self) -> None:
        """Raise :class:`KeyboardInterrupt` if Ctrl-C was pressed."""
        if self.requested:
            raise KeyboardInterrupt

    @contextmanager
    def at_once(self) -> Iterator[None]:
        """A block that Ctrl-C interrupts where it stands."""
        self.check()
        self._at_once = True
        try:
            yield
        finally:
            self._at_once = False


def _killed_worker(failure: BaseException | None) -> bool:
    """Whether ``failure`` is Dask's ``KilledWorker``: the workers that took a batch kept
    dying (Dask replaces a lost worker and plays its batches again until then)."""
    kind = type(failure)
    return kind.__name__ == "KilledWorker" and kind.__module__.startswith("distributed.")


def _restart(executor: Executor, restarts: int) -> None:
    """Replace a broken pool's processes, or say why the run cannot go on."""
    if not isinstance(executor, Workers):
        raise WorkersLost(
            "a worker process was lost and this executor cannot replace it "
            "(gamefold.sim.Workers can)"
        )
    if restarts > MAX_RESTARTS:
        raise WorkersLost(
            f"worker processes were lost {restarts} times; the run gives up after "
            f"{MAX_RESTARTS} restarts"
        )
    executor.restart()
