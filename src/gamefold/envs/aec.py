"""The PettingZoo AEC environment of any registered game (the ``envs`` extra).

One to one with :func:`gamefold.play`: the actor due to act is ``agent_selection``, clock
actions run inside :meth:`GamefoldAEC.step`, an agent's observation is its view encoded by
:class:`~gamefold.envs.ObservationEncoder` with the action mask of
:class:`~gamefold.envs.ActionCodec` (the agent's legal actions encoded), and rewards come
from the game's outcome when it ends. ``reset(seed=S)`` plays the game of seed ``S``, the
one :func:`gamefold.sim.simulate` plays for that seed. The class lives in a module that
imports PettingZoo (``gamefold.envs._pettingzoo``), imported when :func:`aec_env` is called.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gamefold.envs._checks import count, form
from gamefold.games.base import GameDef, get_game
from gamefold.registry import Game
from gamefold.sim.extras import require

__all__ = ["Reward", "aec_env", "win_share"]

Reward = Callable[[GameDef[Any], Game, str], float]
"""``reward(game, final_state, agent) -> float``: an agent's reward when the game ends."""


def win_share(game: GameDef[Any], state: Game, agent: str) -> float:
    """The default reward: ``1/k`` to each of ``k`` winners, 0 to the others (and to all when
    the game stopped at its step cap with no winner)."""
    outcome = game.outcome(state)
    winners = [name for name in sorted(outcome) if outcome[name].get("winner")]
    return 1.0 / len(winners) if agent in winners else 0.0


def aec_env(
    game: GameDef[Any] | str,
    config: Any = None,
    *,
    reward: Reward = win_share,
    max_steps: int = 10_000,
    caps: Mapping[str, int] | None = None,
    render_mode: str | None = None,
    observation: str = "dict",
    bounds: Mapping[str, tuple[float, float]] | None = None,
) -> Any:
    """A PettingZoo ``AECEnv`` playing ``game`` (a :class:`GameDef` or a registered name,
    with ``config`` or its default one).

    Observations are ``Dict(observation=Box, action_mask=MultiBinary-like Box of int8)``,
    actions ``Discrete(codec.size)``. With ``observation="flat"`` an observation is the
    float32 ``Box`` alone and the mask of the agent to act is ``infos[agent]["action_mask"]``
    (what SuperSuit, Stable-Baselines3 and CleanRL take as it is). Each slot of the ``Box``
    has its true bounds (:class:`~gamefold.envs.ObservationEncoder`; ``caps`` and ``bounds``
    are its options). An action the space does not contain (a float, a bool,
    a string, an index out of range) raises Gymnasium's ``InvalidAction``; an index of the
    space that names no legal action now raises ``ValueError``. The game is truncated after
    ``max_steps`` actions (clock actions included; 1 to 1,000,000, else a ``ConfigError``).
    ``render_mode "ansi"`` renders the last events in words.
    """
    max_steps = count("max_steps", max_steps, 1)
    observation = form(observation)
    require("envs", "pettingzoo", "gamefold.envs.aec_env")
    require("envs", "gymnasium", "gamefold.envs.aec_env")
    require("envs", "numpy", "gamefold.envs.aec_env")
    if isinstance(game, str):
        game = get_game(game)(config)
    elif config is not None:
        game = type(game)(config)
    from gamefold.envs._pettingzoo import GamefoldAEC

    return GamefoldAEC(
        game,
        reward=reward,
        max_steps=max_steps,
        caps=caps,
        render_mode=render_mode,
        observation=observation,
        bounds=bounds,
    )
