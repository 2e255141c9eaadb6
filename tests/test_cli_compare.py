"""``gamefold compare`` and ``--set``: one table in 100 columns and a sentence with the interval."""

from __future__ import annotations

import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")

from gamefold.cli import main
from gamefold.sim import Arm, compare


@pytest.fixture(autouse=True)
def _no_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_compare_prints_the_table_and_the_conclusion_of_the_python_compare(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "compare", "toy-scored", "--set", "target=12", "--games", "40")
    assert status == 0
    found = compare(
        "toy-scored",
        Arm(label="the game as it is"),
        Arm({"target": 12}, label="target=12"),
        games=40,
        seed=1,
        progress=False,
    )
    assert out.strip() == str(found)
    assert max(len(line) for line in out.splitlines()) <= 100
    low, high = found.difference.interval.low, found.difference.interval.high
    assert f"95% interval {low:+.3f} to {high:+.3f}" in " ".join(out.split())


def test_compare_policies_with_vs_policy_and_a_metric(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "compare",
        "toy-scored",
        "--policy",
        "a=greedy",
        "--vs-policy",
        "a=random",
        "--metric",
        "moves",
        "--of",
        "b",
        "--games",
        "30",
        "--unpaired",
    )
    assert status == 0
    assert "moves of b, 30 games an arm, seed 1, independent seeds" in out


def test_compare_stops_early_with_sprt(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "compare",
        "toy-scored",
        "--policy",
        "a=greedy",
        "--vs-policy",
        "a=random",
        "--games",
        "400",
        "--sprt",
        "0.2",
    )
    assert status == 0
    assert "SPRT accepts H1 (difference +0.2, not +0) after" in " ".join(out.split())


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["compare", "skirmish", "--set", "skills.hand_lmit=6"], "no field 'hand_lmit'"),
        (["compare", "skirmish", "--vs-set", "skills.hand_limit=0"], "--vs-set"),
        (["simulate", "skirmish", "--set", "skills.hand_limit"], "PATH=VALUE"),
        (["compare", "toy-scored", "--of", "c", "--games", "2"], "no player or side 'c'"),
        (["compare", "toy-scored", "--sprt", "0", "--games", "2"], "--sprt"),
    ],
)
def test_bad_settings_are_one_line_naming_the_path(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1


def test_simulate_set_keeps_the_games_deck_and_suggests_a_compare(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        capsys, "simulate", "skirmish", "--set", "skills.hand_limit=6", "--games", "3"
    )
    assert status == 0
    assert "Who wins (winner), per side, 95% Clopper-Pearson intervals over 3 games:" in out
    assert "winner 95%" in out
    expected = "  gamefold compare skirmish --set skills.hand_limit=7 --games 3 --seed 1"
    assert out.splitlines()[-1] == expected


def test_the_readme_main_job_ends_with_the_compare_to_try_next(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """README: the main job's summary ends with `gamefold compare … skills.hand_limit=6`."""
    status, out, _ = run(capsys, "simulate", "skirmish", "--games", "3", "--seed", "1")
    assert status == 0
    assert out.splitlines()[-2:] == [
        "Does a rule change move that? Try:",
        "  gamefold compare skirmish --set skills.hand_limit=6 --games 3 --seed 1",
    ]
    assert max(len(line) for line in out.splitlines()) <= 100  # the summary fits 100 columns
    assert "party (ana, bo, cy)" in out
    assert "Cochran's Q" in out or "nothing to test" in out


@pytest.mark.parametrize("h1", ["nan", "inf", "2", "-1"])
def test_a_wrong_sprt_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], h1: str
) -> None:
    status, out, err = run(capsys, "compare", "toy-scored", "--sprt", h1, "--games", "100000")
    assert status == 2
    assert "--sprt" in err
    assert "h1" in err
    assert len(err.strip().splitlines()) == 1
    assert out == ""
