"""The t intervals of numbers, from SciPy, for many samples at once, and how many values differ.

:mod:`gamefold.sim.stats` reports them one sample at a time; the calibration study
(:mod:`gamefold.sim.calibration`) runs thousands of samples through the same functions.
Each sample is a row (the last axis): Student's t interval of its mean (*Biometrika* 6,
1908), Welch's of a difference of two samples' means (*Biometrika* 34, 1947), and the count
of its values other than the most common one, which says when a t interval cannot hold
its level.
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterator
from typing import Any

from gamefold.sim.extras import require

__all__ = ["FEWEST_DIFFERING", "LEVEL", "differing", "t_bounds", "welch_bounds"]

LEVEL = 0.95
"""The confidence level of every interval gamefold reports."""

FEWEST_DIFFERING = 10
"""The fewest values other than the most common one (pairs that differ, for a paired
difference) that a t interval of numbers needs to hold its 95%: with fewer, the
calibration study (:func:`~gamefold.sim.calibration.number_coverage`) finds the paired t
interval of normal numbers covering 76% at 10 pairs 80% alike, and 9% at 10 pairs 99%
alike, and with at least this many at least 93% for normal, Poisson, geometric and bounded
numbers. An interval from fewer carries a note saying so
(:attr:`gamefold.sim.stats.Interval.note`)."""


def _numpy() -> Any:
    return require("sim", "numpy", "statistics")


def t_bounds(values: Any) -> tuple[Any, Any]:
    """The ends of the 95% t interval of the mean of each row of ``values`` (the last axis:
    one row a sample; SciPy's ``ttest_1samp``), a point where a row's values are all equal:
    what :func:`mean_interval` and a paired difference report, for the calibration study."""
    np = _numpy()
    stats = require("sim", "scipy.stats", "statistics")
    array = np.asarray(values, dtype="float64")
    flat = (array == array[..., :1]).all(axis=-1)
    # A row that never varies has no t interval (SciPy warns and gives NaN): give it a
    # stand-in spread, and its own value as the point interval below.
    spread = np.where(flat[..., None], array + np.arange(array.shape[-1]), array)
    with _exact_spread():
        found = stats.ttest_1samp(spread, 0.0, axis=-1).confidence_interval(LEVEL)
    first = array[..., 0]
    return np.where(flat, first, found.low), np.where(flat, first, found.high)


def welch_bounds(a: Any, b: Any) -> tuple[Any, Any]:
    """The ends of Welch's 95% t interval of ``mean(b) - mean(a)`` for each row of ``a`` and
    ``b`` (SciPy's ``ttest_ind(equal_var=False)``), the point difference where neither
    sample varies."""
    np = _numpy()
    stats = require("sim", "scipy.stats", "statistics")
    x, y = np.asarray(a, dtype="float64"), np.asarray(b, dtype="float64")
    flat = (x == x[..., :1]).all(axis=-1) & (y == y[..., :1]).all(axis=-1)
    observed = y.mean(axis=-1) - x.mean(axis=-1)
    jitter_x = np.where(flat[..., None], np.arange(x.shape[-1]), 0.0)  # as in t_bounds
    jitter_y = np.where(flat[..., None], np.arange(y.shape[-1]), 0.0)
    with _exact_spread():
        found = stats.ttest_ind(y + jitter_y, x + jitter_x, equal_var=False, axis=-1)
        found = found.confidence_interval(LEVEL)
    return np.where(flat, observed, found.low), np.where(flat, observed, found.high)


@contextlib.contextmanager
def _exact_spread() -> Iterator[None]:
    """SciPy warns of precision lost when a sample is (nearly) all one value; its spread is
    then 0 or the few values' own, exactly what the interval should use, so no warning."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Precision loss", RuntimeWarning)
        yield


def differing(values: Any) -> Any:
    """How many of each row's values (the last axis) differ from the row's most common
    value, all of them when no value repeats: the pairs that differ, for per-seed
    differences where most pairs are alike."""
    np = _numpy()
    ordered = np.sort(np.asarray(values, dtype="float64"), axis=-1)
    size = ordered.shape[-1]
    starts = np.ones(ordered.shape, dtype=bool)
    starts[..., 1:] = ordered[..., 1:] != ordered[..., :-1]
    at = np.broadcast_to(np.arange(size), ordered.shape)
    run = at - np.maximum.accumulate(np.where(starts, at, 0), axis=-1) + 1
    common = run.max(axis=-1)
    return size - np.where(common > 1, common, 0)  # no value repeats: none is common
