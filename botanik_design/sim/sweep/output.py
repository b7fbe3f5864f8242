"""A sweep report as text and CSV (:func:`~botanik_design.sim.sweep.report.build_report`'s
dict; a search's dict adds ``search``, see :mod:`.search_report`).

Both carry the report's caveats (why the bots may be too weak to judge balance), as
``simulate`` does: the text in a section under its header, the CSV in ``#`` comment
lines before its header row and a ``caveats`` column per point.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from botanik_design.games.registry import entry, game_names
from botanik_design.model.sweep import show_value
from botanik_design.model.words import noun, plural
from botanik_design.sim.report import FEW_NOTE, caveats_text, num, table
from botanik_design.sim.stats import MIN_SAMPLE
from botanik_design.sim.sweep.report import METRICS, TEST, game_metrics, metric_keys, order
from botanik_design.spec.report import terminal_text

#: Short column titles of the text table: the outcome metrics' (a game's own metrics
#: bring theirs, ``SweepMetric.short``).
OUTCOME_SHORT: dict[str, str] = {
    "advantage_p1": "AdvP1", "balance": "Balance", "drawishness": "Draws",
    "first_player_wins": "P1 wins", "draws": "draws", "decisions": "length",
    "branching": "branch",
}


def short(metric: str) -> str:
    """A metric's column title in the text table (its key when it has none)."""
    if metric in OUTCOME_SHORT:
        return OUTCOME_SHORT[metric]
    own = game_metrics().get(metric)
    return own.short or own.key if own is not None else metric


def fmt_p(p: float | None) -> str:
    """A p-value for a table: ``-`` (none), ``<0.0001``, else four decimals."""
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


def caveat_lines(report: dict[str, Any]) -> list[str]:
    """The caveats of the whole sweep, then the points with caveats of their own."""
    lines = caveats_text(report.get("caveats", []))
    overall = {c["code"] for c in report.get("caveats", [])}
    own = [e for e in report["points"] if set(e.get("caveats", ())) - overall]
    if own:
        labels = [e["label"] for e in own[:5]]
        more = f" and {len(own) - 5} more" if len(own) > 5 else ""
        lines += ["", f"Too weak to judge balance at {plural(len(own), 'point')} "
                  f"(see `caveats` in the JSON and CSV): {'; '.join(labels)}{more}"]
    return lines


def _head(report: dict[str, Any]) -> list[str]:
    sw = report["sweep"]
    metric, goal = report["target"]["metric"], report["target"]["value"]
    title = f" ({sw['title']})" if sw["title"] else ""
    base = sw["base"]
    game = sw["game"]
    kit = ""
    if game in game_names():
        found = entry(game)
        game = found.title
        material = found.sweep.material if found.sweep is not None else ""
        if material in base:
            kit = f", {found.parts.get('material', material)} {base[material]}"
    search = report.get("search")
    each = (f"at most {plural(sw['games_per_point'], 'game')} each (search)" if search
            else f"{plural(sw['games_per_point'], 'game')} each")
    return [
        f"Sweep {sw['name']}{title}: {game}, base variant {base.get('variant')}{kit}",
        f"{plural(sw['points'], 'point')} + base, {each}, seed {sw['seed']}, "
        f"bots A = {sw['bots']['A']}, B = {sw['bots']['B']} (same seeds at every point)",
        *caveat_lines(report),
        "",
        (f"Answer first, then by games played and |{METRICS[metric][0]} - {num(goal, 3)}|"
         if search else f"Sorted by |{METRICS[metric][0]} - {num(goal, 3)}|")
        + "; intervals 95% (Wilson for rates and AdvantageP1, Student t for other means; "
        "every interval is in the JSON and CSV)",
        *([f"{FEW_NOTE} (at every point)"]
          if sw["games_per_point"] < MIN_SAMPLE and not search else []),
    ]


def _search_lines(search: dict[str, Any]) -> list[str]:
    """The search's answer, its cost and the points it never played."""
    best = search["best"]
    lo, hi = best["ci95"]
    others = search["answer"][1:]
    lines = [
        "",
        f"Best point: {best['label']}: {best['metric_label']} {num(best['value'], 3)} "
        f"[{num(lo, 3)}, {num(hi, 3)}] after {plural(best['games'], 'game')}",
        ("Still in the race with it: " + "; ".join(others)) if others
        else "No other point is still in the race.",
        "Intervals containing the target (on the games each got): "
        + ("; ".join(search["contain_target"]) or "none"),
        f"Games played: {search['games']:,} of the grid's {search['grid_games']:,} "
        f"({100 * search['share']:.1f}%); games per point, round by round: "
        f"{', '.join(map(str, search['rounds']))}",
        "Grid points never played: " + ("; ".join(search["never_played"]) or "none"),
        "",
    ]
    return lines


def format_text(report: dict[str, Any]) -> str:
    """The readable table, rows sorted by closeness to the target (base marked); a
    search's answer first, each point's games and why it was dropped."""
    sw = report["sweep"]
    metric = report["target"]["metric"]
    search = report.get("search")
    lines = _head(report)
    if search:
        lines += _search_lines(search)
    else:
        lines.append("")
    axes = [a["label"] for a in sw["axes"]]
    shown = list(dict.fromkeys(["advantage_p1", *report["metrics"]]))
    header = ["#", *axes, *(["games"] if search else []), *(short(k) for k in shown),
              f"diff {short(metric)}", "p (Holm)", *(["search"] if search else [])]
    body = []
    for e in sorted(report["points"], key=order):
        coords = e["coords"]
        cells = [str(e["rank"])]
        cells += ["base" if not coords else show_value(coords.get(a)) for a in axes]
        if search:
            cells.append(str(e["games"]))
        cells += [_cell(k, e["metrics"][k], 3 if k in ("advantage_p1", "balance",
                                                       "drawishness") else 2)
                  for k in shown]
        d = e["delta"]
        cells.append("-" if d is None or not coords else f"{d:+.3f}")
        mark = " *" if e["significant"] else "  "
        if e.get("same_as_base"):
            cells.append("= base")
        else:
            cells.append(fmt_p(e["p_holm"]) + mark if coords else "-   ")
        if search:
            cells.append(e["search"]["short"])
        body.append(cells)
    lines += table(header, body)
    lines += [
        "",
        f"  * significant at alpha = {report['test']['alpha']} after Holm's correction over "
        "the points.",
        f"  Test on {METRICS[metric][0]} vs the base: {TEST}"
        + (" (on the games both played)." if search else "."),
    ]
    if search:
        lines.append(f"  Search: {search['rule']}.")
    return terminal_text("\n".join(lines) + "\n")  # titles cannot drive the terminal


def to_csv(report: dict[str, Any]) -> str:
    """One row per point (grid order, the base first): axis values, then each metric's
    value and interval, the difference to the base, the p-values, the rank and the
    point's caveats (a search adds its status, the games at which it was dropped and
    why).  ``#`` comment lines before the header give the sweep's caveats and, for a
    search, its answer."""
    sw = report["sweep"]
    axes = [a["label"] for a in sw["axes"]]
    buf = io.StringIO()
    for c in report.get("caveats", []):
        buf.write(f"# too weak to judge balance: {c['message']}\n")
    search = report.get("search")
    if search:
        best = search["best"]
        buf.write(f"# search: best point {best['label']}; {search['games']} of the grid's "
                  f"{search['grid_games']} {noun(search['grid_games'], 'game')}\n")
    w = csv.writer(buf, lineterminator="\n")
    header = ["point", "label", *axes, "games"]
    keys = list(metric_keys(sw["game"]))
    for k in keys:
        header += [k, f"{k}_lo", f"{k}_hi"]
    header += ["delta", "p", "p_holm", "significant", "distance", "rank", "same_as_base",
               "caveats"]
    if search:
        header += ["status", "dropped_after", "drop_reason"]
    w.writerow(header)
    for e in report["points"]:
        row: list[Any] = [e["index"], e["label"], *(show_value(e["coords"].get(a)) if e["coords"]
                                                    else "" for a in axes), e["games"]]
        for k in keys:
            m = e["metrics"][k]
            row += [_csv(m["value"]), _csv(m["ci95"][0]), _csv(m["ci95"][1])]
        row += [_csv(e["delta"]), _csv(e["p"]), _csv(e["p_holm"]),
                "" if not e["coords"] else str(e["significant"]).lower(),
                _csv(e["distance"]), e["rank"], str(e.get("same_as_base", False)).lower(),
                " ".join(e.get("caveats", []))]
        if search:
            st = e["search"]
            dropped = st.get("dropped") or {}
            row += [st["status"], dropped.get("games", ""), dropped.get("reason", "")]
        w.writerow(row)
    return buf.getvalue()


def _csv(x: float | None) -> str:
    return "" if x is None else repr(x)
