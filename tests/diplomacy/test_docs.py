"""The docs page's code and the example script run as written (DP-9 worked proposal)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "subsystems" / "diplomacy.md"
EXAMPLE = ROOT / "examples" / "diplomacy_economy.py"


def _python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


def test_dp9_the_docs_pages_code_blocks_run_including_the_worked_proposal() -> None:
    blocks = _python_blocks(PAGE.read_text(encoding="utf-8"))
    assert len(blocks) >= 3
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})  # each block stands alone


def test_the_example_plays_its_turns_and_prints_the_scores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "-- turn 15: Corvin --" in out
    assert "Final scores (DP-14):" in out
    assert out.count(" points") == 3
