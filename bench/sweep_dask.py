"""Dask against the local process pool: random-bot games per second, 1 and 2 workers.

Usage: ``python bench/sweep_dask.py [GAMES] [--variant V] [--workers 1,2] [--repeat R]``
(default 10,000 random-vs-random games of ``standard``, 3 rounds).

For each worker count it plays the same games on the local pool (in-process
for 1 worker, a ``ProcessPoolExecutor`` for more) and on Dask (in-process for
1 worker, as ``sweep`` does; the embedded ``distributed.LocalCluster`` of
``make_pool`` for more).  Each round runs in a fresh interpreter, as a command
does (nothing an earlier round started, such as Dask's fork server, is
reused); the rounds alternate which pool goes first.  It prints the best and
the median wall time of each pool, with and without starting it, and Dask's
overhead as a ratio to the local pool in the same run:

    overhead = dask time / local time - 1

"Playing" starts once every Dask worker is up, as on a cluster already running
(``--scheduler``); "with start-up" counts starting the cluster too, which a
sweep on the embedded cluster pays once.  The goal is under 15% at 2 workers on
10,000 games.  As a peer figure it also times a bare ``LocalCluster`` of the
same size started by a fresh interpreter that imports nothing of botanik-design
(Dask's defaults: workers spawned): the part of the start-up that is Dask's
own, whatever it runs.  It checks that every run gave the same JSON report,
byte for byte.  Not a test: wall times depend on the machine and its load (the
load average is printed before and after; other processes on the cores slow
one round and not the next, hence the best of ``R``).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import time

from botanik_design.games.registry import load_game
from botanik_design.sim.report import RunInfo, summarize, to_json
from botanik_design.sim.runner import Job, run_games
from botanik_design.sim.workers import make_pool

#: A bare cluster's start-up, in a fresh interpreter: (import distributed, cluster up).
PEER = """
import logging, time
t0 = time.perf_counter()
from distributed import Client, LocalCluster
t1 = time.perf_counter()
cluster = LocalCluster(n_workers={workers}, threads_per_worker=1, processes=True,
                       dashboard_address=None, silence_logs=logging.ERROR, memory_limit=0)
client = Client(cluster)
client.wait_for_workers({workers})
t2 = time.perf_counter()
client.close()
cluster.close()
print(t1 - t0, t2 - t0)
"""


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def _run(job: Job, games: int, workers: int, local: str) -> tuple[float, float, str]:
    """(seconds with the pool's start-up, seconds playing, rows as a JSON report)."""
    start = time.perf_counter()
    pool = make_pool(workers, local=local, preload=(type(job.game).__module__,))
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


def _round(args: argparse.Namespace, workers: int, local: str) -> tuple[float, float, str]:
    """:func:`_run` in a fresh interpreter, as a command would run (nothing started
    by an earlier round, such as Dask's fork server, is reused); the report as a hash."""
    out = subprocess.run(
        [sys.executable, __file__, str(args.games), "--variant", args.variant, "--seed",
         str(args.seed), "--round", f"{local}:{workers}"],
        capture_output=True, text=True, check=True)
    total, play, digest = out.stdout.split()
    return float(total), float(play), digest


def _peer(workers: int) -> tuple[float, float]:
    """(import distributed, bare cluster up) seconds, in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", PEER.format(workers=workers)],
                         capture_output=True, text=True, check=True)
    a, b = out.stdout.split()
    return float(a), float(b)


def _best_median(xs: list[float]) -> tuple[float, float]:
    return min(xs), statistics.median(xs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="?", type=int, default=10_000)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--workers", default="1,2", help="worker counts, e.g. 1,2")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="rounds per pool (default 3)")
    parser.add_argument("--round", help=argparse.SUPPRESS)  # POOL:WORKERS, one timed run
    args = parser.parse_args()
    if args.round:
        local, workers = args.round.split(":")
        game = load_game("botanik", variant=args.variant)
        total, play, report = _run(Job(game, ("random", "random"), args.seed), args.games,
                                   int(workers), local)
        print(total, play, hashlib.sha256(report.encode()).hexdigest())
        return 0
    print(f"{args.games} random games, {args.variant}, {os.cpu_count()} CPUs, Python "
          f"{sys.version.split()[0]}, load average {_load():.2f} before the run; "
          f"best / median of {args.repeat} rounds")
    reports = []
    for w in (int(x) for x in args.workers.split(",")):
        times: dict[str, tuple[list[float], list[float]]] = {
            "processes": ([], []), "dask": ([], [])}
        peers = []
        for r in range(args.repeat):
            order = ("processes", "dask") if r % 2 == 0 else ("dask", "processes")
            for local in order:
                total, play, report = _round(args, w, local)
                reports.append(report)
                times[local][0].append(total)
                times[local][1].append(play)
            if w > 1:
                peers.append(_peer(w))
        for local, name in (("processes", "local pool"), ("dask", "Dask      ")):
            (bt, mt), (bp, mp) = (_best_median(x) for x in times[local])
            print(f"workers={w} {name}: {bt:5.2f} / {mt:5.2f} s with start-up, "
                  f"{bp:5.2f} / {mp:5.2f} s playing ({args.games / bp:5.0f} games/s)")
        for label, k in (("with start-up", 0), ("playing only", 1)):
            best = min(times["dask"][k]) / min(times["processes"][k]) - 1
            med = statistics.median(times["dask"][k]) / statistics.median(times["processes"][k]) - 1
            print(f"workers={w} Dask overhead {label}: {100 * best:+.1f}% (best), "
                  f"{100 * med:+.1f}% (median)")
        if peers:
            imp, up = min(p[0] for p in peers), min(p[1] for p in peers)
            local_best = min(times["processes"][0])
            print(f"workers={w} peer: a bare Dask LocalCluster of {w} workers (spawned, nothing "
                  f"of botanik-design imported) is up after {up:.2f} s (best; {imp:.2f} s of it "
                  f"importing distributed) = {100 * up / local_best:+.1f}% of the local pool's "
                  "time on its own")
    same = all(r == reports[0] for r in reports)
    print(f"JSON reports byte-identical across pools, rounds and worker counts: {same}; "
          f"load average {_load():.2f} after the run")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
