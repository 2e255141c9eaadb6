"""A simulation's rows written to a file batch by batch, as the batches finish.

:func:`frame_writer` takes the rows of consecutive batches and appends each at once: one
Parquet row group a batch (:class:`pyarrow.parquet.ParquetWriter`), or CSV rows under one
header, so a long run never holds its rows twice and never builds a frame a batch. A Parquet
file's schema comes from the columns' declared types
(:func:`gamefold.sim.frames.column_types`), not from the values of the first batch, so a
column that batch lacks a value of is typed like every other batch's. The file appears under
its name only when it is closed (:func:`gamefold._files.atomic_file`); a Parquet file says
in its metadata (key ``gamefold``) how many games it holds and whether the run was cut short.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, BinaryIO

from gamefold._files import atomic_file
from gamefold.sim.extras import require
from gamefold.sim.frames import GAME_COLUMNS, value_type

__all__ = ["OUT_SUFFIXES", "FrameWriter", "frame_writer"]

OUT_SUFFIXES = (".parquet", ".csv")
"""The kinds of file a games frame is written to."""

Row = dict[str, Any]


class FrameWriter:
    """Appends the rows of consecutive batches to one open file (see :func:`frame_writer`)."""

    def __init__(self, file: BinaryIO, parquet: bool, declared: Mapping[str, Any]) -> None:
        self._file = file
        self._parquet = parquet
        self._declared = dict(declared)
        self._writer: Any = None
        self._schema: Any = None
        self._columns: list[str] | None = None
        self._held: list[Row] = []  # Parquet rows waiting for an undeclared column's type
        self.rows = 0
        """Rows written so far."""
        self.games = 0
        """Games written so far."""
        self.cut_short = False
        """Whether the run stopped before its last game (noted in a Parquet file)."""

    def write(self, rows: Sequence[Row]) -> None:
        """Append the rows of one batch (every row has the first row's columns)."""
        if not rows:
            return
        if self._columns is None:
            self._columns = list(rows[0])
        for row in rows:
            if list(row) != self._columns:
                raise ValueError(
                    f"a row has the columns {list(row)}, not the first row's {self._columns}:"
                    " a game's outcome reports the same columns every game"
                )
        if self._parquet:
            self._held.extend(rows)
            self._flush(final=False)
        else:
            self._write_csv(rows)
        self.rows += len(rows)
        self.games += len({row["game"] for row in rows})

    def _write_csv(self, rows: Sequence[Row]) -> None:
        text = io.StringIO()
        out = csv.writer(text, lineterminator="\n")
        if self.rows == 0:
            out.writerow(self._columns or ())
        out.writerows(row.values() for row in rows)
        self._file.write(text.getvalue().encode("utf-8"))

    def _flush(self, *, final: bool) -> None:
        """Write the held rows as one row group, once every column's type is known (at the
        end, a column no row gave a value is written as Arrow's null type)."""
        if not self._held:
            return
        if self._schema is None:
            self._schema = _schema(self._columns or [], self._declared, self._held, final)
            if self._schema is None:
                return
            parquet = require("sim", "pyarrow.parquet", "writing Parquet")
            self._writer = parquet.ParquetWriter(self._file, self._schema)
        pa = require("sim", "pyarrow", "writing Parquet")
        self._writer.write_table(pa.Table.from_pylist(self._held, schema=self._schema))
        self._held = []

    def write_empty(self) -> None:
        """Write the header (CSV) or the schema (Parquet) of a run of no games."""
        names = [*GAME_COLUMNS, *(n for n in self._declared if n not in GAME_COLUMNS)]
        if not self._parquet:
            self._file.write((",".join(names) + "\n").encode("utf-8"))
            return
        parquet = require("sim", "pyarrow.parquet", "writing Parquet")
        self._schema = _schema(names, self._declared, [], True)
        self._writer = parquet.ParquetWriter(self._file, self._schema)

    def close(self) -> None:
        """Finish the file (a Parquet file's metadata notes its games and :attr:`cut_short`)."""
        if self._parquet:
            self._flush(final=True)
        if self._writer is not None:
            note = {"games": self.games, "cut_short": self.cut_short}
            self._writer.add_key_value_metadata({"gamefold": json.dumps(note)})
            self._writer.close()

    def discard(self) -> None:
        """Let go of a file that will not be kept (after an error), quietly."""
        if self._writer is not None:
            # The file is thrown away: what it could not write no longer matters.
            with suppress(OSError, ValueError):
                self._writer.close()
            self._writer = None


def _schema(names: list[str], declared: Mapping[str, Any], rows: list[Row], final: bool) -> Any:
    """The Arrow schema of ``names``: each declared type, else the type of the column's
    first value in ``rows``; ``None`` while an undeclared column has shown no value (unless
    ``final``: then it is Arrow's null type)."""
    pa = require("sim", "pyarrow", "writing Parquet")
    arrow = {bool: pa.bool_(), int: pa.int64(), float: pa.float64(), str: pa.string()}
    fields = []
    for name in names:
        if name in declared:
            kind: type | None = value_type(declared[name])[0]
        else:
            kind = next((type(r[name]) for r in rows if r[name] is not None), None)
        if kind is None and not final:
            return None
        fields.append(pa.field(name, pa.null() if kind is None else arrow.get(kind, pa.string())))
    return pa.schema(fields)


@contextmanager
def frame_writer(path: Path, declared: Mapping[str, Any]) -> Iterator[FrameWriter]:
    """A :class:`FrameWriter` to ``path`` (``.parquet`` or ``.csv``), which appears there
    complete when the block ends; ``declared`` gives the columns' types
    (:func:`gamefold.sim.frames.column_types`), and the columns of a run of no games. An
    error in the block leaves no file under ``path``."""
    suffix = path.suffix.lower()
    if suffix not in OUT_SUFFIXES:
        raise ValueError(f"{str(path)!r} is neither a .parquet nor a .csv file")
    if suffix == ".parquet":
        require("sim", "pyarrow", "writing Parquet")
    with atomic_file(path) as file:
        writer = FrameWriter(file, suffix == ".parquet", declared)
        try:
            yield writer
            if writer.rows == 0:
                writer.write_empty()
            writer.close()
        except BaseException:
            writer.discard()
            raise
