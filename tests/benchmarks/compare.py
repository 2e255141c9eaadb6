"""Throughput of this checkout against another commit, interleaved in one run.

    python tests/benchmarks/compare.py REV [--rounds 7] [--games 40]

``REV`` is checked out in a temporary ``git worktree``; each round then measures both trees
in fresh processes, alternating which goes first, and the table shows the median of the
rounds for each measure and the median of the rounds' ratios (this checkout over ``REV``;
above 1 is faster here). Each process first plays three games untimed, so that imports,
first calls and caches filling up weigh on neither side.
Time is CPU time (``time.process_time``) of the measuring process, so other work on a shared
machine disturbs the numbers less; interleaving makes slow spells hit both sides alike.

Measures, for each built-in game (skirmish, summit, campaign) with random policies: whole
games through :func:`gamefold.games.play` (listing legal actions and building views at every
choice) in steps a CPU-second, and the recorded actions replayed through ``Rules.step`` (no
policy) in steps a CPU-second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]

MEASURE = r"""
import json, sys, time
from gamefold.games import get_game, play, random_policy
from gamefold.sim import game_seed

games = int(sys.argv[1])
out = {}
for name in ("skirmish", "summit", "campaign"):
    game = get_game(name)()
    seeds = [game_seed(1, i) for i in range(games)]
    for s in seeds[:3]:  # warm: imports, first calls and caches cost nothing measured
        play(game, s, random_policy, keep_states=False)
    start = time.process_time()
    histories = [play(game, s, random_policy, keep_states=False).actions for s in seeds]
    played = time.process_time() - start
    steps = sum(len(h) for h in histories)
    start = time.process_time()
    for seed, actions in zip(seeds, histories):
        state = game.setup(seed)
        for action in actions:
            state = game.rules.step(state, action)[0]
    replayed = time.process_time() - start
    out[f"{name}_play_steps_per_cpu_s"] = steps / played
    out[f"{name}_replay_steps_per_cpu_s"] = steps / replayed
print(json.dumps(out))
"""


def measure(tree: Path, games: int) -> dict[str, float]:
    """One measuring process on the sources of ``tree``."""
    env = {**os.environ, "PYTHONPATH": f"{tree / 'src'}{os.pathsep}{tree}"}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(games)],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def compare(rev: str, rounds: int, games: int) -> dict[str, Any]:
    """Medians over ``rounds`` interleaved rounds for this checkout and for ``rev``."""
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(other), rev],
            cwd=REPO_ROOT,
            check=True,
            capture_output=True,
        )
        try:
            runs: dict[str, list[dict[str, float]]] = {"here": [], "other": []}
            for r in range(rounds):
                order = [("here", REPO_ROOT), ("other", other)]
                for label, tree in order if r % 2 == 0 else reversed(order):
                    runs[label].append(measure(tree, games))
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(other)],
                cwd=REPO_ROOT,
                check=True,
                capture_output=True,
            )
    keys = sorted(runs["here"][0])
    table = {
        key: {
            "here": statistics.median(run[key] for run in runs["here"]),
            "other": statistics.median(run[key] for run in runs["other"]),
        }
        for key in keys
    }
    for key, row in table.items():  # each round's two runs paired: the median of their ratios
        row["ratio"] = statistics.median(
            h[key] / o[key] for h, o in zip(runs["here"], runs["other"], strict=True)
        )
    return {"rev": rev, "rounds": rounds, "games": games, "measures": table}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="HEAD~1", help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--json", type=Path, help="also write the result here")
    args = parser.parse_args(argv)
    result = compare(args.rev, args.rounds, args.games)
    print(f"{'measure':40} {'here':>12} {args.rev[:12]:>12} {'ratio':>7}")
    for key, row in result["measures"].items():
        print(f"{key:40} {row['here']:12,.0f} {row['other']:12,.0f} {row['ratio']:7.3f}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
