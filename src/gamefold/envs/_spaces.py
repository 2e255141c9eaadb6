"""What the Gymnasium and PettingZoo envs share (package-private; imports NumPy and
Gymnasium): the spaces, the mask and the check of an action."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.error import InvalidAction

from gamefold.envs.codec import ActionCodec, Context
from gamefold.envs.observations import ObservationEncoder

__all__ = ["action_index", "mask_box", "mask_of", "observation_box"]


def observation_box(encoder: ObservationEncoder) -> spaces.Box:
    """The float32 ``Box`` of the encoder's observations, each slot within its bounds."""
    low = np.asarray(encoder.low, np.float32)
    high = np.asarray(encoder.high, np.float32)
    return spaces.Box(low, high, encoder.shape, np.float32)


def mask_box(size: int) -> spaces.Box:
    """The int8 ``Box`` of an action mask over ``size`` indices (as PettingZoo's envs)."""
    return spaces.Box(0, 1, (size,), np.int8)


def mask_of(codec: ActionCodec, ctx: Context | None) -> Any:
    """An int8 mask of ``codec``'s indices with ones at ``ctx``'s legal indices (all zeros
    for no decision): a fresh array each call, since users keep what an env returns and
    Gymnasium's checker refuses an observation and an info sharing an array. Built anew,
    not copied from a kept one: a copy costs as much as the zeros, and placing the ones
    little more."""
    mask = np.zeros(codec.size, np.int8)
    if ctx is not None:
        mask.put(codec.legal_indices(ctx), 1)  # half the time of indexing with a list
    return mask


def action_index(space: spaces.Discrete, action: Any, agent: str) -> int:
    """``action`` as an index of ``agent``'s ``space``; Gymnasium's ``InvalidAction`` (what
    its own envs raise) for anything the space does not contain."""
    size = int(space.n)
    if type(action) is int and 0 <= action < size:
        return action  # the common case, without the space's NumPy checks
    if isinstance(action, bool) or not space.contains(action):
        raise InvalidAction(
            f"action {action!r} is not in {agent}'s action space {space}: an action "
            f"is an integer from 0 to {size - 1}, never a bool or a float"
        )
    return int(action)
