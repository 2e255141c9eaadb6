"""How strong the ISMCTS policy plays, in each shipped game: the figures of
``docs/search-bots.md``.

    python tests/benchmarks/search.py [--games 30] [--budgets 25 100] [--workers 2]
    python tests/benchmarks/search.py --games 100 --again campaign:random:100

For each built-in game, one seat (:data:`SEATS`) is played by ISMCTS at each budget against
opponents that are all ``random``, then all ``greedy``, and compared by
:func:`gamefold.sim.compare` with the same seat played by the opponents' own policy, game
for game from the same seeds: the seat's win share per game (:func:`metric`), arm A the
opponents' policy, arm B ISMCTS. Every game's result goes to ``docs/search-strength.json``
with the CPU and wall time of each comparison and the CPU seconds of one ISMCTS move at
each budget; the page computes its intervals from those results, and
``tests/search/test_strength.py`` plays the first games again to check they are what the
code gives.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from gamefold import Rng
from gamefold.games import get_game
from gamefold.search import ISMCTS
from gamefold.sim import Arm, Workers, compare, competitors

SEATS = {"skirmish": "gm", "summit": "p1", "campaign": "p1"}
"""The seat ISMCTS plays in each game: the GM against the party of three, the first faction."""

OPPONENTS = ("random", "greedy")
OUT = Path(__file__).resolve().parents[2] / "docs" / "search-strength.json"
SEED = 0


def arms(name: str, opponents: str, budget: int) -> tuple[Arm, Arm]:
    """Arm A: every seat plays ``opponents``; arm B: the same, but the game's seat plays
    ISMCTS."""
    game = get_game(name)()
    others = dict.fromkeys(game.players(game.setup(SEED)), opponents)
    return Arm(policies=others), Arm(policies=others | {SEATS[name]: f"ismcts:iterations={budget}"})


def metric(name: str) -> str:
    """What the seat scores a game: its ``win_share`` where the outcome reports one (a tie
    of ``k`` winners is ``1/k`` each), else whether it won."""
    game = get_game(name)()
    return "win_share" if "win_share" in game.outcome(game.setup(SEED))[SEATS[name]] else "winner"


def parity(name: str) -> float:
    """The seat's share while every competitor is level: its win share before the first
    move (a tie of every faction that can win), or one over the number of sides."""
    game = get_game(name)()
    outcome = game.outcome(game.setup(SEED))[SEATS[name]]
    if "win_share" in outcome:
        return float(outcome["win_share"])
    return 1 / len(competitors(game, SEED))


def wins(name: str, opponents: str, budget: int, games: int, executor: Any = None) -> Any:
    """The comparison of the two :func:`arms` over ``games`` games from :data:`SEED`."""
    a, b = arms(name, opponents, budget)
    return compare(
        name,
        a,
        b,
        games=games,
        seed=SEED,
        metric=metric(name),
        of=SEATS[name],
        executor=executor,
        progress=False,
    )


def move_seconds(name: str, budget: int, moves: int = 20) -> float:
    """CPU seconds an ISMCTS move at ``budget`` takes, over the first ``moves`` choices of
    a random game where it plays every seat (choices among two or more actions only)."""
    game = get_game(name)()
    bot = ISMCTS(game, iterations=budget)
    state, rng, spent, made = game.setup(SEED), Rng.from_seed(SEED), 0.0, 0
    while made < moves and not game.is_over(state):
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            legal = game.rules.legal_actions(state, actor)
            if len(legal) > 1:
                start = time.process_time()
                action, rng = bot(game.rules.lazy_view(state, actor), legal, rng)
                spent, made = spent + time.process_time() - start, made + 1
            else:
                action = legal[0]
        state, _ = game.rules.step(state, action)
    return spent / made


def row(name: str, opponents: str, budget: int, games: int, executor: Any) -> dict[str, Any]:
    """One comparison: the seat's per-game scores in both arms, and its times."""
    cpu, wall = time.process_time(), time.perf_counter()
    found = wins(name, opponents, budget, games, executor)
    return {
        "game": name,
        "seat": SEATS[name],
        "opponents": opponents,
        "budget": budget,
        "games": games,
        "metric": metric(name),
        "parity": parity(name),
        "a": [float(v) for v in found.per_game["a"]],
        "b": [float(v) for v in found.per_game["b"]],
        "wall_seconds": round(time.perf_counter() - wall, 1),
        "main_cpu_seconds": round(time.process_time() - cpu, 1),
    }


def measure(games: int, budgets: list[int], workers: int) -> dict[str, Any]:
    """Every comparison's per-game results and times, and the move times."""
    rows = []
    with Workers(workers) as executor:
        for name in SEATS:
            for opponents in OPPONENTS:
                for budget in budgets:
                    rows.append(row(name, opponents, budget, games, executor))
                    print(name, opponents, budget, sum(rows[-1]["b"]), flush=True)
    moves = {name: {str(b): round(move_seconds(name, b), 4) for b in budgets} for name in SEATS}
    budgets_text = " ".join(str(b) for b in budgets)
    return {
        "commands": [
            f"python tests/benchmarks/search.py --games {games} --budgets {budgets_text} "
            f"--workers {workers}"
        ],
        "workers": workers,
        "seed": SEED,
        "rows": rows,
        "move_cpu_seconds": moves,
    }


def again(record: dict[str, Any], which: list[str], games: int, workers: int) -> dict[str, Any]:
    """``record`` with the rows ``which`` names (``GAME:OPPONENTS:BUDGET``) played again
    over ``games`` games, in place of the ones there: more games where an interval is
    too wide to tell."""
    rows = list(record["rows"])
    with Workers(workers) as executor:
        for text in which:
            name, opponents, budget = text.split(":")
            (at,) = [
                i
                for i, r in enumerate(rows)
                if (r["game"], r["opponents"], r["budget"]) == (name, opponents, int(budget))
            ]
            rows[at] = row(name, opponents, int(budget), games, executor)
            print(name, opponents, budget, sum(rows[at]["b"]), flush=True)
    command = f"python tests/benchmarks/search.py --games {games} --workers {workers} --again"
    return record | {
        "rows": rows,
        "commands": [*record["commands"], f"{command} {' '.join(which)}"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--budgets", type=int, nargs="+", default=[25, 100])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--again",
        nargs="+",
        metavar="GAME:OPPONENTS:BUDGET",
        help="play these rows of the record again over --games games, keeping the others",
    )
    parser.add_argument("--out", type=Path, default=OUT)
    options = parser.parse_args()
    if options.again:
        record = json.loads(options.out.read_text())
        found = again(record, options.again, options.games, options.workers)
    else:
        found = measure(options.games, options.budgets, options.workers)
    temporary = options.out.with_suffix(".tmp")
    temporary.write_text(json.dumps(found, indent=1) + "\n")
    temporary.replace(options.out)


if __name__ == "__main__":
    main()
