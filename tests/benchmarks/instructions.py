"""Instructions a step, counted with callgrind: the same count twice, whatever else runs.

    python tests/benchmarks/instructions.py skirmish [--games 4] [--replay | --env | --simulate]

Plays seeds ``0 .. games-1`` of a registered game with random policies through
:func:`gamefold.games.play` (listing and views included; ``--replay`` steps the recorded
actions through ``Rules.step`` alone; ``--env`` plays the same seeds through
:func:`gamefold.envs.aec_env` with masked random actions, as ``tests/benchmarks/envs.py``
does; ``--simulate`` plays ``games`` games through :func:`gamefold.sim.simulate`, frame
included, its steps counted from the frame, then the same games through ``play`` alone, and
says how much more a step costs through ``simulate``), under ``valgrind --tool=callgrind``, and
subtracts a run that only builds the game and its seeds (for ``--simulate``, a run that
simulates one game, so that imports and first calls cost nothing). Prints instructions in
all and a step.
Needs ``valgrind`` on the PATH; ``PYTHONHASHSEED=0`` fixes the one thing that could vary.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

WORK = r"""
import sys
from gamefold.games import get_game, play
name, games, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
game = get_game(name)()
recorded = [play(game, seed, keep_states=False).actions for seed in range(games)]
steps = sum(len(actions) for actions in recorded)
if mode == "play":
    for seed in range(games):
        play(game, seed, keep_states=False)
elif mode == "replay":
    for seed, actions in enumerate(recorded):
        state = game.setup(seed)
        for action in actions:
            state = game.rules.step(state, action)[0]
if mode.startswith("simulate"):  # a one-game run in both: imports and first calls are free
    from gamefold.sim import simulate
    frame = simulate(game, games=1, seed=0, progress=False)
if mode == "simulate":
    frame = simulate(game, games=games, seed=0, progress=False)
    steps = int(frame.drop_duplicates("game")["steps"].sum())
elif mode == "simulate-play":  # the very games simulate plays, through play alone
    from gamefold.sim import game_seed
    from gamefold.sim.policies import resolve_policies
    policies = resolve_policies(game, "random")
    seeds = [game_seed(0, i) for i in range(games)]
    steps = sum(len(play(game, s, policies, keep_states=False).actions) for s in seeds)
if mode.startswith("env"):  # the env is built in the base run too: only its steps count
    import numpy as np
    from gamefold.envs import aec_env
    env = aec_env(game)
if mode == "env":
    rng, steps = np.random.default_rng(0), 0
    for seed in range(games):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
            env.step(int(legal[rng.integers(len(legal))]))
        steps += env.steps
print(steps)
"""


def count(name: str, games: int, mode: str) -> tuple[int, int]:
    """Instructions of one run and the steps it played."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        tool = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        run = subprocess.run(
            [*tool, sys.executable, "-c", WORK, name, str(games), mode],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        total = re.search(r"Collected : (\d+)", run.stderr)
        if total is None:
            raise RuntimeError(run.stderr[-2000:])
        return int(total.group(1)), int(run.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--replay", action="store_true", help="Rules.step alone, no listing")
    parser.add_argument("--env", action="store_true", help="the AEC env, masked random actions")
    parser.add_argument("--simulate", action="store_true", help="gamefold.sim.simulate")
    args = parser.parse_args(argv)
    modes = {"replay": args.replay, "env": args.env, "simulate": args.simulate}
    mode = next((name for name, chosen in modes.items() if chosen), "play")
    # The base run plays the games once, to record them; the measured run plays them again.
    base_mode = f"{mode}-base" if mode in ("env", "simulate") else "base"
    base, steps = count(args.game, args.games, base_mode)
    measured, played = count(args.game, args.games, mode)
    steps = played if mode in ("env", "simulate") else steps
    work = measured - base
    print(
        f"{args.game} {mode}: {steps} steps, {work / 1e6:,.1f} M instructions, "
        f"{work / steps / 1e3:,.1f} k a step"
    )
    if mode == "simulate":  # the same games through play: what simulate adds a step
        alone, same = count(args.game, args.games, "simulate-play")
        per_step = (alone - base) / same
        print(
            f"{args.game} play of the same games: {same} steps, {per_step / 1e3:,.1f} k a step;"
            f" simulate costs {work / steps / per_step - 1:+.1%} a step"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
