"""The benchmark run on demand under pytest: a quick run, its table and JSON. No timed asserts.

The default test run leaves this directory out; name it to run it: ``pytest tests/benchmarks``
(or ``python tests/benchmarks/run.py`` for the full-size run).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.benchmarks import run, skill_round


@pytest.mark.parametrize("rounds", [1, 12, 40])
@pytest.mark.parametrize("seed", [0, 3])
def test_the_baseline_plays_the_same_skill_deck_round_as_gamefold(rounds: int, seed: int) -> None:
    """Zone sizes, Fatigue and deaths agree (the shuffles differ: another RNG)."""
    ours = skill_round.gamefold_session(rounds, seed)
    assert skill_round.baseline_session(rounds, seed) == ours


def test_each_discard_measure_makes_the_discards_it_reports() -> None:
    """SD-9: the baseline Discards whole hands (dealt again every 5); the others each one."""
    assert skill_round.baseline_discards(12) == 10
    assert skill_round.floor_discards(12) == 12
    assert skill_round.gamefold_discards(12) == 12


def test_a_quick_run_prints_a_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run.main(["--quick", "--games", "40", "--out", str(tmp_path)]) == 0
    (written,) = tmp_path.glob("bench-*.json")
    results = json.loads(written.read_text())
    out = capsys.readouterr().out
    games = {row["game"]: row for row in results["games"]}
    assert set(games) == {*run.BUILT_IN_GAMES, run.REFERENCE_GAME}
    for name, row in games.items():
        line = next(line for line in out.splitlines() if line.startswith(name))
        if row["status"] == "measured":
            assert row["games_per_s"] > 0
            assert row["steps_per_s"] > 0
        else:
            assert row["status"] in line  # an unregistered game is reported, not skipped
    skill = results["skill_round"]
    assert skill["status"] == "measured", skill["status"]
    assert skill["slowdown"] > 0
    assert skill["discard_floor_ratio"] > 0
    assert skill["discard_ratio"] > 0
    speed = results["speedup"]
    assert (speed["games"], speed["workers"], speed["identical"]) == (40, 2, True)
    assert out.rstrip().endswith(f"wrote {written}")


def test_the_headline_json_has_the_targeted_figures(tmp_path: Path) -> None:
    """The figures docs/benchmarks.md sets targets on, in one small JSON file."""
    out = tmp_path / "headline.json"
    assert run.main(["--quick", "--games", "40", "--out", str(tmp_path), "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    assert set(figures) == {
        "skill_round_ratio",
        "skirmish_steps_per_cpu_s",
        "summit_steps_per_cpu_s",
        "campaign_steps_per_cpu_s",
        "speedup_2_workers",
    }
    assert all(value > 0 for value in figures.values())


def test_a_hundred_thousand_games_stream_within_200_mb() -> None:
    """The main process of a 100,000-game run to --out grows by less than 200 MB and ends
    under 200 MB above an interpreter with pandas loaded (minutes long: on demand only)."""
    import subprocess
    import sys

    script = Path(__file__).with_name("memory.py")
    done = subprocess.run(
        [sys.executable, str(script), "100000", "2"],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    found = json.loads(done.stdout)
    assert found["rows"] == 200_000  # two players a game
    assert found["after_mb"] - found["before_mb"] < 200, found
