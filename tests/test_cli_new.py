"""``gamefold new NAME``: a one-file game that plays, replays, views, simulates, reports
its rule coverage and passes conformance as written; bad names and taken files refused."""

from __future__ import annotations

import errno
import importlib
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import gamefold
from gamefold.cli import main
from gamefold.games import get_game
from gamefold.games.skeleton import MAX_NAME, skeleton
from gamefold.testing import conformance


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


SOURCE = str(Path(gamefold.__file__).resolve().parents[1])
"""Where the gamefold under test is, for a fresh interpreter started elsewhere."""

GAMES = ("duel", "tower_run")
"""The modules these tests write, forgotten after each test."""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh directory to work in; the module search path and the games' modules restored."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CI", "true")
    monkeypatch.setattr(sys, "path", list(sys.path))
    yield tmp_path
    for name in GAMES:
        sys.modules.pop(name, None)


def test_a_new_game_plays_replays_views_simulates_and_conforms(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "new", "duel")
    assert status == 0
    source = (here / "duel.py").read_text(encoding="utf-8")
    # Short: the defaults do the rest; the RL hooks (bounds, growth, sizes) take 9 lines.
    assert sum(1 for line in source.splitlines() if line.strip()) <= 72

    status, out, err = run(capsys, "--import", "duel", "play", "duel", "--json", "duel.json")
    assert (status, err) == (0, "")
    assert "Game over" in out
    assert "winner=True" in out
    assert "CardsDrawn(" not in out  # told by the skill-deck subsystem's lines, not repr

    status, out, _ = run(capsys, "--import", "duel", "replay", "duel.json")
    assert status == 0
    assert "OK (game over; every state matches its digest)" in out

    status, out, _ = run(capsys, "--import", "duel", "view", "duel.json")
    page = (here / "duel.html").read_text(encoding="utf-8")
    assert status == 0
    assert page.startswith("<!DOCTYPE html>")
    assert '"rules":["SD-3"' in page  # events carry the subsystem's rule chips

    args = ("simulate", "duel", "--games", "10", "--policy", "ann=eager")
    status, out, _ = run(capsys, "--import", "duel", *args)
    assert status == 0
    assert "10 finished" in out

    status, out, _ = run(capsys, "--import", "duel", "coverage", "duel", "--games", "3")
    assert status == 0
    table = out.splitlines()[1:]
    assert table[0].split() == ["games", "times"]
    assert [line.split()[0] for line in table[2:]] == [f"SD-{n}" for n in range(1, 16)]

    game = get_game("duel")()
    assert game is not None
    assert type(game).__module__ == "duel"
    report = conformance(game, games=3, steps=300, seed=1)
    assert report.replays == report.games == 3
    assert report.finished == 3


def test_new_refuses_a_file_that_exists(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "duel.py").write_text("# mine\n", encoding="utf-8")
    status, out, err = run(capsys, "new", "duel")
    assert (status, out) == (2, "")
    taken = "duel.py exists already; choose another NAME or move it away"
    assert err == f"gamefold: error: new: {taken}\n"
    assert (here / "duel.py").read_text(encoding="utf-8") == "# mine\n"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("9lives", "cannot name a game module"),
        ("my-game", "cannot name a game module"),
        ("Duel", "cannot name a game module"),
        ("class", "cannot name a game module"),
        ("__init__", "cannot name a game module"),
        ("__main__", "cannot name a game module"),
        ("_duel", "cannot name a game module"),
        ("café", "cannot name a game module"),
        ("duel.py", "cannot name a game module"),
        ("", "cannot name a game module"),
        ("x" * 300, "has 300 characters; a game's name has at most 40"),
        ("skirmish", "a game named 'skirmish' is registered already"),
        ("summit", "a game named 'summit' is registered already"),
        ("json", "a module named 'json' exists already"),
    ],
)
def test_new_refuses_a_name_that_cannot_be_a_game(
    here: Path, capsys: pytest.CaptureFixture[str], name: str, why: str
) -> None:
    status, out, err = run(capsys, "new", name)
    assert (status, out) == (2, "")
    assert err.startswith("gamefold: error: new: ")
    assert why in err
    assert err.count("\n") == 1
    assert len(err) < 300  # a long name is cut short in the error, not echoed whole
    assert list(here.iterdir()) == []


def test_the_longest_name_is_written(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "a" * MAX_NAME
    status, _, err = run(capsys, "new", name)
    assert (status, err) == (0, "")
    assert (here / f"{name}.py").read_text(encoding="utf-8") == skeleton(name)
    assert [p.name for p in here.iterdir()] == [f"{name}.py"]


def test_a_full_disk_leaves_no_module_to_block_the_name(
    here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills as the module is flushed: no file is left under NAME.py (it would
    take the name, and a 0-byte module imports as a game of nothing), nor a temporary one;
    once there is room, the same command writes it."""

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full)
        status, out, err = run(capsys, "new", "duel")
    assert (status, out) == (1, "")
    assert err == f"gamefold: error: new: cannot write duel.py: {os.strerror(errno.ENOSPC)}\n"
    assert list(here.iterdir()) == []
    assert run(capsys, "new", "duel")[0] == 0
    assert (here / "duel.py").read_text(encoding="utf-8") == skeleton("duel")


def test_a_file_size_limit_leaves_nothing_in_a_fresh_process(here: Path) -> None:
    """As the fault suite fills a disk: a file-size limit makes the write itself fail."""

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))

    done = subprocess.run(
        [sys.executable, "-m", "gamefold", "new", "duel"],
        cwd=here,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": SOURCE},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        preexec_fn=limited,
    )
    assert done.returncode == 1
    assert done.stderr == "gamefold: error: new: cannot write duel.py: File too large\n"
    assert list(here.iterdir()) == []


def test_a_module_made_while_writing_is_never_replaced(
    here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Someone else writes NAME.py after the check and before the new file is in place."""
    real = os.fsync

    def meanwhile(fd: int) -> None:
        real(fd)
        (here / "duel.py").write_text("# theirs\n", encoding="utf-8")

    monkeypatch.setattr(os, "fsync", meanwhile)
    status, out, err = run(capsys, "new", "duel")
    assert (status, out) == (2, "")
    assert "duel.py exists already" in err
    assert (here / "duel.py").read_text(encoding="utf-8") == "# theirs\n"
    assert [p.name for p in here.iterdir()] == ["duel.py"]


def test_the_skeleton_names_its_classes_after_the_game(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "new", "tower_run", "--dir", str(here))[0] == 0
    sys.path.insert(0, str(here))
    module = importlib.import_module("tower_run")
    assert module.TowerRunGame.name == "tower_run"
    assert isinstance(module.TowerRunGame().config, module.TowerRunConfig)
    assert set(module.TowerRunGame().policies()) == {"random", "ismcts", "eager"}


def test_a_new_game_passes_the_linters_a_project_would_run(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file ``new`` writes is where a user starts their own project: ruff (lint and
    format, with its defaults) and ``mypy --strict`` find nothing in it."""
    assert run(capsys, "new", "duel")[0] == 0
    for tool in (
        ["ruff", "check", "--isolated", "duel.py"],
        ["ruff", "format", "--isolated", "--check", "duel.py"],
        ["mypy", "--strict", "--no-incremental", "duel.py"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", *tool], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, f"{' '.join(tool)}:\n{done.stdout}{done.stderr}"
