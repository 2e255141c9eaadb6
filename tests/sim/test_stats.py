"""The intervals compare reports, against SciPy and statsmodels, and their coverage.

Synthetic data only (no games): each coverage check runs 2,000 experiments of a known true
difference and counts how often the 95% interval holds it.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from gamefold import ConfigError
from gamefold.sim import SPRT, difference
from gamefold.sim.fairness import _cochran
from gamefold.sim.stats import FEWEST_DIFFERING, mean_interval, rate_interval

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
    exact = proportion_confint(a.sum(), 400, method="beta")
    assert (found.a.interval.low, found.a.interval.high) == pytest.approx(exact)
    assert found.binary
    assert not found.paired
    assert found.n == 400


def _score_by_likelihood(gained: int, lost: int, n: int, d: float) -> float:
    """The score statistic of ``P(B only) - P(A only) = d``, its nuisance maximized
    numerically over the multinomial likelihood (independent of the closed form)."""
    from scipy.optimize import minimize_scalar

    same = n - gained - lost

    def minus_log_likelihood(q: float) -> float:
        cells = (q + d, q, 1 - 2 * q - d)
        return -sum(k * np.log(p) for k, p in zip((gained, lost, same), cells, strict=True) if k)

    q = minimize_scalar(
        minus_log_likelihood, bounds=(max(0, -d) + 1e-12, (1 - d) / 2 - 1e-12), method="bounded"
    ).x
    return (gained - lost - n * d) / np.sqrt(n * (2 * q + d * (1 - d)))


@pytest.mark.parametrize(("gained", "lost", "n"), [(1, 0, 40), (9, 4, 30), (30, 2, 200)])
def test_paired_rates_get_tangos_score_interval(gained: int, lost: int, n: int) -> None:
    a = np.zeros(n)
    b = np.zeros(n)
    b[:gained] = 1
    a[gained : gained + lost] = 1
    found = difference(a, b, paired=True)
    assert found.method == "Tango's score interval of paired rates"
    assert found.value == pytest.approx((gained - lost) / n)
    z = stats.norm.ppf(0.975)
    assert _score_by_likelihood(gained, lost, n, found.interval.low) == pytest.approx(z, abs=1e-4)
    assert _score_by_likelihood(gained, lost, n, found.interval.high) == pytest.approx(-z, abs=1e-4)
    unpaired = difference(a, b, paired=False)
    assert -1 <= found.interval.low < found.value < found.interval.high <= 1
    assert unpaired.method == "Newcombe's hybrid score interval"


def test_pairs_all_alike_still_leave_a_wide_interval() -> None:
    """0 of 40 pairs differing: Tango's interval is +-z^2 / (n + z^2), not a point."""
    same = np.array([1.0, 0.0] * 20)
    found = difference(same, same)
    edge = stats.norm.ppf(0.975) ** 2 / (40 + stats.norm.ppf(0.975) ** 2)
    assert (found.interval.low, found.interval.high) == pytest.approx((-edge, edge))
    assert found.interval.text(signed=True) == "[-0.088, +0.088]"
    one = same.copy()
    one[1] = 1.0
    low, high = difference(same, one).interval.low, difference(same, one).interval.high
    assert (round(low, 3), round(high, 3)) == (-0.065, 0.129)


def test_shares_get_an_interval_inside_zero_and_one() -> None:
    """A share near 1 over few games: the t interval would pass 1, the share's stays in."""
    shares = np.array([1.0] * 27 + [0.5, 1 / 3, 0.0])
    assert mean_interval(shares).high > 1
    found = difference(shares, shares, share=True)
    assert found.a.interval.method == "Clopper-Pearson interval of the mean share"
    assert 0 <= found.a.interval.low < found.a.value < found.a.interval.high <= 1
    exact = proportion_confint(shares.sum(), len(shares), method="beta")
    assert (found.a.interval.low, found.a.interval.high) == pytest.approx(exact)
    with pytest.raises(ValueError, match="between 0 and 1"):
        difference([2.0, 0.0], [1.0, 0.0], share=True)


def test_numbers_get_scipys_paired_t_and_welchs_t_intervals() -> None:
    rng = np.random.default_rng(3)
    a, b = rng.normal(10, 2, 120), rng.normal(10.5, 2, 120)
    paired = difference(a, b, paired=True)
    expected = stats.ttest_rel(b, a).confidence_interval(0.95)
    assert (paired.interval.low, paired.interval.high) == pytest.approx(
        (expected.low, expected.high)
    )
    assert paired.method == "paired t interval of the per-seed differences"
    assert paired.a.interval == mean_interval(a)
    unpaired = difference(a, b, paired=False)
    welch = stats.ttest_ind(b, a, equal_var=False).confidence_interval(0.95)
    assert (unpaired.interval.low, unpaired.interval.high) == pytest.approx((welch.low, welch.high))
    assert unpaired.method == "Welch's t interval"
    assert not unpaired.binary
    assert paired.note == unpaired.note == ""


def test_a_t_interval_from_too_few_differing_pairs_says_so() -> None:
    """With 2 of 10 pairs differing the paired t interval covers far less than 95% (the
    calibration study), so the difference carries a note naming the count; 10 differing
    pairs of 40 are enough, and a note there would be noise."""
    a, b = np.zeros(10), np.zeros(10)
    b[:2] = (1.0, 3.0)
    found = difference(a, b)
    assert found.note == (
        "only 2 of 10 pairs differ: fewer than 10, too few for a t interval to hold its 95%"
    )
    a, b = np.zeros(40), np.zeros(40)
    b[:FEWEST_DIFFERING] = np.arange(1.0, FEWEST_DIFFERING + 1)
    assert difference(a, b).note == ""
    assert "only 1 of 40 games of arm A differs" in difference([*a[:-1], 5.0], a, paired=False).note
    assert "most common +3" in mean_interval([3.0] * 30 + [4.0]).note


def test_identical_numbers_give_a_point_interval_not_a_warning() -> None:
    same = np.array([3.0, 5.0, 4.0, 4.0])
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


def test_welchs_interval_covers_a_difference_of_means_about_95_times_in_100() -> None:
    """Welch's interval of unpaired game lengths (a little skewed, like rounds) holds the
    true difference in 93% to 97% of 2,000 experiments of 150 games an arm."""
    rng = np.random.default_rng(12)
    held = 0
    for _ in range(EXPERIMENTS):
        a, b = rng.gamma(9.0, 1.0, 150), rng.gamma(10.0, 1.0, 150)
        held += difference(a, b, paired=False).interval.covers(1.0)
    assert 0.93 <= held / EXPERIMENTS <= 0.97


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


def _trinomial_llr_by_search(x: np.ndarray, h0: float, h1: float) -> float:
    """The GSPRT's ratio with each hypothesis's trinomial found by numeric search."""
    from scipy.optimize import minimize_scalar

    counts = [max(float((x == v).sum()), 1e-3) for v in (-1, 0, 1)]

    def best(h: float) -> float:
        def minus(t: float) -> float:
            cells = (t, 1 - 2 * t - h, t + h)
            return -sum(k * np.log(p) for k, p in zip(counts, cells, strict=True))

        bounds = (max(0.0, -h) + 1e-12, (1 - h) / 2 - 1e-12)
        found = minimize_scalar(minus, bounds=bounds, method="bounded", options={"xatol": 1e-12})
        return -float(found.fun)

    return best(h1) - best(h0)


def test_the_sprt_llr_and_bounds_are_wald_and_the_gsprts() -> None:
    test = SPRT(h1=0.1, alpha=0.05, beta=0.1)
    assert test.bounds == pytest.approx((np.log(0.1 / 0.95), np.log(0.9 / 0.05)))
    x = np.array([1.0, 0.0, -1.0, 1.0, 1.0, 0.0])
    assert test.llr(x) == pytest.approx(_trinomial_llr_by_search(x, 0.0, 0.1), abs=1e-6)
    shifted = SPRT(h1=-0.2, h0=0.1)
    assert shifted.llr(x) == pytest.approx(_trinomial_llr_by_search(x, 0.1, -0.2), abs=1e-6)
    numbers = np.array([2.0, 0.5, -1.0, 3.0, 1.5, 0.0])
    normal = len(numbers) * 0.1 * (2 * numbers.mean() - 0.1) / (2 * numbers.var())
    assert test.llr(numbers) == pytest.approx(normal)
    assert SPRT(h1=0.1).decide([]).verdict == "undecided"


def test_pairs_all_alike_are_evidence_for_h0_not_proof() -> None:
    """Every pair alike: each adds about log(1 - h1) to the ratio, so 50 of them do not
    decide at 5% errors (they would happen 1 time in 13 if B were 5 points better and 95%
    of pairs alike), and about log(beta) / log(1 - h1) do."""
    test = SPRT(h1=0.05, step=1)
    assert test.decide(np.zeros(50)).verdict == "undecided"
    found = test.decide(np.zeros(200))
    assert found.verdict == "H0"
    assert 50 < found.games < 65
    assert test.llr(np.zeros(20)) == pytest.approx(20 * np.log(0.95), rel=0.01)
    numbers = SPRT(h1=2.0, step=5).decide(np.zeros(40), binary=False)
    assert numbers.verdict == "undecided"  # no spread in numbers tells nothing


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"h1": float("nan")}, "h1"),
        ({"h1": float("inf")}, "h1"),
        ({"h1": "0.05"}, "h1"),
        ({"h1": 0.05, "h0": float("-inf")}, "h0"),
        ({"h1": 0.05, "alpha": float("nan")}, "alpha"),
        ({"h1": 0.05, "beta": 0.6}, "beta"),
        ({"h1": 0.05, "alpha": True}, "alpha"),
        ({"h1": 0.05, "step": 0}, "step"),
        ({"h1": 0.05, "step": 2.0}, "step"),
        ({"h1": 0.0}, "h1"),
    ],
)
def test_a_wrong_sprt_is_refused_naming_the_parameter(options: dict, field: str) -> None:
    with pytest.raises(ConfigError) as raised:
        SPRT(**options)
    assert raised.value.field == field


def test_a_difference_of_rates_beyond_one_is_refused() -> None:
    with pytest.raises(ConfigError, match="between -1 and 1"):
        SPRT(h1=2.0).decide([1.0, 0.0, -1.0])
    assert SPRT(h1=2.0).llr([3.0, 1.0, 2.5], binary=False) > 0  # numbers: any difference


def test_cochrans_q_is_statsmodels_and_skips_games_that_tell_nothing() -> None:
    from statsmodels.stats.contingency_tables import cochrans_q

    matrix = np.array([[1, 0], [1, 0], [0, 1], [1, 0], [1, 0], [1, 0]])
    found = cochrans_q(matrix)
    assert _cochran(matrix) == pytest.approx((found.statistic, found.pvalue))
    assert _cochran(np.array([[1, 1], [0, 0]])) == (None, None)
