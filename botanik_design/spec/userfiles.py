"""Reading a file a user named, safely: only a regular file, and only up to a size.

Reading a link to ``/dev/zero`` never ends (the memory fills until the process is
killed) and opening a FIFO waits for a writer for ever, so every file the tool reads
outside the spec reader (:meth:`~botanik_design.spec.session.Session.read_source`, which
checks the same) goes through :func:`read_bytes` or :func:`read_text`: the path is
checked with ``stat`` before it is opened (links followed), and at most ``limit`` bytes
are read.  Both raise ``OSError`` naming the path, so a caller's ``except OSError``
reports them as it reports a missing file: ``exc.strerror`` is the message.  No
third-party imports.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from botanik_design.model.words import plural
from botanik_design.spec.yamldata import MAX_BYTES

#: The message of a path that is a folder, a device, a FIFO or a socket.
NOT_REGULAR = "not a regular file (a folder, device or pipe)"


def check_regular(path: Path | str) -> os.stat_result:
    """``path``'s ``stat`` (links followed); ``OSError`` (``EINVAL``, :data:`NOT_REGULAR`)
    when it is no regular file, ``FileNotFoundError`` when it does not exist.  Never
    opens the path."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise OSError(errno.EINVAL, NOT_REGULAR, str(path))
    return st


def read_bytes(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (``OSError``
    ``EFBIG`` for a larger file, :func:`check_regular`'s for a file that is not one)."""
    size = check_regular(path).st_size
    too_large = OSError(errno.EFBIG, f"larger than {plural(limit, 'byte')}", str(path))
    if size > limit:
        raise too_large
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)  # the file may have grown since the stat
    if len(data) > limit:
        raise too_large
    return data


def read_text(path: Path | str, limit: int = MAX_BYTES, newline: str | None = None) -> str:
    """:func:`read_bytes` decoded as UTF-8 (``UnicodeDecodeError`` else); ``newline=""``
    keeps the line endings as they are, ``None`` turns ``\\r\\n`` and ``\\r`` into
    ``\\n`` as :meth:`pathlib.Path.read_text` does."""
    text = read_bytes(path, limit).decode("utf-8")
    if newline is None:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


__all__ = ["NOT_REGULAR", "check_regular", "read_bytes", "read_text"]
