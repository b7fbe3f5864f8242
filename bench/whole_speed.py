"""Whole-command speed: ``simulate`` against the reference playout, side by side.

Usage: ``python bench/whole_speed.py [GAMES] [--bots random,random] [--variant standard]
[--rounds 3] [--baseline FOLDER_OR_TAG] [--reference PATH]``

Runs, as separate processes and interleaved ``--rounds`` times,

* ``python -m botanik_design simulate --bots B --games N --workers 1`` of this checkout,
* the reference playout ``python ../shared/bench/proto_speed.py N`` (a minimal random
  playout of the standard rules with no scoring: the speed goals are stated against it),
* with ``--baseline``, the same ``simulate`` command of another checkout (a folder, or a
  name of ``bench/baselines.toml`` or a commit, checked out for the run in a temporary
  ``git worktree``),

and prints the median CPU seconds of each whole process (user + system, start-up
included, after a first round that writes the bytecode, as an installed package has
it) and the ratios: the reference's CPU time over this checkout's (the share of the
reference's speed, 1.0 = as fast) and the baseline's over this checkout's (the
speed-up).
The reference plays random games, so compare it with ``--bots random,random``.
Not a test: timings depend on the machine and its load; CPU time is less distorted by
other load than wall time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from checkout import baseline_tree  # bench/checkout.py: the script's folder is on sys.path

HERE = Path(__file__).resolve().parent.parent
#: ``../shared/bench/proto_speed.py`` next to the checkout (or next to its worktrees' folder)
_NEAR = [d / "shared" / "bench" / "proto_speed.py" for d in (HERE.parent, HERE.parent.parent)]
REFERENCE = next((p for p in _NEAR if p.is_file()), _NEAR[0])


#: Compiled bytecode for every run, kept out of the checkouts (as an installed package
#: has it: a ``PYTHONDONTWRITEBYTECODE`` environment would otherwise compile every
#: module of the project at each start).
PYCACHE = tempfile.mkdtemp(prefix="whole-speed-pycache-")
#: Where each run writes its report (``simulate`` writes files only, never a device).
OUTPUT = str(Path(tempfile.mkdtemp(prefix="whole-speed-out-")) / "report.json")


def cpu_of(command: list[str], cwd: Path) -> float:
    """CPU seconds (user + system) of ``command`` run to the end in ``cwd``."""
    env = dict(os.environ, PYTHONPATH=str(cwd), PYTHONHASHSEED="0", PYTHONPYCACHEPREFIX=PYCACHE)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with exit status {proc.returncode}")
    return usage.ru_utime + usage.ru_stime


def simulate_command(args: argparse.Namespace) -> list[str]:
    """The ``simulate`` command line both checkouts run."""
    return [sys.executable, "-m", "botanik_design", "simulate", "--bots", args.bots,
            "--variant", args.variant, "--games", str(args.games), "--workers", "1",
            "--seed", str(args.seed), "--quiet", "--format", "json", "--output", OUTPUT]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=2000)
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", default=None, help="a folder, a name of bench/baselines.toml "
                        "(pre-plugins) or a commit to compare with")
    parser.add_argument("--reference", default=str(REFERENCE),
                        help="the reference playout (default ../shared/bench/proto_speed.py)")
    parser.add_argument("--no-reference", action="store_true", help="skip the reference")
    args = parser.parse_args()
    runs: dict[str, list[float]] = {"this checkout": [], "reference": [], "baseline": []}
    ref = Path(args.reference)
    if not args.no_reference and not ref.is_file():
        raise SystemExit(f"--reference {ref}: no such file")
    load = os.getloadavg()[0]
    print(f"{args.games} games, simulate --bots {args.bots} --variant {args.variant} "
          f"--workers 1; load average {load:.2f} before the run; median of {args.rounds}")
    with baseline_tree(args.baseline) if args.baseline else _nothing() as base:
        for _ in range(args.rounds + 1):  # the first round only writes the bytecode
            runs["this checkout"].append(cpu_of(simulate_command(args), HERE))
            if not args.no_reference:
                runs["reference"].append(
                    cpu_of([sys.executable, str(ref), str(args.games)], HERE))
            if base is not None:
                runs["baseline"].append(cpu_of(simulate_command(args), base))
    med = {k: statistics.median(v[1:]) for k, v in runs.items() if v}
    mine = med["this checkout"]
    for k, v in med.items():
        print(f"  {k:14s} {v:7.2f} s CPU  ({args.games / v:7.0f} games per CPU second)")
    if "reference" in med:
        print(f"  this checkout at {med['reference'] / mine:.2f}x the reference's speed "
              f"(median of the rounds' own ratios: {_paired(runs, 'reference'):.2f}x)")
    if "baseline" in med:
        print(f"  this checkout {med['baseline'] / mine:.2f}x as fast as the baseline "
              f"({args.baseline}; median of the rounds' own ratios: "
              f"{_paired(runs, 'baseline'):.2f}x)")
    return 0


def _paired(runs: dict[str, list[float]], peer: str) -> float:
    """The median over the rounds (the first, bytecode-writing one left out) of
    ``peer`` time / this checkout's time: each round runs the two back to back, so it
    follows a machine whose speed swings between rounds less than the medians do."""
    return statistics.median(
        other / mine for mine, other in zip(runs["this checkout"][1:], runs[peer][1:],
                                            strict=True))


class _nothing:
    """``with`` target when there is no baseline."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


if __name__ == "__main__":
    sys.exit(main())
