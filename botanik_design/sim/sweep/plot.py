"""Pictures of a sweep report (matplotlib, Agg backend; PNG or SVG by extension).

* one axis: the target metric per value, as a line with its 95% interval as
  error bars, the base's value and the target as horizontal lines;
* two axes: a heat map of the target metric (first axis down, second across),
  each cell annotated with its value (``*``: significantly different from the
  base); a diverging colour scale centred on the target.

The title names the bots and carries the report's caveats (bots too weak to judge
balance); a search's picture marks its best point (``best``), the points it dropped
(``x``) and any it never played (``-``), and its title gives the games it used.
"""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Any

from botanik_design.model.sweep import show_value
from botanik_design.model.words import plural
from botanik_design.sim.sweep.report import METRICS
from botanik_design.spec.atomic import OutputSet, write_bytes_atomic

FORMATS = (".png", ".svg")
#: Characters per line of a picture's title (it is wrapped to fit the figure).
TITLE_WIDTH = 80


def plot_problem(axes: int, path: str) -> str | None:
    """Why ``--plot path`` cannot be drawn for a sweep of ``axes`` axes (``None``: fine)."""
    if Path(path).suffix.lower() not in FORMATS:
        return f"--plot {path}: the file name must end in .png or .svg"
    if axes not in (1, 2):
        return f"--plot draws one or two axes; this sweep has {axes}"
    return None


def plot_sweep(report: dict[str, Any], path: str | Path,
               outputs: OutputSet | None = None) -> Path:
    """Draw ``report`` (see :func:`~botanik_design.sim.sweep.report.build_report`) to ``path``.

    The image is written atomically, or added to ``outputs`` (written with the
    command's other files, all or none).  Raises ``ValueError`` for another
    extension or a sweep without one or two axes, ``OSError`` (naming the file)
    when it cannot be written (never left half-written, no temporary file left).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(path)
    axes = list(report["sweep"]["axes"])
    why = plot_problem(len(axes), str(out))
    if why:
        raise ValueError(why)
    metric, goal = report["target"]["metric"], float(report["target"]["value"])
    name = METRICS[metric][0]
    points = [e for e in report["points"] if e["coords"]]
    base = next(e for e in report["points"] if not e["coords"])
    fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
    try:
        if len(axes) == 1:
            _lines(ax, axes[0], points, base, metric, goal, name)
        else:
            _heat(fig, ax, axes, points, metric, goal, name)
        ax.set_title(plot_title(report), fontsize="medium")
        fig.tight_layout()
        _save(fig, out, outputs)
    finally:
        plt.close(fig)
    return out


def plot_title(report: dict[str, Any]) -> str:
    """The picture's title: the sweep, the metric and the games per point, the bots, then
    the report's caveats (the bots too weak to judge balance) and, for a search, its
    best point and the games it used."""
    from botanik_design.sim.sweep.search_report import search_title

    sw = report["sweep"]
    name = METRICS[report["target"]["metric"]][0]
    games = plural(sw["games_per_point"], "game")
    per = f"at most {games} per point" if report.get("search") else f"{games} per point"
    lines = [f"{sw['title'] or sw['name']}: {name} ({per}; bots {sw['bots']['A']}, "
             f"{sw['bots']['B']})"]
    caveats = report.get("caveats", [])
    if caveats:
        lines.append("too weak to judge balance: " + ", ".join(c["short"] for c in caveats))
    if report.get("search"):
        lines.append(search_title(report))
    return "\n".join(textwrap.fill(line, TITLE_WIDTH) for line in lines)


def _status(entry: dict[str, Any]) -> str:
    """A search's mark of a point: ``best``, ``x`` (dropped), ``-`` (never played)."""
    st = entry.get("search")
    if st is None:
        return ""
    return {"answer": "best" if st["best"] else "", "dropped": "x",
            "never-played": "-"}[st["status"]]


def _lines(ax: Any, axis: dict[str, Any], points: list[dict[str, Any]],
           base: dict[str, Any], metric: str, goal: float, name: str) -> None:
    labels = [show_value(v) for v in axis["values"]]
    by_label = {show_value(e["coords"][axis["label"]]): e for e in points}
    xs, ys, lo, hi, marks = [], [], [], [], []
    for k, lab in enumerate(labels):
        e = by_label.get(lab)
        if e is None or e["metrics"][metric]["value"] is None:
            continue
        m = e["metrics"][metric]
        v = float(m["value"])
        low, high = m["ci95"]
        xs.append(k)
        ys.append(v)
        lo.append(v - float(low) if low is not None else 0.0)
        hi.append(float(high) - v if high is not None else 0.0)
        marks.append(("*" if e["significant"] else "") + _status(e))
    ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=4, label=f"{name} (95% interval)")
    for x, y, s in zip(xs, ys, marks, strict=True):
        if s:
            ax.annotate(s, (x, y), textcoords="offset points", xytext=(6, 4))
    bv = base["metrics"][metric]["value"]
    if bv is not None:
        ax.axhline(float(bv), linestyle="--", color="grey", label=f"base ({float(bv):.3f})")
    ax.axhline(goal, linestyle=":", color="green", label=f"target ({goal:g})")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_xlabel(axis["label"])
    ax.set_ylabel(name)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")


def _heat(fig: Any, ax: Any, axes: list[dict[str, Any]], points: list[dict[str, Any]],
          metric: str, goal: float, name: str) -> None:
    import numpy as np
    from matplotlib.colors import TwoSlopeNorm

    rows = [show_value(v) for v in axes[0]["values"]]
    cols = [show_value(v) for v in axes[1]["values"]]
    grid = np.full((len(rows), len(cols)), np.nan)
    sig = np.zeros((len(rows), len(cols)), dtype=bool)
    status = [["" for _ in cols] for _ in rows]
    for e in points:
        r = rows.index(show_value(e["coords"][axes[0]["label"]]))
        c = cols.index(show_value(e["coords"][axes[1]["label"]]))
        v = e["metrics"][metric]["value"]
        if v is not None:
            grid[r, c] = float(v)
            sig[r, c] = bool(e["significant"])
        status[r][c] = _status(e)
    finite = grid[np.isfinite(grid)]
    span = max([abs(float(x) - goal) for x in finite] + [1e-9])
    norm = TwoSlopeNorm(vcenter=goal, vmin=goal - span, vmax=goal + span)
    image = ax.imshow(np.ma.masked_invalid(grid), cmap="RdBu_r", norm=norm, aspect="auto")
    fig.colorbar(image, ax=ax, label=f"{name} (centre: target {goal:g})")
    for r in range(len(rows)):
        for c in range(len(cols)):
            if math.isfinite(grid[r, c]):
                dark = abs(grid[r, c] - goal) > 0.6 * span
                mark = f"\n{status[r][c]}" if status[r][c] else ""
                ax.text(c, r, f"{grid[r, c]:.3f}{'*' if sig[r, c] else ''}{mark}",
                        ha="center", va="center", fontsize="small",
                        color="white" if dark else "black")
    ax.set_xticks(range(len(cols)), cols)
    ax.set_yticks(range(len(rows)), rows)
    ax.set_xlabel(axes[1]["label"])
    ax.set_ylabel(axes[0]["label"])


def _save(fig: Any, out: Path, outputs: OutputSet | None) -> None:
    """Render to bytes, then write them atomically (or add them to ``outputs``)."""
    import io

    ext = out.suffix.lower()
    buf = io.BytesIO()
    metadata = {"Date": None} if ext == ".svg" else {"Software": None}
    fig.savefig(buf, format=ext[1:], metadata=metadata)
    if outputs is not None:
        outputs.add_bytes(out, buf.getvalue())
    else:
        write_bytes_atomic(out, buf.getvalue())
