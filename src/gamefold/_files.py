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

import errno
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

__all__ = ["atomic_file", "write_text"]


@contextmanager
def atomic_file(path: Path, *, new: bool = False) -> Iterator[BinaryIO]:
    """A binary file to write that appears at ``path`` only when the block ends normally.

    Raises :class:`OSError` when the folder cannot take the file (permissions, a full
    disk); the target is then left untouched. With ``new=True`` the file must not exist:
    one that does, even one made while the block ran, is left as it is and the block ends
    in :class:`FileExistsError`.
    """
    if new and os.path.lexists(path):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
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
        if new:
            _place_new(temporary, path)
        else:
            os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _place_new(temporary: str, path: Path) -> None:
    """Give the complete ``temporary`` file the name ``path``, never over a file there: a
    hard link fails when the name is taken. A file system without hard links gets a rename
    after a last look (a file made in between would then be replaced)."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError:  # no hard links here (some network and FAT file systems)
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.replace(temporary, path)
        return
    os.unlink(temporary)


def _mode(path: Path) -> int:
    """The permissions the file gets: the target's own, or what ``open`` would give a new one
    (``mkstemp`` makes its file private to its owner)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_text(path: Path, text: str, *, new: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole, through :func:`atomic_file` (``new``: never
    over a file that exists)."""
    with atomic_file(path, new=new) as file:
        file.write(text.encode("utf-8"))
