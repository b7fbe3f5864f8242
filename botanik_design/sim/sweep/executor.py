"""Playing a sweep: every point's missing games, in batches, on any pool.

Game ``i`` of every point uses the seeds of game ``i`` of the sweep's master
seed (:mod:`botanik_design.sim.seeding`): common random numbers, so points
differ by their rules and not by their luck, and a game's result depends on
``(point, i)`` only, never on the backend, the worker or the order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from botanik_design.model.sweep import Sweep, SweepPoint
from botanik_design.sim.rows import GameRow
from botanik_design.sim.runner import Job, games_detail, play_batch
from botanik_design.sim.sweep.store import ResultStore
from botanik_design.sim.workers import Pool, cancel_all

#: Most games in one batch (bounds what a crash or a lost worker costs).
MAX_BATCH = 200


def job_for(sweep: Sweep, point: SweepPoint) -> Job:
    """The simulation job of ``point``: its game, built by the registry
    (``load_game(sweep.game, **point.params)``), the sweep's bots and master seed.

    Raises ``SpecError`` when the point's specs do not load and
    ``UnknownGameError`` for an unregistered game.
    """
    from botanik_design.games.registry import load_game

    return Job(load_game(sweep.game, **point.params), sweep.bots, sweep.seed)


def game_modules(sweep: Sweep) -> tuple[str, ...]:
    """The module of the sweep's game class, for the workers to import while they start
    (``make_pool(..., preload=...)``).  Raises as :func:`job_for`."""
    return (type(job_for(sweep, sweep.all_points()[0]).game).__module__,)


def point_task_name(sweep: Sweep, point: SweepPoint) -> str:
    """What a point's tasks are called on a pool that shows them (Dask's dashboard):
    the sweep's name and the point's label, ``myswp #3 mecha_bonus=2, min_group_size=3``
    (``myswp #0 base`` for the base)."""
    return f"{sweep.name} #{point.index} {point.label}"


@dataclass(frozen=True, slots=True)
class Batch:
    """Games ``start .. stop - 1`` of point ``point``."""

    point: int
    start: int
    stop: int


def missing_batches(sweep: Sweep, done: Mapping[int, Mapping[int, GameRow]],
                    workers: int) -> list[Batch]:
    """Batches covering every game not yet ``done``, point by point.

    Batch size: about 8 batches per worker over the whole sweep, at most
    :data:`MAX_BATCH` games (the split never changes results).
    """
    gaps: list[tuple[int, int, int]] = []
    for p in sweep.all_points():
        have = done.get(p.index, {})
        start = None
        for i in range(sweep.games + 1):
            missing = i < sweep.games and i not in have
            if missing and start is None:
                start = i
            elif not missing and start is not None:
                gaps.append((p.index, start, i))
                start = None
    total = sum(b - a for _, a, b in gaps)
    size = max(1, min(MAX_BATCH, -(-total // (max(1, workers) * 8)))) if total else 1
    out = []
    for point, a, b in gaps:
        out += [Batch(point, s, min(b, s + size)) for s in range(a, b, size)]
    return out


def run_sweep(
    sweep: Sweep, pool: Pool, store: ResultStore,
    progress: Callable[[int, int], None] | None = None,
) -> dict[int, list[GameRow]]:
    """Play every game of ``sweep`` the store lacks, recording each batch as it finishes.

    ``progress(games, points_finished)`` is called after each batch with the
    games it added and the points completed by it.  Returns every point's
    rows in game order (point index -> rows).  Raises
    :class:`~botanik_design.sim.runner.SimulationError` when a game fails
    (after Dask's retries); batches not yet started are cancelled, finished
    ones stay in the store.
    """
    jobs = {p.index: job_for(sweep, p) for p in sweep.all_points()}
    batches = missing_batches(sweep, store.done, pool.workers)
    left = {p.index: sweep.games - len(store.done.get(p.index, {}))
            for p in sweep.all_points()}
    names = {p.index: point_task_name(sweep, p) for p in sweep.all_points()}
    futures = {pool.submit(play_batch, jobs[b.point], b.start, b.stop, name=names[b.point],
                           detail=games_detail(b.start, b.stop)): b for b in batches}
    try:
        for fut in pool.as_completed(list(futures)):
            b = futures[fut]
            rows = fut.result()
            store.append(b.point, rows)
            left[b.point] -= len(rows)
            if progress is not None:
                progress(len(rows), 1 if left[b.point] == 0 else 0)
    except BaseException:
        cancel_all(futures)
        raise
    out: dict[int, list[GameRow]] = {}
    for p in sweep.all_points():
        have = store.done.get(p.index, {})
        out[p.index] = [have[i] for i in range(sweep.games)]
    return out
