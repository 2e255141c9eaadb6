"""Sequential stopping: play games until the answer is decided at stated error rates.

:class:`SPRT` is the sequential probability ratio test chess engine testing frameworks run
(Fishtest's "GSPRT"): it weighs ``H0: b - a = h0`` against ``H1: b - a = h1`` on the
per-game differences ``b[i] - a[i]`` with the normal approximation of the log-likelihood
ratio,

    LLR = n (h1 - h0) (2 mean - h0 - h1) / (2 variance),

and stops as soon as it leaves Wald's bounds ``log(beta / (1 - alpha))`` (accept H0) and
``log((1 - beta) / alpha)`` (accept H1). ``alpha`` is the chance of accepting H1 when H0 is
true, ``beta`` that of accepting H0 when H1 is true. No kept library carries this test
(SciPy and statsmodels have fixed-sample tests only), so the two lines above are written
here; the tests check its error rates by simulation.

The ratio is looked at every ``step`` games (a look after each game costs a fold of the
frame each time); looking less often only makes the test a little more careful.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import attrs

from gamefold.sim.extras import require

__all__ = ["SPRT", "Decision"]

Verdict = Literal["H0", "H1", "undecided"]


def _rate(name: str) -> Any:
    def check(_: object, attribute: attrs.Attribute[Any], value: float) -> None:
        if not isinstance(value, float | int) or not 0 < value < 0.5:
            raise ValueError(f"{name} is an error rate between 0 and 0.5, not {value!r}")

    return check


@attrs.frozen
class SPRT:
    """A sequential test of ``H0: b - a = h0`` against ``H1: b - a = h1`` (``h1 != h0``).

    ``SPRT(h1=0.05)`` asks "does B win 5 points more often than A, or no more than A?",
    deciding each way with at most 5% error (``alpha``, ``beta``), looking every ``step``
    games; ``compare(..., games=N)`` plays at most ``N`` games an arm.
    """

    h1: float
    """The difference H1 claims (in the metric's unit: 0.05 is five points of win rate)."""
    h0: float = 0.0
    """The difference H0 claims (no difference by default)."""
    alpha: float = attrs.field(default=0.05, validator=_rate("alpha"))
    """The chance of accepting H1 when H0 holds."""
    beta: float = attrs.field(default=0.05, validator=_rate("beta"))
    """The chance of accepting H0 when H1 holds."""
    step: int = 50
    """Games (per arm) between two looks at the ratio."""

    def __attrs_post_init__(self) -> None:
        if self.h1 == self.h0:
            raise ValueError(f"h1 and h0 must differ, both are {self.h0}")
        if isinstance(self.step, bool) or not isinstance(self.step, int) or self.step < 1:
            raise ValueError(f"step is a whole number >= 1, not {self.step!r}")

    @property
    def bounds(self) -> tuple[float, float]:
        """Wald's bounds on the LLR: below the first accept H0, above the second H1."""
        return (
            math.log(self.beta / (1 - self.alpha)),
            math.log((1 - self.beta) / self.alpha),
        )

    def llr(self, differences: Any) -> float:
        """The log-likelihood ratio of H1 to H0 after ``differences`` (one per game)."""
        np = require("sim", "numpy", "a sequential test")
        values = np.asarray(differences, dtype="float64")
        return float(self._path(values, np.array([len(values)]))[0])

    def _path(self, values: Any, looks: Any) -> Any:
        """The LLR after each of ``looks`` games (a rising array of counts)."""
        np = require("sim", "numpy", "a sequential test")
        total, squares = np.cumsum(values)[looks - 1], np.cumsum(values**2)[looks - 1]
        mean = total / looks
        variance = np.maximum(squares / looks - mean**2, 0.0)
        gap = looks * (self.h1 - self.h0) * (2 * mean - self.h0 - self.h1)
        with np.errstate(divide="ignore", invalid="ignore"):
            # No spread at all (every pair the same): the evidence is as strong as it gets.
            llr = np.where(variance > 0, gap / (2 * np.where(variance > 0, variance, 1)), 0.0)
            return np.where((variance == 0) & (gap != 0), np.sign(gap) * np.inf, llr)

    def decide(self, differences: Any) -> Decision:
        """The first look (every ``step`` games, and at the last game) whose LLR leaves the
        bounds, or ``undecided`` after every difference given."""
        np = require("sim", "numpy", "a sequential test")
        values = np.asarray(differences, dtype="float64")
        if len(values) == 0:
            return Decision("undecided", 0, 0.0, self)
        looks = np.unique(np.append(np.arange(self.step, len(values) + 1, self.step), len(values)))
        path = self._path(values, looks)
        low, high = self.bounds
        crossed = np.flatnonzero((path <= low) | (path >= high))
        if len(crossed) == 0:
            return Decision("undecided", int(looks[-1]), float(path[-1]), self)
        at = int(crossed[0])
        verdict: Verdict = "H1" if path[at] >= high else "H0"
        return Decision(verdict, int(looks[at]), float(path[at]), self)


@attrs.frozen
class Decision:
    """What a sequential test decided, and after how many games (per arm)."""

    verdict: Verdict
    """``"H1"``, ``"H0"``, or ``"undecided"`` when the games ran out first."""
    games: int
    """Games per arm used (at the deciding look, or all of them)."""
    llr: float
    """The log-likelihood ratio at that look."""
    test: SPRT
    """The test that decided."""

    @property
    def decided(self) -> bool:
        """Whether the test stopped on a verdict."""
        return self.verdict != "undecided"

    def sentence(self, unit: str = "") -> str:
        """The verdict in words (``unit`` follows each hypothesis's difference)."""
        test = self.test
        h0, h1 = f"{test.h0:+g}{unit}", f"{test.h1:+g}{unit}"
        if self.verdict == "H1":
            return f"SPRT accepts H1 (difference {h1}, not {h0}) after {self.games} games"
        if self.verdict == "H0":
            return f"SPRT accepts H0 (difference {h0}, not {h1}) after {self.games} games"
        return f"SPRT undecided between {h0} and {h1} after {self.games} games"
