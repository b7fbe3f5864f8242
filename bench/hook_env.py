"""The pre-commit hook's environment: size and install time of botanik-design's beside
check-jsonschema's, built the same way in the same run.

pre-commit builds a ``language: python`` hook as a fresh virtual environment into which
it installs the hook's repository (``pip install .``: the core dependencies only, no
extra).  This script does the same for both tools, one after the other, from PyPI with
pip's cache off (every wheel is downloaded, as on a CI runner's first run):

* **ours**: ``python -m venv``, then ``pip install <this checkout>``;
* **check-jsonschema**: ``python -m venv``, then ``pip install check-jsonschema``.

It prints, for each, the install's wall time, the venv's size on disk and the size the
install added to an empty venv (pip itself is the same in both), then the ratios ours /
theirs.  The goal: ours within 3x of check-jsonschema's size.  ``--markdown FILE``
writes the same figures as a Markdown table (what the documentation quotes).

Usage: ``python bench/hook_env.py [--runs N] [--markdown FILE]``; needs network access
to PyPI.  Each run takes a minute or two.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Install:
    """One tool's hook environment: install seconds, venv bytes, bytes the install added,
    packages installed."""

    seconds: float
    venv_bytes: int
    added_bytes: int
    packages: int


def tree_bytes(path: Path) -> int:
    """Bytes of every regular file under ``path`` (symlinks not followed)."""
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            p = Path(folder) / name
            if not p.is_symlink():
                total += p.stat().st_size
    return total


def _run(cmd: list[str], cwd: Path) -> None:
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          env={**os.environ, "PIP_NO_CACHE_DIR": "1",
                               "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.decode()[-800:]}")


def install(target: str, work: Path, name: str) -> Install:
    """A fresh venv under ``work/name`` with ``target`` pip-installed into it."""
    venv = work / name
    _run([sys.executable, "-m", "venv", str(venv)], work)
    empty = tree_bytes(venv)
    python = venv / "bin" / "python"
    before = _packages(python, work)
    start = time.perf_counter()
    _run([str(python), "-m", "pip", "install", "--quiet", target], work)
    seconds = time.perf_counter() - start
    size = tree_bytes(venv)
    return Install(seconds, size, size - empty, _packages(python, work) - before)


def _packages(python: Path, cwd: Path) -> int:
    out = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze"], cwd=cwd,
                         capture_output=True, text=True, check=True).stdout
    return len([line for line in out.splitlines() if line.strip()])


def _mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def measure(runs: int) -> tuple[Install, Install]:
    """Median (per figure) of ``runs`` installs of each tool, alternated."""
    ours: list[Install] = []
    theirs: list[Install] = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="hook-env-") as tmp:
            ours.append(install(str(ROOT), Path(tmp), "ours"))
            theirs.append(install("check-jsonschema", Path(tmp), "theirs"))
    return _median(ours), _median(theirs)


def _median(xs: list[Install]) -> Install:
    return Install(statistics.median(x.seconds for x in xs),
                   int(statistics.median(x.venv_bytes for x in xs)),
                   int(statistics.median(x.added_bytes for x in xs)),
                   int(statistics.median(x.packages for x in xs)))


def table(ours: Install, theirs: Install, runs: int) -> str:
    """The figures as a Markdown table, with the ratios and how they were measured."""
    rows = [
        ("install time (pip install, no cache)", f"{ours.seconds:.1f} s",
         f"{theirs.seconds:.1f} s", f"{ours.seconds / theirs.seconds:.2f}x"),
        ("added to an empty venv", _mb(ours.added_bytes), _mb(theirs.added_bytes),
         f"{ours.added_bytes / theirs.added_bytes:.2f}x"),
        ("whole venv on disk", _mb(ours.venv_bytes), _mb(theirs.venv_bytes),
         f"{ours.venv_bytes / theirs.venv_bytes:.2f}x"),
        ("packages installed", str(ours.packages), str(theirs.packages),
         f"{ours.packages / theirs.packages:.2f}x"),
    ]
    lines = ["| pre-commit hook environment | botanik-design | check-jsonschema | ratio |",
             "|---|---:|---:|---:|"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    lines += ["", f"Median of {runs} run(s) on {platform.system()} {platform.machine()}, "
              f"Python {platform.python_version()}, {os.cpu_count()} CPUs; "
              "reproduce with `python bench/hook_env.py`."]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="installs of each (default 1)")
    parser.add_argument("--markdown", metavar="FILE", type=Path,
                        help="also write the figures as a Markdown table to FILE")
    args = parser.parse_args()
    ours, theirs = measure(args.runs)
    text = table(ours, theirs, args.runs)
    sys.stdout.write(text)
    if args.markdown:
        args.markdown.write_text(text, encoding="utf-8")
    return 0 if ours.added_bytes <= 3 * theirs.added_bytes else 1


if __name__ == "__main__":
    raise SystemExit(main())
