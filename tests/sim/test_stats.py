"""The intervals compare reports, against SciPy and statsmodels, and their coverage.

Synthetic data only (no games): each coverage check runs 2,000 experiments of a known true
difference and counts how often the 95% interval holds it.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from gamefold.sim import SPRT, difference
from gamefold.sim.fairness import _cochran
from gamefold.sim.stats import mean_interval, rate_interval

EXPERIMENTS = 2000


def test_unpaired_rates_get_newcombes_interval_from_statsmodels() -> None:
    rng = np.random.default_rng(1)
    a, b = rng.random(400) < 0.40, rng.random(400) < 0.48
    found = difference(a, b, paired=False)
    low, high = confint_proportions_2indep(
        b.sum(), 400, a.sum(), 400, method="newcomb", compare="diff"
    )
    assert (found.interval.low, found.interval.high) == pytest.approx((low, high))
    assert found.method == "Newcombe's hybrid score interval"
    assert found.value == pytest.approx(b.mean() - a.mean())
    wilson = proportion_confint(a.sum(), 400, method="wilson")
    assert (found.a.interval.low, found.a.interval.high) == pytest.approx(wilson)
    assert found.binary
    assert not found.paired
    assert found.n == 400


def test_paired_rates_get_scipys_paired_t_interval() -> None:
    rng = np.random.default_rng(2)
    luck = rng.random(300)
    a, b = luck < 0.4, luck < 0.47  # the same seeds: b wins wherever a does, and more
    found = difference(a, b, paired=True)
    expected = stats.ttest_rel(b.astype(float), a.astype(float)).confidence_interval(0.95)
    assert (found.interval.low, found.interval.high) == pytest.approx((expected.low, expected.high))
    assert found.method == "paired t interval of the per-seed differences"
    unpaired = difference(a, b, paired=False)
    assert found.interval.high - found.interval.low < unpaired.interval.high - unpaired.interval.low


def test_numbers_get_scipys_bootstrap_the_same_for_the_same_seed() -> None:
    rng = np.random.default_rng(3)
    a, b = rng.normal(10, 2, 120), rng.normal(10.5, 2, 120)
    found = difference(a, b, paired=False, seed=7, resamples=999)
    expected = stats.bootstrap(
        (a, b),
        lambda x, y, axis: y.mean(axis=axis) - x.mean(axis=axis),
        n_resamples=999,
        method="BCa",
        rng=np.random.default_rng(7),
    ).confidence_interval
    assert (found.interval.low, found.interval.high) == pytest.approx((expected.low, expected.high))
    assert found.method == "BCa bootstrap"
    assert not found.binary
    assert difference(a, b, paired=False, seed=7, resamples=999) == found
    paired = difference(a, b, paired=True, seed=7, resamples=999)
    assert paired.method == "BCa bootstrap of the per-seed differences"
    assert paired.a.interval == mean_interval(a)


def test_identical_arms_give_a_point_interval_not_a_warning() -> None:
    same = np.array([1.0, 0.0, 1.0, 1.0])
    found = difference(same, same)
    assert (found.value, found.interval.low, found.interval.high) == (0.0, 0.0, 0.0)
    assert difference([3.0] * 5, [3.0] * 5, paired=False).interval.low == 0.0


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(ValueError, match="as many games"):
        difference([1, 0], [1, 0, 1])
    with pytest.raises(ValueError, match="at least one game"):
        difference([], [])
    with pytest.raises(ValueError, match="at least one game"):
        rate_interval(0, 0)


def _coverage(paired: bool, p_a: float, p_b: float, n: int, seed: int) -> float:
    """The share of experiments whose 95% interval holds the true difference."""
    rng = np.random.default_rng(seed)
    held = 0
    for _ in range(EXPERIMENTS):
        luck, own = rng.random(n), rng.random(n)
        a = luck < p_a
        # Paired: half the games share their luck (the same deal decides both arms).
        b = (np.where(rng.random(n) < 0.5, luck, own) if paired else own) < p_b
        held += difference(a, b, paired=paired).interval.covers(p_b - p_a)
    return held / EXPERIMENTS


@pytest.mark.parametrize("paired", [True, False], ids=["paired", "unpaired"])
def test_95_intervals_cover_the_true_difference_about_95_times_in_100(paired: bool) -> None:
    """Newcombe's interval (unpaired) and the paired interval hold the true +0.06 in 93%
    to 97% of 2,000 synthetic A/B tests of 300 games an arm (half the games' luck shared
    when paired)."""
    coverage = _coverage(paired, 0.40, 0.46, 300, seed=11)
    assert 0.93 <= coverage <= 0.97


def test_the_bootstrap_covers_a_difference_of_means_about_95_times_in_100() -> None:
    """The BCa bootstrap of unpaired game lengths (a little skewed, like rounds) holds the
    true difference in 93% to 97% of 1,000 experiments of 150 games an arm (1,000 resamples
    each: the cost of a bootstrap keeps this one to fewer experiments)."""
    rng = np.random.default_rng(12)
    held = 0
    for _ in range(1000):
        a, b = rng.gamma(9.0, 1.0, 150), rng.gamma(10.0, 1.0, 150)
        held += difference(a, b, paired=False, resamples=999).interval.covers(1.0)
    assert 0.93 <= held / 1000 <= 0.97


def _sprt_runs(test: SPRT, true: float, runs: int, seed: int) -> dict[str, int]:
    rng = np.random.default_rng(seed)
    verdicts = {"H0": 0, "H1": 0, "undecided": 0}
    for _ in range(runs):
        luck = rng.random(5000)
        a, b = luck < 0.45, rng.random(5000) < 0.45 + true
        verdicts[test.decide(b.astype(float) - a.astype(float)).verdict] += 1
    return verdicts


def test_the_sprt_keeps_its_stated_error_rates_on_a_known_difference() -> None:
    """With alpha = beta = 0.05: under H0 (no difference) H1 is accepted in at most about
    5% of 1,000 synthetic runs, under H1 (+0.08) H0 in at most about 5% (7% allows for the
    runs' own noise, two standard errors)."""
    test = SPRT(h1=0.08, alpha=0.05, beta=0.05, step=10)
    under_h0 = _sprt_runs(test, 0.0, 1000, seed=21)
    under_h1 = _sprt_runs(test, 0.08, 1000, seed=22)
    assert under_h0["H1"] / 1000 <= 0.07
    assert under_h1["H0"] / 1000 <= 0.07
    assert under_h0["undecided"] == under_h1["undecided"] == 0


def test_the_sprt_llr_and_bounds_are_wald_and_fishtests() -> None:
    test = SPRT(h1=0.1, alpha=0.05, beta=0.1)
    assert test.bounds == pytest.approx((np.log(0.1 / 0.95), np.log(0.9 / 0.05)))
    x = np.array([1.0, 0.0, -1.0, 1.0, 1.0, 0.0])
    expected = len(x) * 0.1 * (2 * x.mean() - 0.1) / (2 * x.var())
    assert test.llr(x) == pytest.approx(expected)
    assert SPRT(h1=0.1, step=3).decide(np.zeros(9)).verdict == "H0"  # no spread, no gain
    assert SPRT(h1=0.1).decide([]).verdict == "undecided"
    with pytest.raises(ValueError, match="error rate"):
        SPRT(h1=0.1, alpha=0.6)
    with pytest.raises(ValueError, match="differ"):
        SPRT(h1=0.0)


def test_cochrans_q_is_statsmodels_and_skips_games_that_tell_nothing() -> None:
    from statsmodels.stats.contingency_tables import cochrans_q

    matrix = np.array([[1, 0], [1, 0], [0, 1], [1, 0], [1, 0], [1, 0]])
    found = cochrans_q(matrix)
    assert _cochran(matrix) == pytest.approx((found.statistic, found.pvalue))
    assert _cochran(np.array([[1, 1], [0, 0]])) == (None, None)
