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
import inspect
import os
import statistics
import subprocess
import sys
import time
from typing import NamedTuple

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


def _cpu() -> float:
    """CPU seconds used so far by this process and every process under it (the pool's
    workers, Dask's fork server): psutil, which the tests need anyway."""
    import psutil

    me = psutil.Process()
    total = 0.0
    for proc in [me, *me.children(recursive=True)]:
        try:
            times = proc.cpu_times()
        except psutil.Error:  # ended meanwhile
            continue
        total += times.user + times.system
    return total


class Timing(NamedTuple):
    """One round: wall and CPU seconds (every process), with and without the pool's
    start-up; the JSON report's SHA-256."""

    total: float
    play: float
    cpu_total: float
    cpu_play: float
    digest: str


def _run(job: Job, games: int, workers: int, local: str) -> Timing:
    """Start the pool, wait for its workers, play ``games`` games, stop the pool."""
    preload = {"preload": (type(job.game).__module__,)}
    if "preload" not in inspect.signature(make_pool).parameters:  # older code (--code)
        preload = {}
    cpu0, start = _cpu(), time.perf_counter()
    pool = make_pool(workers, local=local, **preload)
    try:
        if hasattr(pool, "client"):  # wait until every Dask worker is up
            pool.client.wait_for_workers(workers)
        cpu1, ready = _cpu(), time.perf_counter()
        rows = run_games(job, games, pool)
        cpu2, done = _cpu(), time.perf_counter()
    finally:
        pool.shutdown()
    info = RunInfo("bench", "bench", games, job.seed, job.bots)
    digest = hashlib.sha256(to_json(summarize(rows, info)).encode()).hexdigest()
    return Timing(done - start, done - ready, cpu2 - cpu0, cpu2 - cpu1, digest)


def _round(args: argparse.Namespace, workers: int, local: str) -> Timing:
    """:func:`_run` in a fresh interpreter, as a command runs (nothing started by an
    earlier round, such as Dask's fork server, is reused)."""
    env = dict(os.environ)
    if args.code:
        env["PYTHONPATH"] = os.pathsep.join([args.code, env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, __file__, str(args.games), "--variant", args.variant, "--seed",
         str(args.seed), "--round", f"{local}:{workers}"],
        capture_output=True, text=True, check=True, env=env)
    *numbers, digest = out.stdout.split()
    return Timing(*(float(x) for x in numbers), digest)


def _peer(workers: int) -> tuple[float, float]:
    """(import distributed, bare cluster up) seconds, in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", PEER.format(workers=workers)],
                         capture_output=True, text=True, check=True)
    a, b = out.stdout.split()
    return float(a), float(b)


def _ratio(dask: list[float], local: list[float]) -> str:
    """Dask's overhead on the best and on the median round, as percentages."""
    best = min(dask) / min(local) - 1
    median = statistics.median(dask) / statistics.median(local) - 1
    return f"{100 * best:+5.1f}% (best), {100 * median:+5.1f}% (median)"


def _compare(args: argparse.Namespace, w: int) -> list[str]:
    """Time both pools at ``w`` workers, print the figures, return the report digests."""
    rounds: dict[str, list[Timing]] = {"processes": [], "dask": []}
    peers = []
    for r in range(args.repeat):
        for local in ("processes", "dask") if r % 2 == 0 else ("dask", "processes"):
            rounds[local].append(_round(args, w, local))
        if w > 1:
            peers.append(_peer(w))
    for local, name in (("processes", "local pool"), ("dask", "Dask      ")):
        t = rounds[local]
        best = min(t, key=lambda x: x.play)
        print(f"workers={w} {name}: {min(x.total for x in t):5.2f} / "
              f"{statistics.median(x.total for x in t):5.2f} s with start-up, "
              f"{best.play:5.2f} / {statistics.median(x.play for x in t):5.2f} s playing "
              f"({args.games / best.play:5.0f} games/s); CPU (all processes) "
              f"{statistics.median(x.cpu_total for x in t):5.2f} s with start-up, "
              f"{statistics.median(x.cpu_play for x in t):5.2f} s playing (median)")
    for label, field in (("with start-up", "total"), ("playing only", "play"),
                         ("CPU with start-up", "cpu_total"), ("CPU playing", "cpu_play")):
        dask = [getattr(x, field) for x in rounds["dask"]]
        local = [getattr(x, field) for x in rounds["processes"]]
        print(f"workers={w} Dask overhead {label:17s}: {_ratio(dask, local)}")
    if peers:
        imp, up = min(p[0] for p in peers), min(p[1] for p in peers)
        local_best = min(x.total for x in rounds["processes"])
        print(f"workers={w} peer: a bare Dask LocalCluster of {w} workers (spawned, nothing "
              f"of botanik-design imported) is up after {up:.2f} s (best; {imp:.2f} s of it "
              f"importing distributed) = {100 * up / local_best:+.1f}% of the local pool's "
              "time on its own")
    return [x.digest for t in rounds.values() for x in t]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="?", type=int, default=10_000)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--workers", default="1,2", help="worker counts, e.g. 1,2")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="rounds per pool (default 3)")
    parser.add_argument("--code", metavar="PATH",
                        help="play with the botanik_design found in PATH (a checkout of "
                        "another commit), to compare two versions in the same conditions")
    parser.add_argument("--round", help=argparse.SUPPRESS)  # POOL:WORKERS, one timed run
    args = parser.parse_args()
    if args.round:
        local, workers = args.round.split(":")
        game = load_game("botanik", variant=args.variant)
        print(*_run(Job(game, ("random", "random"), args.seed), args.games, int(workers),
                    local))
        return 0
    code = f" with the code in {args.code}" if args.code else ""
    print(f"{args.games} random games{code}, {args.variant}, {os.cpu_count()} CPUs, Python "
          f"{sys.version.split()[0]}, load average {_load():.2f} before the run; "
          f"best / median of {args.repeat} rounds")
    digests = [d for w in args.workers.split(",") for d in _compare(args, int(w))]
    same = len(set(digests)) == 1
    print(f"JSON reports byte-identical across pools, rounds and worker counts: {same}; "
          f"load average {_load():.2f} after the run")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
