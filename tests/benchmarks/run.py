"""Throughput benchmarks: one run prints a table and writes JSON. Nothing here asserts a time.

    python tests/benchmarks/run.py                    # the full run (2,000 games for the speed-up)
    python tests/benchmarks/run.py --quick            # a smoke run, seconds long
    python tests/benchmarks/run.py --json out.json    # also the headline figures as JSON
    python tests/benchmarks/run.py --against REV      # this checkout and REV, interleaved

It measures

1. for each game (the built-in ``skirmish``, ``summit`` and ``campaign`` once registered,
   and the toy race the core tests use as a reference): whole games a CPU-second and their
   steps a CPU-second (random policies, through :func:`gamefold.games.play`, listing legal
   actions at every choice), and reducer steps a CPU-second (replaying the recorded actions through
   ``rules.step``, no policy in the loop);
2. the skill-deck round on :mod:`gamefold.skills` against a plain mutable-list baseline
   (see ``skill_round.py``): reducer calls a second for each, and the ratio; and one
   Discard three ways (the baseline's, the least any step on gamefold's records does,
   gamefold's);
3. ``simulate`` of 2,000 games serially and on two worker processes: the speed-up.

Single-process figures are CPU time (``time.process_time``), the median of ``repeat`` runs,
with the baseline and gamefold interleaved; the speed-up is wall time, as parallelism must be.
Results go to ``benchmark-results/bench-<time>.json`` (``--out`` to change the directory);
``--json PATH`` also writes the headline figures ``skill_round_ratio``,
``skirmish_steps_per_cpu_s``, ``summit_steps_per_cpu_s``, ``campaign_steps_per_cpu_s`` and
``speedup_2_workers``.
``--against REV`` checks ``REV`` out in a temporary ``git worktree`` and runs this benchmark
there and here in turn (``--rounds`` times), printing the medians of both side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:  # run as a script: make ``tests.…`` importable
    sys.path.insert(0, str(REPO_ROOT))

import tests.core.toy  # noqa: E402, F401  (registers the reference game "toy-race")
from tests.benchmarks import skill_round  # noqa: E402

from gamefold.games import game_names, get_game, play, random_policy  # noqa: E402
from gamefold.sim import game_seed, simulate  # noqa: E402

BUILT_IN_GAMES = ("skirmish", "summit", "campaign")
REFERENCE_GAME = "toy-race"
SESSION_ROUNDS = 40  # long enough to recycle decks, short enough that nobody dies


def cpu_median(repeat: int, work: Callable[[], object]) -> float:
    """The median of ``repeat`` CPU-time timings of ``work()``, in seconds."""
    return statistics.median(cpu_times(repeat, work))


def cpu_times(repeat: int, work: Callable[[], object]) -> list[float]:
    """``repeat`` CPU-time timings of ``work()``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return times


def bench_game(name: str, games: int, repeat: int) -> dict[str, Any]:
    """Games a second and reducer steps a second of one registered game."""
    if name not in game_names():
        return {"game": name, "status": "not registered yet"}
    game = get_game(name)()
    seeds = [game_seed(1, i) for i in range(games)]

    def play_all() -> list[Any]:
        return [play(game, s, random_policy, keep_states=False).actions for s in seeds]

    histories = play_all()
    steps = sum(len(actions) for actions in histories)

    def replay_all() -> None:
        for seed, actions in zip(seeds, histories, strict=True):
            state = game.setup(seed)
            for action in actions:
                state = game.rules.step(state, action)[0]

    return {
        "game": name,
        "status": "measured",
        "games": games,
        "mean_steps": steps / games,
        "games_per_s": games / (played := cpu_median(repeat, play_all)),
        "play_steps_per_s": steps / played,
        "steps_per_s": steps / cpu_median(repeat, replay_all),
    }


def bench_skill_round(sessions: int, repeat: int) -> dict[str, Any]:
    """Reducer calls a second of the skill-deck round: gamefold against the mutable baseline."""
    calls = sessions * SESSION_ROUNDS * skill_round.CALLS_PER_ROUND
    skill_round.baseline_session(SESSION_ROUNDS, 0)  # warm up both before the clock runs
    try:
        skill_round.gamefold_session(SESSION_ROUNDS, 0)
    except (ImportError, AttributeError, TypeError) as err:  # the subsystem's API moved
        base = cpu_median(repeat, lambda: _sessions(skill_round.baseline_session, sessions))
        return {"calls": calls, "baseline_calls_per_s": calls / base} | {
            "status": f"gamefold side unavailable: {err}"
        }
    contenders = [skill_round.baseline_session, skill_round.gamefold_session]
    times: list[list[float]] = [[] for _ in contenders]
    for _ in range(repeat):  # interleaved, so a slow spell hits them all
        for session, spent in zip(contenders, times, strict=True):
            spent += cpu_times(1, lambda: _sessions(session, sessions))  # noqa: B023
    base, ours = (statistics.median(t) for t in times)
    return {
        "calls": calls,
        "baseline_calls_per_s": calls / base,
        "status": "measured",
        "gamefold_calls_per_s": calls / ours,
        "slowdown": ours / base,
        **bench_discard(sessions * 1000, repeat),
    }


def bench_discard(count: int, repeat: int) -> dict[str, float]:
    """One Discard, interleaved three ways (``skill_round.py``): the baseline's, the least
    any step on gamefold's records does (action, two copies, event), and gamefold's own.
    Nanoseconds a Discard, and the last two as multiples of the baseline's."""
    sr = skill_round
    ways = (sr.baseline_discards, sr.floor_discards, sr.gamefold_discards)
    times: list[list[float]] = [[], [], []]
    for _ in range(repeat):
        for way, spent in zip(ways, times, strict=True):
            start = time.process_time()
            made = way(count)
            spent.append((time.process_time() - start) / made)
    base, floor, ours = (statistics.median(t) for t in times)
    return {
        "discard_baseline_ns": base * 1e9,
        "discard_floor_ns": floor * 1e9,
        "discard_gamefold_ns": ours * 1e9,
        "discard_floor_ratio": floor / base,
        "discard_ratio": ours / base,
    }


def _sessions(session: Callable[[int, int], object], sessions: int) -> None:
    for seed in range(sessions):
        session(SESSION_ROUNDS, seed)


def bench_speedup(name: str, games: int, workers: int = 2) -> dict[str, Any]:
    """``simulate`` serially and on ``workers`` processes (started before the clock runs)."""
    simulate(name, games=10, seed=0, progress=False)  # imports and caches warm before timing
    start = time.perf_counter()
    serial = simulate(name, games=games, seed=1, progress=False)
    serial_s = time.perf_counter() - start
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        for future in [pool.submit(time.sleep, 0.2) for _ in range(workers)]:
            future.result()  # both workers are up and idle
        start = time.perf_counter()
        spread = simulate(name, games=games, seed=1, progress=False, executor=pool)
        parallel_s = time.perf_counter() - start
    return {
        "game": name,
        "games": games,
        "workers": workers,
        "serial_s": serial_s,
        "parallel_s": parallel_s,
        "speedup": serial_s / parallel_s,
        "identical": bool(spread.equals(serial)),
    }


def speedup_game() -> str:
    """The first built-in game registered, else the reference game."""
    return next((g for g in BUILT_IN_GAMES if g in game_names()), REFERENCE_GAME)


def measure(quick: bool, games: int) -> dict[str, Any]:
    """Every benchmark; ``quick`` makes each one small."""
    per_game, repeat = (20, 1) if quick else (300, 3)
    return {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "quick": quick,
        "games": [bench_game(g, per_game, repeat) for g in (*BUILT_IN_GAMES, REFERENCE_GAME)],
        "skill_round": bench_skill_round(5 if quick else 50, repeat),
        "speedup": bench_speedup(speedup_game(), games),
    }


def headline(results: dict[str, Any]) -> dict[str, float]:
    """The figures the targets are set on (docs/benchmarks.md)."""
    games = {row["game"]: row for row in results["games"] if row["status"] == "measured"}
    out = {
        f"{name}_steps_per_cpu_s": games[name]["play_steps_per_s"]
        for name in BUILT_IN_GAMES
        if name in games
    }
    if results["skill_round"]["status"] == "measured":
        out["skill_round_ratio"] = results["skill_round"]["slowdown"]
    out["speedup_2_workers"] = results["speedup"]["speedup"]
    return out


def table(results: dict[str, Any]) -> list[str]:
    """The results as the lines of a plain-text table (rates per CPU-second)."""
    head = f"{'game':<12} {'games/s':>10} {'play steps/s':>13} {'step() calls/s':>15}"
    lines = [f"{head} {'steps/game':>11}"]
    for row in results["games"]:
        if row["status"] != "measured":
            lines.append(f"{row['game']:<12} {row['status']}")
            continue
        numbers = f"{row['games_per_s']:>10,.0f} {row['play_steps_per_s']:>13,.0f}"
        numbers += f" {row['steps_per_s']:>15,.0f}"
        lines.append(f"{row['game']:<12} {numbers} {row['mean_steps']:>11.1f}")
    lines += _skill_lines(results["skill_round"]) + _speedup_lines(results["speedup"])
    return lines


def _skill_lines(skill: dict[str, Any]) -> list[str]:
    lines = [
        "",
        f"skill-deck round, mutable baseline: {skill['baseline_calls_per_s']:>10,.0f} calls/s",
    ]
    if skill["status"] != "measured":
        return [*lines, f"skill-deck round, gamefold: {skill['status']}"]
    return [
        *lines,
        f"skill-deck round, gamefold.skills:  {skill['gamefold_calls_per_s']:>10,.0f} calls/s",
        f"gamefold takes {skill['slowdown']:.2f}x the baseline's time a call",
        f"one Discard: baseline {skill['discard_baseline_ns']:,.0f} ns; the least any step on "
        f"gamefold's records does {skill['discard_floor_ns']:,.0f} ns "
        f"({skill['discard_floor_ratio']:.2f}x); gamefold.skills "
        f"{skill['discard_gamefold_ns']:,.0f} ns ({skill['discard_ratio']:.2f}x)",
    ]


def _speedup_lines(speed: dict[str, Any]) -> list[str]:
    same = "identical frames" if speed["identical"] else "FRAMES DIFFER"
    return [
        "",
        f"simulate {speed['games']} games of {speed['game']}: serial {speed['serial_s']:.2f} s, "
        f"{speed['workers']} workers {speed['parallel_s']:.2f} s, "
        f"speed-up {speed['speedup']:.2f}x ({same})",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks, print the table, write the JSON file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    parser.add_argument("--games", type=int, help="games for the speed-up (2000; quick 200)")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "benchmark-results")
    parser.add_argument("--json", type=Path, help="write the headline figures here")
    parser.add_argument("--against", metavar="REV", help="also run on commit REV, interleaved")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each side (--against)")
    args = parser.parse_args(argv)
    if args.against:
        return against(args.against, args.rounds, args.quick, args.games, args.json)
    games = args.games or (200 if args.quick else 2000)
    results = measure(args.quick, games)
    print("\n".join(table(results)))
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"bench-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {path}")
    if args.json:
        args.json.write_text(json.dumps(headline(results), indent=2) + "\n", encoding="utf-8")
    return 0


def _run_tree(tree: Path, quick: bool, games: int | None, out: Path) -> dict[str, float]:
    """The headline figures of one run of this benchmark on the sources of ``tree``."""
    command = [sys.executable, str(Path(__file__)), "--json", str(out), "--out", str(out.parent)]
    command += ["--quick"] if quick else []
    command += ["--games", str(games)] if games else []
    env = {**os.environ, "PYTHONPATH": f"{tree / 'src'}{os.pathsep}{tree}"}
    subprocess.run(command, env=env, cwd=tree, check=True, capture_output=True)
    figures: dict[str, float] = json.loads(out.read_text(encoding="utf-8"))
    return figures


def against(rev: str, rounds: int, quick: bool, games: int | None, json_out: Path | None) -> int:
    """Run the benchmark here and on ``rev``, ``rounds`` times each, alternating."""
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        git = ["git", "worktree"]
        subprocess.run([*git, "add", "--detach", str(other), rev], cwd=REPO_ROOT, check=True)
        runs: dict[str, list[dict[str, float]]] = {"here": [], rev: []}
        try:
            for r in range(rounds):
                order = [("here", REPO_ROOT), (rev, other)]
                for label, tree in order if r % 2 == 0 else order[::-1]:
                    runs[label].append(_run_tree(tree, quick, games, Path(tmp) / "h.json"))
        finally:
            subprocess.run([*git, "remove", "--force", str(other)], cwd=REPO_ROOT, check=True)
    keys = sorted(set(runs["here"][0]) & set(runs[rev][0]))
    medians = {
        label: {k: statistics.median(run[k] for run in found) for k in keys}
        for label, found in runs.items()
    }
    print(f"{'figure':<28} {'here':>12} {rev[:12]:>12}")
    for k in keys:
        print(f"{k:<28} {medians['here'][k]:>12,.2f} {medians[rev][k]:>12,.2f}")
    if json_out:
        json_out.write_text(json.dumps(medians, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
