"""The runnable example plays a whole fight and tells it from the events."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parents[2] / "examples" / "combat_exchange.py"


def test_the_example_runs_to_the_end_of_the_fight() -> None:
    """EN-7: the example prints an account built from events and exits 0."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Rock beats Paper")
    assert "Exchange 1: declarations revealed." in lines
    assert lines[-1].startswith("The fight is over:")
