"""Plots for the common questions about a simulation: ``f(frame, ax=None) -> Axes``.

Each helper draws on ``ax`` (a new figure's axes when ``None``) and returns the axes, so
plots compose in a notebook (``fig, axes = plt.subplots(1, 2)``). They only read columns,
so they work on any game's frames and on frames concatenated from several simulations
(add a column naming the setup, then plot ``by`` it). Nothing here picks a Matplotlib
backend: in a script or a test, select ``Agg`` (``MPLBACKEND=Agg``) before plotting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from gamefold.sim.extras import require

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["game_length", "metric_by_round", "win_rate"]


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    plt = require("sim", "matplotlib.pyplot", "plotting")
    new: Axes = plt.subplots()[1]
    return new


def _require(frame: pd.DataFrame, *columns: str) -> None:
    missing = [name for name in columns if name not in frame.columns]
    if missing:
        known = ", ".join(map(str, frame.columns))
        raise ValueError(f"the frame has no column {missing[0]!r}; it has: {known}")


def win_rate(
    frame: pd.DataFrame, by: str = "player", column: str = "winner", ax: Axes | None = None
) -> Axes:
    """Bars of the mean of the boolean ``column`` (a win rate) for each value of ``by``.

    Error bars are one binomial standard error, ``sqrt(p (1 - p) / n)``. ``by`` is any
    column: ``player`` (seat), ``policy``, or a setup column you added.
    """
    _require(frame, by, column)
    grouped = frame.groupby(by, sort=True)[column]
    rate = grouped.mean()
    error = (rate * (1 - rate) / grouped.size()) ** 0.5
    ax = _axes(ax)
    ax.bar([str(k) for k in rate.index], rate.to_numpy(), yerr=error.to_numpy(), capsize=4)
    ax.set_ylim(0, 1)
    ax.set_xlabel(by)
    ax.set_ylabel(f"{column} rate")
    ax.set_title(f"{column} rate by {by}")
    return ax


def game_length(
    frame: pd.DataFrame, column: str = "steps", bins: int = 30, ax: Axes | None = None
) -> Axes:
    """A histogram of game lengths: ``column`` (``steps``, ``rounds``, ``turns``) per game.

    Each game counts once, however many players it has.
    """
    _require(frame, "game", column)
    lengths = frame.drop_duplicates("game")[column]
    ax = _axes(ax)
    ax.hist(lengths.to_numpy(), bins=bins)
    ax.set_xlabel(column)
    ax.set_ylabel("games")
    ax.set_title(f"game length ({column}), {len(lengths)} games")
    return ax


def metric_by_round(
    trace: pd.DataFrame,
    metric: str,
    stat: Literal["mean", "sum"] = "mean",
    by: str = "round",
    ax: Axes | None = None,
) -> Axes:
    """Bars of a trace ``metric`` per round: summed per game and round, then the ``stat``
    over games (``mean``: per game that reached the round; ``sum``: in all).

    ``metric`` is any numeric trace column, such as an event count (``"CardDrawn"``);
    ``by`` may be ``"turn"`` instead.
    """
    _require(trace, "game", by, metric)
    per_game = trace.groupby(["game", by], sort=True)[metric].sum()
    values = per_game.groupby(level=by).agg(stat)
    ax = _axes(ax)
    ax.bar(values.index.to_numpy(), values.to_numpy())
    ax.set_xlabel(by)
    ax.set_ylabel(f"{metric} ({stat} per game)" if stat == "mean" else metric)
    ax.set_title(f"{metric} by {by}")
    return ax
