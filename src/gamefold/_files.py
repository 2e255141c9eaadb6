"""Files written whole or not at all: a temporary file beside the target, then a rename.

Every file gamefold writes (game records, frames, viewer pages, reports) goes through
:func:`atomic_file`: the bytes go to a temporary file in the target's own folder, which is
flushed, synced to disk and renamed over the target only once it is complete. A full disk,
a failed write or an interruption leaves the target as it was (absent, or its old content)
and removes the temporary file, so no partial file is ever left under the final name. A
target that is not a regular file (``/dev/stdout``, a named pipe) is written in place:
renaming over it would replace the device.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

__all__ = ["atomic_file", "write_text"]


@contextmanager
def atomic_file(path: Path) -> Iterator[BinaryIO]:
    """A binary file to write that appears at ``path`` only when the block ends normally.

    Raises :class:`OSError` when the folder cannot take the file (permissions, a full
    disk); the target is then left untouched.
    """
    if path.exists() and not path.is_file():  # a device or a pipe (/dev/stdout): no rename
        with path.open("wb") as device:
            yield device
            device.flush()
        return
    folder = path.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        os.chmod(temporary, _mode(path))
        with os.fdopen(handle, "wb") as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode(path: Path) -> int:
    """The permissions the file gets: the target's own, or what ``open`` would give a new one
    (``mkstemp`` makes its file private to its owner)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole, through :func:`atomic_file`."""
    with atomic_file(path) as file:
        file.write(text.encode("utf-8"))
