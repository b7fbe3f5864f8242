"""Sweep reports: per-point metrics, the test against the base, text, JSON and CSV.

Every point is summarised from its rows in game order, so the report is the
same for any backend and any number of workers.

Metrics (``advantage_p1`` ...) are defined in :data:`METRICS`.  Each point is
compared with the base on the *target* metric's per-game values with the
**Wilcoxon signed-rank test**, paired by game index: game ``i`` of every point
starts from the same seeds (common random numbers), so the pairs differ by the
rule change only.  The p-values of all points are adjusted together with
**Holm's step-down correction** (family: every point against the base), and a
difference is significant when the adjusted p-value is below
:data:`~botanik_design.sim.stats.ALPHA`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from botanik_design.games.entry import SweepMetric
from botanik_design.games.registry import DEFAULT_GAME, entries, entry
from botanik_design.model.sweep import Sweep
from botanik_design.sim.report import (
    caveats_of,
    end_reasons,
    metric_values,
)
from botanik_design.sim.rows import GameRow
from botanik_design.sim.stats import (
    ALPHA,
    holm,
    ludii_outcome_metrics,
    mean_ci,
    wilson,
)
from botanik_design.spec.sweep import sweep_metric_keys

SCHEMA = "botanik-design/sweep/1"
TEST = ("Wilcoxon signed-rank test (normal approximation), paired by game index "
        "(common random numbers), two-sided")

#: The outcome metrics every game shares: metric key -> (label, kind): ``proportion``
#: (Wilson interval), ``mean-result`` (a mean of results in [0, 1]: Wilson interval too,
#: so it stays within [0, 1]), ``mean`` (t-interval) or ``ludii`` (a point value without
#: interval).  A game's own metrics come from its entry (``GameEntry.sweep.metrics``).
OUTCOME_METRICS: dict[str, tuple[str, str]] = {
    "advantage_p1": ("AdvantageP1", "mean-result"),
    "balance": ("Balance", "ludii"),
    "drawishness": ("Drawishness", "ludii"),
    "first_player_wins": ("first player wins", "proportion"),
    "draws": ("draws", "proportion"),
    "decisions": ("game length (decisions)", "mean"),
    "branching": ("branching", "mean"),
}


def game_metrics() -> dict[str, SweepMetric]:
    """Every registered game's own sweep metrics by key (its entry's ``sweep.metrics``)."""
    found: dict[str, SweepMetric] = {}
    for e in entries():
        if e.sweep is not None:
            found.update((m.key, m) for m in e.sweep.metrics)
    return found


class _Metrics(Mapping[str, tuple[str, str]]):
    """metric key -> (label, kind) of every metric a sweep can report: the outcome
    metrics, then those of each registered game (read from the entries when asked)."""

    def _all(self) -> dict[str, tuple[str, str]]:
        return {**OUTCOME_METRICS, **{k: (m.label, m.kind) for k, m in game_metrics().items()}}

    def __getitem__(self, key: str) -> tuple[str, str]:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: metric key -> (label, kind), see :data:`OUTCOME_METRICS`.
METRICS: Mapping[str, tuple[str, str]] = _Metrics()


def metric_keys(game: str) -> tuple[str, ...]:
    """The metrics ``game``'s sweep rows carry, in report order: the outcome metrics, then
    the game's own."""
    return sweep_metric_keys(entry(game))


def samples(rows: Sequence[GameRow], key: str) -> list[float]:
    """Per-game values behind metric ``key`` (per-player metrics: seat 0 then seat 1 of
    each game), in game order; what the paired test compares.

    AdvantageP1 and Balance: the first player's result (1, 0.5, 0); draws and
    Drawishness: 1 for a draw; first-player wins: 1 for a win.  Raises
    ``KeyError`` for an unknown key.
    """
    if key in ("advantage_p1", "balance"):
        return [r.first_player_result() for r in rows]
    if key in ("draws", "drawishness"):
        return [1.0 if r.winner < 0 else 0.0 for r in rows]
    if key == "first_player_wins":
        return [1.0 if r.winner == 0 else 0.0 for r in rows]
    reason = game_metrics()[key].end_reason if key not in OUTCOME_METRICS else ""
    if reason:
        return [1.0 if r.end_reason == reason else 0.0 for r in rows]
    return metric_values(rows, key)


def point_metrics(rows: Sequence[GameRow],
                  game: str = DEFAULT_GAME) -> dict[str, dict[str, Any]]:
    """Every metric ``game`` measures (:func:`metric_keys`, defined in :data:`METRICS`)
    for one point: ``{"value", "ci95": [lo, hi]}``
    (``ci95`` is ``[None, None]`` for Balance and Drawishness; an interval on a
    proportion or a mean result lies within [0, 1] and comes with
    ``small_sample``: fewer than :data:`~botanik_design.sim.stats.MIN_SAMPLE` games)."""
    first = [r.first_player_result() for r in rows]
    ludii = ludii_outcome_metrics(first)
    return {key: _metric(rows, key, ludii) for key in metric_keys(game)}


def _metric(rows: Sequence[GameRow], key: str,
            ludii: Mapping[str, float | None] | None = None) -> dict[str, Any]:
    kind = METRICS[key][1]
    if kind == "ludii":
        if ludii is None:
            ludii = ludii_outcome_metrics([r.first_player_result() for r in rows])
        return {"value": ludii[key], "ci95": [None, None]}
    if kind in ("proportion", "mean-result"):
        total = sum(samples(rows, key))
        p = wilson(int(total) if kind == "proportion" else total, len(rows))
        return {"value": p.rate, "ci95": [p.lo, p.hi], "small_sample": p.small}
    m = mean_ci(samples(rows, key))
    return {"value": m["mean"], "ci95": m["ci95"]}


def target_interval(rows: Sequence[GameRow],
                    key: str) -> tuple[float | None, float | None, float | None]:
    """``(value, lo, hi)`` of metric ``key`` over ``rows``: the value and 95% interval
    :func:`point_metrics` reports (``None`` where undefined)."""
    m = _metric(rows, key)
    return m["value"], m["ci95"][0], m["ci95"][1]


#: The per-game values the tests compare (:func:`samples`), by its search name.
target_samples = samples


def paired_p(base: Sequence[float], other: Sequence[float]) -> float | None:
    """Two-sided p-value of the Wilcoxon signed-rank test on ``other[i] - base[i]``
    (``scipy.stats.wilcoxon``, zero differences dropped, normal approximation with
    tie correction: results are 0/0.5/1 or small counts, so ties are the rule and
    the exact or permutation methods would be slow); ``1.0`` when every
    difference is 0, ``None`` for empty or unequal samples."""
    if not base or len(base) != len(other):
        return None
    diffs = [b - a for a, b in zip(base, other, strict=True)]
    if all(d == 0 for d in diffs):
        return 1.0
    from scipy.stats import wilcoxon  # type: ignore[import-untyped]

    res = wilcoxon(diffs, zero_method="wilcox", alternative="two-sided", method="approx")
    p = float(res.pvalue)
    return None if not math.isfinite(p) else round(p, 6) + 0.0


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, int | float | str | bool) or value is None else str(value)


def build_report(sweep: Sweep, rows: Mapping[int, Sequence[GameRow]]) -> dict[str, Any]:
    """The JSON-ready sweep report; ``rows[point.index]`` are each point's rows in game order.

    Layout: ``schema``, ``sweep`` (what was played), ``caveats`` (why the bots may
    be too weak to judge balance, over every game:
    :func:`~botanik_design.sim.report.caveats_of`), ``target``, ``test``
    (name, metric, alpha, correction) and ``points`` in grid order, the base
    first: ``index``, ``label``, ``coords`` (axis label -> value),
    ``same_as_base`` (the point has the base's rules and its games), ``games``,
    ``metrics`` (every metric of :data:`METRICS`), ``caveats`` (the codes that
    hold for the point's own games), ``delta`` (target metric minus the base's),
    ``p``, ``p_holm``, ``significant`` (``None``/``False`` for the base; the
    paired test uses the games both points played), ``distance`` (``|target
    metric - target value|``) and ``rank`` (1 = closest to the target); the points
    of a game with end-reason metrics add ``end_reasons``
    (:func:`~botanik_design.sim.report.end_reasons`).
    A point without rows (a search that never played it) has ``games`` 0.
    """
    metric, goal = sweep.target
    points = sweep.all_points()
    base_rows = rows.get(sweep.base.index, [])
    base_sample = samples(base_rows, metric)
    keys = metric_keys(sweep.game)
    scored = "score" in keys
    reasons = any(game_metrics()[k].end_reason for k in keys if k not in OUTCOME_METRICS)
    entries: list[dict[str, Any]] = []
    raw_p: list[float | None] = []
    for point in points:
        prow = rows.get(point.index, [])
        m = point_metrics(prow, sweep.game)
        value = m[metric]["value"]
        base_value = None if not entries else entries[0]["metrics"][metric]["value"]
        p = None
        if point.index != sweep.base.index and prow:
            both = min(len(prow), len(base_rows))
            per_game = len(base_sample) // max(1, len(base_rows))
            p = paired_p(base_sample[:both * per_game], samples(prow[:both], metric))
        raw_p.append(p)
        entries.append({
            "index": point.index,
            "label": point.label,
            "coords": {k: _jsonable(v) for k, v in point.coords},
            "same_as_base": point.same_as_base,
            "games": len(prow),
            "metrics": m,
            "caveats": [c["code"] for c in caveats_of(prow, sweep.bots, scored)],
            "delta": None if base_value is None or value is None
            else round(value - base_value, 6) + 0.0,
            "p": p,
            "distance": None if value is None else round(abs(value - goal), 6) + 0.0,
            **({"end_reasons": end_reasons(prow)} if reasons else {}),
        })
    adjusted = holm(raw_p)
    for e, a in zip(entries, adjusted, strict=True):
        e["p_holm"] = a
        e["significant"] = a is not None and a < ALPHA
    rank(entries)
    played = [r for p in sweep.played_points() for r in rows.get(p.index, [])]
    return {
        "schema": SCHEMA,
        "sweep": {
            "name": sweep.name,
            "title": sweep.title,
            "game": sweep.game,
            "base": dict(sweep.base_names),
            "axes": [_axis_json(a) for a in sweep.axes],
            "sample": sweep.sample,
            "points": len(sweep.points),
            "games_per_point": sweep.games,
            "seed": sweep.seed,
            "bots": {"A": sweep.bots[0], "B": sweep.bots[1]},
            "seats": "A sits first (seat 0) in even games, B in odd games",
        },
        "caveats": caveats_of(played, sweep.bots, scored),
        "metrics": list(sweep.metrics),
        "target": {"metric": metric, "value": goal},
        "test": {"name": TEST, "metric": metric, "alpha": ALPHA,
                 "correction": "Holm-Bonferroni over every point vs the base"},
        "points": entries,
    }


def rank(entries: list[dict[str, Any]]) -> None:
    """Set each entry's ``rank`` (1 = first in :func:`order`)."""
    for k, e in enumerate(sorted(entries, key=order), start=1):
        e["rank"] = k


def order(entry: dict[str, Any]) -> tuple[int, int, float, int]:
    """Sort key: a search's answer first, then the points that got more games, then
    closeness to the target (a grid: closeness only)."""
    d = entry["distance"]
    status = entry.get("search", {}).get("status", "answer")
    return (0 if status == "answer" else 1, -entry["games"] if status != "answer" else 0,
            math.inf if d is None else d, entry["index"])


def _axis_json(axis: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"label": axis.label}
    if axis.option is not None:
        out["option"] = axis.option
    else:
        out["tiles"] = dict(axis.tiles)
        out["field"] = axis.field
        out["change"] = axis.change
    out["values"] = [_jsonable(v) for v in axis.values]
    return out


def to_json(report: dict[str, Any]) -> str:
    """Stable JSON text (2-space indent, trailing newline)."""
    return json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
