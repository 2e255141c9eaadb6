"""Plots for the common questions about a simulation: ``f(frame, ax=None) -> Axes``.

Each helper draws on ``ax`` (a new figure's axes when ``None``) and returns the axes, so
plots compose in a notebook (``fig, axes = plt.subplots(1, 2)``). They only read columns,
so they work on any game's frames and on frames concatenated from several simulations
(add a column naming the setup, then plot ``by`` it). Nothing here picks a Matplotlib
backend: in a script or a test, select ``Agg`` (``MPLBACKEND=Agg``) before plotting.

Titles name the game (when the frame came from :func:`~gamefold.sim.simulate`, which records
it in ``frame.attrs["game"]``) and the number of games behind the plot.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Literal

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


def _title(frame: pd.DataFrame, what: str, games: int) -> str:
    """``what``, then the game (when known) and the number of games behind the plot."""
    game = frame.attrs.get("game")
    return f"{what}: {game}, {games} games" if game else f"{what}: {games} games"


def win_rate(
    frame: pd.DataFrame, by: str = "player", column: str = "winner", ax: Axes | None = None
) -> Axes:
    """Bars of the mean of the boolean ``column`` (a win rate) for each value of ``by``.

    ``by`` is any column: ``player`` (seat), ``policy``, or a setup column you added. Error
    bars are 95% intervals over **games**: players of one group in one game (teammates who
    win or lose together) count as one observation, their mean, not as independent games.
    A group whose per-game values are all yes/no gets Wilson's interval; a group with
    shares (two of its players in one game, one won) the t interval of the mean. The
    y-axis label names the interval and its method.
    """
    from gamefold.sim.stats import estimate

    _require(frame, "game", by, column)
    per_game = frame.groupby([by, "game"], sort=True)[column].mean().astype("float64")
    found = {
        str(key): estimate(values.to_numpy())
        for key, values in per_game.groupby(level=by, sort=True)
    }
    rates = [one.value for one in found.values()]
    # Clamped at 0: an interval's bound may sit a rounding error inside its estimate.
    below = [max(one.value - max(one.interval.low, 0.0), 0.0) for one in found.values()]
    above = [max(min(one.interval.high, 1.0) - one.value, 0.0) for one in found.values()]
    methods = " / ".join(sorted({one.interval.method for one in found.values()}))
    ax = _axes(ax)
    ax.bar(list(found), rates, yerr=[below, above], capsize=4)
    ax.set_ylim(0, 1)
    ax.set_xlabel(by)
    ax.set_ylabel(f"{column} rate (bars: 95% interval, {methods})")
    ax.set_title(_title(frame, f"{column} rate by {by}", frame["game"].nunique()))
    return ax


def game_length(
    frame: pd.DataFrame, column: str = "steps", bins: int = 30, ax: Axes | None = None
) -> Axes:
    """A histogram of game lengths: ``column`` (``steps``, ``rounds``, ``turns``) per game.

    Each game counts once, however many players it has. Whole numbers get whole-number
    bins centred on the values (at most ``bins`` of them), so no bin falls between two
    values and shows a false gap.
    """
    _require(frame, "game", column)
    lengths = frame.drop_duplicates("game")[column].to_numpy()
    ax = _axes(ax)
    ax.hist(lengths, bins=_bin_edges(lengths, bins))
    ax.set_xlabel(column)
    ax.set_ylabel("games")
    ax.set_title(_title(frame, f"game length ({column})", len(lengths)))
    return ax


def _bin_edges(values: Any, bins: int) -> Any:
    """``bins`` for floats; for whole numbers, edges halfway between whole numbers."""
    import numpy as np

    if len(values) == 0 or not np.issubdtype(values.dtype, np.integer):
        return bins
    low, high = int(values.min()), int(values.max())
    width = max(1, math.ceil((high - low + 1) / bins))
    return np.arange(low, high + width + 1, width) - 0.5


def metric_by_round(
    trace: pd.DataFrame,
    metric: str,
    stat: Literal["mean", "sum"] = "mean",
    by: str = "round",
    ax: Axes | None = None,
    min_games: int | None = None,
) -> Axes:
    """Bars of a trace ``metric`` per round: summed per game and round, then the ``stat``
    over games (``mean``: per game that reached the round; ``sum``: in all).

    ``metric`` is any numeric trace column, such as an event count (``"CardsDrawn"``);
    ``by`` may be ``"turn"`` instead. Round (or turn) 0, the steps before the first one
    starts, is left out. So are rounds reached by fewer than ``min_games`` games (by default
    5% of the games, at least 1): a mean over one or two long games is noise. The title
    says how many games the plot covers.
    """
    _require(trace, "game", by, metric)
    per_game = trace[trace[by] > 0].groupby(["game", by], sort=True)[metric].sum()
    games = trace["game"].nunique()
    floor = max(1, math.ceil(0.05 * games)) if min_games is None else min_games
    reached = per_game.groupby(level=by).size()
    kept = reached[reached >= floor].index
    values = per_game.groupby(level=by).agg(stat).loc[kept]
    ax = _axes(ax)
    ax.bar(values.index.to_numpy(), values.to_numpy())
    ax.set_xlabel(by)
    ax.set_ylabel(f"{metric} ({stat} per game)" if stat == "mean" else metric)
    note = f" reached by {floor}+" if floor > 1 else ""
    ax.set_title(_title(trace, f"{metric} by {by}{note}", games))
    return ax
