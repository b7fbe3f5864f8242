"""The older checkout a bench measures against (``--baseline``), shared by the benches.

:func:`baseline_tree` takes a directory holding a checkout of this project, or a git
commit of this repository, which it checks out in a temporary ``git worktree`` for the
run and removes afterwards.  Anything else stops the bench with a clear message (exit 1).
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


@contextmanager
def baseline_tree(ref: str) -> Iterator[Path]:
    """The checkout named by ``ref`` (a folder or a commit), for the ``with`` block."""
    folder = Path(ref)
    if folder.is_dir():
        if not (folder / "botanik_design").is_dir():
            raise SystemExit(f"--baseline {ref}: not a checkout of botanik-design "
                             "(no botanik_design folder in it)")
        yield folder
        return
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "baseline"
        done = subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(tree),
                               ref], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            why = (done.stderr.strip().splitlines() or ["git failed"])[-1]
            raise SystemExit(f"--baseline {ref}: neither a folder nor a commit of this "
                             f"repository ({why})")
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)],
                           check=False, capture_output=True)


def botanik_module(name: str) -> Any:
    """Botanik's module ``name`` (``"engine.machine"``, ``"model.variant"``) in this tree or
    in an older checkout measured as a baseline, where the engine was ``botanik_design.engine``
    and the model ``botanik_design.model``."""
    import importlib

    for prefix in ("botanik_design.games.botanik.", "botanik_design."):
        try:
            return importlib.import_module(prefix + name)
        except ModuleNotFoundError as exc:
            if not (exc.name or "").startswith("botanik_design.games"):
                raise
    raise ModuleNotFoundError(name)
