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

from collections.abc import Mapping
from typing import Any

from gamefold.envs._checks import count, form
from gamefold.envs.aec import Reward, win_share
from gamefold.games.base import GameDef, get_game
from gamefold.sim.extras import require
from gamefold.sim.policies import DEFAULT_POLICY, Policies

__all__ = ["gym_env"]


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
    Gymnasium's ``InvalidAction``; an index of the space that names no legal action leaves
    the game where it was, with reward 0 and ``info["illegal"]`` true. The game is
    truncated after ``max_steps`` actions (clock and opponents' included, and refused
    indices; 1 to 1,000,000, else a ``ConfigError``). A seat the game lacks, an unknown
    policy or a policy for the agent's own seat is a ``ValueError`` now, not at the first
    step. ``render_mode="ansi"`` renders the events since the seat's last choice.
    """
    max_steps = count("max_steps", max_steps, 1)
    observation = form(observation)
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
    )
