"""The README's commands: the quick lane it names selects a real part of the suite."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from tests import lanes

ROOT = Path(__file__).resolve().parents[1]


def quick_command() -> tuple[dict[str, str], list[str]]:
    """The environment and the pytest arguments of the README's quick lane."""
    lines = [
        line
        for line in (ROOT / "README.md").read_text("utf-8").splitlines()
        if "HYPOTHESIS_PROFILE=quick" in line and "pytest" in line
    ]
    assert len(lines) == 1, lines
    words = shlex.split(lines[0].rsplit("&&", 1)[-1])
    env = dict(w.split("=", 1) for w in words if re.fullmatch(r"[A-Z_]+=\S+", w))
    args = words[next(i for i, w in enumerate(words) if w.endswith("pytest")) + 1 :]
    return env, args


def test_the_quick_lane_selects_most_tests_and_leaves_the_slow_ones() -> None:
    """``-m "not slow"`` with the ``quick`` profile collects thousands of tests (the rules,
    properties, records, the command line, the README) and deselects the slow ones."""
    env, args = quick_command()
    assert env == {"HYPOTHESIS_PROFILE": "quick"}
    assert args == ["-m", "not slow"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    found = re.search(r"(\d+)/(\d+) tests collected \((\d+) deselected\)", done.stdout)
    assert found, done.stdout[-500:]
    selected, total, deselected = map(int, found.groups())
    assert selected + deselected == total
    assert 2500 < selected < total - 100
    for kept in ("tests/skills/", "tests/games/summit/", "tests/core/", "README.md::"):
        assert f"\n{kept}" in done.stdout, kept
    for left in ("tests/sim/", "tests/viewer/", "docs/", "tests/games/campaign/test_coverage"):
        assert f"\n{left}" not in done.stdout, left


def test_every_slow_entry_names_a_test_that_exists() -> None:
    """Each prefix of ``tests/lanes.py`` names a directory, a file or a test in it (a renamed
    test would silently come back into the quick lane)."""
    for prefix in lanes.SLOW:
        path, _, test = prefix.partition("::")
        assert (ROOT / path).exists(), prefix
        if test:
            name = test.split("::")[-1].split("[")[0]
            assert re.search(rf"(def|class) {re.escape(name)}", (ROOT / path).read_text()), prefix
