"""Charts of simulation reports (matplotlib, imported only when a chart is drawn).

The chart of ``simulate --plot`` and ``compare --plot`` shows what the report's
headline says: per run (variant or tile set), the first player's AdvantageP1
(mean result, win 1, draw 1/2, loss 0) and the win and draw rates, each with its
95% Wilson interval as an error bar, on a 0..1 axis with the fair value 0.5
marked.  Every series has its own colour from the Okabe-Ito palette
(:data:`SERIES_COLOURS`, readable with every common colour-vision deficiency;
never red against green) and its own marker.  The title carries the bots, the
games per run and the caveats the text report prints.

:func:`figure_bytes` turns any figure into PNG or SVG bytes with no date or
software stamp (equal data give equal bytes).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from botanik_design.model.words import plural
from botanik_design.sim.stats import MIN_SAMPLE

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: File extensions the charts accept.
FORMATS = (".png", ".svg")

#: The Okabe-Ito colour-blind-safe palette (Okabe & Ito 2002), in the order series use it.
SERIES_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9",
                  "#000000", "#F0E442")
#: Markers, one per series (a second cue beside the colour).
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
#: The outcome measures drawn per run: key in the report's ``outcomes`` -> legend label.
MEASURES: dict[str, str] = {
    "advantage_p1": "AdvantageP1 (first player's mean result)",
    "first_player_wins": "first player wins",
    "second_player_wins": "second player wins",
    "draws": "draws",
}
#: Characters per title line.
WRAP = 90
#: The fair value of AdvantageP1 and of the decisive-game share.
FAIR = 0.5


def caveat_shorts(caveats: Sequence[dict[str, str]], games: int, label: str = "") -> list[str]:
    """The caveats of a report in their short form (as ``compare`` prints them), plus a
    small-sample note when ``games`` is under :data:`~botanik_design.sim.stats.MIN_SAMPLE`;
    ``label`` prefixes each (``"B: bots A and B random"``)."""
    out = [c["short"] for c in caveats]
    if games < MIN_SAMPLE:
        out.append(f"fewer than {MIN_SAMPLE} games: wide intervals")
    return [f"{label}: {c}" if label else c for c in out]


def heading(first: str, bots: dict[str, str], games: str, caveats: Sequence[str]) -> str:
    """A chart title: ``first``, then the bots and games, then ``caveats`` (or a note that
    there are none), one per line."""
    import textwrap

    lines = [first, f"bots A = {bots['A']}, B = {bots['B']} · {games}"]
    lines += textwrap.wrap("caveats: " + "; ".join(caveats), WRAP) if caveats else [
        "no caveat: the bots play well enough to judge balance"]
    return "\n".join(lines)


def _value(entry: dict[str, Any]) -> tuple[float | None, float | None, float | None]:
    """``(value, lo, hi)`` of a proportion or AdvantageP1 dict of a report."""
    value = entry.get("mean", entry.get("rate"))
    lo, hi = entry["ci95"]
    return value, lo, hi


def outcome_figure(runs: Sequence[tuple[str, dict[str, Any]]], title: str) -> Figure:
    """The outcome chart of ``runs``: ``(label, report)`` pairs, ``report`` as
    :func:`~botanik_design.sim.report.summarize` builds it, drawn top to bottom.

    One error-bar series per measure of :data:`MEASURES` (its legend label), x from
    0 to 1, a dashed line at the fair 0.5.  Raises ``ValueError`` with no run.
    """
    from matplotlib.figure import Figure

    if not runs:
        raise ValueError("a chart needs at least one run")
    height = 2.4 + 0.9 * len(runs) + 0.25 * title.count("\n")
    fig = Figure(figsize=(8, height), dpi=100)
    ax = fig.add_subplot()
    n = len(MEASURES)
    for k, (key, label) in enumerate(MEASURES.items()):
        xs, ys, lo, hi = [], [], [], []
        for r, (_, report) in enumerate(runs):
            value, low, high = _value(report["outcomes"][key])
            if value is None or low is None or high is None:
                continue
            xs.append(value)
            ys.append(len(runs) - 1 - r + (n - 1 - 2 * k) * 0.09)
            lo.append(value - low)
            hi.append(high - value)
        ax.errorbar(xs, ys, xerr=[lo, hi], fmt=MARKERS[k], color=SERIES_COLOURS[k],
                    ecolor=SERIES_COLOURS[k], capsize=3, markersize=6, linewidth=1.6,
                    label=label)
    ax.axvline(FAIR, linestyle="--", color="#555555", linewidth=1, label="fair (0.5)")
    ax.set_xlim(0.0, 1.0)
    ax.set_ylim(-0.6, len(runs) - 0.4)
    ax.set_yticks(range(len(runs)), [label for label, _ in reversed(runs)])
    ax.set_xlabel("rate or mean result, with 95% Wilson intervals")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title, fontsize="medium", loc="left")
    ax.legend(fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=3,
              frameon=False)
    fig.tight_layout()
    return fig


def outcome_title(runs: Sequence[tuple[str, dict[str, Any]]], what: str) -> str:
    """The title of :func:`outcome_figure` for ``runs``: ``what``, the bots, games per run
    and every run's caveats (prefixed by the run's label when there are several)."""
    first = runs[0][1]["run"]
    games = {r["run"]["games"] for _, r in runs}
    count = plural(first["games"], "game") + (" per run" if len(runs) > 1 else "")
    if len(games) > 1:
        count = "games per run: " + ", ".join(str(r["run"]["games"]) for _, r in runs)
    cav: list[str] = []
    for label, report in runs:
        cav += caveat_shorts(report.get("caveats", []), report["run"]["games"],
                             label if len(runs) > 1 else "")
    return heading(what, first["bots"], count, cav)


def figure_bytes(fig: Figure, fmt: str) -> bytes:
    """``fig`` as ``fmt`` (``png`` or ``svg``) bytes, without date or software stamp."""
    import io

    if "." + fmt not in FORMATS:
        raise ValueError(f"plot format must be PNG or SVG (.png/.svg), not {fmt!r}")
    out = io.BytesIO()
    metadata = {"Date": None} if fmt == "svg" else {"Software": None}
    fig.savefig(out, format=fmt, metadata=metadata)
    return out.getvalue()


def render_outcomes(runs: Sequence[tuple[str, dict[str, Any]]], fmt: str,
                    what: str = "Outcomes") -> bytes:
    """:func:`outcome_figure` of ``runs`` titled by :func:`outcome_title`, as ``fmt`` bytes.

    Raises ``ValueError`` for a format other than ``png`` or ``svg``."""
    if "." + fmt not in FORMATS:
        raise ValueError(f"plot format must be PNG or SVG (.png/.svg), not {fmt!r}")
    return figure_bytes(outcome_figure(runs, outcome_title(runs, what)), fmt)


def plot_format(path: str | Path) -> str:
    """``"png"`` or ``"svg"`` from ``path``'s extension; ``ValueError`` for another."""
    ext = Path(path).suffix.lower()
    if ext not in FORMATS:
        raise ValueError(f"{path}: plot format must be PNG or SVG (.png/.svg), not {ext!r}")
    return ext[1:]


def plot_outcomes(runs: Sequence[tuple[str, dict[str, Any]]], path: str | Path,
                  what: str = "Outcomes") -> Path:
    """Write :func:`render_outcomes` to ``path`` (format by extension), atomically
    (:func:`~botanik_design.spec.atomic.write_bytes_atomic`: never half-written, no
    temporary file left behind).  Raises ``ValueError`` for another extension and
    ``OSError`` (naming ``path``) when it cannot be written.  Returns the path.
    """
    from botanik_design.spec.atomic import write_bytes_atomic

    fmt = plot_format(path)
    write_bytes_atomic(path, render_outcomes(runs, fmt, what))
    return Path(path)
