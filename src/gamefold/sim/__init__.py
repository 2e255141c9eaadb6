"""Simulations: thousands of seeded games as a tidy pandas DataFrame, here or on Dask.

>>> from gamefold.sim import simulate
>>> df = simulate("skirmish", games=20, seed=1, policies={"gm": "greedy"}, progress=False)
>>> sorted(df["player"].unique())
['ana', 'bo', 'cy', 'gm']

:func:`simulate` plays the games (in batches, on any :class:`concurrent.futures.Executor`),
:func:`summarize` condenses the frame per player (:func:`summary_text` prints it in 100
columns, with 95% intervals and :func:`seat_fairness`), :func:`compare` answers an A/B
question about a :func:`~gamefold.games.variant` or a policy with a 95% interval of the
difference (and :class:`SPRT` stops it early once decided), :func:`tournament` rates
policies against each other, :func:`coverage` counts the rules play reaches
(:mod:`gamefold.sim.coverage`), :mod:`gamefold.sim.plots` draws it, and the helpers in
:mod:`gamefold.sim.policies` name the players' policies. The columns are described in
:mod:`gamefold.sim.frames`: a fixed few, then whatever the game's
:meth:`~gamefold.games.GameDef.outcome` reports.

Needs the ``sim`` extra (pandas, NumPy, tqdm, Matplotlib, pyarrow, SciPy, statsmodels,
openskill):
``pip install 'gamefold[sim]'``.
They are imported only when a simulation runs (tqdm only for a bar that is shown), so
``import gamefold`` stays light; without them :func:`simulate` raises :class:`MissingExtra`
with that install line before any game is played.
"""

import warnings
from importlib import import_module

from gamefold.sim.account import narrate
from gamefold.sim.batching import Interrupted, simulate
from gamefold.sim.compare import Arm, Comparison, compare
from gamefold.sim.coverage import coverage, coverage_json
from gamefold.sim.extras import MissingExtra
from gamefold.sim.fairness import Fairness, seat_fairness
from gamefold.sim.frames import GAME_COLUMNS, TRACE_COLUMNS, summarize
from gamefold.sim.metrics import Metric
from gamefold.sim.policies import (
    DEFAULT_POLICY,
    Policies,
    PolicySpec,
    check_policies,
    policy_names,
    resolve_policies,
    resolve_policy,
)
from gamefold.sim.runner import game_seed, game_seeds
from gamefold.sim.sequential import SPRT, Decision
from gamefold.sim.stats import Difference, Estimate, Interval, difference
from gamefold.sim.summary import summary_text
from gamefold.sim.tournament import Tournament, competitors, tournament
from gamefold.sim.workers import MAX_RESTARTS, Workers, WorkersLost

__all__ = [
    "DEFAULT_POLICY",
    "GAME_COLUMNS",
    "MAX_RESTARTS",
    "SPRT",
    "Arm",
    "Comparison",
    "Decision",
    "Difference",
    "Estimate",
    "Fairness",
    "Interrupted",
    "Interval",
    "Metric",
    "MissingExtra",
    "TRACE_COLUMNS",
    "Policies",
    "PolicySpec",
    "Tournament",
    "Workers",
    "WorkersLost",
    "check_policies",
    "compare",
    "competitors",
    "coverage",
    "coverage_json",
    "difference",
    "game_seed",
    "game_seeds",
    "narrate",
    "policy_names",
    "resolve_policies",
    "resolve_policy",
    "seat_fairness",
    "simulate",
    "summarize",
    "summary_text",
    "tournament",
]

_MOVED = frozenset({"parse_settings", "variant"})
"""Names this face no longer lists: they are :mod:`gamefold.games`' own."""


def __getattr__(name: str) -> object:
    """``gamefold.sim.variant`` and ``parse_settings`` still answer, with a warning: they
    are :func:`gamefold.games.variant` and :func:`gamefold.games.parse_settings`."""
    if name in _MOVED:
        warnings.warn(
            f"gamefold.sim.{name} is gamefold.games.{name}: import it from gamefold.games",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(import_module("gamefold.games"), name)
    raise AttributeError(f"module 'gamefold.sim' has no attribute {name!r}")
