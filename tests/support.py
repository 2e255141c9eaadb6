"""Helpers shared by tests across the suite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_python(script: str, *, hash_seed: str, timeout: float = 300) -> str:
    """Run ``script`` in a fresh interpreter with ``PYTHONHASHSEED=hash_seed``; its stdout.

    Fails the test with the child's stderr if it does not exit 0. EN-3 tests run the same
    script under two hash seeds and compare the outputs byte for byte.
    """
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


class Name(str):
    """A ``str`` subclass: the guard refuses it where a ``str`` is declared, so a fast
    check must too (a fast check that compared by value alone would let it through)."""


class Anything:
    """Equal to everything: an id, a Hand or a zone made of it would match any, so a fast
    check must test types before it compares."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


ANYTHING = Anything()
"""The one :class:`Anything` the fast-path tests use."""
