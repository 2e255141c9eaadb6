"""Run the test suite twice in one process: no test may leave a registration behind.

Usage, from the repository root::

    python tests/mutation/twice.py [PYTEST ARGS…]      # default: the whole suite, -x

A mutation tool runs the tests again and again in one process; this checks that the
suite allows it (see ``tests/isolation.py``). It exits with the worse of the two runs.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def main(args: list[str]) -> int:
    """Run ``pytest args`` twice in this process; the worse exit code."""
    codes = []
    for run in (1, 2):
        start = time.monotonic()
        code = int(pytest.main(["-q", "-p", "no:cacheprovider", *(args or ["-x"])]))
        codes.append(code)
        print(f"=== run {run}: exit {code} in {time.monotonic() - start:.0f} s", flush=True)
    return max(codes)


if __name__ == "__main__":  # worker processes (Dask, pools) import this module too
    os.chdir(ROOT)
    sys.exit(main(sys.argv[1:]))
