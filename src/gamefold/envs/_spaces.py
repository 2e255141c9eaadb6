"""What the Gymnasium and PettingZoo envs share (package-private; imports NumPy and
Gymnasium): the spaces, the mask and the check of an action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.error import InvalidAction

from gamefold.envs.codec import ActionCodec, Context
from gamefold.envs.observations import ObservationEncoder

__all__ = ["Masks", "action_index", "mask_box", "mask_of", "observation_box"]


def observation_box(encoder: ObservationEncoder) -> spaces.Box:
    """The float32 ``Box`` of the encoder's observations, each slot within its bounds."""
    low = np.asarray(encoder.low, np.float32)
    high = np.asarray(encoder.high, np.float32)
    return spaces.Box(low, high, encoder.shape, np.float32)


def mask_box(size: int) -> spaces.Box:
    """The int8 ``Box`` of an action mask over ``size`` indices (as PettingZoo's envs)."""
    return spaces.Box(0, 1, (size,), np.int8)


def mask_of(size: int, indices: Sequence[int]) -> Any:
    """An int8 mask of ``size`` with ones at ``indices``."""
    mask = np.zeros(size, np.int8)
    mask.put(indices, 1)  # half the time of indexing with a list of the indices
    return mask


class Masks:
    """The action mask of an env's current decision, built once however often a step asks
    for it: each asking gets a copy (users keep what an env returns, and Gymnasium's checker
    refuses an observation and an info sharing an array), cheaper than placing the ones."""

    __slots__ = ("_codec", "_ctx", "_mask")

    def __init__(self, codec: ActionCodec) -> None:
        self._codec = codec
        self._ctx: Context | None = None
        self._mask: Any = None

    def of(self, ctx: Context | None) -> Any:
        """A mask of ``ctx``'s legal indices; all zeros for no decision."""
        if ctx is None:
            return np.zeros(self._codec.size, np.int8)
        if ctx is not self._ctx:
            self._ctx, self._mask = ctx, mask_of(self._codec.size, self._codec.legal_indices(ctx))
        return self._mask.copy()


def action_index(space: spaces.Discrete, action: Any, who: str) -> int:
    """``action`` as an index of ``space``; Gymnasium's ``InvalidAction`` (what its own
    envs raise) for anything the space does not contain."""
    size = int(space.n)
    if type(action) is int and 0 <= action < size:
        return action  # the common case, without the space's NumPy checks
    if isinstance(action, bool) or not space.contains(action):
        raise InvalidAction(
            f"action {action!r} is not in {who} action space {space}: an action "
            f"is an integer from 0 to {size - 1}, never a bool or a float"
        )
    return int(action)
