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

import csv
import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

from botanik_design.model.sweep import GAME_METRICS, Sweep, show_value
from botanik_design.model.words import plural
from botanik_design.sim.report import (
    FEW_NOTE,
    cut_off_caveat,
    end_reasons,
    metric_values,
    num,
    table,
)
from botanik_design.sim.rows import CUT_OFF, GameRow
from botanik_design.sim.stats import (
    ALPHA,
    MIN_SAMPLE,
    holm,
    ludii_outcome_metrics,
    mean_ci,
    wilson,
)
from botanik_design.spec.report import json_text, terminal_text

SCHEMA = "botanik-design/sweep/1"
TEST = ("Wilcoxon signed-rank test (normal approximation), paired by game index "
        "(common random numbers), two-sided")

#: metric key -> (label, kind): ``proportion`` (Wilson interval), ``mean-result`` (a
#: mean of results in [0, 1]: Wilson interval too, so it stays within [0, 1]),
#: ``mean`` (t-interval) or ``ludii`` (a point value without interval).
METRICS: dict[str, tuple[str, str]] = {
    "advantage_p1": ("AdvantageP1", "mean-result"),
    "balance": ("Balance", "ludii"),
    "drawishness": ("Drawishness", "ludii"),
    "first_player_wins": ("first player wins", "proportion"),
    "draws": ("draws", "proportion"),
    "decisions": ("game length (decisions)", "mean"),
    "branching": ("branching", "mean"),
    "score": ("score", "mean"),
    "margin": ("margin first - second", "mean"),
    "groups": ("colour-group points", "mean"),
    "flowers": ("flower points", "mean"),
    "bonus": ("bonus points", "mean"),
    "releases": ("releases", "mean"),
    "swaps": ("swaps", "mean"),
    "discards": ("discards", "mean"),
    "left_at_end": ("left at the end", "mean"),
    "unconnected": ("unconnected tiles", "mean"),
    "stalls": ("stalls", "mean"),
    "plies": ("game length (plies)", "mean"),
    "placements": ("placements", "mean"),
    "movements": ("movements", "mean"),
    "passes": ("passes", "mean"),
    "queen_neighbours": ("cells around own Queen at the end", "mean"),
    "end_queen_surrounded": ("ended: one Queen surrounded", "proportion"),
    "end_both_surrounded": ("ended: both Queens surrounded", "proportion"),
    "end_repetition": ("ended: repetition draw", "proportion"),
    "end_ply_cap": ("ended: ply cap draw", "proportion"),
}

#: Metric key -> the end reason it counts (the game's word, ``GameRow.end_reason``).
END_REASONS: dict[str, str] = {
    "end_queen_surrounded": "queen-surrounded", "end_both_surrounded": "both-surrounded",
    "end_repetition": "repetition", "end_ply_cap": "ply-cap",
}

#: Short column titles of the text table.
SHORT: dict[str, str] = {
    "advantage_p1": "AdvP1", "balance": "Balance", "drawishness": "Draws",
    "first_player_wins": "P1 wins", "draws": "draws", "decisions": "length",
    "branching": "branch", "score": "score", "margin": "margin", "groups": "groups",
    "flowers": "flowers", "bonus": "bonus", "releases": "releases", "swaps": "swaps",
    "discards": "discards", "left_at_end": "left", "unconnected": "unconn.",
    "stalls": "stalls", "plies": "plies", "placements": "places", "movements": "moves",
    "passes": "passes", "queen_neighbours": "Q nbrs", "end_queen_surrounded": "Q surr.",
    "end_both_surrounded": "both surr.", "end_repetition": "rep.", "end_ply_cap": "ply cap",
}


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
    if key in END_REASONS:
        return [1.0 if r.end_reason == END_REASONS[key] else 0.0 for r in rows]
    return metric_values(rows, key)


def point_metrics(rows: Sequence[GameRow], game: str = "botanik") -> dict[str, dict[str, Any]]:
    """Every metric ``game`` measures (:data:`~botanik_design.model.sweep.GAME_METRICS`,
    defined in :data:`METRICS`) for one point: ``{"value", "ci95": [lo, hi]}``
    (``ci95`` is ``[None, None]`` for Balance and Drawishness; an interval on a
    proportion or a mean result lies within [0, 1] and comes with
    ``small_sample``: fewer than :data:`~botanik_design.sim.stats.MIN_SAMPLE` games)."""
    first = [r.first_player_result() for r in rows]
    ludii = ludii_outcome_metrics(first)
    n = len(rows)
    out: dict[str, dict[str, Any]] = {}
    for key in GAME_METRICS[game]:
        kind = METRICS[key][1]
        if kind == "ludii":
            out[key] = {"value": ludii[key], "ci95": [None, None]}
        elif kind in ("proportion", "mean-result"):
            total = sum(samples(rows, key))
            p = wilson(int(total) if kind == "proportion" else total, n)
            out[key] = {"value": p.rate, "ci95": [p.lo, p.hi], "small_sample": p.small}
        else:
            m = mean_ci(samples(rows, key))
            out[key] = {"value": m["mean"], "ci95": m["ci95"]}
    return out


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

    Layout: ``schema``, ``sweep`` (what was played), ``target``, ``test``
    (name, metric, alpha, correction) and ``points`` in grid order, the base
    first: ``index``, ``label``, ``coords`` (axis label -> value), ``games``,
    ``metrics`` (every metric of :data:`METRICS`), ``delta`` (target metric
    minus the base's), ``p``, ``p_holm``, ``significant`` (``None``/``False``
    for the base), ``distance`` (``|target metric - target value|``) and
    ``rank`` (1 = closest to the target), ``cut_off`` (games stopped at the
    simulator's length bound); Hive points add ``end_reasons``
    (:func:`~botanik_design.sim.report.end_reasons`). ``cut_off`` at the top: every
    point's cut-off games and the message saying so (``None`` when there is none).
    """
    metric, goal = sweep.target
    points = sweep.all_points()
    base_rows = rows[sweep.base.index]
    base_sample = samples(base_rows, metric)
    entries: list[dict[str, Any]] = []
    raw_p: list[float | None] = []
    for point in points:
        prow = rows[point.index]
        m = point_metrics(prow, sweep.game)
        value = m[metric]["value"]
        base_value = None if not entries else entries[0]["metrics"][metric]["value"]
        p = None if point.index == sweep.base.index else paired_p(base_sample,
                                                                 samples(prow, metric))
        raw_p.append(p)
        entries.append({
            "index": point.index,
            "label": point.label,
            "coords": {k: _jsonable(v) for k, v in point.coords},
            "games": len(prow),
            "metrics": m,
            "delta": None if base_value is None or value is None
            else round(value - base_value, 6) + 0.0,
            "p": p,
            "distance": None if value is None else round(abs(value - goal), 6) + 0.0,
            **({"end_reasons": end_reasons(prow)} if sweep.game == "hive" else {}),
            "cut_off": sum(1 for r in prow if r.end_reason == CUT_OFF),
        })
    adjusted = holm(raw_p)
    for e, a in zip(entries, adjusted, strict=True):
        e["p_holm"] = a
        e["significant"] = a is not None and a < ALPHA
    for rank, e in enumerate(sorted(entries, key=_order), start=1):
        e["rank"] = rank
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
        "metrics": list(sweep.metrics),
        "target": {"metric": metric, "value": goal},
        "test": {"name": TEST, "metric": metric, "alpha": ALPHA,
                 "correction": "Holm-Bonferroni over every point vs the base"},
        "points": entries,
        "cut_off": _cut_off(rows),
    }


def _cut_off(rows: Mapping[int, Sequence[GameRow]]) -> dict[str, Any] | None:
    """Games the simulator stopped at its length bound, over every point (``None``:
    none): ``games`` and the :func:`~botanik_design.sim.report.cut_off_caveat` message."""
    caveat = cut_off_caveat([r for prow in rows.values() for r in prow])
    if caveat is None:
        return None
    return {"games": int(caveat["short"].split()[0]), "message": caveat["message"]}


def _order(entry: dict[str, Any]) -> tuple[float, int]:
    d = entry["distance"]
    return (math.inf if d is None else d, entry["index"])


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
    return json_text(report) + "\n"


def _fmt_p(p: float | None) -> str:
    if p is None:
        return "-"
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"


def _cell(metric: str, m: dict[str, Any], digits: int) -> str:
    value = m["value"]
    if metric != "advantage_p1":  # intervals of the other metrics: JSON and CSV
        return num(value, digits)
    lo, hi = m["ci95"]
    if lo is None or hi is None:
        return num(value, digits)
    return f"{num(value, digits)} [{num(lo, digits)}, {num(hi, digits)}]"


def format_text(report: dict[str, Any]) -> str:
    """The readable table, rows sorted by closeness to the target (base marked)."""
    sw = report["sweep"]
    metric, goal = report["target"]["metric"], report["target"]["value"]
    title = f" ({sw['title']})" if sw["title"] else ""
    base = sw["base"]
    kit = f"tile set {base.get('tileset')}" if "tileset" in base else \
        f"piece set {base.get('pieceset')}"
    lines = [
        f"Sweep {sw['name']}{title}: {sw['game']}, base variant {base.get('variant')}, {kit}",
        f"{plural(sw['points'], 'point')} + base, {plural(sw['games_per_point'], 'game')} "
        f"each, seed {sw['seed']}, "
        f"bots A = {sw['bots']['A']}, B = {sw['bots']['B']} (same seeds at every point)",
        f"Sorted by |{METRICS[metric][0]} - {num(goal, 3)}|; intervals 95% "
        "(Wilson for rates and AdvantageP1, Student t for other means; every interval is "
        "in the JSON and CSV)",
        *([f"{FEW_NOTE} (at every point)"] if sw["games_per_point"] < MIN_SAMPLE else []),
        *([f"Note: {report['cut_off']['message']}"] if report.get("cut_off") else []),
        "",
    ]
    axes = [a["label"] for a in sw["axes"]]
    shown = list(dict.fromkeys(["advantage_p1", *report["metrics"]]))
    header = ["#", *axes, *(SHORT[k] for k in shown), f"diff {SHORT[metric]}", "p (Holm)"]
    body = []
    for e in sorted(report["points"], key=_order):
        coords = e["coords"]
        cells = [str(e["rank"])]
        cells += ["base" if not coords else show_value(coords.get(a)) for a in axes]
        cells += [_cell(k, e["metrics"][k], 3 if k in ("advantage_p1", "balance",
                                                       "drawishness") else 2)
                  for k in shown]
        d = e["delta"]
        cells.append("-" if d is None or not coords else f"{d:+.3f}")
        mark = " *" if e["significant"] else "  "
        cells.append(_fmt_p(e["p_holm"]) + mark if coords else "-   ")
        body.append(cells)
    lines += table(header, body)
    lines += [
        "",
        f"  * significant at alpha = {report['test']['alpha']} after Holm's correction over "
        "the points.",
        f"  Test on {METRICS[metric][0]} vs the base: {TEST}.",
    ]
    return terminal_text("\n".join(lines) + "\n")


def to_csv(report: dict[str, Any]) -> str:
    """One row per point (grid order, the base first): axis values, then each metric's
    value and interval, the difference to the base, the p-values, the rank and the games
    cut off at the length bound."""
    axes = [a["label"] for a in report["sweep"]["axes"]]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    header = ["point", "label", *axes, "games"]
    keys = list(GAME_METRICS[report["sweep"]["game"]])
    for k in keys:
        header += [k, f"{k}_lo", f"{k}_hi"]
    header += ["delta", "p", "p_holm", "significant", "distance", "rank", "cut_off"]
    w.writerow(header)
    for e in report["points"]:
        row: list[Any] = [e["index"], e["label"], *(show_value(e["coords"].get(a)) if e["coords"]
                                                    else "" for a in axes), e["games"]]
        for k in keys:
            m = e["metrics"][k]
            row += [_csv(m["value"]), _csv(m["ci95"][0]), _csv(m["ci95"][1])]
        row += [_csv(e["delta"]), _csv(e["p"]), _csv(e["p_holm"]),
                "" if not e["coords"] else str(e["significant"]).lower(),
                _csv(e["distance"]), e["rank"], e.get("cut_off", 0)]
        w.writerow(row)
    return buf.getvalue()


def _csv(x: float | None) -> str:
    return "" if x is None else repr(x)

