"""Metrics: one number per game, read from a games frame, for comparisons.

A :class:`Metric` names a column and whose value it is:

- ``Metric("winner", of="party")``: whether the party (a side: every player of it) won,
  a yes/no per game, so its mean is the party's win rate;
- ``Metric("winner", of="gm")``: whether one seat's player won;
- ``Metric("rounds")``: a column that holds one value per game (the game's length:
  ``steps``, ``rounds``, ``turns``, or any outcome column the same for every player);
- ``Metric("damage_dealt", of="ana")``: any outcome column of one player or side (a
  side's value in a game is the mean over its players).

The game is the unit: a side's teammates give one value per game, never one each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gamefold.sim.summary import SIDE_COLUMN

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Metric", "default_competitor"]


@attrs.frozen
class Metric:
    """A number per game: ``column`` of ``of`` (a player or a side), or of the game."""

    column: str = "winner"
    """The games-frame column (``winner``, ``rounds``, an outcome column …)."""
    of: str | None = None
    """A player or a side whose value it is; ``None`` for a column with one value a game
    (or, for ``winner``, the first side or seat, see :func:`default_competitor`)."""

    def label(self) -> str:
        """How the metric reads in a table: ``winner of party``, ``rounds``."""
        return f"{self.column} of {self.of}" if self.of is not None else self.column

    def resolved(self, frame: pd.DataFrame) -> Metric:
        """This metric with ``of`` filled in where the column differs between players."""
        _require_column(frame, self.column)
        if self.of is not None or _one_per_game(frame, self.column):
            return self
        return attrs.evolve(self, of=default_competitor(frame))

    def check_names(self, frame: pd.DataFrame) -> None:
        """A ``ValueError`` when ``frame`` (as little as one game's rows) has no column
        :attr:`column` or no player or side :attr:`of`, saying what it has: a check made
        before any game is played, on the rows of a game as it is set up."""
        if self.column not in frame.columns:
            _require_column(frame, self.column)
        if self.of is not None:
            _rows_of(frame, self.of)

    def values(self, frame: pd.DataFrame) -> pd.Series:
        """One float per game, indexed by ``game`` in game order; NaN where the game has no
        value (a round nobody fell in)."""
        metric = self.resolved(frame)
        rows = frame if metric.of is None else _rows_of(frame, metric.of)
        numbers = rows[metric.column].astype("float64")
        per_game = numbers.groupby(rows["game"], sort=True)
        values: pd.Series = per_game.first() if metric.of is None else per_game.mean()
        return values.rename(metric.label())


def default_competitor(frame: pd.DataFrame) -> str:
    """The side of the first seat, when the frame has sides; else the first seat's player."""
    first = frame.iloc[0]
    if SIDE_COLUMN in frame and isinstance(first[SIDE_COLUMN], str):
        return str(first[SIDE_COLUMN])
    return str(first["player"])


def _require_column(frame: pd.DataFrame, column: str) -> None:
    if column not in frame.columns:
        known = ", ".join(c for c in frame.columns if c not in ("game", "seed", "player"))
        raise ValueError(f"the games have no column {column!r}; they have: {known}")
    if not _is_number(frame[column]):
        raise ValueError(f"{column!r} holds {frame[column].dtype} values, not numbers or yes/no")


def _is_number(values: pd.Series) -> bool:
    import pandas as pd

    return bool(pd.api.types.is_bool_dtype(values) or pd.api.types.is_numeric_dtype(values))


def _one_per_game(frame: pd.DataFrame, column: str) -> bool:
    spread = frame.groupby("game", sort=False)[column].nunique(dropna=False)
    return bool((spread <= 1).all())


def _rows_of(frame: pd.DataFrame, who: str) -> Any:
    """The rows of player ``who``, or of every player of side ``who``."""
    mine = frame["player"] == who
    if SIDE_COLUMN in frame:
        mine = mine | (frame[SIDE_COLUMN] == who)
    if not mine.any():
        players = ", ".join(dict.fromkeys(map(str, frame["player"])))
        sides = ""
        if SIDE_COLUMN in frame:
            sides = "; sides: " + ", ".join(dict.fromkeys(map(str, frame[SIDE_COLUMN])))
        raise ValueError(f"no player or side {who!r}; players: {players}{sides}")
    return frame[mine]
