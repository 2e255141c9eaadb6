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

import types
import typing
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from gamefold.games.base import GameDef
from gamefold.sim.extras import require
from gamefold.sim.runner import CLOCK_COLUMNS, OUTCOME_PREFIX, Batch

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "GAME_COLUMNS",
    "TRACE_COLUMNS",
    "GameRows",
    "column_types",
    "games_frame",
    "summarize",
    "trace_frame",
    "value_type",
]

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

_FIXED_TYPES: dict[str, Any] = {
    "game": int,
    "seed": int,
    "player": str,
    "policy": str,
    "finished": bool,
    "steps": int,
    "rounds": int,
    "turns": int,
}


def column_types(game: GameDef[Any]) -> dict[str, Any]:
    """The declared type of each games-frame column: the fixed columns', then the game's
    :meth:`~gamefold.games.GameDef.outcome_types` under the names the frame gives them."""
    declared = {
        OUTCOME_PREFIX + name if name in CLOCK_COLUMNS else name: kind
        for name, kind in game.outcome_types().items()
    }
    return _FIXED_TYPES | declared


def value_type(declared: Any) -> tuple[type, bool]:
    """A declared column type as ``(bool | int | float | str, whether it may be None)``;
    ``ValueError`` for any other type."""
    options = typing.get_args(declared) if isinstance(declared, types.UnionType) else (declared,)
    kinds = [kind for kind in options if kind is not type(None)]
    if len(kinds) != 1 or kinds[0] not in (bool, int, float, str):
        raise ValueError(
            f"a column's type is bool, int, float or str, or one of them | None, not {declared!r}"
        )
    return kinds[0], len(kinds) < len(options)


class GameRows:
    """The rows of a simulation, gathered column by column as the batches finish, to be made
    into one games frame at the end (:meth:`frame`): no frame is built per batch, and a
    column of small values costs a pointer a row."""

    def __init__(self, declared: Mapping[str, Any] | None = None) -> None:
        self._declared = dict(declared or {})
        self._columns: dict[str, list[Any]] = {name: [] for name in GAME_COLUMNS}
        self._count = 0

    def add(self, rows: Iterable[dict[str, Any]]) -> None:
        """Append rows (a column a row lacks is missing there, ``None``)."""
        columns = self._columns
        for row in rows:
            if row.keys() != columns.keys():
                for name in row:  # in the row's order, as the frame shows new columns
                    if name not in columns:
                        columns[name] = [None] * self._count
            for name, values in columns.items():
                values.append(row.get(name))
            self._count += 1

    def frame(self) -> pd.DataFrame:
        """The games frame of every row added, in the order added."""
        if not self._count:
            names = [*GAME_COLUMNS, *(n for n in self._declared if n not in GAME_COLUMNS)]
            return _frame([], tuple(names))
        pandas = require("sim", "pandas", "a results frame")
        frame: pd.DataFrame = pandas.DataFrame(self._columns)
        return _typed(frame, self._declared)


def _typed(frame: pd.DataFrame, declared: Mapping[str, Any]) -> pd.DataFrame:
    """The fixed columns as whole numbers, and a declared number column that no game gave a
    value (all missing) as floats, so that every run gives a column its one kind."""
    for name in GAME_COLUMNS:  # only what pandas did not infer (a copy costs a frame's time)
        column = frame[name]
        if name in _INT_COLUMNS and column.dtype != "int64" and not column.isna().any():
            frame[name] = column.astype("int64")
    if frame["finished"].dtype != bool:
        frame["finished"] = frame["finished"].astype(bool)
    for name, kind in declared.items():
        missing = name in frame and frame[name].dtype == object and frame[name].isna().all()
        if missing and value_type(kind)[0] in (int, float):
            frame[name] = frame[name].astype("float64")
    return frame


def games_frame(
    batches: Iterable[Batch], declared: Mapping[str, Any] | None = None
) -> pd.DataFrame:
    """The games frame of batches, in game order (the batches may come in any order);
    ``declared`` (:func:`column_types`) types the columns no game gave a value."""
    rows = GameRows(declared)
    for batch in sorted(batches, key=_start):
        rows.add(batch.rows)
    return rows.frame()


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
