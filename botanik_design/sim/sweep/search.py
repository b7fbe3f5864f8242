"""Balance search (``sample: search``): a race over the grid toward the sweep's target.

Every candidate (the base and every point with rules of its own) plays the games
``0 .. n - 1`` of a round, on the same seeds (common random numbers); the race then
looks at those rows and drops candidates, and the others play the next round with
twice as many games, up to ``games`` (successive halving with racing):

* the *leader* is the candidate whose target metric is closest to the target (ties:
  the lower point index);
* a candidate whose 95% interval excludes the target while the leader's contains it
  is dropped (``excludes-target``);
* otherwise a candidate significantly farther from the target than the leader is
  dropped (``farther``): a paired t-test on the per-game difference of the two
  distances (game ``i`` of both candidates shares its seeds), Holm-corrected over
  the candidates of that look, at :data:`~botanik_design.sim.stats.ALPHA`;
* of those left, only the closest half (rounded up, but at least ``finalists``,
  default two) go on to the next round (``halving``); at the last round (``games``)
  nobody is halved;
* the race ends when a single candidate is left or the last round is played.

The answer is the candidates still in the race at the end, the closest first.  The
rules are successive halving (Jamieson and Talwalkar, 2016) with racing drops as in
F-race (Birattari et al., 2002).  Every decision is a function of rows ``0 .. n - 1``
of each candidate, and those depend only on ``(point, game index)``: the same
candidates are dropped at the same rounds for any pool, any number of workers, on
Dask, after a resume from the store, or on a rerun.  The batches run on the sweep's
pool (:func:`~botanik_design.sim.sweep.executor.play_points`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from botanik_design.model.sweep import Sweep
from botanik_design.sim.rows import GameRow
from botanik_design.sim.stats import ALPHA, holm
from botanik_design.sim.sweep.executor import play_points, with_shared
from botanik_design.sim.sweep.report import target_interval, target_samples
from botanik_design.sim.sweep.store import ResultStore
from botanik_design.sim.workers import Pool

RULE = ("successive halving with racing, on the same seeds: every round doubles the games "
        "of the points still in it; a point is dropped when its 95% interval excludes the "
        "target while the closest point's contains it, or when it is farther from the "
        "target than the closest point (paired t-test on the distances, Holm-corrected over "
        f"the look, alpha {ALPHA}); of the rest, the closest half go on")


@dataclass(frozen=True, slots=True)
class Drop:
    """Why a candidate left the race: after ``games`` games, ``code``
    (``excludes-target``, ``farther`` or ``halving``), against the leader (point index
    ``leader``); ``p``: the Holm-adjusted p-value of a ``farther`` drop."""

    games: int
    code: str
    leader: int
    p: float | None = None


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A finished race: ``rounds`` (games per candidate at each look), ``games``
    (point index -> games it got; every point, a point with the base's rules the
    base's), ``drops`` (point index -> :class:`Drop`), ``answer`` (point indices still
    in the race, the closest first; ``answer[0]`` is the best point)."""

    rounds: tuple[int, ...]
    games: dict[int, int]
    drops: dict[int, Drop]
    answer: tuple[int, ...]
    rows: dict[int, list[GameRow]] = field(repr=False, default_factory=dict)


def schedule(sweep: Sweep) -> list[int]:
    """Games per candidate at each round: ``first``, doubled, ..., ending at ``games``
    (a doubling that would leave less than half a doubling to ``games`` goes straight
    to ``games``)."""
    out = [min(sweep.first, sweep.games)]
    while out[-1] < sweep.games:
        nxt = 2 * out[-1]
        out.append(sweep.games if 3 * nxt > 2 * sweep.games else nxt)
    return out


def distance(value: float | None, goal: float) -> float:
    """``|value - goal|`` (infinite when there is no value)."""
    return math.inf if value is None else abs(value - goal)


def farther_p(point: Sequence[float], leader: Sequence[float], goal: float) -> float:
    """Two-sided p-value that ``point``'s mean is as far from ``goal`` as ``leader``'s,
    paired by game: a one-sample t-test (``scipy.stats.ttest_1samp``) on
    ``s_p (x_i - goal) - s_l (y_i - goal)``, ``s`` the side of the goal each mean lies
    on, whose mean is the difference of the two distances.  ``1.0`` with fewer than
    two pairs or when every difference is 0; ``0.0`` when all are the same nonzero value."""
    n = len(point)
    if n < 2 or n != len(leader):
        return 1.0
    side_p = 1.0 if sum(point) / n >= goal else -1.0
    side_l = 1.0 if sum(leader) / n >= goal else -1.0
    diffs = [side_p * (x - goal) - side_l * (y - goal) for x, y in zip(point, leader,
                                                                     strict=True)]
    mean = sum(diffs) / n
    if all(abs(d - diffs[0]) < 1e-12 for d in diffs):
        return 1.0 if abs(mean) < 1e-12 else 0.0
    from scipy.stats import ttest_1samp  # type: ignore[import-untyped]

    p = float(ttest_1samp(diffs, 0.0).pvalue)
    return 1.0 if not math.isfinite(p) else p


def look(sweep: Sweep, rows: Mapping[int, Sequence[GameRow]], alive: Sequence[int],
         games: int) -> tuple[int, dict[int, Drop]]:
    """One look at the race: ``(leader, drops)`` for the candidates ``alive`` (point
    indices), each with its rows ``0 .. games - 1`` in ``rows`` (see the module)."""
    metric, goal = sweep.target
    ci = {k: target_interval(rows[k], metric) for k in alive}
    leader = min(alive, key=lambda k: (distance(ci[k][0], goal), k))

    def contains(k: int) -> bool:
        _, lo, hi = ci[k]
        return lo is None or hi is None or lo <= goal <= hi

    drops: dict[int, Drop] = {}
    others = [k for k in alive if k != leader]
    if contains(leader):
        drops = {k: Drop(games, "excludes-target", leader) for k in others if not contains(k)}
    rest = [k for k in others if k not in drops]
    lead = target_samples(rows[leader], metric)
    raw: list[float | None] = [farther_p(target_samples(rows[k], metric), lead, goal)
                               for k in rest]
    for k, p in zip(rest, holm(raw), strict=True):
        if p is not None and p < ALPHA:
            drops[k] = Drop(games, "farther", leader, p)
    left = sorted((k for k in alive if k not in drops),
                  key=lambda k: (distance(ci[k][0], goal), k))
    if games < sweep.games:
        keep = max(sweep.finalists, -(-len(left) // 2))
        drops.update({k: Drop(games, "halving", leader) for k in left[keep:]})
    return leader, drops


def run_search(
    sweep: Sweep, pool: Pool, store: ResultStore,
    progress: Callable[[int, int, int], None] | None = None,
) -> SearchResult:
    """Run the race of ``sweep`` (``sample: search``) on ``pool``, recording every batch
    in ``store`` (games it already holds are not played again).

    ``progress(round, games per candidate, candidates)`` is called before each round.
    Raises as :func:`~botanik_design.sim.sweep.executor.play_points`.
    """
    metric, goal = sweep.target
    alive = [p.index for p in sweep.played_points()]
    drops: dict[int, Drop] = {}
    rounds: list[int] = []
    rows: dict[int, list[GameRow]] = {}
    plan = schedule(sweep)
    for k, games in enumerate(plan, start=1):
        if progress is not None:
            progress(k, games, len(alive))
        got = play_points(sweep, pool, store, dict.fromkeys(alive, games))
        rows.update(got)
        rounds.append(games)
        _, dropped = look(sweep, got, alive, games)
        drops.update(dropped)
        alive = [i for i in alive if i not in dropped]
        if len(alive) == 1:
            break
    answer = sorted(alive, key=lambda i: (distance(target_interval(rows[i], metric)[0], goal),
                                          i))
    shared = with_shared(sweep, rows)
    counts = {p.index: len(shared.get(p.index, [])) for p in sweep.all_points()}
    for p in sweep.points:
        if p.same_as_base and sweep.base.index in drops:
            drops[p.index] = drops[sweep.base.index]
    return SearchResult(tuple(rounds), counts, drops, tuple(answer), shared)
