"""Seat fairness: does a side or a seat win more often than the others?

:func:`seat_fairness` gives each competitor (each side when the games frame names sides,
else each seat's player) its win rate over the games with the Clopper-Pearson 95% interval,
and tests that every competitor wins equally often with Cochran's Q (statsmodels), the test of equal
proportions for several yes/no outcomes measured on the same games: each game is one block,
so the test never treats the players of one game as independent. With two competitors it
is McNemar's test.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gamefold.sim.extras import require
from gamefold.sim.stats import Estimate, estimate
from gamefold.sim.summary import SIDE_COLUMN

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Fairness", "seat_fairness"]


@attrs.frozen(eq=False)
class Fairness:
    """Each competitor's win rate, and the test that they are all equal."""

    column: str
    """The yes/no column (``winner``)."""
    by: str
    """``"side"`` or ``"player"``: what a competitor is."""
    rates: dict[str, Estimate]
    """Each competitor's rate of ``column`` over the games, in seat order."""
    members: dict[str, tuple[str, ...]]
    """Each competitor's players."""
    statistic: float | None
    """Cochran's Q, or ``None`` when every game came out alike for every competitor."""
    pvalue: float | None
    """Its p-value (``None`` as above)."""

    def lines(self) -> list[str]:
        """The section of the printed summary: a line a competitor, then the test."""
        games = next(iter(self.rates.values())).n
        out = [
            f"Who wins ({self.column}), per {self.by}, "
            f"95% Clopper-Pearson intervals over {games} games:"
        ]
        for name, rate in self.rates.items():
            players = self.members[name]
            who = f"{name} ({', '.join(players)})" if players != (name,) else name
            out.append(f"  {who:<30} {rate.value:.3f}  {rate.interval.text()}")
        out.append(self.verdict())
        return out

    def verdict(self) -> str:
        """One line: Cochran's Q and what it says of equal chances."""
        if self.statistic is None or self.pvalue is None:
            return f"  Every game came out alike for every {self.by}: nothing to test."
        differ = "they differ" if self.pvalue < 0.05 else "no difference shown"
        return (
            f"  Cochran's Q test of equal {self.column} rates: Q = {self.statistic:.2f}, "
            f"p = {self.pvalue:.2g} ({differ} at 5%)."
        )


def seat_fairness(frame: pd.DataFrame, column: str = "winner") -> Fairness:
    """Each side's (or seat's) rate of the yes/no ``column`` and Cochran's Q of equality.

    A side's value in a game is whether any of its players has ``column`` true (teammates
    win together). Needs two competitors or more.
    """
    if column not in frame:
        raise ValueError(f"the games have no column {column!r}")
    by = SIDE_COLUMN if SIDE_COLUMN in frame and frame[SIDE_COLUMN].notna().all() else "player"
    won = frame.assign(_won=frame[column].astype(bool)).groupby(["game", by], sort=False)
    table = won["_won"].any().unstack(by)
    order = list(dict.fromkeys(frame[by]))
    table = table[order].fillna(False).astype(int)
    if len(order) < 2:
        raise ValueError(f"seat fairness needs two {by}s or more, not {len(order)}")
    members = {
        str(name): tuple(dict.fromkeys(map(str, frame.loc[frame[by] == name, "player"])))
        for name in order
    }
    rates = {str(name): estimate(table[name].to_numpy(), binary=True) for name in order}
    statistic, pvalue = _cochran(table.to_numpy())
    return Fairness(column, by, rates, members, statistic, pvalue)


def _cochran(matrix: Any) -> tuple[float | None, float | None]:
    """Cochran's Q of a games x competitors 0/1 matrix; ``None`` when no game is mixed."""
    totals = matrix.sum(axis=1)
    if not ((totals > 0) & (totals < matrix.shape[1])).any():
        return None, None  # every game all won or all lost: Q's denominator is 0
    tables = require("sim", "statsmodels.stats.contingency_tables", "seat fairness")
    found = tables.cochrans_q(matrix)
    return float(found.statistic), float(found.pvalue)
