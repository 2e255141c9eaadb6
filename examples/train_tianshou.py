"""Train a Tianshou DQN for one summit seat, then show it beats random play.

The agent plays ``p1`` of a four-player summit against three players that choose uniformly
among their legal actions, through ``gamefold.envs.gym_env``: each step is one of the
seat's choices, and the reward is its win share when the game ends. Tianshou's DQN takes
an action mask as a ``mask`` beside the ``obs`` in a dictionary observation, so the env's
``{"observation", "action_mask"}`` is renamed to that form, and the network's Q-values of
illegal indices are never chosen, in training or in play. Once trained, the network goes
back into gamefold as a policy (``as_policy``) and ``gamefold.sim.compare`` plays the same
seeded games with ``p1`` random and with ``p1`` trained: the difference in ``p1``'s win
rate comes with its 95% interval, and the script fails unless that interval lies above 0.

Everything is seeded (the network, the exploration, which draws from NumPy's global
generator as Tianshou does, the games) and PyTorch runs on one thread, so the same
arguments print the same figures. It needs the ``tianshou`` extra, which cannot share an
environment with the ``test`` extra (Tianshou 2.0 asks for pandas<3): install it in an
environment of its own, a CPU build of torch first, and run it as

    pip install torch==2.13.0 -e '.[tianshou]'
    python examples/train_tianshou.py [--steps N] [--games G] [--seed S] [--quick]

``--quick`` (or a ``CI`` environment variable, as continuous integration sets) trains on
fewer steps and compares fewer games: some 80 seconds of CPU in all.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

# Tianshou compiles its replay buffer's helpers with Numba at first use, which costs about
# half a minute of CPU in every fresh process: more than runs this short spend in them
# uncompiled. Set NUMBA_DISABLE_JIT=0 for long runs.
os.environ.setdefault("NUMBA_DISABLE_JIT", "1")

import gymnasium
import numpy as np
import torch
from gymnasium import spaces
from tianshou.algorithm import DQN
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Batch, Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net

from gamefold.envs import as_policy, gym_env
from gamefold.sim import Arm, compare

GAME, SEAT = "summit", "p1"
FULL = {"steps": 6_000, "games": 400}
QUICK = {"steps": 3_000, "games": 200}
# A summit game gives the seat some sixty choices and one reward at its end: 20-step
# returns carry that reward back faster than one-step ones, and a fifth of the training
# choices are random (epsilon-greedy) so that the network sees more than its own habits.
N_STEP, EPSILON = 20, 0.2


def seat_env() -> gymnasium.Env[Any, Any]:
    """The seat's env with its observation as Tianshou's DQN reads a mask: ``obs``, ``mask``."""
    env = gym_env(GAME, SEAT, opponents="random", observation="dict", illegal="raise")
    size = int(env.action_space.n)
    space = spaces.Dict(
        {"obs": env.observation_space["observation"], "mask": spaces.MultiBinary(size)}
    )

    def masked(observation: dict[str, Any]) -> dict[str, Any]:
        return {"obs": observation["observation"], "mask": observation["action_mask"] == 1}

    return gymnasium.wrappers.TransformObservation(env, masked, space)


def train(steps: int, seed: int) -> DiscreteQLearningPolicy[Net]:
    """A DQN policy trained for ``steps`` choices of the seat against random players."""
    np.random.seed(seed)  # Tianshou's exploration draws from NumPy's global generator
    torch.manual_seed(seed)
    torch.set_num_threads(1)  # one thread: the same sums in the same order on any machine
    env = seat_env()
    net = Net(
        state_shape=env.observation_space["obs"].shape,
        action_shape=int(env.action_space.n),
        hidden_sizes=[64, 64],
    )
    policy = DiscreteQLearningPolicy(
        model=net, action_space=env.action_space, eps_training=EPSILON, eps_inference=0.0
    )
    dqn = DQN(
        policy=policy,
        optim=AdamOptimizerFactory(lr=1e-3),
        n_step_return_horizon=N_STEP,
        gamma=0.99,
        target_update_freq=100,
    )
    envs = DummyVectorEnv([seat_env])
    envs.seed(seed)  # then each reset plays the game of the next seed
    # a buffer as large as the run: every choice made stays to be sampled
    collector = Collector[CollectStats](dqn, envs, VectorReplayBuffer(steps, 1))
    collector.reset()
    dqn.run_training(
        OffPolicyTrainerParams(
            training_collector=collector,
            max_epochs=1,
            epoch_num_steps=steps,
            # the trainer copies the whole buffer after each collection step to look for
            # NaNs: 64 choices a collection keep those copies few
            collection_step_num_env_steps=64,
            update_step_num_gradient_steps_per_sample=0.25,
            batch_size=64,
            verbose=False,
            show_progress=False,
        )
    )
    return policy


def as_agent(policy: DiscreteQLearningPolicy[Net]) -> Callable[[Any, Any], int]:
    """The trained network as a function of ``(observation, mask)`` for ``as_policy``: the
    legal index of the highest Q-value (``eps_inference`` is 0, so nothing is random)."""

    def agent(observation: Any, mask: Any) -> int:
        batch = Batch(obs=Batch(obs=observation[None], mask=mask[None] == 1), info=Batch())
        with torch.no_grad():
            return int(policy(batch).act[0])

    return agent


def main(argv: list[str] | None = None) -> int:
    """Train, compare, print the comparison; 0 when the trained seat wins more often."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, help="the seat's choices to train on")
    parser.add_argument("--games", type=int, help="games an arm of the comparison")
    parser.add_argument("--seed", type=int, default=0, help="the training's seed")
    parser.add_argument("--quick", action="store_true", help="the small budget CI runs")
    args = parser.parse_args(argv)
    budget = QUICK if args.quick or os.environ.get("CI") else FULL
    steps = args.steps or budget["steps"]
    games = args.games or budget["games"]

    trained = as_policy(as_agent(train(steps, args.seed)), GAME)
    found = compare(
        GAME,
        Arm(policies={SEAT: "random"}, label=f"{SEAT} random"),
        Arm(policies={SEAT: trained}, label=f"{SEAT} Tianshou DQN, {steps:,} steps"),
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
