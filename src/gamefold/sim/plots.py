"""Plots for the common questions about a simulation: ``f(frame, ax=None) -> Axes``.

Each helper draws on ``ax`` (a new figure's axes when ``None``) and returns the axes, so
plots compose in a notebook (``fig, axes = plt.subplots(1, 2)``). They only read columns,
so they work on any game's frames and on frames concatenated from several simulations
(add a column naming the setup, then plot ``by`` it). Nothing here picks a Matplotlib
backend: in a script or a test, select ``Agg`` (``MPLBACKEND=Agg``) before plotting.

Titles name the game (when the frame came from :func:`~gamefold.sim.simulate`, which records
it in ``frame.attrs["game"]``) and the number of games behind the plot. Figures made here use
Matplotlib's constrained layout, so that labels stay inside them, and measures of different
scales get a panel each (small multiples: :func:`measures`, :func:`differences`), never one
shared axis. Every interval drawn is a 95% interval over games, its method named on the axis.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from gamefold.sim.extras import require

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from gamefold.sim.compare import Comparison
    from gamefold.sim.stats import Difference
    from gamefold.sim.tournament import Tournament

__all__ = ["differences", "game_length", "measures", "metric_by_round", "standings", "win_rate"]

_LABEL = 38  # characters a line of an axis label holds in a panel of the default size


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    plt = require("sim", "matplotlib.pyplot", "plotting")
    new: Axes = plt.subplots(layout="constrained")[1]
    return new


def _panels(
    count: int,
    axes: Sequence[Axes] | None,
    columns: int = 3,
    size: tuple[float, float] = (3.4, 2.9),
) -> list[Axes]:
    """``count`` axes: the ones given (as many as needed), or a new figure's grid of panels
    (at most ``columns`` a row), in constrained layout."""
    if axes is not None:
        if len(axes) < count:
            raise ValueError(f"{count} panels to draw, but {len(axes)} axes given")
        return list(axes)[:count]
    plt = require("sim", "matplotlib.pyplot", "plotting")
    across = max(1, min(count, columns))
    down = max(1, math.ceil(count / across))
    width, height = size
    fig, grid = plt.subplots(
        down, across, figsize=(width * across, height * down), layout="constrained", squeeze=False
    )
    found: list[Axes] = list(grid.flat)
    for extra in found[count:]:
        fig.delaxes(extra)
    return found[:count]


def _wrap(text: str, width: int = _LABEL) -> str:
    return "\n".join(textwrap.wrap(text, width))


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
    A group whose per-game values are all yes/no gets the Clopper-Pearson interval; a group with
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
    ax.set_ylabel(_wrap(f"{column} rate (bars: 95% interval, {methods})"))
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


def measures(
    frame: pd.DataFrame,
    columns: Sequence[str],
    by: str = "player",
    axes: Sequence[Axes] | None = None,
) -> list[Axes]:
    """Small multiples: one panel per column, each with its own scale, of the column's mean
    for each value of ``by`` with its 95% interval over games (the group's rows of one game
    count once, as their mean; the Clopper-Pearson interval for yes/no values, else the t interval).

    A mean over the games that have a value (``death_round``) says so in its panel's label,
    with how many games that is. Returns the panels, in the order of ``columns``.
    """
    from gamefold.sim.stats import estimate

    _require(frame, "game", by, *columns)
    panels = _panels(len(columns), axes)
    for ax, column in zip(panels, columns, strict=True):
        values = frame[[by, "game", column]].dropna(subset=[column])
        per_game = values.groupby([by, "game"], sort=True)[column].mean().astype("float64")
        groups = {str(k): v.to_numpy() for k, v in per_game.groupby(level=by, sort=True)}
        rate = None if frame[column].dtype == bool else False  # a count of 0s is no rate
        found = {k: estimate(v, binary=rate) for k, v in groups.items() if len(v)}
        means = [one.value for one in found.values()]
        below = [max(one.value - one.interval.low, 0.0) for one in found.values()]
        above = [max(one.interval.high - one.value, 0.0) for one in found.values()]
        ax.errorbar(list(found), means, yerr=[below, above], fmt="o", capsize=4)
        games = values["game"].nunique()
        subset = "" if games == frame["game"].nunique() else f", over the {games} games with one"
        methods = " / ".join(sorted({one.interval.method for one in found.values()}))
        ax.set_title(_wrap(f"{column}{subset}"), fontsize="medium")
        ax.set_ylabel(_wrap(f"mean, 95% interval ({methods})", 30), fontsize="small")
        ax.set_xlabel(by)
    if panels:
        panels[0].figure.suptitle(_title(frame, "means by " + by, frame["game"].nunique()))
    return panels


def differences(
    comparisons: Comparison | Sequence[Comparison] | Mapping[str, Difference],
    axes: Sequence[Axes] | None = None,
) -> list[Axes]:
    """A forest plot of :func:`~gamefold.sim.compare`'s differences ``B - A``: each a point
    with its 95% interval and a line at no difference, one panel per metric, so that
    measures of different scales never share an axis. Each panel's label names the metric,
    the games behind it and the interval's method. ``comparisons`` may also map metric
    names to :class:`~gamefold.sim.Difference` values (from
    :func:`~gamefold.sim.difference`, say of several columns of one comparison's games).
    Returns the panels, one per metric in the order first met."""
    by_metric = _by_metric(comparisons)
    if not by_metric:
        raise ValueError("no comparison to plot")
    tallest = max(len(rows) for rows in by_metric.values())
    panels = _panels(len(by_metric), axes, columns=1, size=(6.4, 1.5 + 0.45 * tallest))
    for ax, (metric, rows) in zip(panels, by_metric.items(), strict=True):
        _forest(ax, metric, rows)
    return panels


def _by_metric(
    comparisons: Comparison | Sequence[Comparison] | Mapping[str, Difference],
) -> dict[str, list[tuple[str, Difference]]]:
    """Each metric's rows: what was compared (``B minus A``) and the difference."""
    if isinstance(comparisons, Mapping):
        return {str(name): [("B minus A", found)] for name, found in comparisons.items()}
    found = [comparisons] if not isinstance(comparisons, Sequence) else list(comparisons)
    by_metric: dict[str, list[tuple[str, Difference]]] = {}
    for one in found:
        row = (f"{one.labels[1]} minus {one.labels[0]}", one.difference)
        by_metric.setdefault(one.metric.label(), []).append(row)
    return by_metric


def _forest(ax: Axes, metric: str, rows: list[tuple[str, Difference]]) -> None:
    values = [one.value for _, one in rows]
    lows = [one.interval.low for _, one in rows]
    highs = [one.interval.high for _, one in rows]
    where = list(range(len(rows)))[::-1]  # the first comparison on top
    below = [max(v - lo, 0.0) for v, lo in zip(values, lows, strict=True)]
    above = [max(hi - v, 0.0) for v, hi in zip(values, highs, strict=True)]
    ax.errorbar(values, where, xerr=[below, above], fmt="o", capsize=4)
    ax.axvline(0, color="grey", lw=1)
    ax.set_yticks(where, [_wrap(label, 30) for label, _ in rows])
    ax.set_ylim(-0.6, len(rows) - 0.4)
    games = sorted({one.n for _, one in rows})
    methods = " / ".join(sorted({one.method for _, one in rows}))
    n = "/".join(map(str, games))
    ax.set_xlabel(_wrap(f"B - A, 95% interval ({methods}), {n} games an arm", 60))
    ax.set_title(_wrap(metric), fontsize="medium")


def standings(cup: Tournament, ax: Axes | None = None) -> Axes:
    """A tournament's table as a chart: each entrant's win share per game (or mean) with
    its 95% interval, best first, labelled with its wins out of its games."""
    board = cup.leaderboard
    measure = cup.measure
    ax = _axes(ax)
    where = list(range(len(board)))[::-1]
    values = board[measure].to_numpy()
    below = (values - board["low"].to_numpy()).clip(min=0)
    above = (board["high"].to_numpy() - values).clip(min=0)
    ax.barh(where, values, xerr=[below, above], capsize=4)
    names = [str(name) for name in board.index]
    if measure == "share":
        counts = zip(names, board["wins"], board["games"], strict=True)
        names = [f"{name}\n{wins:g} of {games}" for name, wins, games in counts]
        ax.set_xlim(0, 1)
    ax.set_yticks(where, names)
    methods = " / ".join(sorted(set(board["method"])))
    what = "win share per game" if measure == "share" else f"mean {cup.column} per game"
    ax.set_xlabel(_wrap(f"{what} (bars: 95% interval, {methods})", 44))
    games = cup.games["game"].nunique()
    ax.set_title(f"tournament: {cup.game}, {games} games")
    return ax
