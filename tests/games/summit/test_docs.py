"""The docs page and the example stay true: every default and rule is documented, the code
runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import attrs

from gamefold.games.summit import CODES, Scenario, SummitConfig

ROOT = Path(__file__).parents[3]
PAGE = (ROOT / "docs" / "games" / "summit.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "examples" / "summit_game.py"


def test_every_default_is_in_the_defaults_table() -> None:
    for field in attrs.fields(Scenario):
        if field.name.startswith("_"):
            assert not field.init  # a private mirror of a documented field, not a default
            continue
        assert f"| `scenario.{field.name}` |" in PAGE, field.name
    for field in attrs.fields(SummitConfig):
        if field.name != "scenario":
            assert f"| `{field.name}` |" in PAGE, field.name


def test_every_rule_and_error_code_is_documented() -> None:
    rules = set(re.findall(r"^\| (SM-\d+) \|", PAGE, flags=re.MULTILINE))
    assert rules == {f"SM-{n}" for n in range(1, 17)}
    for code in CODES:
        assert f"| `{code}` |" in PAGE, code


def test_the_pages_code_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE, flags=re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, "summit.md", "exec"), {})


def test_the_example_plays_a_whole_game_and_prints_the_scores() -> None:
    """EN-7: the example prints an account built from events and exits 0."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "A summit of four greedy players, seed 7"
    assert "== Round 1 ==" in lines
    assert any(line.startswith("Game over after") for line in lines)
    scores = lines[lines.index("Final scores (DP-14: the points of the cards in hand):") + 1 :]
    assert len(scores) == 4
    assert "(winner)" in scores[0]
