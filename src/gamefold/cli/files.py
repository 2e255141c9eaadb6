"""The files the commands write: checked before a run, written whole or not at all."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gamefold import GamefoldError, RecordError
from gamefold._files import write_text
from gamefold.cli.options import _IMPORT_HINT, OutputError, UsageError


def _new_file(text: str) -> Path:
    """A file to write: its folder must exist and take new files (the file is written to a
    temporary file there, then renamed), checked now so that a long run never ends in an
    unwritable file. The file itself is not touched until it is written whole."""
    path = Path(text)
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"no directory {str(path.parent)!r} to write to")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text}: it is a directory")
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(
            f"cannot write {text}: no new file may be made in {str(path.parent)!r}"
        )
    return path


def _out_path(text: str) -> Path:
    from gamefold.sim.output import OUT_SUFFIXES

    if Path(text).suffix.lower() not in OUT_SUFFIXES:
        raise argparse.ArgumentTypeError(f"{text!r} is neither a .parquet nor a .csv file")
    return _new_file(text)


@contextmanager
def _writing(path: Path | None) -> Iterator[None]:
    """A file that could not be written, as one :class:`OutputError` line."""
    if path is None:
        yield
        return
    try:
        yield
    except OSError as err:
        raise OutputError(f"cannot write {path}: {err.strerror or err}") from None


def _write_text(path: Path, text: str) -> None:
    with _writing(path):
        write_text(path, text)


def _bad_record(path: Path, err: GamefoldError) -> UsageError:
    """A record that cannot be read; a game no module registered suggests ``--import``."""
    unknown = isinstance(err, RecordError) and err.code == "record/unknown-game"
    return UsageError(f"{path}: {err}{_IMPORT_HINT if unknown else ''}")


def _html_path(text: str) -> Path:
    if Path(text).suffix.lower() not in (".html", ".htm"):
        raise argparse.ArgumentTypeError(f"{text!r} is not an .html file")
    return _new_file(text)
