"""Dask against the local process pool: random-bot games per second, 1 and 2 workers.

Usage: ``python bench/sweep_dask.py [GAMES] [--variant V] [--workers 1,2]``
(default 10,000 random-vs-random games of ``standard``).

For each worker count it plays the same games on the local pool (in-process
for 1 worker, a ``ProcessPoolExecutor`` for more) and on Dask (in-process for
1 worker, as ``sweep`` does; an embedded ``distributed.LocalCluster`` of
single-threaded processes for more), and prints the wall time with and
without starting the pool, games per second, and Dask's overhead as a ratio
to the local pool in the same run:

    overhead = dask time / local time - 1

The goal is under 15% at 2 workers on 10,000 games (counting the cluster's
start-up, which a long sweep pays once).  It also checks that every run gave
the same JSON report, byte for byte.  Not a test: timings depend on the
machine and its load (the load average is printed first).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from botanik_design.sim.report import RunInfo, summarize, to_json
from botanik_design.sim.runner import Job, run_games
from botanik_design.sim.workers import make_pool
from botanik_design.spec.load import load_tileset, load_variant


def _run(job: Job, games: int, workers: int, local: str) -> tuple[float, float, str]:
    """(total seconds with pool start-up, seconds playing, rows as JSON report)."""
    start = time.perf_counter()
    pool = make_pool(workers, local=local)
    try:
        if hasattr(pool, "client"):  # wait until every Dask worker is up
            pool.client.wait_for_workers(workers)
        ready = time.perf_counter()
        rows = run_games(job, games, pool)
        done = time.perf_counter()
    finally:
        pool.shutdown()
    info = RunInfo("bench", "bench", games, job.seed, job.bots)
    return done - start, done - ready, to_json(summarize(rows, info))


def _job(tileset: Any, variant: Any, seed: int) -> Job:
    """Random vs random under these rules (the game-neutral ``Job(game, ...)`` when the
    runner has it, else ``Job(tileset, variant, ...)``)."""
    from dataclasses import fields

    head: tuple[Any, ...] = (tileset, variant)
    if "game" in {f.name for f in fields(Job)}:
        from botanik_design.games.registry import load_game

        head = (load_game("botanik", variant=variant, tileset=tileset),)
    args = (*head, ("random", "random"), seed)
    return Job(*args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="?", type=int, default=10_000)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--workers", default="1,2", help="worker counts, e.g. 1,2")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    variant = load_variant(args.variant)
    tileset = load_tileset(variant.tileset or "botanik")
    job = _job(tileset, variant, args.seed)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.games} random games, {variant.name} / {tileset.name}, {os.cpu_count()} CPUs, "
          f"load average {load:.2f} before the run")
    reports = []
    for w in (int(x) for x in args.workers.split(",")):
        times = {}
        for local in ("processes", "dask"):
            total, play, report = _run(job, args.games, w, local)
            reports.append(report)
            times[local] = (total, play)
            name = "local pool" if local == "processes" else "Dask      "
            print(f"workers={w} {name}: {total:6.2f} s total ({args.games / total:6.0f} games/s), "
                  f"{play:6.2f} s playing ({args.games / play:6.0f} games/s)")
        over_total = times["dask"][0] / times["processes"][0] - 1
        over_play = times["dask"][1] / times["processes"][1] - 1
        print(f"workers={w} Dask overhead: {100 * over_total:+.1f}% with start-up, "
              f"{100 * over_play:+.1f}% playing only")
    same = all(r == reports[0] for r in reports)
    print(f"JSON reports byte-identical across pools and worker counts: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
