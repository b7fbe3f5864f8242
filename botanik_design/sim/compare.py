"""Side-by-side reports of several runs (variants or tile sets) on the same seeds,
with the differences that are statistically significant marked.

Each run after the first is compared with the first (the *baseline*):

* proportions (first-player wins, draws, bot A wins): **Fisher's exact test**
  on the 2x2 table (successes, failures) x (baseline, run), two-sided;
* distributions (scores, score parts, margin, game length, branching, tile
  flow): **Mann-Whitney U test**, two-sided (no normality assumption; scores
  are discrete and often skewed).

The p-values of one run-vs-baseline family are adjusted with **Holm's
step-down (Holm-Bonferroni) correction**, and a difference is marked
significant when the adjusted p-value is below :data:`~botanik_design.sim.stats.ALPHA`
(0.05).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from botanik_design.games.base import Metric
from botanik_design.model.words import plural
from botanik_design.sim.report import (
    RunInfo,
    adv_text,
    ci_text,
    few_note,
    game_metrics,
    has_score,
    metric_values,
    num,
    score_parts,
    summarize,
    table,
)
from botanik_design.sim.rows import GameRow
from botanik_design.sim.stats import ALPHA, fisher_two_proportions, holm, mann_whitney
from botanik_design.spec.report import terminal_text

SCHEMA = "botanik-design/compare/1"

FISHER = "Fisher's exact test"
MWU = "Mann-Whitney U test"

#: Proportions compared: key -> (label, success predicate on a row).
PROPORTIONS: dict[str, str] = {
    "first_player_decisive": "first player share of decisive games",
    "first_player_wins": "first player wins",
    "draws": "draws",
    "bot_A_wins": "bot A wins",
}



def distributions(metrics: Sequence[Metric]) -> dict[str, str]:
    """Distributions compared for a game with ``metrics``: key (see
    :func:`metric_values`) -> label."""
    out = {"first_result": "first player AdvantageP1 (result 1/0.5/0)"}
    if has_score(metrics):
        out["score"] = "score (all players)"
        out["margin"] = "margin first - second"
        out.update({k: f"score part: {v}" for k, v in score_parts(metrics).items()})
    out.update(game_metrics(metrics))
    return out


@dataclass(frozen=True, slots=True)
class Run:
    """One side of a comparison: a display ``label``, its info and its rows (game order)."""

    label: str
    info: RunInfo
    rows: Sequence[GameRow]


def _trials(rows: Sequence[GameRow], key: str) -> int:
    if key == "first_player_decisive":
        return sum(1 for r in rows if r.winner >= 0)
    return len(rows)


def _successes(rows: Sequence[GameRow], key: str) -> int:
    if key == "first_player_decisive":
        return sum(1 for r in rows if r.winner == 0)
    if key == "first_player_wins":
        return sum(1 for r in rows if r.winner == 0)
    if key == "draws":
        return sum(1 for r in rows if r.winner < 0)
    if key == "bot_A_wins":
        return sum(1 for r in rows if r.bot_result(0) == 1.0)
    raise KeyError(key)


def compare_runs(runs: Sequence[Run]) -> dict[str, Any]:
    """The JSON-ready comparison of ``runs`` (at least two; the first is the baseline).

    Layout: ``schema``, ``baseline`` (label), ``alpha``, ``correction``,
    ``runs`` (label and full :func:`summarize` report of each) and ``tests``:
    one entry per metric with ``metric``, ``label``, ``kind``
    (``proportion``/``distribution``), ``test`` (its name), ``values`` (rate
    or mean per run), ``delta`` (run minus baseline; ``None`` for the
    baseline), ``p`` (raw), ``p_holm`` and ``significant`` per run.
    Raises ``ValueError`` with fewer than two runs.
    """
    if len(runs) < 2:
        raise ValueError("compare needs at least two runs")
    base = runs[0]
    tests: list[dict[str, Any]] = []
    for key, label in PROPORTIONS.items():
        ks = [_successes(r.rows, key) for r in runs]
        ns = [_trials(r.rows, key) for r in runs]
        values = [round(k / n, 6) if n else None for k, n in zip(ks, ns, strict=True)]
        p: list[float | None] = [
            None,
            *(fisher_two_proportions(ks[0], ns[0], ks[i], ns[i]) for i in range(1, len(runs))),
        ]
        tests.append({
            "metric": key, "label": label, "kind": "proportion", "test": FISHER,
            "values": values, "p": p,
        })
    for key, label in distributions(base.info.metrics).items():
        samples = [metric_values(r.rows, key) for r in runs]
        values = [round(sum(s) / len(s), 6) if s else None for s in samples]
        p = [None, *(mann_whitney(samples[0], samples[i]) for i in range(1, len(runs)))]
        tests.append({
            "metric": key, "label": label, "kind": "distribution", "test": MWU,
            "values": values, "p": p,
        })
    for t in tests:
        v0 = t["values"][0]
        t["delta"] = [None] + [
            None if v is None or v0 is None else round(v - v0, 6) for v in t["values"][1:]
        ]
    # Holm's correction within each run-vs-baseline family
    for i in range(1, len(runs)):
        adjusted = holm([t["p"][i] for t in tests])
        for t, a in zip(tests, adjusted, strict=True):
            t.setdefault("p_holm", [None])
            t.setdefault("significant", [False])
            t["p_holm"].append(a)
            t["significant"].append(a is not None and a < ALPHA)
    return {
        "schema": SCHEMA,
        "baseline": base.label,
        "alpha": ALPHA,
        "correction": "Holm-Bonferroni, per run vs baseline",
        "tests_used": {"proportion": FISHER, "distribution": MWU},
        "runs": [{"label": r.label, "report": summarize(r.rows, r.info)} for r in runs],
        "tests": tests,
    }


def _fmt_p(p: float | None) -> str:
    if p is None:
        return "-"
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"


def format_compare_text(result: dict[str, Any]) -> str:
    """Side-by-side text: outcomes with CIs, end reasons (the rate of each, per run;
    informative, not tested), Ludii metrics, then every tested metric
    with its value per run, the difference to the baseline, the Holm-adjusted
    p-value and ``*`` where significant."""
    runs = result["runs"]
    labels = [r["label"] for r in runs]
    lines = [f"Comparison of {plural(len(runs), 'run')}; baseline: {result['baseline']}"]
    for r in runs:
        info = r["report"]["run"]
        lines.append(
            f"  {r['label']}: variant {info['variant']}, "
            + (f"tile set {info['tileset']}, " if info["tileset"] else "")
            + f"{plural(info['games'], 'game')}, seed {info['seed']}, bots {info['bots']['A']} vs "
            f"{info['bots']['B']}"
        )
        weak = r["report"].get("caveats", [])
        if weak:
            lines.append(f"    too weak to judge balance: {', '.join(c['short'] for c in weak)}")
    lines += ["", "Outcomes (rate [95% Wilson CI])"]
    body = []
    for key, label in (
        ("first_player_wins", "first player wins"),
        ("second_player_wins", "second player wins"),
        ("draws", "draws"),
    ):
        body.append([label, *(ci_text(r["report"]["outcomes"][key]) for r in runs)])
    body.append([
        "first player share of decisive games",
        *(ci_text(r["report"]["outcomes"]["first_player_share_of_decisive"]) for r in runs),
    ])
    body.append([
        "first player AdvantageP1 (edge)",
        *(adv_text(r["report"]["outcomes"]["advantage_p1"]) for r in runs),
    ])
    body.append(
        ["bot A wins", *(ci_text(r["report"]["outcomes"]["bots"][0]["wins"]) for r in runs)]
    )
    reasons = sorted({k for r in runs for k in r["report"].get("end_reasons", {})})
    for reason in reasons:
        body.append([f"ended by {reason}", *(
            ci_text(r["report"]["end_reasons"][reason]["games"])
            if reason in r["report"].get("end_reasons", {}) else "-" for r in runs)])
    for key, label in (
        ("advantage_p1", "Ludii AdvantageP1"),
        ("balance", "Ludii Balance"),
        ("drawishness", "Ludii Drawishness"),
    ):
        body.append([label, *(num(r["report"]["outcomes"]["ludii"][key], 3) for r in runs)])
    lines += table(["", *labels], body)
    lines += few_note(body)
    header = ["", *labels]
    for lab in labels[1:]:
        header += [f"diff {lab}", "p (Holm)"]
    body = []
    for t in result["tests"]:
        if t["kind"] == "proportion":
            vals = [("-" if v is None else f"{100 * v:.1f}%") for v in t["values"]]
        else:
            vals = [num(v) for v in t["values"]]
        row = [t["label"], *vals]
        for i in range(1, len(labels)):
            d = t["delta"][i]
            if d is None:
                dtext = "-"
            elif t["kind"] == "proportion":
                dtext = f"{100 * d:+.1f} pp"
            else:
                dtext = f"{d:+.2f}"
            mark = " *" if t["significant"][i] else "  "
            row += [dtext, _fmt_p(t["p_holm"][i]) + mark]
        body.append(row)
    lines += ["", "Differences vs the baseline (proportions: rate; distributions: mean)"]
    lines += table(header, body)
    lines += [
        "",
        f"  * significant at alpha = {result['alpha']} after Holm's correction over each run's "
        "tests.",
        f"  Tests: proportions, {FISHER} (two-sided); distributions, {MWU} (two-sided).",
    ]
    return terminal_text("\n".join(lines) + "\n")
