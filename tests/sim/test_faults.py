"""The fault suite: a worker killed mid-run, a full disk, Ctrl-C. Nothing hangs, nothing is lost.

Each test breaks a run on purpose (``tests/sim/doomed.py`` kills the worker playing a chosen
game by its pid, or hangs at one; a file-size limit or ``/dev/full`` fills the disk; SIGINT
interrupts) and checks the frame, the files left behind and the one line said.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.parquet as pq
import pytest
import tests.sim.doomed  # noqa: F401  (registers "toy-doomed")
from tests.sim.doomed import DOOM

from gamefold.sim import MAX_RESTARTS, Workers, WorkersLost, simulate

pytestmark = pytest.mark.faults

REPO_ROOT = Path(__file__).resolve().parents[2]


def serial(games: int, seed: int) -> pd.DataFrame:
    return simulate("toy-doomed", games=games, seed=seed, progress=False)


def doom(marks: Path, mode: str, games: list[int], seed: int) -> str:
    return json.dumps({"seed": seed, "games": games, "mode": mode, "marks": str(marks)})


def cli(*argv: str, env: dict[str, str] | None = None, **options: Any) -> subprocess.Popen[str]:
    """``python -m gamefold --import tests.sim.doomed ARGV`` in a subprocess, from the root."""
    environment = {**os.environ, "CI": "1", "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
    environment["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), environment.get("PYTHONPATH", "")])
    command = [sys.executable, "-m", "gamefold", "--import", "tests.sim.doomed", *argv]
    pipes: dict[str, Any] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    return subprocess.Popen(command, cwd=REPO_ROOT, env=environment, text=True, **pipes | options)


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=240)
    return process.returncode, out, err


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# -- a worker killed mid-run ------------------------------------------------------------------


def test_a_killed_worker_is_replaced_and_the_frame_is_the_serial_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DOOM, doom(tmp_path, "kill-once", [5], seed=3))
    out = tmp_path / "games.parquet"
    with Workers(2) as workers:
        frame = simulate(
            "toy-doomed", games=12, seed=3, executor=workers, batch_size=2, progress=False, out=out
        )
    assert (tmp_path / "killed").exists()  # the worker playing game 5 did die
    expected = serial(12, 3)
    pd.testing.assert_frame_equal(frame, expected)
    pd.testing.assert_frame_equal(pd.read_parquet(out), expected)
    assert leftovers(tmp_path) == []


def test_workers_lost_for_good_end_in_one_line_and_keep_the_first_games(
    tmp_path: Path,
) -> None:
    out = tmp_path / "games.parquet"
    env = {DOOM: doom(tmp_path, "kill", list(range(6, 12)), seed=3)}
    argv = ["simulate", "toy-doomed", "--games", "12", "--seed", "3", "--batch-size", "2"]
    status, stdout, err = finish(cli(*argv, "--workers", "2", "--out", str(out), env=env))
    assert status == 1
    kept = pd.read_parquet(out)
    first = kept["game"].nunique()
    assert first <= 6  # games 6 to 11 never finish
    pd.testing.assert_frame_equal(kept, serial(first, 3))  # the first games, no gaps
    assert err == (
        f"gamefold: error: worker processes were lost {MAX_RESTARTS + 1} times; the run gives "
        f"up after {MAX_RESTARTS} restarts; the run was cut short after the first {first} of "
        f"12 games; wrote them to {out}; run it again, with fewer --workers if memory is short\n"
    )
    note = json.loads(pq.read_metadata(out).metadata[b"gamefold"])
    assert note == {"games": first, "cut_short": True}
    assert stdout == ""
    assert leftovers(tmp_path) == []


def test_a_plain_process_pool_that_breaks_raises_workers_lost_with_the_first_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    monkeypatch.setenv(DOOM, doom(tmp_path, "kill", [3], seed=2))
    with (
        ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool,
        pytest.raises(WorkersLost, match="cannot replace it") as lost,
    ):
        simulate("toy-doomed", games=6, seed=2, executor=pool, batch_size=1, progress=False)
    frame = lost.value.frame
    first = frame["game"].nunique()
    assert first <= 3  # game 3 never finishes; games 4 and 5 may have, and are dropped
    pd.testing.assert_frame_equal(frame, serial(first, 2))


def test_workers_lost_for_good_in_a_comparison_end_in_one_line(tmp_path: Path) -> None:
    env = {DOOM: doom(tmp_path, "kill", list(range(6, 12)), seed=3)}
    argv = ["compare", "toy-doomed", "--games", "12", "--seed", "3", "--vs-policy", "greedy"]
    status, stdout, err = finish(cli(*argv, "--batch-size", "2", "--workers", "2", env=env))
    assert status == 1
    assert err == (
        f"gamefold: error: worker processes were lost {MAX_RESTARTS + 1} times; the run gives "
        f"up after {MAX_RESTARTS} restarts; no result; run it again, "
        "with fewer --workers if memory is short\n"
    )
    assert stdout == ""


# -- a full disk ------------------------------------------------------------------------------


def limited(size: int) -> Any:
    """A ``preexec_fn``: files of at most ``size`` bytes; an over-long write fails (EFBIG)
    instead of killing the process (SIGXFSZ ignored)."""

    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return apply


@pytest.mark.parametrize("name", ["games.csv", "games.parquet"])
def test_a_full_disk_leaves_the_old_frame_and_says_so_in_one_line(
    tmp_path: Path, name: str
) -> None:
    out = tmp_path / name
    out.write_bytes(b"the old results\n")
    argv = ["simulate", "toy-doomed", "--games", "300", "--batch-size", "10", "--out", str(out)]
    status, stdout, err = finish(cli(*argv, preexec_fn=limited(4096)))
    assert status == 1
    assert err == f"gamefold: error: cannot write {out}: File too large\n"
    assert out.read_bytes() == b"the old results\n"
    assert leftovers(tmp_path) == []
    assert "wrote" not in stdout


def test_a_full_disk_leaves_no_record_under_its_name(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    status, _, err = finish(
        cli("play", "toy-doomed", "--json", str(record), preexec_fn=limited(200))
    )
    assert status == 1
    assert err == f"gamefold: error: cannot write {record}: File too large\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_standard_output_to_dev_full_is_one_line(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        process = cli("play", "toy-doomed", stdout=full)
    # stdout is /dev/full here, not a pipe: finish() reads stderr only.
    _, err = process.communicate(timeout=240)
    assert process.returncode == 1
    assert err == "gamefold: error: cannot write to standard output: No space left on device\n"
    status, _, err = finish(cli("play", "toy-doomed", "--json", "/dev/full"))
    assert status == 1
    assert err == "gamefold: error: cannot write /dev/full: No space left on device\n"
    assert Path("/dev/full").is_char_device()  # written in place, never renamed over


# -- Ctrl-C -----------------------------------------------------------------------------------


def interrupt_when_stuck(process: subprocess.Popen[str], marks: Path, settle: float = 0) -> None:
    """Send SIGINT to ``process`` alone once a game hangs (and ``settle`` seconds more)."""
    hanging = marks / "hanging"
    deadline = time.monotonic() + 120
    while not hanging.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hanging.exists(), process.communicate()
    time.sleep(settle)
    process.send_signal(signal.SIGINT)


@pytest.mark.parametrize("name", ["games.csv", "games.parquet"])
def test_sigint_keeps_the_finished_games_and_says_the_run_was_cut_short(
    tmp_path: Path, name: str
) -> None:
    out = tmp_path / name
    env = {DOOM: doom(tmp_path, "hang", [7], seed=5)}
    argv = ["simulate", "toy-doomed", "--games", "20", "--seed", "5", "--batch-size", "1"]
    process = cli(*argv, "--out", str(out), env=env)
    hanging = tmp_path / "hanging"
    deadline = time.monotonic() + 120
    while not hanging.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hanging.exists(), process.communicate()
    process.send_signal(signal.SIGINT)
    status, stdout, err = finish(process)
    assert status == 130
    assert err == (
        f"gamefold: interrupted: the run was cut short after the first 7 of 20 games; "
        f"wrote them to {out}\n"
    )
    kept = pd.read_parquet(out) if name.endswith("parquet") else pd.read_csv(out)
    expected = serial(7, 5)
    pd.testing.assert_frame_equal(kept, expected, check_dtype=name.endswith("parquet"))
    assert stdout == ""
    assert leftovers(tmp_path) == []


def test_ctrl_c_at_a_terminal_stops_the_workers_at_once_and_keeps_the_first_games(
    tmp_path: Path,
) -> None:
    """A terminal sends SIGINT to the whole process group: the workers leave it to the main
    process, which ends them (one is stuck in a game) and keeps the games finished."""
    out = tmp_path / "games.parquet"
    env = {DOOM: doom(tmp_path, "hang", [15], seed=5)}
    argv = ["simulate", "toy-doomed", "--games", "20", "--seed", "5", "--batch-size", "1"]
    process = cli(*argv, "--workers", "2", "--out", str(out), env=env, start_new_session=True)
    hanging = tmp_path / "hanging"
    deadline = time.monotonic() + 120
    while not hanging.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hanging.exists(), process.communicate()
    time.sleep(1)  # the other worker plays on; the main process collects what finished
    os.killpg(process.pid, signal.SIGINT)
    status, stdout, err = finish(process)  # well before the stuck game's 120 s are up
    assert status == 130
    assert err == (
        f"gamefold: interrupted: the run was cut short after the first 15 of 20 games; "
        f"wrote them to {out}\n"
    )
    # every game before the stuck one, and none after it: the first 15 games
    pd.testing.assert_frame_equal(pd.read_parquet(out), serial(15, 5))
    assert stdout == ""
    assert leftovers(tmp_path) == []


def test_sigint_to_the_main_process_alone_ends_the_workers_in_one_line(tmp_path: Path) -> None:
    """Both workers stuck and batches waiting for them: SIGINT to the main process alone
    ends the processes at once, with no traceback, and keeps the first games."""
    out = tmp_path / "games.parquet"
    env = {DOOM: doom(tmp_path, "hang", [15, 16], seed=5)}
    argv = ["simulate", "toy-doomed", "--games", "200", "--seed", "5", "--batch-size", "1"]
    process = cli(*argv, "--workers", "2", "--out", str(out), env=env)
    interrupt_when_stuck(process, tmp_path, settle=1)
    status, stdout, err = finish(process)
    assert status == 130
    assert err == (
        f"gamefold: interrupted: the run was cut short after the first 15 of 200 games; "
        f"wrote them to {out}\n"
    )
    pd.testing.assert_frame_equal(pd.read_parquet(out), serial(15, 5))
    note = json.loads(pq.read_metadata(out).metadata[b"gamefold"])
    assert note == {"games": 15, "cut_short": True}
    assert stdout == ""
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["compare", "--vs-policy", "greedy", "--batch-size", "1"],
        ["compare", "--vs-policy", "greedy", "--batch-size", "1", "--workers", "2"],
        ["coverage", "--json", "coverage.json"],
    ],
    ids=["compare", "compare-workers", "coverage"],
)
def test_sigint_stops_compare_and_coverage_in_one_line(tmp_path: Path, argv: list[str]) -> None:
    command, *extra = argv
    extra = [str(tmp_path / a) if a.endswith(".json") else a for a in extra]
    run = [command, "toy-doomed", "--games", "20", "--seed", "5", *extra]
    process = cli(*run, env={DOOM: doom(tmp_path, "hang", [7], seed=5)})
    interrupt_when_stuck(process, tmp_path)
    status, stdout, err = finish(process)
    assert (status, err) == (130, "gamefold: interrupted\n")
    assert "Traceback" not in stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hanging"]  # no report, whole or not


def test_sigint_here_stops_simulate_compare_and_tournament_with_the_first_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in a notebook: the game being played stops at once, the Python API raises
    ``Interrupted`` with games 0 to 5, and Python's own handler is back afterwards."""
    from gamefold.sim import Arm, Interrupted, compare, tournament

    expected = serial(6, 4)
    monkeypatch.setenv(DOOM, doom(tmp_path, "sigint", [6], seed=4))
    out = tmp_path / "games.parquet"
    options: dict[str, Any] = {"games": 12, "seed": 4, "batch_size": 2, "progress": False}
    with pytest.raises(Interrupted) as stop:
        simulate("toy-doomed", out=out, **options)
    pd.testing.assert_frame_equal(stop.value.frame, expected)
    pd.testing.assert_frame_equal(pd.read_parquet(out), expected)
    with pytest.raises(Interrupted) as stop:
        tournament("toy-doomed", {"random": "random", "greedy": "greedy"}, **options)
    assert list(stop.value.frame["game"].unique()) == list(range(6))
    with pytest.raises(Interrupted):
        compare("toy-doomed", Arm(policies="greedy"), None, **options)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert leftovers(tmp_path) == []
