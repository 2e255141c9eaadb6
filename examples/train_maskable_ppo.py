"""Train sb3-contrib's MaskablePPO for one summit seat, then show it beats random play.

The agent plays ``p1`` of a four-player summit against three random players, through
``gamefold.envs.gym_env``: each step is one of its choices, the mask is the seat's legal
listing, and the reward is its win share when the game ends. Once trained, the network goes
back into gamefold as a policy (``as_policy``) and ``gamefold.sim.compare`` plays the same
seeded games with ``p1`` random and with ``p1`` trained: the difference in ``p1``'s win
rate comes with its 95% interval, and the script fails unless that interval lies above 0.

Everything is seeded (the network, PPO's minibatches, the games, the trained policy's
sampling) and PyTorch runs on one thread, so the same arguments print the same figures.
It needs the ``train`` extra (``pip install 'gamefold[train]'``). Run it as

    python examples/train_maskable_ppo.py [--timesteps N] [--games G] [--seed S] [--quick]

``--quick`` (or a ``CI`` environment variable, as continuous integration sets) trains on
fewer steps and compares fewer games: about a minute of CPU in all, against some two
minutes for the defaults.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from gamefold.envs import as_policy, gym_env
from gamefold.sim import Arm, compare

GAME, SEAT = "summit", "p1"
# More steps do not win more at these settings: PPO's policy narrows (an entropy bonus,
# ent_coef, keeps it open longer), so the full run trains twice as long and compares twice
# as many games as the quick one, for a narrower interval rather than a larger margin.
FULL = {"timesteps": 8_192, "games": 400}
QUICK = {"timesteps": 4_096, "games": 200}


def train(timesteps: int, seed: int) -> MaskablePPO:
    """MaskablePPO trained for ``timesteps`` choices of the seat against random players."""
    torch.manual_seed(seed)
    torch.set_num_threads(1)  # one thread: the same sums in the same order on any machine
    env = gym_env(GAME, SEAT, opponents="random")
    # Short rollouts and few epochs: on a small budget, more updates of less data learn more.
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=1024, batch_size=256, n_epochs=4, seed=seed, verbose=0
    )
    return model.learn(total_timesteps=timesteps)


def as_agent(model: MaskablePPO) -> Any:
    """The trained network as a function of ``(observation, mask)`` for ``as_policy``.

    It samples from the network's masked distribution rather than taking its most likely
    action: after a few minutes of training the distribution carries what was learned,
    while its mode alone can keep picking one move that leads nowhere. The samples come
    from PyTorch's generator, seeded by ``train``, and the games are played in order, so
    a run gives the same games every time.
    """

    def agent(observation: Any, mask: Any) -> Any:
        action, _ = model.predict(observation, action_masks=mask.view(np.bool_))
        return action

    return agent


def main(argv: list[str] | None = None) -> int:
    """Train, compare, print the comparison; 0 when the trained seat wins more often."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, help="the seat's choices to train on")
    parser.add_argument("--games", type=int, help="games an arm of the comparison")
    parser.add_argument("--seed", type=int, default=0, help="the training's seed")
    parser.add_argument("--quick", action="store_true", help="the small budget CI runs")
    args = parser.parse_args(argv)
    budget = QUICK if args.quick or os.environ.get("CI") else FULL
    timesteps = args.timesteps or budget["timesteps"]
    games = args.games or budget["games"]

    model = train(timesteps, args.seed)
    trained = as_policy(as_agent(model), GAME)
    found = compare(
        GAME,
        Arm(policies={SEAT: "random"}, label=f"{SEAT} random"),
        Arm(policies={SEAT: trained}, label=f"{SEAT} MaskablePPO, {timesteps:,} steps"),
        games=games,
        seed="evaluation",  # other games than the ones trained on
        metric="winner",
        of=SEAT,
        progress=False,
    )
    print(found)
    return 0 if found.difference.interval.low > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
