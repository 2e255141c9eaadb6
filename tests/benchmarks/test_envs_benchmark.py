"""The env throughput benchmark runs (on demand, ``pytest tests/benchmarks``); no timed assert."""

from __future__ import annotations

import pytest
from tests.benchmarks import envs


def test_a_tiny_run_prints_a_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert envs.main(["--games", "1", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    for name in envs.GAMES:
        assert name in out
