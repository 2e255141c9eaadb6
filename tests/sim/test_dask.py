"""simulate() on a Dask LocalCluster gives the very frames a serial run gives, even when a
worker process dies mid-run; a batch that keeps killing its workers ends in one line."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import dask
import distributed
import pandas as pd
import pytest
import tests.sim.doomed
import tests.sim.scored  # noqa: F401  (registers "toy-scored")
from tests.sim.doomed import DOOM

from gamefold.cli import main
from gamefold.sim import WorkersLost, simulate

REPO_ROOT = str(Path(__file__).resolve().parents[2])


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A two-process local cluster on 127.0.0.1 (HTTP on a free port), closed at the end."""
    with cluster(monkeypatch) as connected:
        yield connected


@contextmanager
def cluster(monkeypatch: pytest.MonkeyPatch, **doom: Any) -> Iterator[Any]:
    """The cluster and its client; with ``doom``, its workers play ``tests.sim.doomed``'s
    faults (the nanny starts a worker again with the same environment)."""
    # Worker processes unpickle the test game by module name: they need the repository root.
    monkeypatch.setenv("PYTHONPATH", REPO_ROOT)
    if doom:
        monkeypatch.setenv(DOOM, json.dumps(doom))
    local = distributed.LocalCluster(
        host="127.0.0.1",
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        dashboard_address="127.0.0.1:0",  # no fixed port: nothing to clash with
    )
    with local, distributed.Client(local) as connected:
        yield connected


def test_a_dask_cluster_gives_the_same_frames_as_serial(client: Any) -> None:
    options: dict[str, Any] = {"games": 40, "seed": 5, "progress": False, "trace": True}
    serial = simulate("toy-scored", policies={"a": "greedy"}, **options)
    spread = simulate(
        "toy-scored",
        policies={"a": "greedy"},
        executor=client.get_executor(),
        batch_size=3,
        **options,
    )
    assert len(client.scheduler_info()["workers"]) == 2
    pd.testing.assert_frame_equal(spread[0], serial[0])
    pd.testing.assert_frame_equal(spread[1], serial[1])


def test_the_command_line_runs_on_a_dask_scheduler(
    client: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CI", "true")
    argv = ["simulate", "toy-scored", "--games", "30", "--policy", "b=greedy"]
    assert main(argv) == 0
    serial = capsys.readouterr()
    assert main([*argv, "--dask", client.scheduler.address, "--batch-size", "4"]) == 0
    assert capsys.readouterr() == serial


@pytest.mark.faults
def test_a_dask_worker_killed_mid_run_is_replaced_and_the_frame_is_the_serial_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = simulate("toy-doomed", games=12, seed=3, progress=False)
    doom = {"seed": 3, "games": [5], "mode": "kill-once", "marks": str(tmp_path)}
    with cluster(monkeypatch, **doom) as dask_client:
        spread = simulate(
            "toy-doomed",
            games=12,
            seed=3,
            executor=dask_client.get_executor(),
            batch_size=2,
            progress=False,
        )
    assert (tmp_path / "killed").exists()  # the worker playing game 5 did die
    pd.testing.assert_frame_equal(spread, serial)


@pytest.mark.faults
def test_a_batch_that_keeps_killing_dask_workers_ends_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Dask plays a lost worker's batch again elsewhere, until as many workers as the
    scheduler allows have died with it; then the run stops with what came before."""
    doom = {"seed": 3, "games": [5], "mode": "kill", "marks": str(tmp_path)}
    monkeypatch.setenv("CI", "true")
    out = tmp_path / "games.csv"
    argv = ["simulate", "toy-doomed", "--games", "12", "--seed", "3", "--batch-size", "2"]
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        cluster(monkeypatch, **doom) as dask_client,
    ):
        with pytest.raises(WorkersLost, match="allowed-failures") as lost:
            simulate(
                "toy-doomed",
                games=12,
                seed=3,
                executor=dask_client.get_executor(),
                batch_size=2,
                progress=False,
            )
        first = lost.value.frame["game"].nunique()
        assert first <= 4  # games 4 and 5 never finish
        status = main([*argv, "--dask", dask_client.scheduler.address, "--out", str(out)])
    monkeypatch.delenv(DOOM)
    assert status == 1
    err = capsys.readouterr().err
    kept = pd.read_csv(out)
    first = kept["game"].nunique()
    assert first <= 4
    # The batch of games 4 and 5 kills its worker, and with it any batch that worker held.
    died = re.fullmatch(r"gamefold: error: Dask workers died playing games (\d+) to (.*)\n", err)
    assert died is not None, err
    start = int(died[1])
    assert first <= start <= 4
    assert died[2] == (
        f"{start + 1} as many times as the scheduler allows (distributed.scheduler."
        f"allowed-failures); the run was cut short after the first {first} of 12 games; wrote "
        f"them to {out}; check the Dask workers' logs (most often out of memory) and run it again"
    )
    expected = simulate("toy-doomed", games=first, seed=3, progress=False)
    pd.testing.assert_frame_equal(kept, expected, check_dtype=False)
