"""The calibration study: every interval compare reports, and the SPRT, keep their promises.

Seeded simulations of the statistics themselves (counts drawn with NumPy, no games played),
through the functions compare uses (:mod:`gamefold.sim.calibration`): coverage of each 95%
interval over 4,000 experiments at 10 to 400 pairs with 0% to 99% of pairs alike, and the
SPRT's error rates over 2,000 runs, for independent and correlated arms, looking after every
game or every ``step`` games.
"""

from __future__ import annotations

import pytest

from gamefold.sim import SPRT
from gamefold.sim.calibration import (
    LAWS,
    Numbers,
    Pairs,
    interval_coverage,
    number_coverage,
    rate_coverage,
    sprt_errors,
)

ALIKE = (0.0, 0.5, 0.8, 0.95, 0.99)
EXPERIMENTS = 2000
COVERAGE_EXPERIMENTS = 4000
NOISE = 2 * (0.95 * 0.05 / COVERAGE_EXPERIMENTS) ** 0.5
"""Two standard errors of a coverage near 95% measured over the experiments."""


@pytest.mark.parametrize("n", [10, 20, 40, 100, 400])
def test_every_interval_covers_at_least_93_in_100(n: int) -> None:
    """At nominal 95%: Tango's paired and Newcombe's unpaired intervals hold the true
    difference, Clopper-Pearson's each arm's rate, in at least 93% of the experiments,
    whether no pair or nearly every pair is alike, with no difference or a third of the
    differing pairs' share, and rates near one half or near 0.9. Each figure is measured
    over 4,000 experiments, so it is held to 93% less two standard errors of that measure
    (0.7 points)."""
    for alike in ALIKE:
        for share in (0.0, 1 / 3):
            for won in (0.5, 0.9):
                pairs = Pairs(alike, (1 - alike) * share, won)
                found = interval_coverage(pairs, n, experiments=COVERAGE_EXPERIMENTS, seed=n)
                for method, coverage in found.items():
                    assert coverage >= 0.93 - NOISE, (method, pairs, n, coverage)


@pytest.mark.parametrize("law", LAWS)
@pytest.mark.parametrize("n", [10, 20, 40, 100, 400])
def test_every_t_interval_of_numbers_printed_without_a_note_covers_93_in_100(
    n: int, law: str
) -> None:
    """At nominal 95%: the paired t interval, Welch's (other seeds) and the t interval of a
    mean hold the true value in at least 93% of the experiments whose interval carries no
    note (at least 10 values differ from the most common one), for normal, Poisson,
    geometric and bounded numbers, B's mean the same as A's or higher by one, 0% to 99% of
    the pairs alike. Each figure is held to 93% less two standard errors of its measure,
    over the experiments without a note (when at least 200 of the 4,000 have none)."""
    for alike in ALIKE:
        for shift in (0.0, 1.0):
            numbers = Numbers(law, alike, shift)
            found = number_coverage(numbers, n, experiments=COVERAGE_EXPERIMENTS, seed=n)
            for method, coverage in found.items():
                clear = (1 - coverage.noted) * COVERAGE_EXPERIMENTS
                if clear >= 200:
                    noise = 2 * (0.95 * 0.05 / clear) ** 0.5
                    assert coverage.clear >= 0.93 - noise, (method, numbers, n, coverage)


@pytest.mark.parametrize("law", LAWS)
def test_where_the_paired_t_interval_falls_short_its_output_says_so(law: str) -> None:
    """Where the paired t interval over every experiment holds the true difference less
    than 93% of the time (few pairs, most of them alike), most experiments' intervals carry
    the note: a falsely confident interval is the exception there, not the rule."""
    short = 0
    for n in (10, 20, 40):
        for alike in (0.8, 0.95, 0.99):
            numbers = Numbers(law, alike, 1.0)
            found = number_coverage(numbers, n, experiments=1000, seed=n)["paired t"]
            if found.overall < 0.93:
                short += 1
                assert found.noted >= 0.5, (numbers, n, found)
    assert short >= 3  # the region is there to be flagged


@pytest.mark.parametrize("n", [10, 20, 40, 100, 400])
def test_a_rates_interval_covers_every_rate(n: int) -> None:
    """The exact coverage of a rate's interval, at 199 true rates from 0.005 to 0.995, is
    never under 95%: no rate and no number of games finds it short (Wilson's score interval
    falls to 84% at 10 games and to 90% at 40)."""
    import numpy as np

    coverage = rate_coverage(n, np.linspace(0.005, 0.995, 199))
    assert coverage.min() >= 0.95, coverage.argmin()


SCENARIOS = [
    ("independent", Pairs.independent(0.45, 0.45), Pairs.independent(0.45, 0.55), 0.1),
    ("half alike", Pairs(0.5, 0.0), Pairs(0.5, 0.1), 0.1),
    ("80% alike", Pairs(0.8, 0.0), Pairs(0.8, 0.05), 0.05),
    ("95% alike", Pairs(0.95, 0.0), Pairs(0.95, 0.05), 0.05),
    ("97% alike", Pairs(0.97, 0.0), Pairs(0.97, 0.03), 0.03),
]


@pytest.mark.parametrize("step", [1, 10, 50])
@pytest.mark.parametrize(
    ("name", "null", "alternative", "h1"), SCENARIOS, ids=[s[0] for s in SCENARIOS]
)
def test_the_sprt_keeps_alpha_and_beta_within_two_points(
    name: str, null: Pairs, alternative: Pairs, h1: float, step: int
) -> None:
    """Under H0 (no difference) H1 is accepted in at most alpha + 2 points of 2,000 runs,
    under H1 H0 in at most beta + 2 points, and (almost) every run decides within 2,000
    pairs, whatever share of the pairs is alike and however often the test looks."""
    test = SPRT(h1=h1, step=step)
    under_h0 = sprt_errors(test, null, runs=EXPERIMENTS, games=2000, seed=step)
    under_h1 = sprt_errors(test, alternative, runs=EXPERIMENTS, games=2000, seed=step + 1)
    assert under_h0["H1"] <= test.alpha + 0.02, under_h0
    assert under_h1["H0"] <= test.beta + 0.02, under_h1
    assert under_h0["undecided"] <= 0.01
    assert under_h1["undecided"] <= 0.01
