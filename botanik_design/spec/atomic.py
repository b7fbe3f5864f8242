"""Atomic file writes shared by every part that saves a file the user keeps.

Every file is written to a temporary file in the target's folder and renamed
over the target, so a failed write never leaves a half-written file, and the
file keeps its permission bits (a new file gets the usual ``0o666 & ~umask``,
not the ``0o600`` of :func:`tempfile.mkstemp`).

:class:`OutputSet` does this for several files at once: every file is
written in full first, and only when all succeeded are they renamed into
place, so a command's outputs are written all or none.  :func:`write_atomic`
is the one-file case.

Temporary files are named ``.NAME.PID-XXXXXXXX.bd.tmp`` (``NAME`` the
target's name, ``PID`` the writer's process id) and are locked
(``flock``) while in use.  A process killed in the middle of a write
(``kill -9``, a power cut) cannot remove its temporary file; the next write
into that folder does (:func:`remove_stale_temporaries`): a temporary file
of this naming, owned by the same user, whose writer is no longer running and
which nobody holds locked is litter.  Nothing else is ever removed.  No third-party imports.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

try:  # POSIX: advisory locks mark a temporary file as in use
    import fcntl
except ImportError:  # pragma: no cover - Windows: an open file cannot be removed anyway
    fcntl = None  # type: ignore[assignment]

#: Suffix of every temporary file written here.
TEMP_SUFFIX = ".bd.tmp"

#: ``.NAME.PID-XXXXXXXX.bd.tmp`` (``XXXXXXXX`` from :func:`tempfile.mkstemp`).
_TEMP_NAME = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)-[a-z0-9_]{8}\.bd\.tmp$")

def new_file_mode() -> int:
    """``0o666`` minus the process umask: the mode ``open()`` would give a new file."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _pid_running(pid: int) -> bool:
    """Whether a process ``pid`` runs on this machine (``True`` when it cannot be told)."""
    if pid == os.getpid():
        return True
    if os.name != "posix":  # os.kill(pid, 0) would end the process on Windows
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists, owned by someone else
        return True
    return True


def _remove_if_unlocked(path: Path) -> bool:
    """Remove ``path`` unless some process holds a lock on it; whether it was removed."""
    if fcntl is None:  # pragma: no cover - Windows refuses to remove an open file
        try:
            os.unlink(path)
        except OSError:
            return False
        return True
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False  # in use (by a writer on another machine, say)
        try:
            os.unlink(path)
        except OSError:
            return False
        return True
    finally:
        os.close(fd)


def remove_stale_temporaries(folder: Path | str) -> list[Path]:
    """Remove the temporary files this module left in ``folder`` when a writer was killed.

    Only what this tool provably wrote goes: a regular file (not a symlink) of this
    module's naming (``.NAME.PID-XXXXXXXX.bd.tmp``, see the module docstring), owned by
    this user, whose writer ``PID`` is not running, and which no process holds locked.
    Nothing else is touched, however much it looks like a temporary file (another
    program's or another user's dotfiles, names of earlier versions).  Never raises (an
    unreadable folder is left alone).  Returns the files removed.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    uid = os.getuid() if hasattr(os, "getuid") else None
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if match is None:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if uid is not None and entry.stat(follow_symlinks=False).st_uid != uid:
                continue
        except OSError:
            continue
        if _pid_running(int(match["pid"])):
            continue
        if _remove_if_unlocked(Path(entry.path)):
            removed.append(Path(entry.path))
    return removed


def _lock(fd: int) -> None:
    if fcntl is not None:
        with suppress(OSError):  # a file system without locks: the pid still protects it
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _new_temporary(target: Path) -> tuple[int, Path]:
    """A new locked temporary file beside ``target``: ``(fd, path)``."""
    fd, tmp = tempfile.mkstemp(
        prefix=f".{target.name}.{os.getpid()}-", suffix=TEMP_SUFFIX, dir=target.parent
    )
    _lock(fd)
    return fd, Path(tmp)


def _with_filename(exc: OSError, path: Path | str) -> OSError:
    """``exc`` naming ``path`` (the file the user asked for, not a temporary name)."""
    if exc.errno is None:
        return OSError(f"{path}: {exc}")
    return OSError(exc.errno, exc.strerror or os.strerror(exc.errno), str(path))


def write_failure(exc: BaseException) -> OSError | None:
    """The ``OSError`` behind ``exc`` when ``exc`` is a write failing in disguise, else ``None``.

    A writer that buffers or compresses (matplotlib's PDF backend) meets the disk's
    ``OSError`` (``ENOSPC``) and then, cleaning up, fails again with its own error
    (``zlib.error: inconsistent stream state``), which hides the first. The first
    ``OSError`` in ``exc``'s chain (``__cause__``/``__context__``) is returned; else a
    ``zlib.error`` in the chain becomes an ``OSError`` of its own."""
    chain: list[BaseException] = []
    link: BaseException | None = exc
    while link is not None and all(link is not c for c in chain):
        chain.append(link)
        link = link.__cause__ or link.__context__
    for link in chain:
        if isinstance(link, OSError):
            return link
    for link in chain:
        if isinstance(link, zlib.error):
            return OSError(f"the compressed stream could not be written ({link})")
    return None


@dataclass
class _Staged:
    """One file written in full to ``tmp`` (``fd`` open and locked), waiting to be renamed."""

    shown: str
    target: Path
    tmp: Path
    fd: int
    backup: Path | None = None
    backup_fd: int | None = None
    existed: bool = False
    placed: bool = False


@dataclass
class OutputSet:
    """Several output files written all or none.

    ``add_text``/``add_bytes`` (or ``open_binary``) write each file in full to
    a locked temporary file beside it; :meth:`commit` then renames them all
    into place.  When a write fails, nothing has been renamed and
    :meth:`discard` removes the temporary files; when a rename fails (rare:
    the target became a folder, say), the files already renamed are put back
    as they were.  Used as a context manager it commits on success and
    discards on any exception.

    Every ``OSError`` raised names the file as the caller gave it
    (``exc.filename``), never the temporary name.  Symlinks are followed:
    their target is replaced; a target that exists and is no regular file (``/dev/null``,
    a pipe) is refused (``EINVAL``), never replaced.  Line endings are written as given.
    """

    _staged: list[_Staged] = field(default_factory=list)
    _cleaned: set[Path] = field(default_factory=set)
    #: each file is flushed to the disk (``fsync``) before it is renamed into place; a
    #: cache whose reader checks what it reads may skip that wait (``False``)
    durable: bool = True

    def _stage(self, path: Path | str) -> tuple[Path, int, Path]:
        target = Path(os.path.realpath(path))
        try:  # the path itself, links followed: /dev/stdout's realpath into a pipe is a
            mode = os.stat(path).st_mode  # name (/proc/PID/fd/pipe:[N]) that stats as nothing
        except OSError:
            mode = None  # a new file
        if mode is not None and not stat.S_ISREG(mode):
            # renaming over it would replace the device (/dev/null) or pipe itself
            raise OSError(errno.EINVAL, "not a regular file (a device, pipe or folder): "
                          "outputs are written to files", str(path))
        if target.parent not in self._cleaned:
            self._cleaned.add(target.parent)
            remove_stale_temporaries(target.parent)
        try:
            fd, tmp = _new_temporary(target)
        except OSError as exc:
            raise _with_filename(exc, path) from exc
        return target, fd, tmp

    @contextmanager
    def open_binary(self, path: Path | str) -> Iterator[BinaryIO]:
        """A binary file object whose content becomes ``path`` at :meth:`commit`.

        Raises ``OSError`` naming ``path`` when it cannot be written.
        """
        target, fd, tmp = self._stage(path)
        staged = _Staged(str(path), target, tmp, fd)
        try:
            handle = os.fdopen(os.dup(fd), "wb")
            with handle:
                yield handle
                handle.flush()
                if self.durable:
                    os.fsync(handle.fileno())
            try:
                mode = stat.S_IMODE(os.stat(target).st_mode)
            except FileNotFoundError:
                mode = new_file_mode()
            os.chmod(tmp, mode)
        except OSError as exc:
            self._drop(staged)
            raise _with_filename(exc, path) from exc
        except Exception as exc:
            self._drop(staged)
            failure = write_failure(exc)
            if failure is None:
                raise
            raise _with_filename(failure, path) from exc
        except BaseException:
            self._drop(staged)
            raise
        self._staged.append(staged)

    def add_bytes(self, path: Path | str, data: bytes) -> None:
        """Write ``data`` to a temporary file for ``path``; ``OSError`` names ``path``."""
        with self.open_binary(path) as handle:
            handle.write(data)

    def add_text(self, path: Path | str, text: str) -> None:
        """Write ``text`` (UTF-8, line endings as given) for ``path``; ``OSError`` names it."""
        self.add_bytes(path, text.encode("utf-8"))

    @staticmethod
    def _drop(staged: _Staged) -> None:
        for fd in (staged.fd, staged.backup_fd):
            if fd is not None:
                with suppress(OSError):
                    os.close(fd)
        for tmp in (staged.tmp, staged.backup):
            if tmp is not None:
                with suppress(OSError):
                    os.unlink(tmp)

    def _keep_backup(self, staged: _Staged) -> None:
        """Hard-link the current target to a locked temporary name, to restore it on failure."""
        staged.existed = staged.target.exists()
        if not staged.existed:
            return
        with suppress(OSError):  # no hard links here: that file cannot be put back
            fd, backup = _new_temporary(staged.target)
            os.close(fd)
            os.unlink(backup)
            os.link(staged.target, backup)
            staged.backup = backup
            staged.backup_fd = os.open(backup, os.O_RDONLY)
            _lock(staged.backup_fd)

    def commit(self) -> None:
        """Rename every staged file into place (all or none); ``OSError`` names the file."""
        staged, self._staged = self._staged, []
        try:
            for item in staged:
                self._keep_backup(item)
            for item in staged:
                try:
                    os.replace(item.tmp, item.target)
                except OSError as exc:
                    raise _with_filename(exc, item.shown) from exc
                item.placed = True
        except BaseException:
            for item in reversed(staged):
                if not item.placed:
                    continue
                with suppress(OSError):
                    if item.backup is not None:
                        os.replace(item.backup, item.target)
                        item.backup = None
                    elif not item.existed:
                        os.unlink(item.target)
            raise
        finally:
            for item in staged:
                self._drop(item)

    def discard(self) -> None:
        """Remove every staged temporary file; no target is touched."""
        staged, self._staged = self._staged, []
        for item in staged:
            self._drop(item)

    def __enter__(self) -> OutputSet:
        return self

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def write_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename.

    The file keeps its permission bits (a new file gets the usual ``0o666 & ~umask``).
    A symlink is followed: its target is replaced.  Line endings are written as
    given (no newline translation).  On any error the temporary file is removed,
    the original is left as it was, and the ``OSError`` (naming ``path``) propagates.
    """
    with OutputSet() as out:
        out.add_text(path, text)


def write_bytes_atomic(path: Path | str, data: bytes, durable: bool = True) -> None:
    """:func:`write_atomic` for bytes (``durable=False``: not flushed to the disk before
    the rename, for a cache that checks what it reads: a power cut may leave the file
    short, never half of one version and half of another)."""
    with OutputSet(durable=durable) as out:
        out.add_bytes(path, data)


__all__ = [
    "OutputSet",
    "TEMP_SUFFIX",
    "new_file_mode",
    "remove_stale_temporaries",
    "write_atomic",
    "write_bytes_atomic",
    "write_failure",
]
