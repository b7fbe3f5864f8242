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
