"""One seat of any registered game as a Gymnasium environment (the ``envs`` extra).

The agent plays ``seat``; every other seat is a gamefold policy (a name such as
``"random"``, ``"greedy"`` or ``"ismcts:iterations=50"``, or a policy function), and clock
actions run inside :meth:`~gamefold.envs._gymnasium.GamefoldGym.step`, so each step is one
choice of the seat. ``reset(seed=S)`` plays the game of seed ``S``, the one
:func:`gamefold.games.play` plays for that seed and those policies, each opponent drawing
from its own stream as there. The class lives in a module that imports Gymnasium
(``gamefold.envs._gymnasium``), imported when :func:`gym_env` is called.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import Any

from gamefold._fields import quoted
from gamefold.envs._checks import count, form
from gamefold.envs.aec import Reward, win_share
from gamefold.errors import ConfigError
from gamefold.games.base import GameDef, get_game
from gamefold.sim.extras import require
from gamefold.sim.policies import DEFAULT_POLICY, Policies

__all__ = ["ILLEGAL", "gym_env"]

ILLEGAL = ("penalize", "raise")
"""What an index of the space that names no legal action does: earn ``illegal_reward``
with the game left where it was, or raise a ``ValueError``."""


def gym_env(
    game: GameDef[Any] | str,
    seat: str,
    opponents: Policies = DEFAULT_POLICY,
    config: Any = None,
    *,
    reward: Reward = win_share,
    max_steps: int = 10_000,
    observation: str = "flat",
    caps: Mapping[str, int] | None = None,
    bounds: Mapping[str, tuple[float, float]] | None = None,
    render_mode: str | None = None,
    illegal: str = "penalize",
    illegal_reward: float = 0.0,
) -> Any:
    """A Gymnasium ``Env`` where the agent plays ``seat`` of ``game`` (a :class:`GameDef` or
    a registered name, with ``config`` or its default one) against ``opponents``: one
    policy spec for every other seat, or a mapping from seat to spec (seats it leaves out
    play ``"random"``), as :func:`gamefold.sim.simulate` takes them.

    Actions are ``Discrete(codec.size)`` (:class:`~gamefold.envs.ActionCodec`);
    ``action_masks()`` gives the seat's legal indices as booleans (what sb3-contrib's
    ``MaskablePPO`` asks the env for) and ``info["action_mask"]`` the same as int8. The
    observation is the seat's view as a float32 ``Box`` with each slot's true bounds
    (``observation="flat"``, the default) or ``Dict(observation, action_mask)``
    (``"dict"``). The reward is ``reward(game, final_state, seat)`` when the game ends
    (by default the seat's win share), 0 before.

    An action the space does not contain (a float, a bool, an index out of range) raises
    Gymnasium's ``InvalidAction``. An index of the space that names no legal action (a
    masked learner never sends one; an unmasked one, and Gymnasium's ``check_env``, do)
    leaves the game where it was and, with ``illegal="penalize"`` (the default), earns
    ``illegal_reward`` (0 unless given: a negative number teaches an unmasked learner to
    avoid it) with ``info["illegal"]`` true; with ``illegal="raise"`` it is a ``ValueError``,
    for a learner that must never send one. The game is truncated after ``max_steps``
    actions (clock and opponents' included, and refused indices; 1 to 1,000,000). A bad
    ``max_steps``, ``observation``, ``illegal`` or ``illegal_reward`` (a finite number,
    0 with ``"raise"``) is a ``ConfigError`` naming it. A seat the game lacks, an unknown
    policy or a policy for the agent's own seat is a ``ValueError`` now, not at the first
    step. ``render_mode="ansi"`` renders the events since the seat's last choice.
    """
    max_steps = count("max_steps", max_steps, 1)
    observation = form(observation)
    illegal_reward = _illegal(illegal, illegal_reward)
    require("envs", "gymnasium", "gamefold.envs.gym_env")
    require("envs", "numpy", "gamefold.envs.gym_env")
    if isinstance(game, str):
        game = get_game(game)(config)
    elif config is not None:
        game = type(game)(config)
    from gamefold.envs._gymnasium import GamefoldGym

    return GamefoldGym(
        game,
        seat,
        opponents,
        reward=reward,
        max_steps=max_steps,
        observation=observation,
        caps=caps,
        bounds=bounds,
        render_mode=render_mode,
        illegal=illegal,
        illegal_reward=illegal_reward,
    )


def _illegal(illegal: object, reward: object) -> float:
    """``reward`` as a float, once ``illegal`` is one of :data:`ILLEGAL` and the reward a
    finite number that the choice uses; else a ``ConfigError`` naming the option."""
    if not (isinstance(illegal, str) and illegal in ILLEGAL):
        raise ConfigError("illegal", f"illegal is 'penalize' or 'raise', not {quoted(illegal)}")
    if not isinstance(reward, numbers.Real) or isinstance(reward, bool):
        raise ConfigError("illegal_reward", f"illegal_reward is a number, not {quoted(reward)}")
    if not math.isfinite(reward):
        raise ConfigError("illegal_reward", f"illegal_reward is finite, not {reward!r}")
    if illegal == "raise" and reward != 0:
        message = "illegal_reward is earned only with illegal='penalize'; with 'raise' none is"
        raise ConfigError("illegal_reward", message)
    return float(reward)
