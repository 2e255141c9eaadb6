"""A small run of the calibration study for the quick lane (the full one is slow)."""

from __future__ import annotations

import numpy as np

from gamefold.sim import SPRT, difference
from gamefold.sim.calibration import Numbers, Pairs, interval_coverage, number_coverage, sprt_errors
from gamefold.sim.stats import differing, t_bounds


def test_the_study_runs_the_intervals_compare_reports() -> None:
    found = interval_coverage(Pairs(0.9, 0.05), 40, experiments=300, seed=1)
    assert set(found) == {
        "Tango (paired)",
        "Clopper-Pearson (A)",
        "Clopper-Pearson (B)",
        "Newcombe (unpaired)",
    }
    assert all(0.9 <= share <= 1 for share in found.values()), found
    # The study's Tango interval is difference()'s for the same counts.
    a, b = np.zeros(40), np.zeros(40)
    b[:3], a[3:4] = 1, 1
    assert Pairs(0.9, 0.05).rates == (0.475, 0.525)
    assert difference(a, b).method == "Tango's score interval of paired rates"


def test_the_study_runs_the_sprt_as_decide_does() -> None:
    test = SPRT(h1=0.1, step=5)
    found = sprt_errors(test, Pairs(0.95, 0.0), runs=200, games=600, seed=2)
    assert found["H1"] <= 0.1
    assert sum(found.values()) == 1.0
    rng = np.random.default_rng(3)
    draws = rng.random(600)
    differences = np.where(draws < 0.025, -1.0, np.where(draws >= 0.975, 1.0, 0.0))
    assert test.decide(differences).verdict in ("H0", "undecided")


def test_the_study_notes_the_t_intervals_difference_notes() -> None:
    """The study's paired t interval and its note are difference()'s for the same pairs:
    with 80% of 10 pairs alike most experiments are noted, and an experiment's interval
    and note agree with what difference() prints for its numbers."""
    numbers = Numbers("poisson", 0.8, 1.0)
    found = number_coverage(numbers, 10, experiments=200, seed=4)
    assert set(found) == {"paired t", "Welch (unpaired)", "t (A's mean)"}
    assert found["paired t"].noted >= 0.9
    assert found["t (A's mean)"].noted == 1.0  # 10 games never have 10 off the most common
    a, b = numbers.pairs(np.random.default_rng(4), (1, 10))
    printed = difference(a[0], b[0])
    low, high = t_bounds(b - a)
    assert (printed.interval.low, printed.interval.high) == (low[0], high[0])
    assert printed.note.startswith(f"only {int(differing(b - a)[0])} of 10 pairs")
