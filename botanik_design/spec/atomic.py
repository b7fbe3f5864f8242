"""Atomic text-file writes shared by every part that saves a file the user keeps.

:func:`write_atomic` writes through a temporary file in the same folder and a
rename, so a failed write never leaves a half-written file, and the file keeps
its permission bits (a new file gets the usual ``0o666 & ~umask``, not the
``0o600`` of :func:`tempfile.mkstemp`).  No third-party imports.
"""

from __future__ import annotations

import os
import stat
import tempfile
from contextlib import suppress
from pathlib import Path


def new_file_mode() -> int:
    """``0o666`` minus the process umask: the mode ``open()`` would give a new file."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename.

    The file keeps its permission bits (a new file gets the usual ``0o666 & ~umask``).
    A symlink is followed: its target is replaced.  Line endings are written as
    given (no newline translation).  On any error the temporary file is removed,
    the original is left as it was, and the error propagates.
    """
    target = Path(os.path.realpath(path))
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = new_file_mode()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


__all__ = ["new_file_mode", "write_atomic"]
