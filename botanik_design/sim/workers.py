"""Where games run: a tiny futures-style pool interface and its local implementations.

A simulation is cut into *batches* (consecutive game indices).  Each batch is
one call ``fn(*args)`` submitted to a :class:`Pool`; results come back in any
order and the caller reassembles them by batch index, so the outcome does not
depend on the pool or its size.

The seam for a cluster
----------------------
:class:`Pool` is the subset of :class:`concurrent.futures.Executor` the
runner uses — ``submit(fn, *args) -> future`` (a future with ``result()``)
and ``as_completed(futures)`` — plus ``shutdown()``.  A Dask
``distributed.Client`` implements the same futures interface, so the Dask
backend (:class:`botanik_design.sim.dask_pool.DaskPool`, a running cluster
via ``--scheduler ADDRESS`` or an embedded ``LocalCluster``) is a small
adapter; :func:`make_pool` picks the backend.  The batch function
(:func:`botanik_design.sim.runner.play_batch`) and its arguments are plain
picklable objects (frozen dataclasses and strings), which is what both
process pools and Dask need.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

K = TypeVar("K")

#: How often (seconds) a worker process checks that its parent is still there.
PARENT_POLL_SECONDS = 0.25


class Pool(Protocol):
    """A futures-style executor of batches (see the module docstring)."""

    @property
    def workers(self) -> int:
        """Number of workers (for choosing batch sizes only)."""
        ...

    def submit(self, fn: Callable[..., Any], *args: Any, name: str = "",
               detail: str = "") -> Any:
        """Schedule ``fn(*args)``; return a future with ``result()``.  ``name``: what the
        task plays (a variant, a sweep point) and ``detail`` (its games), for a pool that
        shows its tasks (Dask's dashboard); others ignore them."""
        ...

    def as_completed(self, futures: Iterable[Any]) -> Iterator[Any]:
        """Yield the given futures as they finish."""
        ...

    def shutdown(self) -> None:
        """Release the workers (idempotent)."""
        ...

    def abort(self) -> None:
        """Stop at once: cancel pending work and end running workers (idempotent)."""
        ...


class _LazyFuture:
    """A future that runs its call on the first ``result()`` (used by :class:`InlinePool`)."""

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self._call: tuple[Callable[..., Any], tuple[Any, ...]] | None = (fn, args)
        self._value: Any = None
        self._error: BaseException | None = None

    def result(self, timeout: float | None = None) -> Any:
        """Run the call if not yet done; return its value or raise its exception."""
        if self._call is not None:
            fn, args = self._call
            self._call = None
            try:
                self._value = fn(*args)
            except Exception as exc:  # delivered through the future, as a pool would
                self._error = exc
        if self._error is not None:
            raise self._error
        return self._value

    def cancel(self) -> bool:
        """Drop the call if it has not run yet."""
        if self._call is None:
            return False
        self._call = None
        self._error = RuntimeError("cancelled")
        return True


class InlinePool:
    """Runs batches in the calling process, one at a time (``workers == 1``).

    ``submit`` only records the call; it runs when its result is asked for,
    and ``as_completed`` yields the futures in submission order, so a
    progress bar advances batch by batch.
    """

    workers = 1

    def submit(self, fn: Callable[..., Any], *args: Any, name: str = "",
               detail: str = "") -> _LazyFuture:
        """Record ``fn(*args)``; it runs on the future's first ``result()`` (``name`` and
        ``detail`` are not used)."""
        return _LazyFuture(fn, args)

    def as_completed(self, futures: Iterable[_LazyFuture]) -> Iterator[_LazyFuture]:
        """The futures in submission order (each runs when its result is read)."""
        return iter(list(futures))

    def shutdown(self) -> None:
        """Nothing to release."""

    def abort(self) -> None:
        """Nothing runs in the background: nothing to stop."""


def _exit_when_orphaned(parent: int) -> None:
    """Loop of the watch thread: end this process once its parent has gone."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


#: ``prctl`` option: the signal the kernel sends when the parent dies (Linux).
PR_SET_PDEATHSIG = 1


def die_with_parent() -> bool:
    """Ask the kernel to send this process ``SIGKILL`` the moment its parent dies
    (Linux ``prctl(PR_SET_PDEATHSIG)``): a worker of a ``kill -9``ed run ends at once,
    even in the middle of a long game, where the watch thread of :func:`watch_parent`
    needs up to :data:`PARENT_POLL_SECONDS`. Returns whether it was set (``False``
    elsewhere: the watch thread alone then ends the worker)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def watch_parent() -> None:
    """Worker-process initializer: never outlive the process that started us.

    A worker whose parent is killed (``kill -9``, or ``SIGTERM`` with the
    default action) is re-parented and would otherwise go on playing its
    batch, then wait forever for more.  A daemon thread compares
    ``os.getppid()`` with the parent's pid every :data:`PARENT_POLL_SECONDS`
    and ends the process (``os._exit``) when it changes; this works on every
    platform and start method.  Interrupts (``SIGINT``) are ignored in the
    worker: the parent handles them and ends its workers itself
    (:meth:`ProcessPool.abort`).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()
    die_with_parent()
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)
    threading.Thread(
        target=_exit_when_orphaned, args=(parent,), name="watch-parent", daemon=True
    ).start()


class ProcessPool:
    """Local worker processes: a :class:`concurrent.futures.ProcessPoolExecutor`.

    Each worker runs :func:`watch_parent` first, so no worker outlives this
    process however it ends.  Raises ``ValueError`` when ``workers < 1``.
    """

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be >= 1, got {workers}")
        self.workers = workers
        # imported here: concurrent.futures and multiprocessing (with logging) are a
        # tenth of a one-worker run's start-up
        from concurrent.futures import ProcessPoolExecutor

        self._executor = ProcessPoolExecutor(max_workers=workers, initializer=watch_parent)

    def submit(self, fn: Callable[..., Any], *args: Any, name: str = "",
               detail: str = "") -> Future[Any]:
        """Schedule ``fn(*args)`` in a worker process (``name`` and ``detail`` are not
        used)."""
        return self._executor.submit(fn, *args)

    def as_completed(self, futures: Iterable[Future[Any]]) -> Iterator[Future[Any]]:
        """:func:`concurrent.futures.as_completed`."""
        from concurrent.futures import as_completed

        return as_completed(list(futures))

    def shutdown(self) -> None:
        """Stop the workers, cancelling batches not yet started."""
        self._executor.shutdown(wait=True, cancel_futures=True)

    def abort(self) -> None:
        """Cancel pending batches and terminate the workers without waiting for
        running batches (used on an error or an interrupt)."""
        # The executor's own records: ``_processes`` (pid -> Process) and
        # ``_pending_work_items`` (id -> item with ``future``), under these names
        # since Python 3.2/3.9.  A worker ended here makes the executor mark every
        # pending item failed, which raises InvalidStateError in its thread for a
        # future already cancelled (CPython 3.11), so those items are dropped first.
        executor: Any = self._executor
        manager = getattr(executor, "_executor_manager_thread", None)
        with _quiet_thread(manager):
            self._abort(executor)

    def _abort(self, executor: Any) -> None:
        procs = list(dict(getattr(executor, "_processes", None) or {}).values())
        pending = getattr(executor, "_pending_work_items", None)
        lock = getattr(executor, "_shutdown_lock", None)
        if isinstance(pending, dict) and lock is not None:
            with lock:
                for key in [k for k, item in pending.items() if item.future.cancelled()]:
                    del pending[key]
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join()
        self._executor.shutdown(wait=True, cancel_futures=True)


@contextmanager
def _quiet_thread(thread: threading.Thread | None) -> Iterator[None]:
    """While aborting, an exception in the executor's manager thread is not printed.

    Terminating the workers races with that thread (CPython 3.11: it may look up a
    work item :meth:`ProcessPool.abort` just dropped, ``KeyError``); the pool is being
    torn down and every future is already cancelled or failed, so the traceback
    says nothing to the user.  Other threads' exceptions are reported as usual.
    """
    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if thread is None or args.thread is not thread:
            previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous


def local_pool(workers: int) -> Pool:
    """The default pool: :class:`InlinePool` for 1 worker, else :class:`ProcessPool`.

    Raises ``ValueError`` when ``workers < 1``.
    """
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    return InlinePool() if workers == 1 else ProcessPool(workers)


def cancel_all(futures: Iterable[Any]) -> None:
    """Cancel every future that can be (after an error or an interrupt, so that a pool's
    waiting work does not run)."""
    for fut in futures:
        cancel = getattr(fut, "cancel", None)
        if cancel is not None:
            cancel()


def iter_batches(n: int, workers: int, max_batch: int = 200) -> Iterator[range]:
    """Split game indices ``0 .. n-1`` into consecutive batches, one at a time (a run of
    a billion games makes no list of five million ranges).

    About 8 batches per worker (for load balancing and a smooth progress
    bar), at most ``max_batch`` games each.  The split never affects results.
    """
    if n <= 0:
        return
    size = max(1, min(max_batch, -(-n // (max(1, workers) * 8))))
    for i in range(0, n, size):
        yield range(i, min(n, i + size))


def batch_ranges(n: int, workers: int, max_batch: int = 200) -> list[range]:
    """:func:`iter_batches` as a list."""
    return list(iter_batches(n, workers, max_batch))


def run_lazily(pool: Pool, tasks: Iterable[tuple[Any, ...]],
               window: int | None = None) -> Iterator[tuple[Any, Any]]:
    """Run ``(key, fn, args)`` tasks (or ``(key, fn, args, submit_keywords)``: the task's
    ``name`` and ``detail`` for a pool that shows them) on ``pool``, submitting each only
    when fewer than
    ``window`` (default four per worker) are in flight; yields ``(key, result)`` as they
    finish. Memory stays flat in the number of tasks: ``tasks`` may be a generator of
    millions. On any error (or when the caller stops early) the tasks in flight are
    cancelled where possible and nothing more is submitted."""
    limit = window if window is not None else max(2, 4 * pool.workers)
    todo = iter(tasks)
    inflight: dict[Any, Any] = {}
    try:
        while True:
            while len(inflight) < limit:
                task = next(todo, None)
                if task is None:
                    break
                key, fn, args, *keywords = task
                inflight[pool.submit(fn, *args, **(keywords[0] if keywords else {}))] = key
            if not inflight:
                return
            fut = next(iter(pool.as_completed(list(inflight))))
            key = inflight.pop(fut)
            yield key, fut.result()
    except BaseException:
        cancel_all(list(inflight))
        raise


def make_pool(workers: int, scheduler: str | None = None, local: str = "processes",
              preload: tuple[str, ...] = ()) -> Pool:
    """The pool a command asked for.

    ``scheduler``: the address of a running Dask scheduler (every game goes to
    its workers; ``workers`` is then ignored).  Otherwise ``workers == 1``
    runs in-process (:class:`InlinePool`), and more workers are local
    processes: a :class:`ProcessPool` when ``local == "processes"``, an
    embedded Dask ``LocalCluster`` when ``local == "dask"``, whose workers import
    the modules ``preload`` (the game's) while they start (local processes when
    the ``dask`` extra is not installed: the cluster is only a way to run the same
    games).  Results never
    depend on the choice.  Raises ``ValueError`` for ``workers < 1`` or an
    unknown ``local``, and ``botanik_design.sim.dask_pool.DaskUnavailableError``
    when the scheduler cannot be reached.
    """
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    if local not in ("processes", "dask"):
        raise ValueError(f"local must be 'processes' or 'dask', got {local!r}")
    from botanik_design.extras import available

    if scheduler is not None or (workers > 1 and local == "dask" and available("dask")):
        from botanik_design.sim.dask_pool import dask_pool

        return dask_pool(scheduler, workers, preload=preload)
    return local_pool(workers)
