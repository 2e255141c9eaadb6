"""``gamefold new NAME``: a one-file game that plays, replays, views, simulates, reports
its rule coverage and passes conformance as written; bad names and taken files refused."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamefold.cli import main
from gamefold.games import get_game
from gamefold.testing import conformance


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


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
    assert sum(1 for line in source.splitlines() if line.strip()) <= 70  # short: defaults

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
        ("skirmish", "a game named 'skirmish' is registered already"),
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
    assert list(here.iterdir()) == []


def test_the_skeleton_names_its_classes_after_the_game(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "new", "tower_run", "--dir", str(here))[0] == 0
    sys.path.insert(0, str(here))
    module = importlib.import_module("tower_run")
    assert module.TowerRunGame.name == "tower_run"
    assert isinstance(module.TowerRunGame().config, module.TowerRunConfig)
    assert set(module.TowerRunGame().policies()) == {"random", "ismcts", "eager"}
