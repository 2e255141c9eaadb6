"""The statistics behind :func:`~gamefold.sim.compare` and the summaries, from kept libraries.

Every interval here is a 95% interval (``level``), computed by SciPy or statsmodels where
they carry the method; this module picks the method that fits the data and names it. An
interval of a rate lies inside [0, 1], one of a difference of rates inside [-1, 1]:

- a **rate** (a yes/no per game): the Clopper-Pearson exact interval
  (``statsmodels.stats.proportion.proportion_confint(method="beta")``; C. J. Clopper and
  E. S. Pearson, *Biometrika* 26, 1934), whose coverage is at least 95% at every rate and
  every number of games, where Wilson's score interval dips to 84% at 10 games;
- a **mean** of a number per game: the t interval (``scipy.stats.ttest_1samp``; Student,
  *Biometrika* 6, 1908);
- a **difference of rates** between two independent samples: Newcombe's hybrid score
  interval (``statsmodels.stats.proportion.confint_proportions_2indep(method="newcomb")``);
- a **paired difference of rates** (both arms played on the same seeds): Tango's score
  interval (T. Tango, "Equivalence test and confidence interval for the difference in
  proportions for the paired-sample design", *Statistics in Medicine* 17, 1998), which
  holds its level when few or no pairs differ (no kept library carries it: its score is
  written here, its ends found by bisection);
- a **share** per game (a value in [0, 1], such as a win shared between tied players, with
  ``share=True``): the Clopper-Pearson interval of the mean share, inside [0, 1] (a share's
  variance is at most that of a yes/no with the same mean, so the interval keeps its level);
- a **paired difference of numbers**: the paired t interval of the per-seed differences
  (``scipy.stats.ttest_1samp`` of ``b - a``; Student, 1908);
- a **difference of numbers** between two independent samples: Welch's t interval
  (``scipy.stats.ttest_ind(equal_var=False)``; B. L. Welch, *Biometrika* 34, 1947).

A t interval of numbers holds its level only when enough of the values differ: when
nearly every pair is alike, or nearly every game gives the same number, the few that
differ decide it, and it covers far less than 95% (at 10 pairs, 80% of them alike, the
paired t interval covers some 76% of the time). Below
:data:`~gamefold.sim.means.FEWEST_DIFFERING` such values its :attr:`Interval.note` says so;
:mod:`gamefold.sim.calibration` measures it, and :mod:`gamefold.sim.means` computes the t
intervals for many samples at once.

The unit is always the game: a value per game (a side's win, a game's length), never one
per player of a game, whose teammates win and lose together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from gamefold.sim.extras import require
from gamefold.sim.means import FEWEST_DIFFERING, LEVEL, differing, t_bounds, welch_bounds

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Values = npt.ArrayLike
else:
    Values = Any

__all__ = [
    "LEVEL",
    "Difference",
    "Estimate",
    "Interval",
    "FEWEST_DIFFERING",
    "difference",
    "differing",
    "is_binary",
    "mean_interval",
    "paired_rate_interval",
    "rate_bounds",
    "rate_interval",
    "share_interval",
    "t_bounds",
    "tango_interval",
    "welch_bounds",
]


EXACT = "Clopper-Pearson exact interval"
T_MEAN = "t interval of the mean"
NEWCOMBE = "Newcombe's hybrid score interval"
TANGO = "Tango's score interval of paired rates"
EXACT_SHARE = "Clopper-Pearson interval of the mean share"
PAIRED_T = "paired t interval of the per-seed differences"
WELCH = "Welch's t interval"


@attrs.frozen
class Interval:
    """A confidence interval: ``low`` to ``high`` at ``level`` (0.95), and how it was made."""

    low: float
    """The lower end."""
    high: float
    """The upper end."""
    method: str
    """The method's name (``"Clopper-Pearson exact interval"`` …)."""
    level: float = LEVEL
    """The confidence level."""
    note: str = ""
    """Why the interval may hold the true value less often than ``level`` says (too few
    values differ for a t interval), or ``""``."""

    def covers(self, value: float) -> bool:
        """Whether ``value`` lies in the interval (ends included)."""
        return self.low <= value <= self.high

    def text(self, signed: bool = False, digits: int = 3) -> str:
        """``[low, high]`` with ``digits`` decimals (and signs when ``signed``)."""
        shape = f"{{:{'+' if signed else ''}.{digits}f}}"
        return f"[{shape.format(self.low)}, {shape.format(self.high)}]"

    def __str__(self) -> str:
        return self.text(signed=True)


@attrs.frozen
class Estimate:
    """One arm's (or one seat's) estimate: the mean over ``n`` games and its interval."""

    value: float
    """The rate or mean."""
    interval: Interval
    """Its 95% interval."""
    n: int
    """The number of games behind it."""


@attrs.frozen
class Difference:
    """The difference ``b - a`` of two arms' estimates, with its 95% interval."""

    a: Estimate
    """Arm A's estimate."""
    b: Estimate
    """Arm B's estimate."""
    value: float
    """``b.value - a.value``."""
    interval: Interval
    """The 95% interval of the difference; its ``method`` names how it was computed."""
    paired: bool
    """Whether the games were paired by seed (game ``i`` of each arm from the same seed)."""
    binary: bool
    """Whether the metric is a yes/no per game (a rate), not a number."""

    @property
    def method(self) -> str:
        """The name of the interval's method."""
        return self.interval.method

    @property
    def n(self) -> int:
        """The number of games per arm (of pairs, when paired) behind the difference."""
        return min(self.a.n, self.b.n)

    @property
    def note(self) -> str:
        """Why the interval may cover less than 95% (the interval's note), or ``""``."""
        return self.interval.note


def _numpy() -> Any:
    return require("sim", "numpy", "statistics")


def _as_array(values: Values) -> np.ndarray[Any, Any]:
    array: np.ndarray[Any, Any] = _numpy().asarray(values, dtype="float64")
    if array.ndim != 1:
        raise ValueError(f"values are one number per game, not an array of shape {array.shape}")
    return array


def is_binary(values: Values) -> bool:
    """Whether every value is 0 or 1 (a yes/no per game)."""
    array = _as_array(values)
    return bool(((array == 0) | (array == 1)).all())


def rate_bounds(successes: Any, n: Any) -> tuple[Any, Any]:
    """The ends of the Clopper-Pearson 95% interval of ``successes`` in ``n`` games, for
    numbers or NumPy arrays of them alike (statsmodels): what :func:`rate_interval` reports
    and what the calibration study measures."""
    proportion = require("sim", "statsmodels.stats.proportion", "statistics")
    low, high = proportion.proportion_confint(successes, n, alpha=1 - LEVEL, method="beta")
    return low, high


def rate_interval(successes: int, n: int) -> Interval:
    """The Clopper-Pearson 95% exact interval of ``successes`` in ``n`` games."""
    if n <= 0:
        raise ValueError(f"a rate needs at least one game, not {n}")
    low, high = rate_bounds(successes, n)
    return Interval(float(low), float(high), EXACT)


def mean_interval(values: Values) -> Interval:
    """The 95% t interval of the mean of ``values`` (SciPy); a point when they are all
    equal, with a note when fewer than :data:`~gamefold.sim.means.FEWEST_DIFFERING` differ
    from the most common."""
    array = _as_array(values)
    if len(array) == 0:
        raise ValueError("a mean needs at least one game")
    return _t_interval(array, T_MEAN, "games")


def _t_interval(array: np.ndarray[Any, Any], method: str, unit: str) -> Interval:
    """The t interval of the mean of ``array``, with a note when too few values differ."""
    low, high = t_bounds(array)
    return Interval(float(low), float(high), method, note=_few_note(array, unit))


def _few_note(array: np.ndarray[Any, Any], unit: str) -> str:
    """The note of a t interval of ``array`` whose values too few differ, or ``""``."""
    other = int(differing(array))
    if other >= FEWEST_DIFFERING:
        return ""
    np = _numpy()
    values, counts = np.unique(array, return_counts=True)
    common = float(values[counts.argmax()])
    differ = "differs" if other == 1 else "differ"
    if other == len(array):  # no value repeats: only the count is short
        told = f"only {other} {unit}"
    elif unit == "pairs" and common == 0:
        told = f"only {other} of {len(array)} pairs {differ}"
    else:
        told = f"only {other} of {len(array)} {unit} {differ} from the most common {common:+g}"
    return (
        f"{told}: fewer than {FEWEST_DIFFERING}, too few for a t interval to hold its {LEVEL:.0%}"
    )


def share_interval(values: Values) -> Interval:
    """The Clopper-Pearson 95% interval of the mean of ``values``, shares in [0, 1] (a win
    shared between tied players): the summed shares stand for the wins."""
    array = _as_array(values)
    if len(array) == 0:
        raise ValueError("a share needs at least one game")
    if not ((array >= 0) & (array <= 1)).all():
        raise ValueError("a share lies between 0 and 1 in every game")
    low, high = rate_bounds(float(array.sum()), len(array))
    return Interval(max(0.0, float(low)), min(1.0, float(high)), EXACT_SHARE)


def estimate(values: Values, *, binary: bool | None = None, share: bool = False) -> Estimate:
    """The mean of ``values`` (a rate when they are yes/no) with its 95% interval;
    ``share``: they are shares in [0, 1], whose interval stays inside [0, 1]."""
    array = _as_array(values)
    binary = is_binary(array) if binary is None else binary
    if binary:
        wins = int(array.sum())
        return Estimate(wins / len(array), rate_interval(wins, len(array)), len(array))
    if share:
        return Estimate(float(array.mean()), share_interval(array), len(array))
    return Estimate(float(array.mean()), mean_interval(array), len(array))


def difference(
    a: Values,
    b: Values,
    *,
    paired: bool = True,
    binary: bool | None = None,
    share: bool = False,
) -> Difference:
    """The difference ``mean(b) - mean(a)`` of two arms' per-game values, with its 95%
    interval by the method that fits (see the module's list).

    ``paired=True``: ``a[i]`` and ``b[i]`` come from the same seed (equal lengths needed),
    and the interval is of the per-seed differences. ``binary`` says whether the values are
    yes/no (by default: when they are all 0 or 1), ``share`` that they are shares in [0,
    1] (each arm's interval stays inside). The interval of numbers carries a note when too
    few values differ for it to hold its 95% (:data:`~gamefold.sim.means.FEWEST_DIFFERING`).
    """
    first, second = _as_array(a), _as_array(b)
    if len(first) == 0 or len(second) == 0:
        raise ValueError("a difference needs at least one game in each arm")
    if paired and len(first) != len(second):
        raise ValueError(f"paired arms need as many games each, not {len(first)} and {len(second)}")
    binary = is_binary(first) and is_binary(second) if binary is None else binary
    left = estimate(first, binary=binary, share=share)
    right = estimate(second, binary=binary, share=share)
    if paired and binary:
        interval = paired_rate_interval(second - first)
    elif paired:
        interval = _t_interval(second - first, PAIRED_T, "pairs")
    elif binary:
        interval = _newcombe(first, second)
    else:
        interval = _welch(first, second)
    return Difference(left, right, right.value - left.value, interval, paired, binary)


def paired_rate_interval(differences: Values) -> Interval:
    """Tango's 95% score interval of a paired difference of rates, from the per-seed
    differences ``b[i] - a[i]`` (each -1, 0 or +1)."""
    array = _as_array(differences)
    if len(array) == 0 or not _numpy().isin(array, (-1.0, 0.0, 1.0)).all():
        raise ValueError("paired differences of rates are each -1, 0 or +1, one at least")
    low, high = tango_interval(int((array == 1).sum()), int((array == -1).sum()), len(array))
    return Interval(float(low), float(high), TANGO)


def tango_interval(gained: Any, lost: Any, n: Any) -> tuple[Any, Any]:
    """Tango's 95% score interval (1998) of ``P(B wins, A not) - P(A wins, B not)`` from
    ``gained`` pairs won by B only, ``lost`` won by A only, of ``n`` pairs (numbers or
    arrays of one shape, element by element): the differences ``d`` whose score
    ``(gained - lost - n d) / sqrt(n (2 q + d (1 - d)))`` lies within the normal's 97.5%
    point, ``q`` the maximum likelihood of ``P(A only)`` given ``d``. Each end is found by
    bisection to 1e-12, inside [-1, 1]."""
    np = _numpy()
    stats = require("sim", "scipy.stats", "statistics")
    z = float(stats.norm.ppf(0.5 + LEVEL / 2))
    b, c, pairs = (np.asarray(x, dtype="float64") for x in (gained, lost, n))
    observed = (b - c) / pairs
    low = _bisect(lambda d: _tango_score(b, c, pairs, d) > z, -np.ones_like(observed), observed)
    high = _bisect(lambda d: _tango_score(b, c, pairs, d) > -z, observed, np.ones_like(observed))
    return low[1], high[0]


def _tango_score(b: Any, c: Any, n: Any, d: Any) -> Any:
    """Tango's score of the difference ``d`` (its constrained estimate of q in closed form)."""
    np = _numpy()
    a_, b_ = 2 * n, -b - c + (2 * n - b + c) * d
    c_ = -c * d * (1 - d)
    q = (np.sqrt(np.maximum(b_ * b_ - 4 * a_ * c_, 0.0)) - b_) / (2 * a_)
    spread = np.sqrt(np.maximum(n * (2 * q + d * (1 - d)), 0.0))
    gap = b - c - n * d
    with np.errstate(divide="ignore", invalid="ignore"):
        # No spread where the difference is its extreme: the score is +-inf, or 0 at it.
        return np.where(spread > 0, gap / np.where(spread > 0, spread, 1.0), np.sign(gap) * np.inf)


def _bisect(above: Callable[[Any], Any], low: Any, high: Any) -> tuple[Any, Any]:
    """Where ``above`` turns from true (at ``low``) to false (at ``high``), to 1e-12: the
    last point known true and the first known false, element by element."""
    np = _numpy()
    low, high = np.array(low, dtype="float64"), np.array(high, dtype="float64")
    for _ in range(42):  # 2 / 2**42 < 1e-12
        middle = (low + high) / 2
        true = above(middle)
        low, high = np.where(true, middle, low), np.where(true, high, middle)
    return low, high


def _newcombe(a: np.ndarray[Any, Any], b: np.ndarray[Any, Any]) -> Interval:
    proportion = require("sim", "statsmodels.stats.proportion", "statistics")
    low, high = proportion.confint_proportions_2indep(
        int(b.sum()),
        len(b),
        int(a.sum()),
        len(a),
        method="newcomb",
        compare="diff",
        alpha=1 - LEVEL,
    )
    return Interval(float(low), float(high), NEWCOMBE)


def _welch(a: np.ndarray[Any, Any], b: np.ndarray[Any, Any]) -> Interval:
    """Welch's interval of ``mean(b) - mean(a)``, noted when too few of either arm differ."""
    low, high = welch_bounds(a, b)
    notes = [_few_note(arm, f"games of arm {name}") for name, arm in (("A", a), ("B", b))]
    note = "; ".join(notes) if all(notes) else ""  # one arm that varies enough carries it
    return Interval(float(low), float(high), WELCH, note=note)
