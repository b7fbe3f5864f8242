"""No worker process outlives a simulation, however the command ends (issue 8, item 14).

Real subprocesses, real signals: the command is started with two workers,
stopped with each signal while the workers play, and every process it had
started must be gone soon after.  Waits are bounded polls (generous limits on
a loaded machine), never an assertion on speed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest

from botanik_design.sim.workers import ProcessPool

ROOT = Path(__file__).resolve().parents[2]

#: Bounded waits (seconds): how long to poll before declaring failure.
START_LIMIT = 120.0
GONE_LIMIT = 30.0


def _poll(check: Callable[[], bool], limit: float) -> bool:
    """``check()`` polled every 0.1 s until true or ``limit`` seconds have passed."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.1)
    return check()


def _gone(proc: psutil.Process) -> bool:
    """Dead (a zombie counts: it no longer runs; the container's init may not reap it)."""
    try:
        return not proc.is_running() or proc.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def _start(command: list[str]) -> tuple[subprocess.Popen[bytes], list[psutil.Process]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "botanik_design", *command],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True,  # signals reach this process only, as with `kill PID`
    )
    parent = psutil.Process(proc.pid)

    def workers_busy() -> bool:
        kids = parent.children(recursive=True)
        return len(kids) >= 2 and all(k.cpu_times().user > 0.2 for k in kids)

    assert _poll(workers_busy, START_LIMIT), "the workers never started"
    return proc, parent.children(recursive=True)


SIMULATE = ["simulate", "--games", "100000", "--workers", "2", "--quiet", "--seed", "3"]
COMPARE = ["compare", "standard", "no-loops", "--games", "100000", "--workers", "2", "--quiet"]

CASES = [
    # (command, signal, expected exit status)
    (SIMULATE, signal.SIGKILL, -signal.SIGKILL),
    (SIMULATE, signal.SIGTERM, 128 + signal.SIGTERM),
    (SIMULATE, signal.SIGHUP, 128 + signal.SIGHUP),
    (SIMULATE, signal.SIGINT, 130),
    (COMPARE, signal.SIGKILL, -signal.SIGKILL),
    (COMPARE, signal.SIGTERM, 128 + signal.SIGTERM),
]


@pytest.mark.parametrize(("command", "signum", "status"), CASES,
                         ids=[f"{c[0]}-{s.name}" for c, s, _ in CASES])
def test_no_child_outlives_the_command(command: list[str], signum: signal.Signals,
                                       status: int) -> None:
    proc, children = _start(command)
    assert len(children) >= 2
    try:
        os.kill(proc.pid, signum)
        _, err = proc.communicate(timeout=GONE_LIMIT * 2)
        stragglers = [c for c in children if not _poll(lambda c=c: _gone(c), GONE_LIMIT)]
    finally:  # never leave processes running, even when the test fails
        for p in [proc, *children]:
            try:
                p.kill()
            except (psutil.NoSuchProcess, ProcessLookupError):
                pass
    assert stragglers == [], f"workers outlived {command[0]} after {signum.name}"
    assert proc.returncode == status
    assert b"Traceback" not in err, err.decode()


def _sleep_forever(_: int) -> None:
    time.sleep(3600)


def test_abort_ends_running_workers_at_once() -> None:
    before = {c.pid for c in psutil.Process().children()}  # e.g. an earlier test's fork server
    pool = ProcessPool(2)
    futures = [pool.submit(_sleep_forever, i) for i in range(4)]

    def workers() -> list[psutil.Process]:
        return [c for c in psutil.Process().children() if c.pid not in before]

    assert _poll(lambda: len(workers()) >= 2, START_LIMIT)
    children = workers()
    for fut in futures:
        fut.cancel()
    pool.abort()
    assert all(_gone(c) for c in children)
    pool.abort()  # idempotent
