"""Perfect recall for the OpenSpiel game: a player's information state is the sequence of
its observations, one at every state of the game's history, and its own actions between
them (OpenSpiel's definition), as a string and as a tensor of fixed size.

The history is a chain of immutable :class:`Point` records, each linked to the one before,
so a state's clone shares it and nothing is copied as a game goes on. A state has at most
``max_decisions + 1`` points after the seed (one a decision, and the one it starts at), which
bounds the tensor: a row a point, whatever the game. Package-private, imported with OpenSpiel.
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np

from gamefold.envs.codec import Context
from gamefold.envs.observations import ObservationEncoder, view_key
from gamefold.registry import Game

__all__ = ["Layout", "Point", "chain", "recalled_string"]


@attrs.frozen
class Point:
    """Where an OpenSpiel state stands, and the point before it: immutable, so a clone
    shares it (and the whole history behind it)."""

    state: Game | None
    ctx: Context | None
    decisions: int
    over: bool
    parent: Point | None = None
    """The point this one was reached from; ``None`` where the history starts."""
    action: int = -1
    """The action index the parent's actor took to reach this point."""
    recaller: int = -1
    """For a determinized point (:meth:`GamefoldState.determinized`): the one player whose
    history the parent chain is; ``-1``: everyone's."""
    views: dict[int, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    """Each player's view, built once (the observer asks for it several times)."""
    keys: dict[int, str] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    """Each player's view key, built once (every later information state repeats it)."""
    codes: dict[int, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    """Each player's encoded view, built once."""

    def __deepcopy__(self, memo: Any) -> Point:
        return self


def chain(point: Point, player: int) -> tuple[list[Point], bool]:
    """The points of ``player``'s history, oldest first, and whether it is whole (it is not
    past a determinized point drawn for someone else: that player's history before it is
    not this one's to know)."""
    points = [point]
    while point.parent is not None:
        if point.recaller not in (-1, player):
            return points[::-1], False
        point = point.parent
        points.append(point)
    return points[::-1], True


def _acted(points: list[Point], i: int, player: int, seat: dict[str, int]) -> int:
    """The action ``player`` took at ``points[i]``, or ``-1``."""
    ctx = points[i].ctx
    if i + 1 == len(points) or ctx is None or seat[ctx.actor] != player:
        return -1
    return points[i + 1].action


def recalled_string(points: list[Point], whole: bool, player: int, seat: dict[str, int]) -> str:
    """``player``'s information state: each point's view key, a line each, and ``> N``
    after a point where it took action ``N``; a history that starts at a determinized point
    says so in its first line."""
    lines = [] if whole else ["(drawn)"]
    for i, point in enumerate(points):
        lines.append(point.keys[player])
        action = _acted(points, i, player, seat)
        if action >= 0:
            lines.append(f"> {action}")
    return "\n".join(lines)


@attrs.frozen
class Layout:
    """The information-state tensor: a row for each of the ``rows`` points a history may
    hold, each ``[present, acted, action bits…, observation…]`` (zeros past the history's
    end). The action is written in binary, so a row stays small whatever the codec's size."""

    rows: int
    bits: int
    observation: int

    @property
    def width(self) -> int:
        """The numbers in a row."""
        return 2 + self.bits + self.observation

    @property
    def size(self) -> int:
        """The numbers in the tensor."""
        return self.rows * self.width

    def write(
        self,
        tensor: np.ndarray[Any, Any],
        points: list[Point],
        player: int,
        seat: dict[str, int],
    ) -> int:
        """Write ``player``'s history into ``tensor`` (a ``rows`` x ``width`` view); return
        how many rows it fills (the caller zeroes rows a longer history left behind)."""
        count, bits = len(points), self.bits
        actions = np.array([_acted(points, i, player, seat) for i in range(count)])
        rows = tensor[:count]
        rows[:, 0] = 1.0
        rows[:, 1] = actions >= 0
        rows[:, 2 : 2 + bits] = (np.maximum(actions, 0)[:, None] >> np.arange(bits)) & 1
        rows[:, 2 + bits :] = np.stack([point.codes[player] for point in points])
        return len(points)


def observed(point: Point, player: int, view: Any, encoder: ObservationEncoder | None) -> None:
    """Fill ``point``'s caches for ``player`` from its ``view``: the key, and the encoding
    when ``encoder`` is given."""
    if player not in point.keys:
        point.keys[player] = view_key(view)
    if encoder is not None and player not in point.codes:
        point.codes[player] = np.asarray(encoder.encode(view), np.float32)
