"""Simulation speed: random-bot games per second with 1 and 2 workers.

Usage: ``python bench/sim_speed.py [GAMES] [--variant V] [--tileset T] [--bots A,B]``
(default 10,000 random-vs-random games of the standard variant).  Prints one
line per worker count (wall time, games/s, CPU time and the achieved
parallelism = CPU time / wall time, which shows whether the cores were
actually free) and checks that both runs produced the same JSON report
(byte for byte).  Not a test: timings depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from botanik_design.games.botanik.engine.game import BotanikGame
from botanik_design.games.botanik.spec.load import load_tileset, load_variant
from botanik_design.sim.report import RunInfo, summarize, to_json
from botanik_design.sim.runner import Job, run_games
from botanik_design.sim.workers import local_pool


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="?", type=int, default=10_000)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--tileset", default=None)
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", default="1,2", help="worker counts to time, e.g. 1,2,4")
    args = parser.parse_args()
    variant = load_variant(args.variant)
    tileset = load_tileset(args.tileset or variant.tileset or "botanik")
    a, b = args.bots.split(",")
    game = BotanikGame(tileset, variant)
    job = Job(game, (a, b), args.seed)
    info = RunInfo(variant.name, tileset.name, args.games, args.seed, (a, b), "",
                   tuple(game.metrics()))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.games} games, {variant.name} / {tileset.name}, bots {a} vs {b}, "
          f"{os.cpu_count()} CPUs, load average {load:.2f} before the run")
    reports = []
    for w in (int(x) for x in args.workers.split(",")):
        cpu0 = _cpu()
        pool = local_pool(w)
        try:
            start = time.perf_counter()
            rows = run_games(job, args.games, pool)
            elapsed = time.perf_counter() - start
        finally:
            pool.shutdown()
        cpu = _cpu() - cpu0
        reports.append(to_json(summarize(rows, info)))
        print(f"workers={w}: {elapsed:6.2f} s  {args.games / elapsed:8.0f} games/s  "
              f"(CPU {cpu:6.2f} s, {args.games / cpu:6.0f} games per CPU-second, "
              f"parallelism {cpu / elapsed:4.2f})")
    same = all(r == reports[0] for r in reports)
    print(f"JSON reports byte-identical across worker counts: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
