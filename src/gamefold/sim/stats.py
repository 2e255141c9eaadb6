"""The statistics behind :func:`~gamefold.sim.compare` and the summaries, from kept libraries.

Every interval here is a 95% interval (``level``) computed by SciPy or statsmodels; this
module only picks the method that fits the data and names it:

- a **rate** (a yes/no per game): Wilson's score interval
  (``statsmodels.stats.proportion.proportion_confint(method="wilson")``);
- a **mean** of a number per game: the t interval (``scipy.stats.ttest_1samp``);
- a **difference of rates** between two independent samples: Newcombe's hybrid score
  interval (``statsmodels.stats.proportion.confint_proportions_2indep(method="newcomb")``);
- a **paired difference of rates** (both arms played on the same seeds): the t interval
  of the per-seed differences (``scipy.stats.ttest_1samp`` on ``b - a``, as ``ttest_rel``
  does);
- a **difference of means** of numbers: the BCa bootstrap (``scipy.stats.bootstrap``,
  seeded, so the same data give the same interval), of the per-seed differences when
  paired, of the two samples when not.

The unit is always the game: a value per game (a side's win, a game's length), never one
per player of a game, whose teammates win and lose together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from gamefold.sim.extras import require

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
    "difference",
    "is_binary",
    "mean_interval",
    "rate_interval",
]

LEVEL = 0.95
"""The confidence level of every interval gamefold reports."""

WILSON = "Wilson score interval"
T_MEAN = "t interval of the mean"
NEWCOMBE = "Newcombe's hybrid score interval"
PAIRED_T = "paired t interval of the per-seed differences"
BOOTSTRAP = "BCa bootstrap"
PAIRED_BOOTSTRAP = "BCa bootstrap of the per-seed differences"


@attrs.frozen
class Interval:
    """A confidence interval: ``low`` to ``high`` at ``level`` (0.95), and how it was made."""

    low: float
    """The lower end."""
    high: float
    """The upper end."""
    method: str
    """The method's name (``"Wilson score interval"`` …)."""
    level: float = LEVEL
    """The confidence level."""

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


def rate_interval(successes: int, n: int) -> Interval:
    """Wilson's 95% score interval of ``successes`` in ``n`` games (statsmodels)."""
    if n <= 0:
        raise ValueError(f"a rate needs at least one game, not {n}")
    proportion = require("sim", "statsmodels.stats.proportion", "statistics")
    low, high = proportion.proportion_confint(successes, n, alpha=1 - LEVEL, method="wilson")
    return Interval(float(low), float(high), WILSON)


def mean_interval(values: Values) -> Interval:
    """The 95% t interval of the mean of ``values`` (SciPy); a point when they are all equal."""
    array = _as_array(values)
    if len(array) == 0:
        raise ValueError("a mean needs at least one game")
    if len(array) < 2 or (array == array[0]).all():
        return Interval(float(array[0]), float(array[0]), T_MEAN)
    stats = require("sim", "scipy.stats", "statistics")
    found = stats.ttest_1samp(array, 0.0).confidence_interval(LEVEL)
    return Interval(float(found.low), float(found.high), T_MEAN)


def estimate(values: Values, *, binary: bool | None = None) -> Estimate:
    """The mean of ``values`` (a rate when they are yes/no) with its 95% interval."""
    array = _as_array(values)
    binary = is_binary(array) if binary is None else binary
    if binary:
        wins = int(array.sum())
        return Estimate(wins / len(array), rate_interval(wins, len(array)), len(array))
    return Estimate(float(array.mean()), mean_interval(array), len(array))


def difference(
    a: Values,
    b: Values,
    *,
    paired: bool = True,
    binary: bool | None = None,
    seed: int = 0,
    resamples: int = 9999,
) -> Difference:
    """The difference ``mean(b) - mean(a)`` of two arms' per-game values, with its 95%
    interval by the method that fits (see the module's list).

    ``paired=True``: ``a[i]`` and ``b[i]`` come from the same seed (equal lengths needed),
    and the interval is of the per-seed differences. ``binary`` says whether the values are
    yes/no (by default: when they are all 0 or 1). ``seed`` and ``resamples`` drive the
    bootstrap of unpaired numbers, so the same data always give the same interval.
    """
    first, second = _as_array(a), _as_array(b)
    if len(first) == 0 or len(second) == 0:
        raise ValueError("a difference needs at least one game in each arm")
    if paired and len(first) != len(second):
        raise ValueError(f"paired arms need as many games each, not {len(first)} and {len(second)}")
    binary = is_binary(first) and is_binary(second) if binary is None else binary
    left, right = estimate(first, binary=binary), estimate(second, binary=binary)
    if paired and binary:
        interval = _paired(second - first)
    elif paired:
        interval = _bootstrap_paired(second - first, seed, resamples)
    elif binary:
        interval = _newcombe(first, second)
    else:
        interval = _bootstrap(first, second, seed, resamples)
    return Difference(left, right, right.value - left.value, interval, paired, binary)


def _paired(differences: np.ndarray[Any, Any]) -> Interval:
    found = mean_interval(differences)
    return Interval(found.low, found.high, PAIRED_T)


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


def _bootstrap(
    a: np.ndarray[Any, Any], b: np.ndarray[Any, Any], seed: int, resamples: int
) -> Interval:
    np = _numpy()
    observed = float(b.mean() - a.mean())
    if (a == a[0]).all() and (b == b[0]).all():  # nothing varies: no resample differs
        return Interval(observed, observed, BOOTSTRAP)

    def shift(x: Any, y: Any, axis: int) -> Any:
        return np.mean(y, axis=axis) - np.mean(x, axis=axis)

    return _bca((a, b), shift, seed, resamples, BOOTSTRAP)


def _bootstrap_paired(differences: np.ndarray[Any, Any], seed: int, resamples: int) -> Interval:
    np = _numpy()
    observed = float(differences.mean())
    if (differences == differences[0]).all():
        return Interval(observed, observed, PAIRED_BOOTSTRAP)
    return _bca((differences,), np.mean, seed, resamples, PAIRED_BOOTSTRAP)


def _bca(
    samples: tuple[np.ndarray[Any, Any], ...],
    statistic: Callable[..., Any],
    seed: int,
    resamples: int,
    method: str,
) -> Interval:
    """The BCa bootstrap interval of ``statistic`` over ``samples`` (scipy), seeded."""
    np = _numpy()
    stats = require("sim", "scipy.stats", "statistics")
    found = stats.bootstrap(
        samples,
        statistic,
        n_resamples=resamples,
        confidence_level=LEVEL,
        method="BCa",
        vectorized=True,
        rng=np.random.default_rng(seed),
    ).confidence_interval
    return Interval(float(found.low), float(found.high), method)
