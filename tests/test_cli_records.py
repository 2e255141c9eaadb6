"""The command line and hostile files: limits, digests, config files and manners (EN-8).

Every refusal is one line on stderr with exit status 2; a record that does not replay
exits with status 1 and names its step.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")

from gamefold.cli import main
from gamefold.record import GameRecord

REPO_ROOT = Path(__file__).resolve().parents[1]
GOLDEN = REPO_ROOT / "tests" / "golden" / "replays"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(autouse=True)
def _no_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("gamefold: error: ")
    assert err.count("\n") == 1
    return err


# -- replay: limits and digests ---------------------------------------------------------------


def test_en8_replay_refuses_a_file_beyond_max_bytes_by_its_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 5_000)
    err = _refused(capsys, "replay", str(path), "--max-bytes", "4096")
    assert "5,000 bytes; the limit is 4,096 (raise it with --max-bytes) [record/too-big]" in err


def test_en8_replay_refuses_deep_nesting_with_status_2_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """EN-8: 5,000 levels inside ``config`` were a RecursionError traceback (exit 1)."""
    text = (GOLDEN / "skirmish-2-greedy.json").read_text("utf-8")
    path = tmp_path / "deep.json"
    path.write_text(
        text.replace('"config": {', '"config": {"x": ' + "[" * 5000 + "]" * 5000 + ",", 1)
    )
    assert "[record/too-deep]" in _refused(capsys, "replay", str(path))


def test_en8_replay_refuses_more_actions_than_max_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = GOLDEN / "skirmish-2-greedy.json"
    err = _refused(capsys, "replay", str(path), "--max-actions", "10")
    assert "actions: " in err
    assert "the limit is 10 (max_actions) [record/too-many-actions]" in err


def test_en8_replay_finds_swapped_legal_actions_at_their_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """EN-8: swapping two legal actions used to replay "OK"; the digests catch it."""
    data = json.loads((GOLDEN / "summit-1-random.json").read_text("utf-8"))
    record = GameRecord.from_json(json.dumps(data))
    game = record.game_def()
    state = game.setup(record.seed)
    step = 0
    for step, (a, b) in enumerate(zip(record.actions, record.actions[1:], strict=False)):  # noqa: B007
        try:
            game.rules.reduce(game.rules.reduce(state, b), a)
        except ValueError:
            state = game.rules.reduce(state, a)
            continue
        if a != b:
            break
        state = game.rules.reduce(state, a)
    data["actions"][step], data["actions"][step + 1] = (
        data["actions"][step + 1],
        data["actions"][step],
    )
    path = tmp_path / "swapped.json"
    path.write_text(json.dumps(data))
    status, out, err = run(capsys, "replay", str(path))
    assert (status, out) == (1, "")
    assert err == (
        f"{path}: diverges at step {step + 1}: the state after action {step + 1} differs "
        "from the one recorded (its digest differs)\n"
    )


def test_en8_replay_of_a_golden_record_checks_every_digest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = GOLDEN / "summit-2-greedy.json"
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    assert out.endswith("OK (game over; every state matches its digest)\n")


# -- config files -----------------------------------------------------------------------------


def test_play_and_simulate_take_a_config_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SM-1: a config file of a few fields plays the game it describes."""
    config = tmp_path / "five.json"
    config.write_text('{"players": 5}')
    status, out, _ = run(capsys, "play", "summit", "--config", str(config), "--max-steps", "5")
    assert status == 0
    assert out.splitlines()[0].endswith("p5 (random)")
    status, out, _ = run(
        capsys, "simulate", "summit", "--config", str(config), "--games", "2", "--max-steps", "20"
    )
    assert status == 0
    assert "p5" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"party_sise": 2}', "unknown key 'party_sise' [record/malformed]"),
        ('{"skills": {"deck_size": 10000000}}', "skills.deck_size: deck_size must be"),
        ('{"names": "seven"}', 'names: expected an array, got "seven"'),
        ('{"leader": 0, "leader": 1}', "the key 'leader' appears twice [record/duplicate-key]"),
        ("[]", "a config is an object, not an array"),
    ],
)
def test_en8_a_bad_config_file_is_one_line_and_status_2(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.json"
    path.write_text(content)
    err = _refused(capsys, "play", "skirmish", "--config", str(path))
    assert err.startswith(f"gamefold: error: {path}: ")
    assert message in err


def test_en8_a_config_refused_only_at_setup_is_still_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DP-2: a composition without starting cards validates alone but seats no game."""
    path = tmp_path / "config.json"
    path.write_text('{"diplomacy": {"composition": {"Troops T2": 10}}}')
    assert "DP-2" in _refused(capsys, "simulate", "summit", "--config", str(path))


def test_en8_max_steps_has_an_upper_bound(capsys: pytest.CaptureFixture[str]) -> None:
    assert "at most 1,000,000" in _refused(capsys, "play", "skirmish", "--max-steps", "10000001")


# -- manners ----------------------------------------------------------------------------------


def test_an_unwritable_out_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A directory named like the output file cannot be written: said at once, not after
    the whole run (nothing is printed: no game was played)."""
    (tmp_path / "r.csv").mkdir()
    err = _refused(capsys, "simulate", "toy-scored", "--out", str(tmp_path / "r.csv"))
    assert "cannot write" in err
    (tmp_path / "g.json").mkdir()
    assert "cannot write" in _refused(
        capsys, "play", "toy-scored", "--json", str(tmp_path / "g.json")
    )


def test_a_probed_out_file_is_not_left_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.csv"
    _refused(capsys, "simulate", "toy-scored", "--out", str(path), "--games", "0")
    assert not path.exists()


def test_more_workers_than_cpus_warns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    status, out, err = run(capsys, "simulate", "toy-scored", "--games", "4", "--workers", "2")
    assert status == 0
    assert out.startswith("toy-scored: 4 games")
    assert err == (
        "gamefold: warning: --workers 2 is more than the 1 CPUs here; "
        "the extra processes only slow the run down\n"
    )


def test_a_broken_pipe_ends_quietly_and_files_are_still_written(tmp_path: Path) -> None:
    """``gamefold play … | head`` ends without a traceback, and ``--json`` is written."""
    record = tmp_path / "game.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "gamefold", "play", "summit", "--seed", "3", "--json", str(record)],
        cwd=REPO_ROOT,
        env=os.environ | {"CI": "true"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    proc.stdout.close()  # the reader is gone before the first line is written
    _, err = proc.communicate(timeout=120)
    assert (proc.returncode, err) == (0, b"")
    assert GameRecord.from_json(record.read_bytes()).digests is not None


def test_en8_a_400_mb_record_is_refused_by_its_size_without_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """EN-8: a record claiming millions of actions (380 MB) took minutes and gigabytes;
    now its size alone refuses it (the sparse file here is never read)."""
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(400 * 2**20)
    err = _refused(capsys, "replay", str(path))
    assert "419,430,400 bytes; the limit is 4,194,304" in err
