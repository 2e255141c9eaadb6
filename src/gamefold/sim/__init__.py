"""Simulations: thousands of seeded games as a tidy pandas DataFrame, here or on Dask.

>>> from gamefold.sim import simulate
>>> df = simulate("skirmish", games=20, seed=1, policies={"gm": "greedy"}, progress=False)
>>> sorted(df["player"].unique())
['ana', 'bo', 'cy', 'gm']

:func:`simulate` plays the games (in batches, on any :class:`concurrent.futures.Executor`),
:func:`summarize` condenses the frame per player (:func:`summary_text` prints it in 100
columns), :func:`coverage` counts the rules play reaches (:mod:`gamefold.sim.coverage`),
:mod:`gamefold.sim.plots` draws it, and
the helpers in :mod:`gamefold.sim.policies` name the players' policies. The columns are
described in :mod:`gamefold.sim.frames`: a fixed few, then whatever the game's
:meth:`~gamefold.games.GameDef.outcome` reports.

Needs the ``sim`` extra (pandas, tqdm, Matplotlib, pyarrow): ``pip install 'gamefold[sim]'``.
They are imported only when a simulation runs (tqdm only for a bar that is shown), so
``import gamefold`` stays light; without them :func:`simulate` raises :class:`MissingExtra`
with that install line before any game is played.
"""

from gamefold.sim.account import narrate
from gamefold.sim.batching import DEFAULT_MAX_STEPS, progress_enabled, simulate
from gamefold.sim.coverage import coverage, coverage_json
from gamefold.sim.extras import MissingExtra
from gamefold.sim.frames import GAME_COLUMNS, TRACE_COLUMNS, games_frame, summarize, trace_frame
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
from gamefold.sim.summary import summary_text
from gamefold.sim.variants import parse_settings, variant

__all__ = [
    "DEFAULT_MAX_STEPS",
    "DEFAULT_POLICY",
    "GAME_COLUMNS",
    "MissingExtra",
    "TRACE_COLUMNS",
    "Policies",
    "PolicySpec",
    "check_policies",
    "coverage",
    "coverage_json",
    "game_seed",
    "game_seeds",
    "games_frame",
    "narrate",
    "parse_settings",
    "policy_names",
    "progress_enabled",
    "resolve_policies",
    "resolve_policy",
    "simulate",
    "summarize",
    "summary_text",
    "trace_frame",
    "variant",
]
