"""Calibration: how often the intervals and the SPRT keep their promises, by simulation.

The study draws the statistic's data directly (counts of games, no games played), many
experiments at once with NumPy, and runs them through the very functions
:func:`~gamefold.sim.compare` uses: an interval's **coverage** is the share of experiments
whose 95% interval holds the true value; an SPRT's **errors** are the shares of runs that
accept H1 when H0 is true (``alpha``) and H0 when H1 is true (``beta``). The test suite
holds every figure to its promise, and the statistics page prints them when the docs build.

A pair of games (arm A's and arm B's game on one seed) falls in one of four cells: both
won, A only, B only, neither. :class:`Pairs` gives their chances from the share of pairs
alike (the luck of the deal decides both games) and the true difference ``B - A``.
:class:`Numbers` draws pairs of numbers per game the same way (a share of the pairs alike,
the rest drawn apart from a law), for the t intervals of numbers.
"""

from __future__ import annotations

from typing import Any

import attrs

from gamefold.sim.extras import require
from gamefold.sim.sequential import SPRT, trinomial_llr
from gamefold.sim.stats import (
    FEWEST_DIFFERING,
    LEVEL,
    differing,
    rate_bounds,
    t_bounds,
    tango_interval,
    welch_bounds,
)

__all__ = [
    "LAWS",
    "Coverage",
    "Numbers",
    "interval_coverage",
    "number_coverage",
    "Pairs",
    "rate_coverage",
    "sprt_errors",
]

LAWS = ("normal", "poisson", "geometric", "bounded")
"""The laws :class:`Numbers` draws from, each with mean 2 in arm A: ``normal`` (sd 1),
``poisson`` (a count), ``geometric`` (a skewed count from 1 up: rounds until something
happens) and ``bounded`` (a binomial count from 0 to 6, like a game's tally)."""


@attrs.frozen
class Pairs:
    """The chances of the four cells of a pair of yes/no games.

    ``alike`` of the pairs agree (``won`` of those are wins for both); the rest differ,
    ``(1 - alike + difference) / 2`` won by B only and ``(1 - alike - difference) / 2``
    by A only, so B's rate is A's plus ``difference``.
    """

    alike: float
    """The share of pairs whose games end alike."""
    difference: float
    """The true difference of rates, ``B - A``."""
    won: float = 0.5
    """The share of the alike pairs that both arms win."""

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.alike <= 1 or abs(self.difference) > 1 - self.alike:
            raise ValueError(f"no pairs are {self.alike:.0%} alike and differ by {self.difference}")

    @property
    def cells(self) -> tuple[float, float, float, float]:
        """Chances of: both won, A only, B only, neither."""
        differ = 1 - self.alike
        return (
            self.alike * self.won,
            (differ - self.difference) / 2,
            (differ + self.difference) / 2,
            self.alike * (1 - self.won),
        )

    @property
    def rates(self) -> tuple[float, float]:
        """Arm A's and arm B's true rates."""
        both, a_only, b_only, _ = self.cells
        return both + a_only, both + b_only

    @classmethod
    def independent(cls, rate_a: float, rate_b: float) -> Pairs:
        """Pairs of independent games (other seeds, or luck that decides nothing)."""
        a_only, b_only = rate_a * (1 - rate_b), rate_b * (1 - rate_a)
        alike = 1 - a_only - b_only
        return cls(alike, b_only - a_only, rate_a * rate_b / alike if alike else 0.5)


def _numpy() -> Any:
    return require("sim", "numpy", "a calibration")


@attrs.frozen
class Numbers:
    """Pairs of games that give a number each: ``alike`` of the pairs give both arms the
    same number (the luck of the deal decides it); in the others A's and B's numbers are
    drawn apart from ``law`` (:data:`LAWS`), B's mean higher than A's by ``shift``, so the
    true difference of means is ``(1 - alike) * shift``."""

    law: str
    """The law of a game's number (one of :data:`LAWS`)."""
    alike: float
    """The share of pairs whose games give the same number."""
    shift: float = 1.0
    """How much higher B's mean is than A's where the pair differs (0 to 4)."""

    def __attrs_post_init__(self) -> None:
        if self.law not in LAWS or not 0 <= self.alike <= 1 or not 0 <= self.shift <= 4:
            raise ValueError(f"no {self.law} numbers are {self.alike:.0%} alike, {self.shift} up")

    @property
    def difference(self) -> float:
        """The true difference of means, ``B - A``."""
        return (1 - self.alike) * self.shift

    def draw(self, rng: Any, shape: tuple[int, int], shift: float = 0.0) -> Any:
        """Numbers of ``shape`` from the law, its mean 2 + ``shift``."""
        mean = 2.0 + shift
        if self.law == "normal":
            return rng.normal(mean, 1.0, shape)
        if self.law == "poisson":
            return rng.poisson(mean, shape).astype("float64")
        if self.law == "geometric":
            return rng.geometric(1 / mean, shape).astype("float64")
        return rng.binomial(6, mean / 6, shape).astype("float64")

    def pairs(self, rng: Any, shape: tuple[int, int]) -> tuple[Any, Any]:
        """Arm A's and arm B's numbers of ``shape`` pairs, ``alike`` of them the same."""
        a = self.draw(rng, shape)
        alike = rng.random(shape) < self.alike
        return a, self.draw_b(rng, shape, alike, a)

    def draw_b(self, rng: Any, shape: tuple[int, int], alike: Any, a: Any) -> Any:
        """B's numbers: ``a`` where the pair is alike, else drawn from the shifted law."""
        return _numpy().where(alike, a, self.draw(rng, shape, self.shift))


@attrs.frozen
class Coverage:
    """How often one interval of numbers held the true value, and how often it said it may not."""

    clear: float
    """The coverage among the experiments whose interval carries no note (NaN if none)."""
    noted: float
    """The share of experiments whose interval carries a note (too few values differ)."""
    overall: float
    """The coverage over every experiment, noted or not."""


def number_coverage(
    numbers: Numbers, n: int, *, experiments: int, seed: int
) -> dict[str, Coverage]:
    """The :class:`Coverage` of each t interval of numbers gamefold reports for ``n`` pairs
    drawn from ``numbers``, over ``experiments`` seeded experiments, a note where fewer
    than :data:`~gamefold.sim.stats.FEWEST_DIFFERING` values differ as
    :func:`~gamefold.sim.difference` notes it: the paired t interval of the differences,
    Welch's when arm B plays other seeds, and the t interval of arm A's mean."""
    np = _numpy()
    rng = np.random.default_rng(seed)
    shape = (experiments, n)
    a, b = numbers.pairs(rng, shape)
    true = numbers.difference
    found = {"paired t": _noted(t_bounds(b - a), true, differing(b - a) < FEWEST_DIFFERING)}
    other = numbers.draw_b(rng, shape, rng.random(shape) < numbers.alike, numbers.draw(rng, shape))
    few = (differing(a) < FEWEST_DIFFERING) & (differing(other) < FEWEST_DIFFERING)
    found["Welch (unpaired)"] = _noted(welch_bounds(a, other), true, few)
    found["t (A's mean)"] = _noted(t_bounds(a), 2.0, differing(a) < FEWEST_DIFFERING)
    return found


def _noted(bounds: tuple[Any, Any], true: float, noted: Any) -> Coverage:
    np = _numpy()
    low, high = bounds
    held = (low - 1e-9 <= true) & (true <= high + 1e-9)  # a hair of float rounding
    clear = float(held[~noted].mean()) if not noted.all() else float("nan")
    return Coverage(clear, float(np.mean(noted)), float(np.mean(held)))


def interval_coverage(pairs: Pairs, n: int, *, experiments: int, seed: int) -> dict[str, float]:
    """The coverage of each interval :func:`~gamefold.sim.difference` reports for ``n``
    pairs of yes/no games drawn from ``pairs``, over ``experiments`` seeded experiments:
    Clopper-Pearson's of each arm's rate, Tango's of the paired difference, and Newcombe's
    of the difference when the arms are played on other seeds (independent games)."""
    np = _numpy()
    proportion = require("sim", "statsmodels.stats.proportion", "a calibration")
    rng = np.random.default_rng(seed)
    both, a_only, b_only, _ = rng.multinomial(n, pairs.cells, size=experiments).T
    rate_a, rate_b = pairs.rates
    true = rate_b - rate_a
    low, high = tango_interval(b_only, a_only, np.full(experiments, n))
    found = {"Tango (paired)": _held(low, high, true)}
    for name, wins, rate in (
        ("Clopper-Pearson (A)", both + a_only, rate_a),
        ("Clopper-Pearson (B)", both + b_only, rate_b),
    ):
        found[name] = _held(*rate_bounds(wins, n), rate)
    wins_a, wins_b = rng.binomial(n, rate_a, experiments), rng.binomial(n, rate_b, experiments)
    low, high = proportion.confint_proportions_2indep(
        wins_b, n, wins_a, n, method="newcomb", compare="diff", alpha=1 - LEVEL
    )
    found["Newcombe (unpaired)"] = _held(low, high, true)
    return found


def rate_coverage(n: int, rates: Any) -> Any:
    """The exact coverage of a rate's interval (:func:`~gamefold.sim.stats.rate_bounds`) in
    ``n`` games at each true rate of ``rates``: the chance, summed over every count of wins
    the binomial gives, that the interval of that count holds the rate. No experiment is
    drawn, so the figure has no noise."""
    np = _numpy()
    binomial = require("sim", "scipy.stats", "a calibration").binom
    wins = np.arange(n + 1)
    low, high = rate_bounds(wins, n)
    rates = np.asarray(rates, dtype=float)[:, None]
    held = (low <= rates) & (rates <= high)
    return (binomial.pmf(wins, n, rates) * held).sum(axis=1)


def _held(low: Any, high: Any, true: float) -> float:
    np = _numpy()
    slack = 1e-9  # an end found by bisection may sit a hair inside the true value
    return float(np.mean((low - slack <= true) & (true <= high + slack)))


def sprt_errors(test: SPRT, pairs: Pairs, *, runs: int, games: int, seed: int) -> dict[str, float]:
    """The shares of ``runs`` seeded runs of ``test`` (at most ``games`` pairs each, looked
    at every ``test.step`` as :meth:`~gamefold.sim.SPRT.decide` does) that accept ``H0``,
    ``H1``, or stay ``undecided``, when pairs are drawn from ``pairs``."""
    np = _numpy()
    rng = np.random.default_rng(seed)
    looks = np.unique(np.append(np.arange(test.step, games + 1, test.step), games))
    _, a_only, b_only, _ = pairs.cells
    low, high = test.bounds
    verdicts = {"H0": 0, "H1": 0, "undecided": 0}
    for chunk in np.array_split(np.arange(runs), max(1, runs * games // 4_000_000)):
        draws = rng.random((len(chunk), games))
        minus = np.cumsum(draws < a_only, axis=1, dtype="int32")[:, looks - 1]
        plus = np.cumsum(draws >= 1 - b_only, axis=1, dtype="int32")[:, looks - 1]
        path = trinomial_llr(minus, looks - minus - plus, plus, test.h0, test.h1)
        crossed = (path <= low) | (path >= high)
        first = np.where(crossed.any(axis=1), crossed.argmax(axis=1), -1)
        at = path[np.arange(len(chunk)), first]
        verdicts["undecided"] += int((first < 0).sum())
        verdicts["H1"] += int(((first >= 0) & (at >= high)).sum())
        verdicts["H0"] += int(((first >= 0) & (at <= low)).sum())
    return {verdict: count / runs for verdict, count in verdicts.items()}
