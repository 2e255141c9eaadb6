"""Sequential stopping: play games until the answer is decided at stated error rates.

:class:`SPRT` is the generalized sequential probability ratio test (GSPRT) that chess
engine testing frameworks run (Fishtest; M. Van den Bergh, "A practical introduction to the
GSPRT", 2016), after Wald's SPRT (A. Wald, *Sequential Analysis*, 1947). It weighs
``H0: b - a = h0`` against ``H1: b - a = h1`` on the per-game differences ``b[i] - a[i]``
and stops as soon as the log-likelihood ratio leaves Wald's bounds ``log(beta / (1 -
alpha))`` (accept H0) and ``log((1 - beta) / alpha)`` (accept H1). ``alpha`` is the chance
of accepting H1 when H0 is true, ``beta`` that of accepting H0 when H1 is true.

- **A rate** (a yes/no per game): each pair's difference is -1, 0 or +1, a trinomial. Under
  each hypothesis the test takes the trinomial of largest likelihood whose mean is that
  hypothesis's difference (the constrained maximum likelihood, in closed form), and the
  ratio is that of the two likelihoods. The share of pairs alike is a nuisance the test
  estimates, so it holds whether the arms mostly agree or are independent. A category not
  yet seen counts as 0.001 of a game (Fishtest's regularization), so a run of pairs alike
  is evidence, weighed as such, never proof: it takes about ``log(1 / beta) / h1`` of them.
- **A number** per game: the normal approximation of the same ratio,
  ``n (h1 - h0) (2 mean - h0 - h1) / (2 variance)``; a look where the differences do not
  vary at all tells nothing (its ratio is 0).

The ratio is looked at every ``step`` games (and at the last one); looking less often only
makes the test a little more careful. No kept library carries this test (SciPy and
statsmodels have fixed-sample tests only), so its few lines are written here, and
:mod:`gamefold.sim.calibration` checks its error rates by simulation.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import attrs

from gamefold.errors import ConfigError
from gamefold.sim.extras import require

__all__ = ["SPRT", "Decision", "trinomial_llr"]

Verdict = Literal["H0", "H1", "undecided"]

PRIOR = 1e-3
"""What a trinomial category never seen yet counts for, in games (Fishtest's choice)."""


def _numpy() -> Any:
    return require("sim", "numpy", "a sequential test")


def _finite(name: str) -> Any:
    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, float | int):
            raise ConfigError(name, f"{name} is a number, not {value!r}")
        if not math.isfinite(value):
            raise ConfigError(name, f"{name} is a finite number, not {value!r}")

    return check


def _rate(name: str) -> Any:
    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        _finite(name)(_, attribute, value)
        if not 0 < value < 0.5:  # type: ignore[operator]
            raise ConfigError(name, f"{name} is an error rate between 0 and 0.5, not {value!r}")

    return check


def _step(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError("step", f"step is a whole number >= 1, not {value!r}")


@attrs.frozen
class SPRT:
    """A sequential test of ``H0: b - a = h0`` against ``H1: b - a = h1`` (``h1 != h0``).

    ``SPRT(h1=0.05)`` asks "does B win 5 points more often than A, or no more than A?",
    deciding each way with at most 5% error (``alpha``, ``beta``), looking every ``step``
    games; ``compare(..., games=N)`` plays at most ``N`` games an arm. For a rate, ``h0``
    and ``h1`` lie between -1 and 1. Wrong values raise :class:`~gamefold.ConfigError`.
    """

    h1: float = attrs.field(validator=_finite("h1"))
    """The difference H1 claims (in the metric's unit: 0.05 is five points of win rate)."""
    h0: float = attrs.field(default=0.0, validator=_finite("h0"))
    """The difference H0 claims (no difference by default)."""
    alpha: float = attrs.field(default=0.05, validator=_rate("alpha"))
    """The chance of accepting H1 when H0 holds."""
    beta: float = attrs.field(default=0.05, validator=_rate("beta"))
    """The chance of accepting H0 when H1 holds."""
    step: int = attrs.field(default=50, validator=_step)
    """Games (per arm) between two looks at the ratio."""

    def __attrs_post_init__(self) -> None:
        if self.h1 == self.h0:
            raise ConfigError("h1", f"h1 and h0 must differ, both are {self.h0}")

    @property
    def bounds(self) -> tuple[float, float]:
        """Wald's bounds on the LLR: below the first accept H0, above the second H1."""
        return (
            math.log(self.beta / (1 - self.alpha)),
            math.log((1 - self.beta) / self.alpha),
        )

    def check_rate(self) -> None:
        """Raise :class:`~gamefold.ConfigError` unless ``h0`` and ``h1`` can be differences
        of two rates (strictly between -1 and 1)."""
        for name in ("h1", "h0"):
            value = getattr(self, name)
            if not -1 < value < 1:
                raise ConfigError(
                    name, f"{name} is a difference of rates, between -1 and 1, not {value!r}"
                )

    def llr(self, differences: Any, *, binary: bool | None = None) -> float:
        """The log-likelihood ratio of H1 to H0 after ``differences`` (one per game);
        ``binary``: whether they are differences of yes/no values (by default: when each
        is -1, 0 or +1)."""
        values = _numpy().asarray(differences, dtype="float64")
        return float(self._path(values, _numpy().array([len(values)]), binary)[0])

    def _path(self, values: Any, looks: Any, binary: bool | None) -> Any:
        """The LLR after each of ``looks`` games (a rising array of counts)."""
        np = _numpy()
        if binary is None:
            binary = bool(np.isin(values, (-1.0, 0.0, 1.0)).all())
        if binary:
            self.check_rate()
            minus = np.cumsum(values == -1)[looks - 1]
            plus = np.cumsum(values == 1)[looks - 1]
            return trinomial_llr(minus, looks - minus - plus, plus, self.h0, self.h1)
        return self._normal_path(values, looks)

    def _normal_path(self, values: Any, looks: Any) -> Any:
        np = _numpy()
        total, squares = np.cumsum(values)[looks - 1], np.cumsum(values**2)[looks - 1]
        mean = total / looks
        variance = np.maximum(squares / looks - mean**2, 0.0)
        gap = looks * (self.h1 - self.h0) * (2 * mean - self.h0 - self.h1)
        # No spread at all: the normal model cannot weigh it, so the look tells nothing.
        spread = variance > 1e-12 * np.maximum(1.0, mean**2)
        return np.where(spread, gap / (2 * np.where(spread, variance, 1.0)), 0.0)

    def decide(self, differences: Any, *, binary: bool | None = None) -> Decision:
        """The first look (every ``step`` games, and at the last game) whose LLR leaves the
        bounds, or ``undecided`` after every difference given (``binary`` as in
        :meth:`llr`)."""
        np = _numpy()
        values = np.asarray(differences, dtype="float64")
        if len(values) == 0:
            return Decision("undecided", 0, 0.0, self)
        looks = np.unique(np.append(np.arange(self.step, len(values) + 1, self.step), len(values)))
        path = self._path(values, looks, binary)
        low, high = self.bounds
        crossed = np.flatnonzero((path <= low) | (path >= high))
        if len(crossed) == 0:
            return Decision("undecided", int(looks[-1]), float(path[-1]), self)
        at = int(crossed[0])
        verdict: Verdict = "H1" if path[at] >= high else "H0"
        return Decision(verdict, int(looks[at]), float(path[at]), self)


def trinomial_llr(minus: Any, zero: Any, plus: Any, h0: float, h1: float) -> Any:
    """The GSPRT's log-likelihood ratio of ``H1: mean = h1`` to ``H0: mean = h0`` for
    counts of pair differences -1, 0 and +1 (arrays of any one shape, element by element).

    Each hypothesis's likelihood is the largest of a trinomial whose mean is its difference
    (Van den Bergh's constrained maximum likelihood, here in closed form); counts of 0 are
    taken as :data:`PRIOR`, as Fishtest does.
    """
    np = _numpy()
    low, same, high = (
        np.maximum(np.asarray(c, dtype="float64"), PRIOR) for c in (minus, zero, plus)
    )
    return _log_likelihood(low, same, high, h1) - _log_likelihood(low, same, high, h0)


def _log_likelihood(minus: Any, zero: Any, plus: Any, h: float) -> Any:
    """The largest log-likelihood of a trinomial with ``P(+1) - P(-1) = h``.

    With ``P(-1) = t``, ``P(+1) = t + h``, ``P(0) = 1 - 2t - h``, setting the derivative
    to 0 gives ``2N t^2 - b t - c = 0`` with ``b = minus (1 - 3h) + plus (1 - h) - 2 zero
    h`` and ``c = minus h (1 - h)``; the larger root is the one inside the simplex.
    """
    np = _numpy()
    n = minus + zero + plus
    b = minus * (1 - 3 * h) + plus * (1 - h) - 2 * zero * h
    c = minus * h * (1 - h)
    t = (b + np.sqrt(np.maximum(b * b + 8 * n * c, 0.0))) / (4 * n)
    low, high = max(0.0, -h), (1 - h) / 2
    t = np.clip(t, low + 1e-300, high - 1e-15)
    return minus * np.log(t) + plus * np.log(t + h) + zero * np.log(1 - 2 * t - h)


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
