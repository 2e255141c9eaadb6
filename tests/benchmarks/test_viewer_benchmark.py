"""The viewer benchmark runs (on demand, ``pytest tests/benchmarks``); no timed assert."""

from __future__ import annotations

import pytest
from tests.benchmarks import viewer


def test_a_tiny_run_prints_a_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert viewer.main(["--rounds", "1", "--max-steps", "20"]) == 0
    out = capsys.readouterr().out
    for name in viewer.GAMES:
        assert name in out


def test_a_tiny_run_of_the_commands_prints_a_row_per_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert viewer.main(["--commands", "--rounds", "1", "--max-steps", "20"]) == 0
    out = capsys.readouterr().out
    for name in viewer.GAMES:
        assert name in out
