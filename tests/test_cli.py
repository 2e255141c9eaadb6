"""The command line: games, simulate, play, replay; one-line errors with exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")

from gamefold import __version__
from gamefold.cli import main
from gamefold.sim import game_seed, simulate

REPO_ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in this process: (status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(autouse=True)
def _no_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")


def test_games_lists_the_registered_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0
    lines = dict(line.split(maxsplit=1) for line in out.splitlines())
    assert lines["toy-scored"].startswith("The toy race with a winner column")
    assert "toy-race" in lines


def test_simulate_prints_a_summary_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "toy-scored", "--games", "50", "--seed", "3")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "toy-scored: 50 games, seed 3; 50 finished"
    assert lines[1] == "a game on average (95% t intervals over the 50 games):"
    assert "Who wins (winner), per player, 95% Clopper-Pearson intervals over 50 games:" in lines
    head = lines.index(next(line for line in lines if line.split() == ["a", "b"]))
    rows: dict[str, list[str]] = {}
    for line in lines[head : head + 6]:
        rows.setdefault(line.split()[0], line.split()[1:])
    assert rows["policy"] == ["random", "random"]
    frame = simulate("toy-scored", games=50, seed=3, progress=False)
    a_rate = frame[frame["player"] == "a"]["winner"].mean()
    assert rows["winner"][0] == f"{a_rate:.2f}"
    who = lines.index("Who wins (winner), per player, 95% Clopper-Pearson intervals over 50 games:")
    assert lines[who + 1].split()[:2] == ["a", f"{a_rate:.3f}"]
    from statsmodels.stats.proportion import proportion_confint

    wins = int(frame[frame["player"] == "a"]["winner"].sum())
    low, high = proportion_confint(wins, 50, method="beta")
    interval = next(line for line in lines if line.startswith("winner 95%"))
    assert interval.split()[2] == f"[{low:.2f},{high:.2f}]"  # the rate's Clopper-Pearson interval
    assert "Means over the 50 games, per player." in out


def test_simulate_wide_prints_the_full_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The full table: who wins first, then every column, each followed by its mean's 95%
    interval over the player's games (Clopper-Pearson's for a rate)."""
    status, out, err = run(
        capsys, "simulate", "toy-scored", "--games", "50", "--seed", "3", "--wide"
    )
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("toy-scored: 50 games, seed 3; 50 finished;")
    assert any(line.startswith("Who wins (winner)") for line in lines)
    at = next(i for i, line in enumerate(lines) if line.split()[:1] == ["policy"])
    header, a_line, b_line = lines[at], lines[at + 2], lines[at + 3]
    numbers = ("finished", "steps", "rounds", "turns", "score", "winner", "moves")
    assert header.split() == ["policy", "games", *(w for n in numbers for w in (n, n, "95%"))]
    from statsmodels.stats.proportion import proportion_confint

    frame = simulate("toy-scored", games=50, seed=3, progress=False)
    a_wins = frame[frame["player"] == "a"]["winner"]
    low, high = proportion_confint(int(a_wins.sum()), 50, method="beta")
    assert a_line.split()[:3] == ["a", "random", "50"]
    at_winner = 3 + 2 * numbers.index("winner")
    assert a_line.split()[at_winner : at_winner + 2] == [
        f"{a_wins.mean():.3f}",
        f"[{low:.2f},{high:.2f}]",
    ]
    assert b_line.split()[:2] == ["b", "random"]


def test_simulate_writes_parquet_and_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = simulate("toy-scored", games=20, seed=4, policies={"a": "greedy"}, progress=False)
    for name in ("out.parquet", "out.csv"):
        path = tmp_path / name
        argv = ["simulate", "toy-scored", "--games", "20", "--seed", "4", "--out", str(path)]
        status, out, _ = run(capsys, *argv, "--policy", "a=greedy", "--batch-size", "3")
        assert status == 0
        assert out.splitlines()[-1] == f"wrote 40 rows to {path}"
        read = pd.read_parquet(path) if name.endswith("parquet") else pd.read_csv(path)
        pd.testing.assert_frame_equal(read, expected, check_dtype=name.endswith("parquet"))


def test_simulate_on_worker_processes_matches(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "toy-scored", "--games", "30", "--policy", "greedy"]
    serial = run(capsys, *argv)
    pooled = run(capsys, *argv, "--workers", "2")
    assert serial == pooled
    assert serial[0] == 0


def test_play_tells_the_game_and_its_record_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    status, out, _ = run(capsys, "play", "toy-scored", "--seed", "7", "--json", str(record))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "toy-scored, seed 7: a (random), b (random)"
    assert lines[1] == "-- Turn 1: a --"
    assert lines[2].startswith("  a reaches ")
    assert any(line.startswith("Game over after ") for line in lines)
    assert lines[-1] == f"wrote the game record to {record}"
    data = json.loads(record.read_text())
    assert (data["game"], data["seed"]) == ("toy-scored", 7)
    status, out, err = run(capsys, "replay", str(record))
    assert (status, err) == (0, "")
    steps = len(data["actions"])
    assert out == (
        f"{record}: toy-scored, seed 7: {steps} steps replayed, "
        "OK (game over; every state matches its digest)\n"
    )


def test_play_replays_a_simulated_game_by_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    frame = simulate("toy-scored", games=3, seed=9, progress=False)
    seed = game_seed(9, 2)
    status, out, _ = run(capsys, "play", "toy-scored", "--seed", str(seed))
    assert status == 0
    steps = frame[frame["game"] == 2]["steps"].iloc[0]
    assert f"Game over after {steps} steps" in out


def test_a_record_that_does_not_replay_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    run(capsys, "play", "toy-scored", "--json", str(record))
    data = json.loads(record.read_text())
    assert data["actions"][1]["type"] == "tests.core.toy.Add"
    data["actions"][1]["amount"] = -1  # the toy refuses negative amounts
    record.write_text(json.dumps(data))
    status, out, err = run(capsys, "replay", str(record))
    assert status == 1
    assert out == ""
    assert err == (
        f"{record}: diverges at step 2: the recorded action is illegal on replay: "
        "Amounts are positive. [toy/negative, EN-4]\n"
    )
    assert err.count("\n") == 1


def test_the_step_cap_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "toy-scored", "--max-steps", "3")
    assert status == 0
    assert "Stopped at the step cap after 3 steps; the game is not over." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "the following arguments are required: COMMAND"),
        (["chess"], "invalid choice: 'chess'"),
        (["simulate"], "the following arguments are required: GAME"),
        (["simulate", "chess"], "unknown game 'chess'; known:"),
        (["simulate", "toy-scored", "--games", "0"], "argument --games: must be at least 1"),
        (["simulate", "toy-scored", "--games", "many"], "not a whole number: 'many'"),
        (["simulate", "toy-scored", "--batch-size", "-2"], "argument --batch-size"),
        (["simulate", "toy-scored", "--workers", "2", "--dask", "x"], "not allowed with"),
        (["simulate", "toy-scored", "--policy", "smart"], "unknown policy 'smart'"),
        (["simulate", "toy-scored", "--policy", "a=ismcts"], "'a' has no determinize, so"),
        (["simulate", "toy-scored", "--policy", "c=greedy"], "has no player 'c'"),
        (["simulate", "toy-scored", "--out", "r.xlsx"], "neither a .parquet nor a .csv"),
        (["simulate", "toy-scored", "--out", "/no/such/dir/r.csv"], "no directory '/no/such"),
        (["play", "toy-scored", "--json", "/no/such/dir/g.json"], "no directory"),
        (["play", "toy-scored", "--max-steps", "0"], "argument --max-steps"),
        (["replay", "/no/such/file.json"], "cannot read /no/such/file.json"),
        (["--import", "no_such_module_here", "games"], "--import no_such_module_here"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.startswith("gamefold: error: ")
    assert message in err
    assert err.count("\n") <= 3  # the usage line, the error line: no traceback
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "not JSON: Expecting value"),
        ('{"format_version": 1, "game": "chess"}', "game: unknown game 'chess'"),
        ('{"format_version": 9}', "format_version: format version 9"),
        ("[1, 2]", "a game record is an object, not an array [record/malformed]"),
    ],
)
def test_bad_record_files_are_one_line_and_status_2(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    status, out, err = run(capsys, "replay", str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"gamefold: error: {path}: ")
    assert message in err
    assert err.count("\n") == 1


def test_a_directory_is_not_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "replay", str(tmp_path))
    assert status == 2
    assert err.startswith(f"gamefold: error: cannot read {tmp_path}")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"gamefold {__version__}\n"


def _python_m(*argv: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"CI": "true"}
    return subprocess.run(
        [sys.executable, "-m", "gamefold", *argv],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_python_m_gamefold_runs_the_command_line() -> None:
    done = _python_m("--import", "tests.sim.scored", "games")
    assert (done.returncode, done.stderr) == (0, "")
    assert "toy-scored" in done.stdout.split()
    done = _python_m("--import", "tests.sim.scored", "simulate", "toy-scored", "--games", "5")
    assert done.returncode == 0
    assert done.stdout.startswith("toy-scored: 5 games, seed 1; 5 finished")


def test_python_m_gamefold_errors_without_a_traceback() -> None:
    done = _python_m("simulate", "chess")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("gamefold: error: unknown game 'chess'")
    assert done.stderr.count("\n") == 1


def test_a_seed_is_a_whole_number_and_a_text_seed_is_spelled_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "play", "toy-scored", "--seed", "7o")
    assert (status, out) == (2, "")
    assert err == (
        "gamefold: error: argument --seed: not a whole number: '7o' (a text seed is spelled "
        "--seed-text 7o) (see `gamefold play --help`)\n"
    )
    status, out, _ = run(capsys, "play", "toy-scored", "--seed-text", "7o")
    assert status == 0
    assert out.splitlines()[0] == "toy-scored, seed 7o: a (random), b (random)"
    status, _, err = run(capsys, "play", "toy-scored", "--seed", "7", "--seed-text", "7o")
    assert status == 2
    assert "not allowed with argument --seed" in err


def test_play_and_simulate_use_the_same_default_seed(capsys: pytest.CaptureFixture[str]) -> None:
    from gamefold.cli import DEFAULT_SEED

    status, played, _ = run(capsys, "play", "toy-scored")
    assert status == 0
    assert played.splitlines()[0].startswith(f"toy-scored, seed {DEFAULT_SEED}: ")
    assert run(capsys, "play", "toy-scored", "--seed", str(DEFAULT_SEED))[1] == played
    status, simulated, _ = run(capsys, "simulate", "toy-scored", "--games", "3")
    assert status == 0
    assert simulated.startswith(f"toy-scored: 3 games, seed {DEFAULT_SEED}; ")


def test_a_record_of_a_game_no_module_registered_suggests_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.isolation import registries_restored
    from tests.sim.scored import ScoredRace

    from gamefold.games import register_game

    record = tmp_path / "mine.json"
    with registries_restored():

        @register_game
        class Mine(ScoredRace):
            name = "my-race"

        assert run(capsys, "play", "my-race", "--json", str(record))[0] == 0
    for command in ("replay", "view"):
        status, _, err = run(capsys, command, str(record))
        assert status == 2
        assert err.startswith(f"gamefold: error: {record}: ")
        assert "unknown game 'my-race'; known: " in err
        assert err.endswith(
            "; if it is defined in your module, pass --import MODULE before the command\n"
        )
    status, _, err = run(capsys, "simulate", "my-race")
    assert status == 2
    assert "unknown game 'my-race'" in err
    assert "pass --import MODULE" in err


def test_a_policy_that_fails_is_one_line_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    """A user's policy that raises stops ``play`` and ``simulate`` with one line naming the
    policy, the step and its error (status 1), not a traceback."""
    from gamefold.games import register_game
    from gamefold.games.skirmish import Skirmish

    def broken(view: Any, legal: Any, rng: Any) -> Any:
        raise ZeroDivisionError("the policy's own bug")

    @register_game
    class Brittle(Skirmish):
        name = "brittle-skirmish"

        def policies(self) -> dict[str, Any]:
            return {**super().policies(), "broken": broken}

    for argv in (["play"], ["simulate", "--games", "2", "--no-progress"]):
        status = main([*argv[:1], "brittle-skirmish", *argv[1:], "--policy", "broken"])
        out, err = capsys.readouterr()
        assert status == 1
        assert err.count("\n") == 1
        assert "raised ZeroDivisionError: the policy's own bug" in err
        assert "Traceback" not in out + err
