"""Whole-process start-up: wall time of the short commands users wait for.

Each command runs in a fresh process (``python -m botanik_design ...``, output
discarded); the figure is the best of N runs after one warm-up run (bytecode
and file caches), so other work on the machine inflates it as little as
possible.  The target (issue 15, item 1) is 0.8 s each on an idle machine;
``python -c pass`` is printed as the floor every command pays.

Usage: ``python bench/startup.py [--runs N]``.  To see where a command's time
goes: ``python -X importtime -m botanik_design simulate --games 1 2>&1
>/dev/null | sort -t'|' -k2 -n -r | head``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.8
#: Compiled bytecode for every run, kept out of the checkout: the warm-up run writes it,
#: as an installed package has it (an environment with ``PYTHONDONTWRITEBYTECODE`` set
#: would otherwise compile every module at each start).
PYCACHE = tempfile.mkdtemp(prefix="startup-pycache-")

COMMANDS: list[tuple[str, list[str]]] = [
    ("python -c pass (floor)", ["-c", "pass"]),
    ("validate a position", ["-m", "botanik_design", "validate",
                             "examples/positions/groups-and-flowers.yaml"]),
    ("simulate --games 1", ["-m", "botanik_design", "simulate", "--games", "1", "--quiet"]),
    ("compare 2 items, 1 game", ["-m", "botanik_design", "compare", "standard", "registre-3",
                                 "--games", "1", "--quiet"]),
    ("score a position", ["-m", "botanik_design", "score",
                          "examples/positions/groups-and-flowers.yaml"]),
    ("replay a record", ["-m", "botanik_design", "replay",
                         "examples/records/standard-seed-7.yaml"]),
]


def wall(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) one run takes; exits with the command's error
    when it fails.  CPU time is what other work on shared cores inflates least."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": PYCACHE}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per command (default 5)")
    args = parser.parse_args()
    print(f"best of {args.runs} runs (after a warm-up), target {TARGET:.1f} s each "
          f"(load average {os.getloadavg()[0]:.1f})")
    print(f"  {'':<26} {'wall':>8} {'CPU':>8}")
    worst = 0.0
    for label, cmd in COMMANDS:
        wall(cmd)
        runs = [wall(cmd) for _ in range(args.runs)]
        best, cpu = min(r[0] for r in runs), min(r[1] for r in runs)
        mark = "" if best <= TARGET else "  over target"
        print(f"  {label:<26} {best:6.2f} s {cpu:6.2f} s{mark}")
        if not cmd[0] == "-c":
            worst = max(worst, best)
    print(f"slowest command {worst:.2f} s ({'within' if worst <= TARGET else 'over'} "
          f"the {TARGET:.1f} s target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
