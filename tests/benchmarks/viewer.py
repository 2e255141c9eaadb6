"""The viewer against a replay: a page's CPU time over a replay's, per game.

    python tests/benchmarks/viewer.py [--seed 3] [--rounds 5] [--max-steps 10000]
    python tests/benchmarks/viewer.py --instructions
    python tests/benchmarks/viewer.py --commands

For each built-in game, one record is made in the script (a game played from ``--seed``
with the game's policies, with its digests, as ``gamefold play --json`` writes it); each
round then times, in alternating order, what ``gamefold replay`` does with its JSON text
(:func:`gamefold.record.check_record`: decode, replay, compare every digest) and what
``gamefold view`` does (read the record, :func:`gamefold.viewer.viewer_data`, the page's
HTML). Time is CPU time (``time.process_time``); the table shows the median of the rounds
and the ratio view / replay (the goal is at most about 1.5).

``--commands`` times the two commands as a user runs them instead, whole processes with
the interpreter's start and the imports: ``python -m gamefold replay FILE`` against
``python -m gamefold view FILE --out PAGE``, in alternating order, by the CPU time the
children used (``resource.getrusage``).

``--instructions`` counts instructions instead, the same count whatever else runs: under
``valgrind --tool=callgrind`` (on the PATH), with ``PYTHONHASHSEED=0``, one replay and one
page after a first of each (the converters make their hooks on first use), less a run of
the first ones alone.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gamefold.games import get_game, play
from gamefold.record import GameRecord, check_record
from gamefold.viewer import page, viewer_data

GAMES = ("skirmish", "summit", "campaign")


def record_text(name: str, seed: int, max_steps: int) -> str:
    """The JSON text of a record of ``name`` played from ``seed``, with its digests."""
    game = get_game(name)()
    played = play(game, seed, max_steps=max_steps)
    record = GameRecord(name, game.config, seed, played.actions).with_digests(played.states)
    return record.to_json()


def replay_time(text: str) -> float:
    """CPU seconds of ``gamefold replay``'s work: the check of the record's text."""
    start = time.process_time()
    check_record(text)
    return time.process_time() - start


def view_time(text: str) -> float:
    """CPU seconds of ``gamefold view``'s work: the record read, its data and its page."""
    start = time.process_time()
    page(viewer_data(GameRecord.from_json(text)))
    return time.process_time() - start


def measure(seed: int, rounds: int, max_steps: int) -> list[dict[str, Any]]:
    """Each game's steps, median replay and view times and their ratio."""
    rows = []
    for name in GAMES:
        text = record_text(name, seed, max_steps)
        replays, views = [], []
        for r in range(rounds):
            order = (replay_time, view_time) if r % 2 == 0 else (view_time, replay_time)
            for fn in order:
                (replays if fn is replay_time else views).append(fn(text))
        replay, view = statistics.median(replays), statistics.median(views)
        steps = len(GameRecord.from_json(text).actions)
        rows.append(
            {"game": name, "steps": steps, "replay": replay, "view": view, "ratio": view / replay}
        )
    return rows


def child_time(command: list[str]) -> float:
    """CPU seconds, user and system, of one run of ``command`` as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def commands(seed: int, rounds: int, max_steps: int) -> list[dict[str, Any]]:
    """Each game's median ``gamefold replay`` and ``gamefold view`` CPU time, as commands."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in GAMES:
            record = Path(tmp) / f"{name}.json"
            record.write_text(record_text(name, seed, max_steps))
            cli = [sys.executable, "-m", "gamefold"]
            replay = [*cli, "replay", str(record)]
            view = [*cli, "view", str(record), "--out", str(Path(tmp) / f"{name}.html")]
            times: dict[str, list[float]] = {"replay": [], "view": []}
            for r in range(rounds):
                order = ("replay", "view") if r % 2 == 0 else ("view", "replay")
                for kind in order:
                    times[kind].append(child_time(replay if kind == "replay" else view))
            steps = len(GameRecord.from_json(record.read_text()).actions)
            shown = {kind: statistics.median(found) for kind, found in times.items()}
            rows.append({"game": name, "steps": steps, **shown})
            rows[-1]["ratio"] = shown["view"] / shown["replay"]
    return rows


REPO_ROOT = Path(__file__).resolve().parents[2]

WORK = r"""
import sys
from tests.benchmarks.viewer import record_text, replay_time, view_time
name, seed, max_steps, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
text = record_text(name, seed, max_steps)
replay_time(text)
view_time(text)
if mode == "replay":
    replay_time(text)
elif mode == "view":
    view_time(text)
"""


def instructions(name: str, seed: int, max_steps: int, mode: str) -> int:
    """Instructions of a run of :data:`WORK` (``mode``: ``base``, ``replay`` or ``view``)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        tool = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        run = subprocess.run(
            [*tool, sys.executable, "-c", WORK, name, str(seed), str(max_steps), mode],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            cwd=REPO_ROOT,
            check=True,
        )
        total = re.search(r"Collected : (\d+)", run.stderr)
        if total is None:
            raise RuntimeError(run.stderr[-2000:])
        return int(total.group(1))


def counted(seed: int, max_steps: int) -> list[dict[str, Any]]:
    """Each game's instructions of one replay and of one page, and their ratio."""
    rows = []
    for name in GAMES:
        base = instructions(name, seed, max_steps, "base")
        replay = instructions(name, seed, max_steps, "replay") - base
        view = instructions(name, seed, max_steps, "view") - base
        rows.append({"game": name, "replay": replay, "view": view, "ratio": view / replay})
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--max-steps", type=int, default=10_000)
    parser.add_argument("--instructions", action="store_true", help="count them (callgrind)")
    parser.add_argument("--commands", action="store_true", help="time the commands whole")
    args = parser.parse_args(argv)
    if args.instructions:
        print(f"{'game':<10} {'replay M':>9} {'view M':>7} {'view/replay':>12}")
        for row in counted(args.seed, args.max_steps):
            print(
                f"{row['game']:<10} {row['replay'] / 1e6:>9,.0f} {row['view'] / 1e6:>7,.0f}"
                f" {row['ratio']:>12.2f}"
            )
        return 0
    print(f"{'game':<10} {'steps':>6} {'replay s':>9} {'view s':>7} {'view/replay':>12}")
    measured = commands if args.commands else measure
    for row in measured(args.seed, args.rounds, args.max_steps):
        print(
            f"{row['game']:<10} {row['steps']:>6} {row['replay']:>9.3f} {row['view']:>7.3f}"
            f" {row['ratio']:>12.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
