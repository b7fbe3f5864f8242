"""The older checkout a bench measures against (``--baseline``), shared by the benches.

:func:`baseline_tree` takes a directory holding a checkout of this project, a name of
``bench/baselines.toml`` (such as ``pre-plugins``), or a git commit or tag of this
repository; a name or commit is checked out in a temporary ``git worktree`` for the run
and removed afterwards.  Anything else stops the bench with a clear message (exit 1).

Run as a script, ``python bench/checkout.py NAME FOLDER`` makes a lasting checkout of a
named baseline (or any commit) in ``FOLDER`` (``git worktree add --detach``), to pass as
``--baseline FOLDER`` to several benches without checking it out each time.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
#: The named baselines: ``[NAME]`` tables with ``commit`` (a full hash) and ``about``.
BASELINES = HERE / "bench" / "baselines.toml"


def named_baselines() -> dict[str, dict[str, str]]:
    """The tables of :data:`BASELINES` by name (``{}`` when the file is missing)."""
    try:
        with BASELINES.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as exc:
        raise SystemExit(f"{BASELINES}: not valid TOML ({exc})") from None
    return {name: table for name, table in data.items() if isinstance(table, dict)}


def commit_of(ref: str) -> str:
    """The commit a name of :data:`BASELINES` stands for, else ``ref`` itself."""
    table = named_baselines().get(ref)
    return str(table["commit"]) if table and "commit" in table else ref


def add_worktree(ref: str, tree: Path) -> None:
    """Check out ``ref`` (a name of :data:`BASELINES`, a commit or a tag) at ``tree``;
    ``SystemExit`` with git's reason when it cannot."""
    commit = commit_of(ref)
    done = subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(tree),
                           commit], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or ["git failed"])[-1]
        named = f" (named in {BASELINES.name}: commit {commit})" if commit != ref else ""
        hint = ("; a shallow clone lacks older commits: fetch the full history "
                "(git fetch --unshallow)" if commit != ref else "")
        raise SystemExit(f"--baseline {ref}: neither a folder nor a commit of this "
                         f"repository{named} ({why}){hint}")


@contextmanager
def baseline_tree(ref: str) -> Iterator[Path]:
    """The checkout named by ``ref`` (a folder, a name of :data:`BASELINES`, a commit or
    a tag), for the ``with`` block."""
    folder = Path(ref)
    if folder.is_dir():
        if not (folder / "botanik_design").is_dir():
            raise SystemExit(f"--baseline {ref}: not a checkout of botanik-design "
                             "(no botanik_design folder in it)")
        yield folder
        return
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "baseline"
        add_worktree(ref, tree)
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


def main(argv: list[str]) -> int:
    """``checkout.py NAME FOLDER``: a lasting checkout of a baseline (see the module
    docstring); ``checkout.py`` alone lists the named baselines."""
    if not argv:
        for name, table in named_baselines().items():
            print(f"{name}: {table.get('about', '')}")
        return 0
    if len(argv) != 2:
        raise SystemExit("usage: python bench/checkout.py [NAME FOLDER]")
    ref, folder = argv
    target = Path(folder)
    if target.exists():
        raise SystemExit(f"{folder}: exists already (give a new folder)")
    add_worktree(ref, target)
    print(f"{folder}: a checkout of {ref}; remove it with git worktree remove {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
