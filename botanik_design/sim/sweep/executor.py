"""Playing a sweep: every point's missing games, in batches, on any pool.

Game ``i`` of every point uses the seeds of game ``i`` of the sweep's master
seed (:mod:`botanik_design.sim.seeding`): common random numbers, so points
differ by their rules and not by their luck, and a game's result depends on
``(point, i)`` only, never on the backend, the worker or the order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from botanik_design.model.sweep import Sweep, SweepPoint
from botanik_design.sim.rows import GameRow
from botanik_design.sim.runner import Job, games_detail, play_batch
from botanik_design.sim.sweep.store import ResultStore
from botanik_design.sim.workers import Pool, run_lazily

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
                    workers: int, want: Mapping[int, int] | None = None) -> Iterator[Batch]:
    """Batches covering every game not yet ``done``, point by point.

    ``want``: point index -> games ``0 .. n - 1`` to have (default: every point
    that gets games of its own, :meth:`~botanik_design.model.sweep.Sweep.played_points`,
    to ``sweep.games``).  Batch size: about 8 batches per worker over all the
    missing games, at most :data:`MAX_BATCH` games (the split never changes results).
    """
    if want is None:
        want = {p.index: sweep.games for p in sweep.played_points()}
    gaps: list[tuple[int, int, int]] = []
    for point, games in want.items():
        have = done.get(point, {})
        start = None
        for i in range(games + 1):
            missing = i < games and i not in have
            if missing and start is None:
                start = i
            elif not missing and start is not None:
                gaps.append((point, start, i))
                start = None
    total = sum(b - a for _, a, b in gaps)
    size = max(1, min(MAX_BATCH, -(-total // (max(1, workers) * 8)))) if total else 1
    for point, a, b in gaps:
        for s in range(a, b, size):
            yield Batch(point, s, min(b, s + size))


def play_points(
    sweep: Sweep, pool: Pool, store: ResultStore, want: Mapping[int, int],
    progress: Callable[[int, int], None] | None = None,
) -> dict[int, list[GameRow]]:
    """Play the games ``0 .. want[point] - 1`` of each point the store lacks, recording
    each batch as it finishes; return those rows of each point in game order.

    ``progress(games, points_finished)`` is called after each batch with the
    games it added and the points it completed.  Raises
    :class:`~botanik_design.sim.runner.SimulationError` when a game fails
    (after Dask's retries); batches not yet started are cancelled, finished
    ones stay in the store.
    """
    points = {p.index: p for p in sweep.all_points()}
    jobs = {k: job_for(sweep, points[k]) for k in want}
    batches = missing_batches(sweep, store.done, pool.workers, want)
    left = {k: sum(1 for i in range(n) if i not in store.done.get(k, {}))
            for k, n in want.items()}
    names = {k: point_task_name(sweep, points[k]) for k in want}
    tasks = ((b, play_batch, (jobs[b.point], b.start, b.stop),
              {"name": names[b.point], "detail": games_detail(b.start, b.stop)})
             for b in batches)
    for b, rows in run_lazily(pool, tasks):
        store.append(b.point, rows)
        left[b.point] -= len(rows)
        if progress is not None:
            progress(len(rows), 1 if left[b.point] == 0 else 0)
    return {k: [store.done[k][i] for i in range(n)] for k, n in want.items()}


def with_shared(sweep: Sweep, rows: Mapping[int, list[GameRow]]) -> dict[int, list[GameRow]]:
    """``rows`` of the points that get games, plus each point that has the base's rules
    (``same_as_base``) holding the base's rows."""
    out = dict(rows)
    for p in sweep.points:
        if p.same_as_base and sweep.base.index in rows:
            out[p.index] = rows[sweep.base.index]
    return out


def run_sweep(
    sweep: Sweep, pool: Pool, store: ResultStore,
    progress: Callable[[int, int], None] | None = None,
) -> dict[int, list[GameRow]]:
    """Play every game of ``sweep`` (a grid or a random sample) the store lacks
    (:func:`play_points`); return every point's rows in game order (point index ->
    rows; a point with the base's rules holds the base's rows)."""
    want = {p.index: sweep.games for p in sweep.played_points()}
    return with_shared(sweep, play_points(sweep, pool, store, want, progress))
