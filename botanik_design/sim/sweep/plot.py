"""Pictures of a sweep report (matplotlib, Agg backend; PNG or SVG by extension).

* one axis: the target metric per value with its 95% interval as error bars
  (filled markers and ``*``: significantly different from the base; hollow:
  not), the base's value and the target as horizontal lines;
* two axes: a heat map of the target metric (first axis down, second across) on
  a diverging scale centred on the target (Okabe-Ito blue below, orange above),
  whose range is no narrower than the points' 95% intervals (every interval
  fits inside it, so noise stays pale); cells not significantly different from
  the base are muted (washed out, grey text), significant ones keep their
  colour, are framed and marked ``*``.

Titles carry the bots, the games per point and the caveats (the report's, and
a random bot's).  Colours come from the Okabe-Ito palette.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from botanik_design.model.sweep import show_value
from botanik_design.model.words import plural
from botanik_design.sim.plot import SERIES_COLOURS, caveat_shorts, figure_bytes, heading
from botanik_design.sim.report import mostly_random
from botanik_design.sim.sweep.report import METRICS
from botanik_design.spec.atomic import OutputSet, write_bytes_atomic

FORMATS = (".png", ".svg")


def plot_problem(axes: int, path: str) -> str | None:
    """Why ``--plot path`` cannot be drawn for a sweep of ``axes`` axes (``None``: fine)."""
    if Path(path).suffix.lower() not in FORMATS:
        return f"--plot {path}: the file name must end in .png or .svg"
    if axes not in (1, 2):
        return f"--plot draws one or two axes; this sweep has {axes}"
    return None


#: The heat map's ends: Okabe-Ito blue (below the target) and orange (above), white at it.
BELOW, ABOVE, CENTRE = "#0072B2", "#E69F00", "#ffffff"
#: How much of a muted cell's colour is kept (the rest is light grey).
MUTED_KEEP = 0.3
MUTED_GREY = (0.93, 0.93, 0.93)


def sweep_caveats(report: dict[str, Any]) -> list[str]:
    """The caveats of a sweep report in short form: its own ``caveats`` (when the
    report has them), a random bot, and a small sample per point."""
    sw = report["sweep"]
    own = list(report.get("caveats", []))
    codes = {c.get("code") for c in own}
    weak = [k for k in ("A", "B") if mostly_random(sw["bots"][k])]
    if weak and "random-bot" not in codes:
        own.append({"short": f"{'bots' if len(weak) > 1 else 'bot'} {' and '.join(weak)} "
                    "random"})
    return caveat_shorts(own, int(sw["games_per_point"]))


def sweep_title(report: dict[str, Any]) -> str:
    """The chart title: sweep, metric, bots, games per point, caveats."""
    sw = report["sweep"]
    name = METRICS[report["target"]["metric"]][0]
    first = f"{sw['title'] or sw['name']}: {name} (target {float(report['target']['value']):g})"
    return heading(first, sw["bots"], f"{plural(sw['games_per_point'], 'game')} per point",
                   sweep_caveats(report))


def sweep_figure(report: dict[str, Any]) -> Any:
    """The figure of ``report`` (one axis: lines; two: heat map).  Raises ``ValueError``
    for a sweep without one or two axes."""
    from matplotlib.figure import Figure

    axes = list(report["sweep"]["axes"])
    if len(axes) not in (1, 2):
        raise ValueError(f"--plot draws one or two axes; this sweep has {len(axes)}")
    metric, goal = report["target"]["metric"], float(report["target"]["value"])
    name = METRICS[metric][0]
    points = [e for e in report["points"] if e["coords"]]
    base = next(e for e in report["points"] if not e["coords"])
    fig = Figure(figsize=(8, 5.6), dpi=100)
    ax = fig.add_subplot()
    if len(axes) == 1:
        _lines(ax, axes[0], points, base, metric, goal, name)
    else:
        _heat(fig, ax, axes, points, metric, goal, name)
    ax.set_title(sweep_title(report), fontsize="medium", loc="left")
    fig.tight_layout()
    return fig


def plot_sweep(report: dict[str, Any], path: str | Path,
               outputs: OutputSet | None = None) -> Path:
    """Draw ``report`` (see :func:`~botanik_design.sim.sweep.report.build_report`) to ``path``.

    The image is written atomically, or added to ``outputs`` (written with the
    command's other files, all or none).  Raises ``ValueError`` for another
    extension or a sweep without one or two axes, ``OSError`` (naming the file)
    when it cannot be written (never left half-written, no temporary file left).
    """
    out = Path(path)
    why = plot_problem(len(report["sweep"]["axes"]), str(out))
    if why:
        raise ValueError(why)
    data = figure_bytes(sweep_figure(report), out.suffix.lower()[1:])
    if outputs is not None:
        outputs.add_bytes(out, data)
    else:
        write_bytes_atomic(out, data)
    return out


def _interval(m: dict[str, Any]) -> tuple[float | None, float | None]:
    ci = m.get("ci95") or [None, None]
    return ci[0], ci[1]


def _lines(ax: Any, axis: dict[str, Any], points: list[dict[str, Any]],
           base: dict[str, Any], metric: str, goal: float, name: str) -> None:
    labels = [show_value(v) for v in axis["values"]]
    by_label = {show_value(e["coords"][axis["label"]]): e for e in points}
    colour = SERIES_COLOURS[0]
    for significant in (True, False):
        xs, ys, lo, hi = [], [], [], []
        for k, lab in enumerate(labels):
            e = by_label.get(lab)
            if e is None or e["metrics"][metric]["value"] is None \
                    or bool(e["significant"]) is not significant:
                continue
            m = e["metrics"][metric]
            v = float(m["value"])
            low, high = _interval(m)
            xs.append(k)
            ys.append(v)
            lo.append(v - float(low) if low is not None else 0.0)
            hi.append(float(high) - v if high is not None else 0.0)
        what = "significantly different from the base" if significant else "not significant"
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o", capsize=4, color=colour, ecolor=colour,
                    markerfacecolor=colour if significant else "white",
                    label=f"{name} with 95% interval: {what}")
        if significant:
            for x, y in zip(xs, ys, strict=True):
                ax.annotate("*", (x, y), textcoords="offset points", xytext=(6, 4))
    bv = base["metrics"][metric]["value"]
    if bv is not None:
        ax.axhline(float(bv), linestyle="--", color="#555555", label=f"base ({float(bv):.3f})")
    ax.axhline(goal, linestyle=":", color="#000000", label=f"target ({goal:g})")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_xlim(-0.5, len(labels) - 0.5)
    ax.set_xlabel(axis["label"])
    ax.set_ylabel(name)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")


def heat_span(points: list[dict[str, Any]], metric: str, goal: float) -> float:
    """Half the colour range of the heat map: the farthest any point's value or 95%
    interval end lies from ``goal`` (so the range is never narrower than an interval)."""
    ends: list[float] = []
    for e in points:
        m = e["metrics"][metric]
        if m["value"] is None:
            continue
        ends.append(float(m["value"]))
        ends += [float(x) for x in _interval(m) if x is not None]
    return max([abs(x - goal) for x in ends] + [1e-9])


def diverging_map() -> Any:
    """The heat map's colour map: :data:`BELOW` - white - :data:`ABOVE`."""
    from matplotlib.colors import LinearSegmentedColormap

    return LinearSegmentedColormap.from_list("okabe-ito-diverging", [BELOW, CENTRE, ABOVE])


def _heat(fig: Any, ax: Any, axes: list[dict[str, Any]], points: list[dict[str, Any]],
          metric: str, goal: float, name: str) -> None:
    import numpy as np
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize
    from matplotlib.patches import Rectangle

    rows = [show_value(v) for v in axes[0]["values"]]
    cols = [show_value(v) for v in axes[1]["values"]]
    grid = np.full((len(rows), len(cols)), np.nan)
    sig = np.zeros((len(rows), len(cols)), dtype=bool)
    for e in points:
        r = rows.index(show_value(e["coords"][axes[0]["label"]]))
        c = cols.index(show_value(e["coords"][axes[1]["label"]]))
        v = e["metrics"][metric]["value"]
        if v is not None:
            grid[r, c] = float(v)
            sig[r, c] = bool(e["significant"])
    span = heat_span(points, metric, goal)
    norm = Normalize(vmin=goal - span, vmax=goal + span)
    cmap = diverging_map()
    rgba = np.ones((len(rows), len(cols), 4))
    for r in range(len(rows)):
        for c in range(len(cols)):
            if not math.isfinite(grid[r, c]):
                continue
            colour = np.array(cmap(norm(grid[r, c])))
            if not sig[r, c]:
                colour[:3] = MUTED_KEEP * colour[:3] + (1 - MUTED_KEEP) * np.array(MUTED_GREY)
            rgba[r, c] = colour
    ax.imshow(rgba, aspect="auto")
    fig.colorbar(ScalarMappable(norm=norm, cmap=cmap), ax=ax,
                 label=f"{name} (centre: target {goal:g}; range covers every 95% interval)")
    for r in range(len(rows)):
        for c in range(len(cols)):
            if not math.isfinite(grid[r, c]):
                continue
            if sig[r, c]:
                ax.add_patch(Rectangle((c - 0.47, r - 0.47), 0.94, 0.94, fill=False,
                                       edgecolor="#000000", linewidth=2, gid="significant"))
            ax.text(c, r, f"{grid[r, c]:.3f}{' *' if sig[r, c] else ''}", ha="center",
                    va="center", fontsize="small",
                    color="#000000" if sig[r, c] else "#6b6b6b",
                    fontweight="bold" if sig[r, c] else "normal")
    ax.set_xticks(range(len(cols)), cols)
    ax.set_yticks(range(len(rows)), rows)
    ax.set_xlabel(axes[1]["label"] + "   (muted: not significantly different from the base; "
                  "framed *: significant)", fontsize="small")
    ax.set_ylabel(axes[0]["label"])
