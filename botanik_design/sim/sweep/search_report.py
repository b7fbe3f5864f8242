"""The report of a balance search: the sweep report of the race's rows, plus its answer.

:func:`build_search_report` adds to
:func:`~botanik_design.sim.sweep.report.build_report`'s dict

* ``search``: ``rule`` (the racing rule), ``rounds`` (games per point at each look),
  ``games`` (played in all, the base's counted once), ``grid_games`` (what the grid
  would play: every point with rules of its own, ``games`` each), ``share``,
  ``answer`` (labels of the points still in the race, the closest first), ``best``
  (its label, the target metric with its 95% interval and games), ``never_played``
  (labels of the grid points that got no game), ``contain_target`` (labels of the
  points whose 95% interval, on the games they got, contains the target: not
  distinguishable from it);
* per point ``search``: ``status`` (``answer``, ``dropped`` or ``never-played``),
  ``best``, ``dropped`` (``games``, ``code``, ``reason`` naming the leader it lost
  to, ``p``) and ``short`` (the text table's cell).

The ranks then put the answer first, closest first, then the dropped points, those
that stayed longest first.
"""

from __future__ import annotations

from typing import Any

from botanik_design.model.sweep import Sweep
from botanik_design.model.words import plural
from botanik_design.sim.report import num
from botanik_design.sim.sweep.report import METRICS, build_report, order, rank
from botanik_design.sim.sweep.search import RULE, Drop, SearchResult

#: Text table words for each drop code.
_SHORT = {"excludes-target": "excludes target", "farther": "farther", "halving": "halving"}


def _reason(drop: Drop, leader: str, metric: str, goal: float) -> str:
    if drop.code == "excludes-target":
        return (f"its 95% interval on {METRICS[metric][0]} excludes the target {goal:g} "
                f"while {leader}'s contains it")
    if drop.code == "halving":
        return (f"not among the closest half to the target after {plural(drop.games, 'game')} "
                f"(successive halving; closest: {leader})")
    return (f"farther from the target than {leader} (paired t-test on the distances, "
            f"p = {num(drop.p, 4)} after Holm)")


def build_search_report(sweep: Sweep, result: SearchResult) -> dict[str, Any]:
    """The JSON-ready report of the race ``result`` of ``sweep`` (see the module)."""
    metric, goal = sweep.target
    report = build_report(sweep, result.rows)
    by_index = {e["index"]: e for e in report["points"]}
    answer = set(result.answer)
    best = result.answer[0]
    for e in report["points"]:
        k = e["index"]
        shared = sweep.base.index if e["same_as_base"] else k
        drop = result.drops.get(shared)
        if drop is not None:
            leader = by_index[drop.leader]["label"]
            reason = _reason(drop, leader, metric, goal)
            e["search"] = {"status": "dropped", "best": False,
                           "dropped": {"games": drop.games, "code": drop.code,
                                       "reason": reason, "leader": leader, "p": drop.p},
                           "short": f"dropped after {drop.games}: {_SHORT[drop.code]}"}
        elif shared in answer:
            e["search"] = {"status": "answer", "best": shared == best, "dropped": None,
                           "short": "best" if shared == best else "answer"}
        else:
            e["search"] = {"status": "never-played", "best": False, "dropped": None,
                           "short": "never played"}
    rank(report["points"])
    played = sum(n for p, n in result.games.items()
                 if not by_index[p]["same_as_base"])
    grid = sweep.games * len(sweep.played_points())
    b = by_index[best]
    m = b["metrics"][metric]
    report["search"] = {
        "rule": f"{RULE} (at least {plural(sweep.finalists, 'point')})",
        "finalists": sweep.finalists,
        "rounds": list(result.rounds),
        "games": played,
        "grid_games": grid,
        "share": round(played / grid, 6) if grid else 0.0,
        "answer": [by_index[k]["label"] for k in result.answer],
        "best": {"index": best, "label": b["label"], "metric": metric,
                 "metric_label": METRICS[metric][0], "value": m["value"],
                 "ci95": list(m["ci95"]), "games": b["games"]},
        "never_played": [e["label"] for e in report["points"]
                         if e["search"]["status"] == "never-played"],
        "contain_target": [e["label"] for e in sorted(report["points"], key=order)
                           if e["games"] and _contains(e["metrics"][metric]["ci95"], goal)],
    }
    return report


def _contains(ci: list[float | None], goal: float) -> bool:
    lo, hi = ci
    return lo is not None and hi is not None and lo <= goal <= hi


def search_title(report: dict[str, Any]) -> str:
    """A short line for a picture's title: the best point and the games the search used."""
    s = report["search"]
    return (f"search: best {s['best']['label']}; {plural(s['games'], 'game')} "
            f"({100 * s['share']:.0f}% of the grid's)")
