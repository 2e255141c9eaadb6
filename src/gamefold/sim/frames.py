"""Results as tidy pandas DataFrames, and the summary the command line prints.

**Games** (:func:`games_frame`, what :func:`~gamefold.sim.simulate` returns): one row per
game and player, in game order then seat order.

============  =========================================================================
``game``      the game's index in the simulation, ``0 … games-1``
``seed``      the game's own seed (:func:`~gamefold.sim.game_seed`); replay it with
              ``gamefold play GAME --seed SEED``
``player``    the player's id
``policy``    the name of the policy the player played
``finished``  whether the game reached its end before the step cap
``steps``     reducer steps taken, clock actions included
``rounds``    Rounds started (the game's clock)
``turns``     turns started (the game's clock)
…             every column the game's :meth:`~gamefold.games.GameDef.outcome` reports for
              the player (``winner``, ``damage``, ``fatigue``, ``score`` …); an outcome's
              own ``rounds`` or ``turns`` is renamed ``outcome_rounds``/``outcome_turns``
============  =========================================================================

**Trace** (:func:`trace_frame`, on request): one row per step: ``game``, ``seed``, ``step``
(1-based), ``round``, ``turn`` and ``player`` (the clock after the step), ``actor`` (who
chose, empty for the game's clock), ``action`` (its type name), ``detail`` (its repr),
``events`` (the events described by the game, ``"; "``-joined), then one integer column per
event type seen (``CardsDrawn`` …) counting that step's events of the type.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from gamefold.sim.extras import require
from gamefold.sim.runner import Batch

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["GAME_COLUMNS", "TRACE_COLUMNS", "games_frame", "summarize", "trace_frame"]

GAME_COLUMNS = ("game", "seed", "player", "policy", "finished", "steps", "rounds", "turns")
"""The columns every games frame starts with; the game's outcome columns follow."""

TRACE_COLUMNS = (
    "game",
    "seed",
    "step",
    "round",
    "turn",
    "player",
    "actor",
    "action",
    "detail",
    "events",
)
"""The columns every trace frame starts with; one count column per event type follows."""

_INT_COLUMNS = ("game", "seed", "steps", "rounds", "turns", "step", "round", "turn")


def games_frame(batches: Iterable[Batch]) -> pd.DataFrame:
    """The games frame of batches, in game order (the batches may come in any order)."""
    rows = [row for batch in sorted(batches, key=_start) for row in batch.rows]
    return _frame(rows, GAME_COLUMNS)


def trace_frame(batches: Iterable[Batch]) -> pd.DataFrame:
    """The trace frame of batches, in game and step order; missing event counts are 0."""
    rows = [row for batch in sorted(batches, key=_start) for row in batch.trace]
    frame = _frame(rows, TRACE_COLUMNS)
    counts = sorted(set(frame.columns) - set(TRACE_COLUMNS))
    frame = frame[[*TRACE_COLUMNS, *counts]]
    frame[counts] = frame[counts].fillna(0).astype("int64")
    return frame


def _start(batch: Batch) -> int:
    return batch.start


def _frame(rows: list[dict[str, Any]], first: tuple[str, ...]) -> pd.DataFrame:
    pandas = require("sim", "pandas", "a results frame")

    frame: pd.DataFrame = pandas.DataFrame.from_records(rows, columns=_columns(rows, first))
    for name in first:
        if name in _INT_COLUMNS and name in frame and not frame[name].isna().any():
            frame[name] = frame[name].astype("int64")
    if "finished" in frame:
        frame["finished"] = frame["finished"].astype(bool)
    return frame


def _columns(rows: list[dict[str, Any]], first: tuple[str, ...]) -> list[str]:
    """``first``, then every other key in the order the rows first show it."""
    seen = dict.fromkeys(first)
    for row in rows:
        seen.update(dict.fromkeys(row))
    return list(seen)


def summarize(frame: pd.DataFrame) -> pd.DataFrame:
    """Per player: games played, then the mean of every numeric column (a bool's mean is a
    rate: ``finished``, ``winner`` …). ``game`` and ``seed`` are left out.
    """
    numeric = [
        name
        for name in frame.columns
        if name not in ("game", "seed") and _is_number(frame[name].dtype)
    ]
    grouped = frame.groupby("player", sort=False)
    table = grouped[numeric].mean()
    table.insert(0, "games", grouped.size())
    if "policy" in frame:
        table.insert(0, "policy", grouped["policy"].agg(_one_or_mixed))
    return table


def _is_number(dtype: Any) -> bool:
    import pandas as pd

    return bool(pd.api.types.is_bool_dtype(dtype) or pd.api.types.is_numeric_dtype(dtype))


def _one_or_mixed(values: pd.Series) -> str:
    distinct = values.unique()
    return str(distinct[0]) if len(distinct) == 1 else "mixed"
