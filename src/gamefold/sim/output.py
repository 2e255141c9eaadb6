"""A games frame written to a file batch by batch, as the batches finish.

:func:`frame_writer` takes the frames of consecutive batches and appends each at once: one
Parquet row group a batch (:class:`pyarrow.parquet.ParquetWriter`), or CSV rows under one
header, so a long run never holds its rows twice. The file appears under its name only when
it is closed (:func:`gamefold._files.atomic_file`); a Parquet file says in its metadata
(key ``gamefold``) how many games it holds and whether the run was cut short.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from gamefold._files import atomic_file
from gamefold.sim.extras import require

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["OUT_SUFFIXES", "FrameWriter", "frame_writer"]

OUT_SUFFIXES = (".parquet", ".csv")
"""The kinds of file a games frame is written to."""


class FrameWriter:
    """Appends the frames of consecutive batches to one open file (see :func:`frame_writer`)."""

    def __init__(self, file: BinaryIO, parquet: bool) -> None:
        self._file = file
        self._parquet = parquet
        self._writer: Any = None
        self._schema: Any = None
        self.rows = 0
        """Rows written so far."""
        self.games = 0
        """Games written so far."""
        self.cut_short = False
        """Whether the run stopped before its last game (noted in a Parquet file)."""

    def write(self, chunk: pd.DataFrame) -> None:
        """Append the rows of one batch (every batch has the first batch's columns)."""
        if self._parquet:
            self._write_parquet(chunk)
        else:
            self._file.write(chunk.to_csv(index=False, header=self.rows == 0).encode("utf-8"))
        self.rows += len(chunk)
        self.games += chunk["game"].nunique() if "game" in chunk else 0

    def _write_parquet(self, chunk: pd.DataFrame) -> None:
        pa = require("sim", "pyarrow", "writing Parquet")
        parquet = require("sim", "pyarrow.parquet", "writing Parquet")
        if self._writer is None:
            table = pa.Table.from_pandas(chunk, preserve_index=False)
            self._schema = table.schema
            self._writer = parquet.ParquetWriter(self._file, table.schema)
        else:
            schema = self._schema
            if list(chunk.columns) != schema.names:
                raise ValueError(
                    f"a batch has the columns {list(chunk.columns)}, not the first batch's"
                    f" {schema.names}: a game's outcome reports the same columns every game"
                )
            table = pa.Table.from_pandas(chunk, schema=schema, preserve_index=False)
        self._writer.write_table(table)

    def close(self) -> None:
        """Finish the file (a Parquet file's metadata notes its games and :attr:`cut_short`)."""
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


@contextmanager
def frame_writer(path: Path, empty: pd.DataFrame) -> Iterator[FrameWriter]:
    """A :class:`FrameWriter` to ``path`` (``.parquet`` or ``.csv``), which appears there
    complete when the block ends; ``empty`` (the frame's columns, no rows) is written when
    no batch was. An error in the block leaves no file under ``path``."""
    suffix = path.suffix.lower()
    if suffix not in OUT_SUFFIXES:
        raise ValueError(f"{str(path)!r} is neither a .parquet nor a .csv file")
    if suffix == ".parquet":
        require("sim", "pyarrow", "writing Parquet")
    with atomic_file(path) as file:
        writer = FrameWriter(file, suffix == ".parquet")
        try:
            yield writer
        except BaseException:
            writer.discard()
            raise
        if writer.rows == 0:
            writer.write(empty)
        writer.close()
