"""Whole-process wall time: ``botanik-design validate`` vs ``check-jsonschema``.

Both check the bundled specs (``tilesets/*.yaml`` and ``spec/variants/*.yaml``)
against our schemas.  ``check-jsonschema`` takes one schema per run, so it
needs two processes (tile sets, variants); ``botanik-design validate`` checks
all five files in one process and also resolves ``extends``, runs the semantic
checks and lint, and reports positions.

Usage: ``python bench/validate_vs_check_jsonschema.py [--runs N]``.  Prints the
median of N runs (after one warm-up run) for each command and the ratios.
The target (issue 2) is a ratio of at most 1.5.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def wall(cmd: list[str]) -> float:
    """Seconds one run of ``cmd`` takes (output discarded); exits if it fails."""
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return elapsed


def median_of(cmds: list[list[str]], runs: int) -> float:
    """Median over ``runs`` of the summed wall time of ``cmds`` (run one after another)."""
    for cmd in cmds:
        wall(cmd)  # warm-up: bytecode caches, file cache
    return statistics.median(sum(wall(c) for c in cmds) for _ in range(runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    cjs = shutil.which("check-jsonschema")
    if cjs is None:
        sys.exit("check-jsonschema is not installed: pip install check-jsonschema")
    ours_exe = shutil.which("botanik-design")
    ours = [ours_exe, "validate"] if ours_exe else [sys.executable, "-m", "botanik_design",
                                                     "validate"]
    tilesets = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tilesets").glob("*.yaml"))
    variants = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "spec/variants").glob("*.yaml"))
    theirs = [
        [cjs, "--schemafile", "spec/tileset.schema.json", *tilesets],
        [cjs, "--schemafile", "spec/variant.schema.json", *variants],
    ]
    t_ours = median_of([ours], args.runs)
    t_theirs = median_of(theirs, args.runs)
    t_one = median_of(theirs[:1], args.runs)
    print(f"files: {len(tilesets)} tile sets, {len(variants)} variants; median of {args.runs} runs")
    print(f"botanik-design validate (1 process):              {t_ours * 1000:7.1f} ms")
    print(f"check-jsonschema, tile sets + variants (2 procs): {t_theirs * 1000:7.1f} ms")
    print(f"check-jsonschema, tile sets only (1 process):     {t_one * 1000:7.1f} ms")
    print(f"ratio ours / check-jsonschema (same files):        {t_ours / t_theirs:7.2f}")
    print(f"ratio ours / one check-jsonschema process:         {t_ours / t_one:7.2f}")
    return 0 if t_ours <= 1.5 * t_theirs else 1


if __name__ == "__main__":
    raise SystemExit(main())
