"""What state digests would cost ``simulate``: games played bare, then with a digest a step.

Run ``python tests/benchmarks/digests.py [GAMES]``. ``simulate`` plays with
``keep_states=False`` and computes no digest; this measures, in one process, the same games
played that way and played keeping every state and digesting it, as ``play --json`` does.
"""

from __future__ import annotations

import sys
import time

from gamefold.games import get_game, play
from gamefold.record import state_digest


def _measure(name: str, games: int) -> tuple[float, float, int]:
    game = get_game(name)()
    start = time.perf_counter()
    for seed in range(games):
        play(game, seed, keep_states=False)
    bare = time.perf_counter() - start
    start, steps = time.perf_counter(), 0
    for seed in range(games):
        played = play(game, seed)
        steps += len(played.actions)
        for state in played.states:
            state_digest(state)
    return bare, time.perf_counter() - start, steps


def main() -> None:
    """Print, per game, the time of bare games, digested games, and the cost a step."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    for name in ("skirmish", "summit"):
        bare, digested, steps = _measure(name, games)
        extra = (digested - bare) / steps * 1e6
        print(
            f"{name}: {games} games, {steps} steps: {bare:.2f} s bare, {digested:.2f} s with "
            f"digests ({digested / bare:.2f}x), {extra:.0f} us a step"
        )


if __name__ == "__main__":
    main()
