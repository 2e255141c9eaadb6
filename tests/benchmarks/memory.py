"""The main process's memory over a long simulation streamed to a file (on demand).

    python tests/benchmarks/memory.py [GAMES] [WORKERS]    # 100,000 games on 2 workers

It simulates the scored toy race (a cheap game: memory depends on the rows, not on the
rules) to a Parquet file and prints, as JSON, the peak resident memory of this process
before and after the run, in MB. Rows are turned into a compact frame batch by batch and
appended to the file as they come, so the growth stays far below what holding every row
as Python data took (about 2.9 KB a game).
"""

from __future__ import annotations

import json
import resource
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:  # run as a script: make ``tests.…`` importable
    sys.path.insert(0, str(REPO_ROOT))

import tests.sim.scored  # noqa: E402, F401  (registers "toy-scored")

from gamefold.sim import Workers, simulate  # noqa: E402


def peak_mb() -> float:
    """This process's peak resident memory so far (Linux reports KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(games: int, workers: int) -> dict[str, float]:
    """Peak memory before and after streaming ``games`` games to a Parquet file."""
    with tempfile.TemporaryDirectory() as folder, Workers(workers) as pool:
        out = Path(folder) / "games.parquet"
        simulate("toy-scored", games=10, seed=1, progress=False, out=out)  # imports loaded
        before = peak_mb()
        frame = simulate("toy-scored", games=games, seed=1, executor=pool, progress=False, out=out)
        after = peak_mb()
        rows = len(frame)
    return {"games": games, "rows": rows, "before_mb": before, "after_mb": after}


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    print(json.dumps(measure(games, workers)))
