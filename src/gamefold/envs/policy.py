"""Agents back into gamefold: a function of (observation, mask) as a gamefold policy."""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping
from typing import Any

from gamefold.core import Action
from gamefold.envs.codec import ActionCodec
from gamefold.envs.observations import ObservationEncoder
from gamefold.games.base import GameDef, Policy, get_game
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.sim.extras import require

__all__ = ["Agent", "as_policy"]

Agent = Callable[[Any, Any], int]
"""``agent(observation, action_mask) -> action index``, both NumPy arrays as the
PettingZoo env of the same game gives them."""


def as_policy(
    agent: Agent,
    game: GameDef[Any] | str,
    *,
    caps: Mapping[str, int] | None = None,
    bounds: Mapping[str, tuple[float, float]] | None = None,
) -> Policy:
    """``agent`` as a policy of ``game`` for :func:`gamefold.play`,
    :func:`gamefold.sim.simulate` and :func:`gamefold.sim.compare`.

    The policy encodes its view and legal actions as :func:`aec_env` does (same ``caps``
    and ``bounds``), asks ``agent`` for an index and decodes it; an index that names no
    legal action, or a choice that is no index (a float, a bool: an ``int``, a NumPy
    integer or a 0-d integer array is), is a ``ValueError``. The policy's RNG stream is
    passed on untouched.
    """
    np = require("envs", "numpy", "gamefold.envs.as_policy")
    if isinstance(game, str):
        game = get_game(game)()
    codec = ActionCodec(game)
    encoder = ObservationEncoder(game, caps=caps, bounds=bounds)

    def policy(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
        actor = _viewer(view)
        ctx = codec.context(view, actor, legal)
        mask = np.zeros(codec.size, np.int8)
        indices = codec.legal_indices(ctx)
        mask[list(indices)] = 1
        built = view.game() if hasattr(view, "game") else view
        observation = np.asarray(encoder.encode(built), np.float32)
        return codec.legal_action(_chosen(agent(observation, mask), codec), ctx), rng

    return policy


def _chosen(choice: Any, codec: ActionCodec) -> int:
    """The agent's choice as an index of ``codec``; one beyond its range is most likely an
    agent whose numbering is another's (trained on another game, config or version)."""
    index = _index(choice)
    if not 0 <= index < codec.size:
        raise ValueError(
            f"action index {index} is outside this game's range({codec.size:,}) (layout "
            f"{codec.layout}): an agent trained on another layout numbers actions otherwise, "
            "so train it on this one"
        )
    return index


def _index(choice: Any) -> int:
    """The agent's choice as an index, never truncated from a float or taken from a bool."""
    if isinstance(choice, numbers.Integral) and not isinstance(choice, bool):
        return int(choice)
    if getattr(choice, "shape", None) == () and getattr(choice.dtype, "kind", "") in ("i", "u"):
        return int(choice)  # a 0-d integer array, what a network's argmax gives
    raise ValueError(f"the agent chose {choice!r}, not an action index (a whole number)")


def _viewer(view: Any) -> str:
    """Whose view this is: the viewer its slices were made for."""
    for name in view.names:
        viewer = getattr(getattr(view, name), "viewer", None)
        if isinstance(viewer, str):
            return viewer
    raise ValueError("the view names no viewer")
