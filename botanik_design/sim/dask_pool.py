"""The Dask ``distributed`` backend of the pool seam (:class:`~botanik_design.sim.workers.Pool`).

:func:`dask_pool` connects to a running scheduler (``dask scheduler`` /
``dask worker ADDRESS``, or any Dask deployment) or starts an embedded
:class:`distributed.LocalCluster` of single-threaded worker processes.
Batches are submitted with ``pure=False`` (every submission runs) and
``retries``: a batch whose worker dies is re-run by the scheduler on another
worker (Dask's ``allowed-failures``), one that raises is retried ``retries``
times; either way its future resolves once, so it is counted once.

Workers need ``botanik_design`` importable (the same environment as the
client).  Dask is imported only here, and only when a Dask pool is asked for.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from botanik_design.sim.errors import DaskUnavailableError as DaskUnavailableError

#: Retries of a batch that raised (a worker that dies is handled by the scheduler).
RETRIES = 2

#: Modules every worker of the embedded cluster imports before it registers (Dask's
#: worker ``preload``), so that no batch pays for them; the fork server imports them
#: once for all workers (:func:`_fork_server`).  The caller adds its game's modules.
WORKER_MODULES: tuple[str, ...] = (
    "botanik_design.sim.runner",
    "botanik_design.bots.registry",
    "botanik_design.games",
)

#: Dask settings of the embedded cluster.  The workers' statistical profiler samples
#: the running thread every 10 ms: a third slower on pure-Python games, for a
#: dashboard nobody looks at here.  Every Dask server (scheduler, nannies, workers)
#: wakes every ``tick.interval`` (20 ms by default) only to notice a blocked event
#: loop; on 2 cores shared with the games that is CPU taken from them.
CLUSTER_CONFIG: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "500ms",
}


class _Box:
    """A batch's result in one object, so that Dask pickles it in one piece.

    Dask serializes a task's ``list`` result item by item (a header and a
    ``pickle.dumps`` per row, to keep arrays zero-copy), then the client reads
    them back one by one: five times the time of one ``pickle.dumps`` of the
    list, spent by the workers and by the scheduler's process on the same cores.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _boxed(fn: Callable[..., Any], *args: Any) -> _Box:
    """What a Dask worker runs for :meth:`DaskPool.submit`: ``fn(*args)`` in a :class:`_Box`."""
    return _Box(fn(*args))


class _Future:
    """A Dask future whose failures other than a game's own (``SimulationError``) become
    :class:`DaskUnavailableError` (a worker without botanik-design, a batch that killed
    its workers ``allowed-failures`` times, a lost scheduler)."""

    __slots__ = ("inner",)

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def result(self, timeout: float | None = None) -> Any:
        """The batch's rows; raises ``SimulationError`` or :class:`DaskUnavailableError`."""
        from botanik_design.sim.errors import SimulationError

        try:
            box: _Box = self.inner.result(timeout)
            return box.value
        except SimulationError:
            raise
        except Exception as exc:
            raise DaskUnavailableError(
                f"the Dask cluster failed to run a batch: {type(exc).__name__}: {exc}"
            ) from exc

    def cancel(self) -> bool:
        """Cancel the batch if it has not run."""
        self.inner.cancel()
        return True


def task_key(name: str, detail: str = "") -> str:
    """A unique Dask key whose *prefix* (Dask's ``key_split``: what the dashboard's task
    stream, progress bars and task groups show) is ``name``, e.g.
    ``"standard: greedy vs greedy-games 0..199-<uuid>"`` has the prefix
    ``"standard: greedy vs greedy"``.

    Dask cuts the prefix at the first ``-`` followed by a word that is not letters only,
    so a ``-`` inside ``name`` (``registre-3``, ``bonus=-1``) becomes ``‑`` (U+2011, a
    hyphen that does not break): the whole name stays the prefix.  ``detail`` (the games
    of the batch) follows the prefix, then a random suffix keeps keys unique."""
    from uuid import uuid4

    label = name.replace("-", "\u2011").strip() or "batch"
    tail = detail.replace("-", "\u2011")
    return f"{label}-{tail}-{uuid4().hex}" if tail else f"{label}-{uuid4().hex}"


class DaskPool:
    """A :class:`~botanik_design.sim.workers.Pool` over a ``distributed.Client``.

    ``cluster``: an embedded cluster this pool owns (closed by :meth:`shutdown`).
    """

    def __init__(self, client: Any, cluster: Any = None, retries: int = RETRIES) -> None:
        self.client = client
        self.cluster = cluster
        self.retries = retries

    @property
    def workers(self) -> int:
        """Worker threads known to the scheduler now (at least 1; batch sizing only)."""
        info = self.client.scheduler_info()
        threads = sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values())
        return max(1, threads)

    @property
    def dashboard(self) -> str:
        """The address of the scheduler's dashboard (``http://HOST:PORT/status``), or
        ``""`` when it serves none (bokeh, of the ``dask`` extra, not installed)."""
        try:
            return str(self.client.dashboard_link or "")
        except Exception:  # an old scheduler without the dashboard service
            return ""

    def submit(self, fn: Callable[..., Any], *args: Any, name: str = "",
               detail: str = "") -> _Future:
        """``client.submit(fn, *args, pure=False, retries=...)``, the result boxed
        (:class:`_Box`) on the worker and unboxed by the future's ``result()``; the
        task's key is :func:`task_key` of ``name`` (else the function's name) and
        ``detail``, so the dashboard shows what each task plays."""
        key = task_key(name or getattr(fn, "__name__", "batch"), detail)
        return _Future(self.client.submit(_boxed, fn, *args, key=key, pure=False,
                                          retries=self.retries))

    def as_completed(self, futures: Iterable[_Future]) -> Iterator[_Future]:
        """:class:`distributed.as_completed` over ``futures`` (the same objects back)."""
        from distributed import as_completed

        by_key = {f.inner.key: f for f in futures}
        done = as_completed([f.inner for f in by_key.values()],  # type: ignore[no-untyped-call]
                            loop=self.client.loop)
        return (by_key[inner.key] for inner in done)

    def abort(self) -> None:
        """Stop at once: closing the client cancels its futures on the scheduler, and
        closing the embedded cluster (when this pool started one) ends its workers."""
        self.shutdown()

    def shutdown(self) -> None:
        """Close the client, and the embedded cluster when this pool started one."""
        try:
            self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()
                self.cluster = None


def dask_pool(scheduler: str | None = None, workers: int = 2, timeout: float = 10.0,
              preload: Sequence[str] = ()) -> DaskPool:
    """A pool on the scheduler at ``scheduler`` (``tcp://host:8786``), or on a new
    embedded ``LocalCluster`` of ``workers`` single-threaded processes.

    ``preload``: modules the embedded cluster's workers import while they start
    (the game's own, e.g. ``type(game).__module__``), besides
    :data:`WORKER_MODULES`; a running cluster's workers are left as they are.
    Raises :class:`DaskUnavailableError` when ``distributed`` is missing or the
    scheduler does not answer within ``timeout`` seconds; ``ValueError`` when
    ``workers < 1``.
    """
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    modules = list(dict.fromkeys((*WORKER_MODULES, *preload)))
    method = _fork_server(modules) if scheduler is None else "spawn"
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - distributed is a dependency
        raise DaskUnavailableError(f"Dask distributed is not installed ({exc})") from exc
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=f"{timeout}s", set_as_default=False)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as exc:
            raise DaskUnavailableError(
                f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None
        return DaskPool(client)
    # The scheduler's dashboard (with bokeh, of the dask extra) and HTTP server on any
    # free port (never "port in use"); :attr:`DaskPool.dashboard` says where.
    import importlib.util

    import dask

    try:
        board = ":0" if importlib.util.find_spec("bokeh") is not None else None
    except (ImportError, ValueError):
        board = None
    config = {**CLUSTER_CONFIG, "distributed.worker.multiprocessing-method": method}
    with dask.config.set(config):
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True,
            dashboard_address=board, silence_logs=logging.ERROR, memory_limit=0,
            scheduler_kwargs={"dashboard_address": ":0"}, preload=modules,
        )
    try:
        client = Client(cluster, set_as_default=False)  # type: ignore[no-untyped-call]
    except BaseException:
        cluster.close()
        raise
    return DaskPool(client, cluster)


def _fork_server(modules: Sequence[str]) -> str:
    """Start the process the embedded cluster's workers are forked from; return Dask's
    ``multiprocessing-method`` for them (``"forkserver"``, or ``"spawn"`` without one).

    Dask spawns each worker by default: a new interpreter that imports Dask, then
    ``modules`` (its ``preload``), every worker doing the same work at the same time
    on the same cores.  Python's fork server is one such interpreter, started here
    before this process imports Dask, so it imports Dask and ``modules`` while this
    process starts the scheduler; each worker is then a fork of it with everything
    loaded.  Forking this process itself would be
    cheaper still but is not safe: it runs Dask's event-loop thread when the
    nannies start their workers, and a fork copies no thread and no lock another
    thread holds (CPython warns about it from 3.12 and defaults to the fork
    server from 3.14).  A fork server already running keeps its own preloads.
    """
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return "spawn"  # pragma: no cover - Windows
    from multiprocessing import forkserver

    multiprocessing.get_context("forkserver").set_forkserver_preload(["distributed", *modules])
    forkserver.ensure_running()
    return "forkserver"
