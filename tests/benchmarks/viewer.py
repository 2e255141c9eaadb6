"""The viewer against a replay (issue #33): a page's CPU time over a replay's, per game.

    python tests/benchmarks/viewer.py [--seed 3] [--rounds 5] [--max-steps 10000]

For each built-in game, one record is made in the script (a game played from ``--seed``
with the game's policies, with its digests, as ``gamefold play --json`` writes it); each
round then times, in alternating order, what ``gamefold replay`` does with its JSON text
(:func:`gamefold.record.check_record`: decode, replay, compare every digest) and what
``gamefold view`` does (read the record, :func:`gamefold.viewer.viewer_data`, the page's
HTML). Time is CPU time (``time.process_time``); the table shows the median of the rounds
and the ratio view / replay (the issue asks for at most about 1.5).
"""

from __future__ import annotations

import argparse
import statistics
import time
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


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--max-steps", type=int, default=10_000)
    args = parser.parse_args(argv)
    print(f"{'game':<10} {'steps':>6} {'replay s':>9} {'view s':>7} {'view/replay':>12}")
    for row in measure(args.seed, args.rounds, args.max_steps):
        print(
            f"{row['game']:<10} {row['steps']:>6} {row['replay']:>9.3f} {row['view']:>7.3f}"
            f" {row['ratio']:>12.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
