"""The example script runs and tells the story from the events."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "skills_rounds.py"


def test_skills_rounds_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The example plays its Rounds: refills, activations, a recycle, a reaction."""
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "== Round 1 ==" in out
    assert "== end of Round 5 ==" in out
    assert "activates" in out
    assert "reshuffles the discard pile" in out
    assert "may react" in out
