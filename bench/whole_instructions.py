"""Whole-command instructions: ``simulate`` against the reference playout (and a baseline),
counted by valgrind rather than timed.

Usage: ``python bench/whole_instructions.py [GAMES] [--bots random,random]
[--variant standard] [--baseline FOLDER_OR_TAG] [--reference PATH]``

Runs each side twice under ``valgrind --tool=cachegrind --cache-sim=no`` (its ``I refs``,
the instructions the process executed): once with one game (the start-up, imports and
exit) and once with ``GAMES`` games; the difference over ``GAMES - 1`` is the
instructions a game costs (the report for that many rows included).  The counts are
the same from run to run whatever the machine's load, where CPU seconds swing by half
(``whole_speed.py``), so a change of a few percent shows; but instructions are not time:
the same count can take longer (memory, branches), so the speed goals stay measured by
``whole_speed.py``.  Under valgrind a run is ~50 times slower: 300 games take ~30 s.
Needs valgrind on ``PATH``.  Not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from checkout import baseline_tree  # bench/checkout.py: the script's folder is on sys.path
from whole_speed import PYCACHE, REFERENCE

HERE = Path(__file__).resolve().parent.parent
OUTPUT = str(Path(tempfile.mkdtemp(prefix="whole-instr-out-")) / "report.json")


def instructions(command: list[str], cwd: Path) -> int:
    """Instructions (cachegrind's ``I refs``) of ``command`` run to the end in ``cwd``."""
    env = dict(os.environ, PYTHONPATH=str(cwd), PYTHONHASHSEED="0", PYTHONPYCACHEPREFIX=PYCACHE)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null", *command], cwd=cwd, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{' '.join(command)} failed under valgrind: {done.stderr[-400:]}")
    return int(found.group(1).replace(",", ""))


def simulate(args: argparse.Namespace, games: int) -> list[str]:
    """The ``simulate`` command line of ``games`` games (both checkouts run it)."""
    return [sys.executable, "-m", "botanik_design", "simulate", "--bots", args.bots,
            "--variant", args.variant, "--games", str(games), "--workers", "1", "--seed", "0",
            "--quiet", "--format", "json", "--output", OUTPUT]


def measure(label: str, run: Callable[[int], list[str]], cwd: Path,
            games: int) -> tuple[int, float]:
    """Start-up instructions and instructions a game of one side (``run(n)``: its command
    for ``n`` games), printed."""
    instructions(run(1), cwd)  # writes the bytecode
    one, many = instructions(run(1), cwd), instructions(run(games), cwd)
    per_game = (many - one) / (games - 1)
    print(f"  {label:14s} start-up {one / 1e6:8.1f} M  a game {per_game / 1e6:6.3f} M  "
          f"{games} games {many / 1e6:8.1f} M instructions")
    return one, per_game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=300)
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--baseline", default=None, help="a folder, a name of bench/baselines.toml "
                        "(pre-plugins) or a commit to compare with")
    parser.add_argument("--reference", default=str(REFERENCE),
                        help="the reference playout (default ../shared/bench/proto_speed.py)")
    parser.add_argument("--no-reference", action="store_true", help="skip the reference")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on PATH")
    if args.games < 2:
        raise SystemExit("GAMES must be at least 2")
    print(f"{args.games} games, simulate --bots {args.bots} --variant {args.variant} "
          "--workers 1, instructions (valgrind cachegrind)")
    mine = measure("this checkout", lambda n: simulate(args, n), HERE, args.games)
    if not args.no_reference:
        ref = [sys.executable, args.reference]
        other = measure("reference", lambda n: [*ref, str(n)], HERE, args.games)
        print(f"  a game: this checkout {mine[1] / other[1]:.3f}x the reference's "
              f"instructions; start-up {mine[0] / other[0]:.2f}x")
    if args.baseline:
        with baseline_tree(args.baseline) as base:
            old = measure("baseline", lambda n: simulate(args, n), base, args.games)
        print(f"  a game: this checkout {mine[1] / old[1]:.3f}x the baseline's instructions "
              f"({args.baseline}); start-up {mine[0] / old[0]:.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
