"""Simulation reports: the summary dict (JSON), the text table and the CSV rows.

:func:`summarize` turns per-game rows into a JSON-ready dict whose keys are
stable (``tests/sim/test_report.py`` pins them).  Floats are rounded to 6
decimals; the dict holds no timing, so the same seed gives byte-identical JSON
whatever the number of workers.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from botanik_design.games.base import Metric
from botanik_design.model.words import plural
from botanik_design.sim.rows import CUT_OFF, GameRow, csv_columns, values_at
from botanik_design.sim.stats import MIN_SAMPLE, describe, ludii_outcome_metrics, wilson
from botanik_design.spec.report import json_text, terminal_text

#: Version tag of the JSON report layout.
SCHEMA = "botanik-design/simulate/1"

#: Distributions every game has, reported first under ``game`` (key -> label).
BASE_GAME_METRICS: dict[str, str] = {
    "decisions": "game length (decisions)",
    "branching": "branching (mean legal actions)",
}

#: The metric key that gets the score section (a per-player metric).
SCORE = "score"


@dataclass(frozen=True, slots=True)
class RunInfo:
    """What was simulated: names as given, master seed, bot specs ``(A, B)`` and the
    game's metrics (``Game.metrics()``, which the report lists)."""

    variant: str
    tileset: str
    games: int
    seed: int
    bots: tuple[str, str]
    variant_title: str = ""
    metrics: tuple[Metric, ...] = ()


#: Mean score per player (points) under which the bots are too weak to judge balance:
#: random bots score about 1 under the bundled variants, greedy ones 10-16 with the
#: botanik set and 4.5 even with registre-3 on the small quick-3 set.
WEAK_MEAN_SCORE = 3.0
#: Share of drawn games over which the bots are too weak to judge balance.
WEAK_DRAW_RATE = 0.5


def mostly_random(spec: str) -> bool:
    """Whether a bot spec plays (mostly) random moves: ``random``, or ``greedy`` with
    ``epsilon`` of 0.5 or more."""
    from botanik_design.bots.registry import BotSpecError, parse_bot_spec

    try:
        name, params = parse_bot_spec(spec)
    except BotSpecError:
        return False
    return name == "random" or (name == "greedy" and params.get("epsilon", 0.0) >= 0.5)


def cut_off_caveat(rows: Sequence[GameRow]) -> dict[str, str] | None:
    """The ``cut-off`` caveat: how many games the simulator stopped at its length bound
    (:data:`~botanik_design.sim.rows.CUT_OFF`, counted as draws), ``None`` when none was."""
    cut = [r for r in rows if r.end_reason == CUT_OFF]
    if not cut:
        return None
    bound = max(r.decisions for r in cut)
    games = f"{len(cut)} {'game was' if len(cut) == 1 else 'games were'}"
    return {
        "code": "cut-off", "short": f"{len(cut)} cut off",
        "message": f"{games} cut off at the {bound}-ply bound: no rule of the variant ends "
        "them (no ply cap), so they count as draws; set `ply_cap` (or `repetition_draw`) "
        "to end such games by a rule",
    }


def balance_caveats(rows: Sequence[GameRow], info: RunInfo) -> list[dict[str, str]]:
    """Why these bots may be too weak for the run to judge balance: each a ``code``
    (``random-bot``, ``low-score``, ``cut-off``, ``many-draws``), a ``message`` and a ``short`` form
    (:func:`caveats_of` for the run's bots and metrics)."""
    return caveats_of(rows, info.bots, has_score(info.metrics))


def caveats_of(rows: Sequence[GameRow], bots: tuple[str, str],
               scored: bool) -> list[dict[str, str]]:
    """Why bots ``(A, B)`` may be too weak for ``rows`` to judge balance (``scored``:
    the game has a per-player ``score``).

    A bot that plays random moves; a mean score per player under
    :data:`WEAK_MEAN_SCORE` (games with a score); more than :data:`WEAK_DRAW_RATE`
    of the games drawn.  Empty when none applies (or there are no games).
    """
    out: list[dict[str, str]] = []
    if not rows:
        return out
    weak = [(label, spec) for label, spec in zip("AB", bots, strict=True)
            if mostly_random(spec)]
    if weak:
        who = " and ".join(f"bot {label} ({spec})" for label, spec in weak)
        out.append({
            "code": "random-bot",
            "short": f"{'bots' if len(weak) > 1 else 'bot'} "
                     f"{' and '.join(label for label, _ in weak)} random",
            "message": f"{who} {'play' if len(weak) > 1 else 'plays'} random moves: the rates "
            "show how the rules treat aimless play, not whether the game is fair between "
            "players who try (the default bots are greedy,greedy; mcts plays stronger)",
        })
    if scored:
        scores = metric_values(rows, "score")
        mean = sum(scores) / len(scores)
        if mean < WEAK_MEAN_SCORE:
            out.append({
                "code": "low-score", "short": f"mean score {mean:.1f}",
                "message": f"players score {plural(round(mean, 1), 'point')} on average (under "
                f"{WEAK_MEAN_SCORE:g}): the bots build almost nothing, so the scores and "
                "wins say little about the rules",
            })
    cut = cut_off_caveat(rows)
    if cut is not None:
        out.append(cut)
    draws = sum(1 for r in rows if r.first_player_result() == 0.5) / len(rows)
    if draws > WEAK_DRAW_RATE:
        out.append({
            "code": "many-draws", "short": f"{100 * draws:.0f}% draws",
            "message": f"{100 * draws:.0f}% of the games are drawn (over "
            f"{100 * WEAK_DRAW_RATE:.0f}%): the bots seldom decide a game, so the win rates "
            "rest on few games",
        })
    return out


def has_score(metrics: Sequence[Metric]) -> bool:
    """Whether the game reports a per-player ``score`` (the report's score section)."""
    return any(m.key == SCORE and m.per_player for m in metrics)


def score_parts(metrics: Sequence[Metric]) -> dict[str, str]:
    """The parts of the score: key -> label."""
    return {m.key: m.label for m in metrics if m.part_of == SCORE}


def game_metrics(metrics: Sequence[Metric]) -> dict[str, str]:
    """Distributions reported under ``game``: the base ones, then the game's own
    (all but the score and its parts)."""
    own = {m.key: m.label for m in metrics if m.key != SCORE and m.part_of != SCORE}
    return {**BASE_GAME_METRICS, **own}


def _both(rows: Sequence[GameRow], key: str) -> list[float]:
    """Per-player values of a pair metric, seat 0 then seat 1 of each game."""
    pairs = _column(rows, key)
    out: list[float] = [0.0] * (2 * len(pairs))
    out[0::2] = [pair[0] for pair in pairs]
    out[1::2] = [pair[1] for pair in pairs]
    return out


def _column(rows: Sequence[GameRow], key: str) -> list[Any]:
    """``[r.metric(key) for r in rows]``, read at the place ``key`` has in the first row
    (every row of a run has its game's metrics in the same order; a row where it is
    elsewhere, or a row-like object without ``values``, is asked).  ``KeyError`` when a
    row has no ``key``."""
    if not rows:
        return []
    try:
        first = rows[0].values
        at = next((i for i, (k, _) in enumerate(first) if k == key), None)
        if at is None:
            raise KeyError(key)
        column = values_at(rows, at, key)
        if column is not None:
            return column
        out: list[Any] = []
        for r in rows:
            values = r.values
            item = values[at] if at < len(values) else None
            out.append(item[1] if item is not None and item[0] == key else r.metric(key))
        return out
    except (AttributeError, KeyError):
        return [r.metric(key) for r in rows]


def metric_values(rows: Sequence[GameRow], key: str) -> list[float]:
    """Sample behind a report entry ``key`` (as used by ``compare``'s tests).

    ``score``: every player's score; ``score_first``/``score_second``: by seat;
    ``margin``: seat 0 minus seat 1; ``score_A``/``score_B``: by bot;
    ``first_result``: the first player's results; ``decisions``/``branching``
    per game; a game metric per player (a pair) or per game.  Raises
    ``KeyError`` for an unknown key.
    """
    if key == "first_result":
        return [r.first_player_result() for r in rows]
    if key in BASE_GAME_METRICS:
        return [float(getattr(r, key)) for r in rows]
    if key == "score_first":
        return [s[0] for s in _column(rows, SCORE)]
    if key == "score_second":
        return [s[1] for s in _column(rows, SCORE)]
    if key == "margin":
        return [s[0] - s[1] for s in _column(rows, SCORE)]
    if key in ("score_A", "score_B"):
        bot = 0 if key == "score_A" else 1
        return [s[r.bot_seat(bot)] for r, s in zip(rows, _column(rows, SCORE), strict=True)]
    if not rows:
        return []
    if isinstance(rows[0].metric(key), tuple):
        return _both(rows, key)
    return [float(v) for v in _column(rows, key)]


def summarize(rows: Sequence[GameRow], info: RunInfo) -> dict[str, Any]:
    """The JSON-ready report of a run (rows in game order).

    Layout: ``schema``, ``run`` (what was simulated), ``outcomes`` (win rates
    with Wilson 95% intervals and Ludii metrics), ``caveats``
    (:func:`balance_caveats`: why the bots may be too weak to judge balance),
    ``end_reasons`` (:func:`end_reasons`: how the games ended), ``scores``
    (distributions with histograms, by seat and by bot, the margin and the parts) and
    ``game`` (length, branching and tile-flow distributions).
    """
    n = len(rows)
    first = [r.first_player_result() for r in rows]
    p1_wins = first.count(1.0)
    p2_wins = first.count(0.0)
    draws = n - p1_wins - p2_wins
    bots = []
    for b, label in enumerate("AB"):
        results = [r.bot_result(b) for r in rows]
        wins = results.count(1.0)
        points = sum(results)
        bots.append({
            "label": label,
            "spec": info.bots[b],
            "wins": wilson(wins, n).as_dict(),
            "points_rate": wilson(points, n).as_dict(),
        })
    report: dict[str, Any] = {
        "schema": SCHEMA,
        "run": {
            "variant": info.variant,
            "variant_title": info.variant_title,
            "tileset": info.tileset,
            "games": n,
            "seed": info.seed,
            "bots": {"A": info.bots[0], "B": info.bots[1]},
            "seats": "A sits first (seat 0) in even games, B in odd games",
        },
        "outcomes": {
            "first_player_wins": wilson(p1_wins, n).as_dict(),
            "second_player_wins": wilson(p2_wins, n).as_dict(),
            "draws": wilson(draws, n).as_dict(),
            "first_player_share_of_decisive": wilson(p1_wins, p1_wins + p2_wins).as_dict(),
            "advantage_p1": advantage_p1(first),
            "bots": bots,
            "ludii": ludii_outcome_metrics(first),
            "ci_method": "Wilson score interval, 95%",
        },
    }
    report["caveats"] = balance_caveats(rows, info)
    report["end_reasons"] = end_reasons(rows)
    if has_score(info.metrics):
        report["scores"] = {
            "all": describe(metric_values(rows, "score"), hist=True),
            "first_player": describe(metric_values(rows, "score_first"), hist=True),
            "second_player": describe(metric_values(rows, "score_second"), hist=True),
            "bot_A": describe(metric_values(rows, "score_A"), hist=True),
            "bot_B": describe(metric_values(rows, "score_B"), hist=True),
            "margin_first_minus_second": describe(metric_values(rows, "margin")),
            "parts": {k: describe(metric_values(rows, k)) for k in score_parts(info.metrics)},
        }
    report["game"] = {k: describe(metric_values(rows, k)) for k in game_metrics(info.metrics)}
    return report


def end_reasons(rows: Sequence[GameRow]) -> dict[str, dict[str, Any]]:
    """How the games ended, from each row's typed ``end_reason`` (the game's stable word,
    e.g. Hive's ``queen-surrounded``, ``both-surrounded``, ``repetition``, ``ply-cap``).

    Reason -> ``games`` (a Wilson rate over all games), ``draws`` (games of that reason
    with no winner); most frequent first, ties by name.  Rows without a reason count as
    ``unknown``.
    """
    counts: dict[str, list[int]] = {}
    for r in rows:
        c = counts.setdefault(r.end_reason or "unknown", [0, 0])
        c[0] += 1
        c[1] += r.winner < 0
    n = len(rows)
    order = sorted(counts.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return {k: {"games": wilson(g, n).as_dict(), "draws": d} for k, (g, d) in order}


def end_reasons_text(reasons: dict[str, dict[str, Any]]) -> list[str]:
    """The "End reasons" table of :func:`end_reasons` (no lines when empty)."""
    if not reasons:
        return []
    body = [[k, ci_text(v["games"]), plural(v["draws"], "draw")] for k, v in reasons.items()]
    return ["", "End reasons (95% CI: Wilson score interval)",
            *table(["", "rate [95% CI]", "of which"], body)]


def advantage_p1(first: Sequence[float]) -> dict[str, Any]:
    """The first player's mean result (win 1, draw 0.5, loss 0) with its 95% interval.

    Keys: ``mean``, ``ci95`` (``[lo, hi]``, within [0, 1]: the Wilson score
    interval on the mean, conservative when draws occur), ``n``, ``edge``
    (``mean - 0.5``), ``small_sample`` (fewer than
    :data:`~botanik_design.sim.stats.MIN_SAMPLE` games) and ``method``.
    """
    n = len(first)
    p = wilson(sum(first), n)
    return {
        "mean": p.rate,
        "ci95": [p.lo, p.hi],
        "n": n,
        "edge": None if not n else round(sum(first) / n - 0.5, 6),
        "small_sample": p.small,
        "method": "mean of per-game results (win 1, draw 0.5, loss 0), Wilson score 95% "
        "interval (within [0, 1]; conservative with draws); edge = AdvantageP1 - 0.5",
    }


def to_json(summary: dict[str, Any]) -> str:
    """Stable JSON text (2-space indent, key order as built, trailing newline)."""
    return json_text(summary) + "\n"


def to_csv(rows: Sequence[GameRow], metrics: Sequence[Metric]) -> str:
    """CSV text: a header (:func:`~botanik_design.sim.rows.csv_columns`) and one line
    per game."""
    import csv  # here: only runs asked for ``--csv`` write it

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(csv_columns(metrics))
    for r in rows:
        w.writerow(r.csv_values(metrics))
    return buf.getvalue()


# --------------------------------------------------------------------------- text


def pct(x: float | None) -> str:
    """``0.5234`` -> ``52.3%``; ``None`` -> ``-``."""
    return "-" if x is None else f"{100 * x:.1f}%"


def num(x: float | None, digits: int = 2) -> str:
    """A number with ``digits`` decimals (integers without); ``None`` -> ``-``."""
    if x is None:
        return "-"
    if float(x).is_integer() and abs(x) < 1e9:
        return str(int(x))
    return f"{x:.{digits}f}"


#: Marks an interval resting on fewer than MIN_SAMPLE trials (see :data:`FEW_NOTE`).
FEW = "(few)"

#: The note printed under a table holding a :data:`FEW` mark.
FEW_NOTE = (f"{FEW}: fewer than {MIN_SAMPLE} games behind the rate; the interval is wide "
            "and the rate means little")


def _few(p: dict[str, Any]) -> str:
    return f" {FEW}" if p.get("small_sample") else ""


def ci_text(p: dict[str, Any]) -> str:
    """``52.3% [49.2%, 55.4%]`` from a proportion dict (``(few)`` appended for a small sample)."""
    lo, hi = p["ci95"]
    return f"{pct(p['rate'])} [{pct(lo)}, {pct(hi)}]{_few(p)}"


def adv_text(a: dict[str, Any]) -> str:
    """``0.523 [0.501, 0.545] (+2.3 pp)`` from the ``advantage_p1`` dict (``(few)``
    appended for a small sample)."""
    lo, hi = a["ci95"]
    edge = "" if a["edge"] is None else f" ({100 * a['edge']:+.1f} pp)"
    return f"{num(a['mean'], 3)} [{num(lo, 3)}, {num(hi, 3)}]{edge}{_few(a)}"


def few_note(cells: Sequence[Sequence[str]]) -> list[str]:
    """``[FEW_NOTE]`` (indented) when a cell of the table holds the :data:`FEW` mark."""
    return [f"  {FEW_NOTE}"] if any(FEW in str(c) for row in cells for c in row) else []


def table(header: Sequence[str], body: Sequence[Sequence[str]], indent: int = 2) -> list[str]:
    """Plain-text table: first column left-aligned, the others right-aligned."""
    widths = [max(len(str(row[i])) for row in [header, *body]) for i in range(len(header))]
    lines = []
    for k, row in enumerate([header, *body]):
        cells = [
            str(c).ljust(widths[i]) if i == 0 else str(c).rjust(widths[i])
            for i, c in enumerate(row)
        ]
        lines.append(" " * indent + "  ".join(cells).rstrip())
        if k == 0:
            lines.append(" " * indent + "  ".join("-" * w for w in widths))
    return lines


_DIST_HEADER = ("", "mean", "sd", "min", "q05", "q25", "median", "q75", "q95", "max")


def _dist_row(label: str, d: dict[str, Any]) -> list[str]:
    return [label, *(num(d[k]) for k in _DIST_HEADER[1:])]


def ascii_histogram(hist: dict[str, list[float]], width: int = 40) -> list[str]:
    """Horizontal bars, one per bin: ``[lo, hi)  count  ####``."""
    counts = hist["counts"]
    edges = hist["edges"]
    if not counts:
        return ["  (no data)"]
    top = max(counts) or 1
    out = []
    for i, c in enumerate(counts):
        lo, hi = edges[i], edges[i + 1]
        label = (
            f"{num(lo + 0.5)}" if hi - lo == 1 and float(lo + 0.5).is_integer()
            else f"{num(lo + 0.5)}-{num(hi - 0.5)}"
        )
        out.append(f"  {label:>7} {c:>6}  {'#' * round(width * c / top)}")
    return out


def caveats_text(caveats: Sequence[dict[str, str]]) -> list[str]:
    """The report's warning that the bots are too weak to judge balance, one wrapped
    bullet per reason (none: no lines)."""
    import textwrap

    if not caveats:
        return []
    lines = ["", "Too weak to judge balance:"]
    for c in caveats:
        lines += textwrap.wrap(c["message"], 96, initial_indent="  - ",
                               subsequent_indent="    ")
    return lines


def format_text(summary: dict[str, Any], metrics: Sequence[Metric]) -> str:
    """The readable report of :func:`summarize`'s ``summary`` for a game with ``metrics``:
    outcomes with CIs, score (when the game has one) and game-flow tables, a histogram."""
    labels = {"parts": score_parts(metrics).items(), "game": game_metrics(metrics).items()}
    run = summary["run"]
    out = summary["outcomes"]
    title = f" ({run['variant_title']})" if run["variant_title"] else ""
    lines = [
        f"Variant {run['variant']}{title}"
        + (f", tile set {run['tileset']}" if run["tileset"] else ""),
        f"{plural(run['games'], 'game')}, seed {run['seed']}, bots A = {run['bots']['A']}, "
        f"B = {run['bots']['B']} ({run['seats']})",
        *caveats_text(summary.get("caveats", [])),
        "",
        "Outcomes (95% CI: Wilson score interval)",
    ]
    body = [
        ["first player (seat 0) wins", ci_text(out["first_player_wins"])],
        ["second player (seat 1) wins", ci_text(out["second_player_wins"])],
        ["draws (shared wins)", ci_text(out["draws"])],
        ["first player share of decisive games", ci_text(out["first_player_share_of_decisive"])],
        ["first player AdvantageP1 (mean result)", adv_text(out["advantage_p1"])],
    ]
    for b in out["bots"]:
        body.append([f"bot {b['label']} ({b['spec']}) wins", ci_text(b["wins"])])
    lines += table(["", "rate [95% CI]"], body)
    lines += few_note(body)
    lud = out["ludii"]
    lines += [
        "",
        f"  Ludii: Balance {num(lud['balance'], 3)}, AdvantageP1 {num(lud['advantage_p1'], 3)}"
        f" (first player's wins + draws/2), Drawishness {num(lud['drawishness'], 3)}",
    ]
    lines += end_reasons_text(summary.get("end_reasons", {}))
    sc = summary.get("scores")
    if sc is not None:
        body = [
            _dist_row("all players", sc["all"]),
            _dist_row("first player", sc["first_player"]),
            _dist_row("second player", sc["second_player"]),
            _dist_row(f"bot A ({run['bots']['A']})", sc["bot_A"]),
            _dist_row(f"bot B ({run['bots']['B']})", sc["bot_B"]),
            _dist_row("margin first - second", sc["margin_first_minus_second"]),
            *(_dist_row(f"part: {label}", sc["parts"][k]) for k, label in labels["parts"]),
        ]
        lines += ["", "Scores", *table(_DIST_HEADER, body)]
    lines += ["", "Game"]
    body = [_dist_row(label, summary["game"][k]) for k, label in labels["game"]]
    lines += table(_DIST_HEADER, body)
    if sc is not None:
        lines += ["", "Score histogram (all players)"]
        lines += ascii_histogram(sc["all"]["histogram"])
    return terminal_text("\n".join(lines) + "\n")
