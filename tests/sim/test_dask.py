"""simulate() on a Dask LocalCluster gives the very frames a serial run gives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import distributed
import pandas as pd
import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")

from gamefold.cli import main
from gamefold.sim import simulate

REPO_ROOT = str(Path(__file__).resolve().parents[2])


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A two-process local cluster on 127.0.0.1 (HTTP on a free port), closed at the end."""
    # Worker processes unpickle the test game by module name: they need the repository root.
    monkeypatch.setenv("PYTHONPATH", REPO_ROOT)
    cluster = distributed.LocalCluster(
        host="127.0.0.1",
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        dashboard_address="127.0.0.1:0",  # no fixed port: nothing to clash with
    )
    with cluster, distributed.Client(cluster) as connected:
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
