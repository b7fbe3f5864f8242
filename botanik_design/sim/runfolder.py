"""A temporary folder per run for everything the workers' libraries write.

multiprocessing makes ``pymp-*`` folders and Dask a ``dask-scratch-space/`` in the
temporary folder; a killed run (``kill -9``) left them there for good. :func:`run_folder`
points both (``tempfile.tempdir`` and ``TMPDIR``, which worker processes inherit; Dask's
``temporary-directory`` defaults to that folder) into
``<tmp>/botanik-design-run-<PID>-XXXXXXXX/`` and removes it when the run ends; a run
killed before that leaves its folder, which the next run removes: only folders of this
naming, owned by this user, whose ``PID`` is no longer running.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PREFIX = "botanik-design-run-"
_NAME = re.compile(rf"^{re.escape(PREFIX)}(?P<pid>\d+)-[a-z0-9_]{{8}}$")


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove_stale_run_folders(parent: Path | str) -> list[Path]:
    """Remove the run folders of killed runs in ``parent`` (see the module docstring)."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return removed
    uid = os.getuid() if hasattr(os, "getuid") else None
    for entry in entries:
        match = _NAME.match(entry.name)
        if match is None or int(match["pid"]) == os.getpid():
            continue
        try:
            if not entry.is_dir(follow_symlinks=False) or (
                    uid is not None and entry.stat(follow_symlinks=False).st_uid != uid):
                continue
        except OSError:
            continue
        if not _running(int(match["pid"])):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


@contextmanager
def run_folder() -> Iterator[Path]:
    """A fresh run folder, made the temporary folder of this process and of the workers it
    starts while the block runs; removed (with whatever the libraries left) at the end."""
    parent = tempfile.gettempdir()
    remove_stale_run_folders(parent)
    folder = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=parent))
    saved_dir, saved_env = tempfile.tempdir, os.environ.get("TMPDIR")
    tempfile.tempdir = str(folder)
    os.environ["TMPDIR"] = str(folder)
    try:
        yield folder
    finally:
        tempfile.tempdir = saved_dir
        if saved_env is None:
            os.environ.pop("TMPDIR", None)
        else:
            os.environ["TMPDIR"] = saved_env
        shutil.rmtree(folder, ignore_errors=True)


__all__ = ["PREFIX", "remove_stale_run_folders", "run_folder"]
