"""One self-contained HTML report of a run (``simulate``, ``compare`` or ``sweep --html``).

The page holds everything it shows: the caveats, the tables, the charts as
inline SVG (:mod:`botanik_design.sim.plot`, :mod:`botanik_design.sim.sweep.plot`),
the full text report, and the exact command and versions to reproduce it.  It
names no external resource (no script, style sheet, font or image to fetch), so
it can be mailed and opened offline.  Without matplotlib the page is written
without its charts and says so.
"""

from __future__ import annotations

import html
import re
import shlex
from collections.abc import Callable, Sequence
from typing import Any

from botanik_design.model.words import noun
from botanik_design.sim.report import ci_text, num

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 62em;
       color: #1c1c1c; line-height: 1.4; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #c8c8c8; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #f0f0f0; }
td.sig { font-weight: bold; } td.muted { color: #6b6b6b; }
.caveats { border-left: 4px solid #E69F00; background: #fff7e6; padding: 0.5em 1em; }
.fine { border-left: 4px solid #009E73; background: #eefaf5; padding: 0.5em 1em; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 0.85em; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
"""

#: Distributions packages whose version the page names.
PACKAGES = ("botanik-design", "matplotlib", "numpy", "ruamel.yaml", "dask", "distributed")


def esc(text: object) -> str:
    """``text`` escaped for HTML content and attribute values."""
    return html.escape(str(text), quote=True)


def versions() -> list[tuple[str, str]]:
    """``(name, version)`` of Python, the platform and each installed package of
    :data:`PACKAGES` (a missing one: ``not installed``)."""
    import platform
    from importlib.metadata import PackageNotFoundError, version

    out = [("Python", platform.python_version()), ("platform", platform.platform())]
    for name in PACKAGES:
        try:
            out.append((name, version(name)))
        except PackageNotFoundError:
            out.append((name, "not installed"))
    return out


def inline_svg(svg: bytes) -> str:
    """An SVG document as an element to put in a page: without its XML prolog, DOCTYPE
    and metadata (which name http addresses of vocabularies)."""
    text = svg.decode("utf-8")
    text = re.sub(r"<\?xml[^>]*\?>", "", text)
    text = re.sub(r"<!DOCTYPE[^>]*>", "", text)
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)
    return text.strip()


def chart(draw: Callable[[], bytes], caption: str) -> str:
    """A ``<figure>`` with the SVG ``draw()`` returns, or a note when matplotlib is
    not installed."""
    try:
        svg = draw()
    except ImportError:
        return ("<p><em>The chart needs matplotlib (pip install "
                "'botanik-design[pictures]'); the tables below hold the same numbers.</em></p>")
    return f"<figure>{inline_svg(svg)}<figcaption>{esc(caption)}</figcaption></figure>"


def table(header: Sequence[str], rows: Sequence[Sequence[str | tuple[str, str]]]) -> str:
    """An HTML table; a cell is a text or ``(text, css class)``."""
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = []
    for row in rows:
        cells = []
        for cell in row:
            text, cls = cell if isinstance(cell, tuple) else (cell, "")
            attr = f' class="{esc(cls)}"' if cls else ""
            cells.append(f"<td{attr}>{esc(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def caveats_block(caveats: Sequence[tuple[str, str]]) -> str:
    """The caveats (``(who, message)``; ``who`` may be empty) as a highlighted list,
    or a note that there is none."""
    if not caveats:
        return ('<div class="fine"><p>No caveat: the bots play well enough to judge balance '
                "and every rate rests on enough games.</p></div>")
    items = "".join(f"<li>{esc(who + ': ' if who else '')}{esc(text)}</li>"
                    for who, text in caveats)
    return (f'<div class="caveats"><p><strong>Too weak to judge balance, or too few '
            f"games:</strong></p><ul>{items}</ul></div>")


def page(title: str, sections: Sequence[tuple[str, str]], argv: Sequence[str],
         text_report: str) -> str:
    """The whole page: ``title``, each ``(heading, html)`` section, the text report and
    how to reproduce it (the command and the versions)."""
    command = shlex.join(["botanik-design", *argv])
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
             f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>",
             f"<h1>{esc(title)}</h1>"]
    for heading, body in sections:
        parts.append(f"<h2>{esc(heading)}</h2>{body}")
    parts.append(f"<h2>Full report</h2><pre>{esc(text_report)}</pre>")
    parts.append("<h2>To reproduce</h2><p>The same command gives the same numbers (seeded; "
                 "results do not depend on the number of workers):</p>"
                 f"<pre id=\"command\">{esc(command)}</pre>"
                 + table(["software", "version"], versions()))
    parts.append("</body></html>\n")
    return "".join(parts)


def _caveats_of(report: dict[str, Any], who: str = "") -> list[tuple[str, str]]:
    from botanik_design.sim.report import FEW_NOTE
    from botanik_design.sim.stats import MIN_SAMPLE

    out = [(who, c["message"]) for c in report.get("caveats", [])]
    if report["run"]["games"] < MIN_SAMPLE:
        out.append((who, FEW_NOTE))
    return out


_OUTCOMES = (("first_player_wins", "first player (seat 0) wins"),
             ("second_player_wins", "second player (seat 1) wins"),
             ("draws", "draws"),
             ("first_player_share_of_decisive", "first player share of decisive games"))


def _outcome_rows(reports: Sequence[dict[str, Any]]) -> list[list[str | tuple[str, str]]]:
    rows: list[list[str | tuple[str, str]]] = []
    for key, label in _OUTCOMES:
        rows.append([label, *(ci_text(r["outcomes"][key]) for r in reports)])
    row: list[str | tuple[str, str]] = ["AdvantageP1 (first player's mean result)"]
    for r in reports:
        a = r["outcomes"]["advantage_p1"]
        lo, hi = a["ci95"]
        row.append(f"{num(a['mean'], 3)} [{num(lo, 3)}, {num(hi, 3)}]")
    rows.append(row)
    return rows


def simulate_page(summary: dict[str, Any], where: str, text_report: str,
                  argv: Sequence[str]) -> str:
    """The page of a ``simulate`` run (``summary``:
    :func:`~botanik_design.sim.report.summarize`)."""
    from botanik_design.sim.plot import render_outcomes

    run = summary["run"]
    what = (f"{run['games']:,} {noun(run['games'], 'game')}, seed {run['seed']}, "
            f"bots A = {run['bots']['A']}, "
            f"B = {run['bots']['B']} ({run['seats']})")
    sections = [
        ("Run", f"<p>{esc(where)}: {esc(what)}</p>"),
        ("Caveats", caveats_block(_caveats_of(summary))),
        ("Chart", chart(lambda: render_outcomes([(where, summary)], "svg",
                                                f"Outcomes: {where}"),
                        "AdvantageP1 and win rates with their 95% Wilson intervals")),
        ("Outcomes (95% Wilson intervals)", table(["", "rate [95% CI]"],
                                                   _outcome_rows([summary]))),
    ]
    return page(f"Simulation: {where}", sections, argv, text_report)


def compare_page(result: dict[str, Any], text_report: str, argv: Sequence[str]) -> str:
    """The page of a ``compare`` run (``result``:
    :func:`~botanik_design.sim.compare.compare_runs`)."""
    from botanik_design.sim.compare import _fmt_p
    from botanik_design.sim.plot import render_outcomes

    runs = [(r["label"], r["report"]) for r in result["runs"]]
    labels = [label for label, _ in runs]
    caveats = [c for label, rep in runs for c in _caveats_of(rep, label)]
    tests: list[list[str | tuple[str, str]]] = []
    for t in result["tests"]:
        row: list[str | tuple[str, str]] = [t["label"], num(t["values"][0], 3)]
        for i in range(1, len(runs)):
            d = t["delta"][i]
            cell = f"{num(t['values'][i], 3)} ({'-' if d is None else f'{d:+.3f}'}; " \
                   f"p {_fmt_p(t['p_holm'][i])}{' *' if t['significant'][i] else ''})"
            row.append((cell, "sig" if t["significant"][i] else "muted"))
        tests.append(row)
    sections = [
        ("Runs", "<ul>" + "".join(
            f"<li>{esc(label)}: variant {esc(rep['run']['variant'])}"
            + (f", tile set {esc(rep['run']['tileset'])}" if rep["run"]["tileset"] else "")
            + f", {rep['run']['games']:,} {noun(rep['run']['games'], 'game')}, "
            f"seed {rep['run']['seed']}, bots "
            f"{esc(rep['run']['bots']['A'])} vs {esc(rep['run']['bots']['B'])}</li>"
            for label, rep in runs) + "</ul>"),
        ("Caveats", caveats_block(caveats)),
        ("Chart", chart(lambda: render_outcomes(runs, "svg", "Outcomes per run (baseline: "
                                                f"{result['baseline']})"),
                        "AdvantageP1 and win rates per run with their 95% Wilson intervals")),
        ("Outcomes (95% Wilson intervals)", table(["", *labels], _outcome_rows(
            [rep for _, rep in runs]))),
        (f"Differences from {result['baseline']} ({result['correction']}; * significant at "
         f"alpha {result['alpha']})",
         table(["metric", *labels], tests)),
    ]
    return page("Comparison: " + " vs ".join(labels), sections, argv, text_report)


def _search_block(search: dict[str, Any]) -> str:
    """A balance search's answer: the best point, its interval, the games used."""
    best = search["best"]
    lo, hi = best["ci95"]
    return (f"<p>Best point: {esc(best['label'])}: {esc(best['metric_label'])} "
            f"{num(best['value'], 3)} [{num(lo, 3)}, {num(hi, 3)}] after {best['games']:,} "
            f"{noun(best['games'], 'game')}; still in the race: "
            f"{esc('; '.join(search['answer']))}. Games played: "
            f"{search['games']:,} of the grid's {search['grid_games']:,}; never played: "
            f"{esc('; '.join(search['never_played']) or 'none')}.</p>")


def sweep_page(report: dict[str, Any], text_report: str, argv: Sequence[str],
               draw: bool = True) -> str:
    """The page of a ``sweep`` (``report``: :func:`~botanik_design.sim.sweep.report.build_report`);
    ``draw``: whether the sweep has one or two axes (the chart)."""
    from botanik_design.model.sweep import show_value
    from botanik_design.sim.sweep.output import fmt_p
    from botanik_design.sim.sweep.report import METRICS, order

    sw = report["sweep"]
    metric = report["target"]["metric"]
    name = METRICS[metric][0]
    axes = [a["label"] for a in sw["axes"]]
    rows: list[list[str | tuple[str, str]]] = []
    for e in sorted(report["points"], key=order):
        m = e["metrics"][metric]
        lo, hi = (m.get("ci95") or [None, None])
        cells: list[str | tuple[str, str]] = [str(e["rank"])]
        cells += ["base" if not e["coords"] else show_value(e["coords"].get(a)) for a in axes]
        cells.append(f"{num(m['value'], 3)} [{num(lo, 3)}, {num(hi, 3)}]")
        d = e["delta"]
        cells.append("-" if d is None or not e["coords"] else f"{d:+.3f}")
        sig = bool(e["significant"])
        cells.append((fmt_p(e["p_holm"]) + (" *" if sig else ""), "sig" if sig else "muted"))
        rows.append(cells)
    from botanik_design.sim.sweep.plot import sweep_caveats

    def svg() -> bytes:
        from botanik_design.sim.plot import figure_bytes
        from botanik_design.sim.sweep.plot import sweep_figure

        return figure_bytes(sweep_figure(report), "svg")

    sections = [
        ("Sweep", f"<p>{esc(sw['title'] or sw['name'])}: {sw['points']} "
         f"{noun(sw['points'], 'point')} + base, {sw['games_per_point']:,} "
         f"{noun(sw['games_per_point'], 'game')} each, seed {sw['seed']}, bots A = "
         f"{esc(sw['bots']['A'])}, B = {esc(sw['bots']['B'])}; target {esc(name)} = "
         f"{report['target']['value']:g}</p>"),
        ("Caveats", caveats_block([("", c) for c in sweep_caveats(report)])),
        *([("Search", _search_block(report["search"]))] if report.get("search") else []),
        *([("Chart", chart(svg, f"{name} per point (95% intervals; muted: not significant)"))]
          if draw else []),
        ("Points, closest to the target first",
         f"<p>Test: {esc(report['test']['name'])}; {esc(report['test']['correction'])}; "
         f"* significant at alpha {report['test']['alpha']}.</p>"
         + table(["#", *axes, f"{name} [95% CI]", "diff vs base", "p (Holm)"], rows)),
    ]
    return page(f"Sweep: {sw['title'] or sw['name']}", sections, argv, text_report)
