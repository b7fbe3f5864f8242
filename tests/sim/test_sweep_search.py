"""Balance search (`sample: search`): the file checks, the racing rule, determinism on any
pool, resuming after a kill, the report in every format, and the weak-bot refusal."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.cli import main
from botanik_design.model.sweep import NO_INTERVAL, Sweep
from botanik_design.sim.rows import GameRow
from botanik_design.sim.sweep.output import format_text, to_csv
from botanik_design.sim.sweep.plot import sweep_title as plot_title
from botanik_design.sim.sweep.report import METRICS, to_json
from botanik_design.sim.sweep.search import farther_p, look, run_search, schedule
from botanik_design.sim.sweep.search_report import build_search_report
from botanik_design.sim.sweep.store import ResultStore
from botanik_design.sim.workers import InlinePool, ProcessPool
from botanik_design.spec.load import load_sweep
from botanik_design.spec.validate import validate_path

SPEC = """\
sweep: race
base: {variant: registre-3, tileset: quick-3}
axes:
  - option: mecha_bonus
    values: [0, 4]
  - option: min_group_size
    values: [1, 2, 3]
bots: greedy,greedy
games: 40
sample: search
search: {first: 10}
seed: 2
"""


def _write(tmp_path: Path, text: str = SPEC) -> Path:
    path = tmp_path / "race.yaml"
    path.write_text(text)
    return path


def _search(tmp_path: Path, pool: Any, store_name: str = "s.jsonl",
            text: str = SPEC) -> dict[str, Any]:
    sweep = load_sweep(_write(tmp_path, text))
    store = ResultStore.open(tmp_path / store_name, sweep)
    try:
        return build_search_report(sweep, run_search(sweep, pool, store))
    finally:
        store.close()


# --------------------------------------------------------------------------- the file


@pytest.mark.parametrize(("extra", "rule", "where"), [
    ("target: {metric: balance, value: 1}\n", "sweep-search", ":13:"),
    ("target: {metric: drawishness, value: 0.1}\n", "sweep-search", ":13:"),
    ("", "", ""),
])
def test_search_target_needs_an_interval(tmp_path: Path, extra: str, rule: str,
                                         where: str) -> None:
    found = validate_path(_write(tmp_path, SPEC + extra))
    errors = [d for d in found if d.level == "error"]
    if not rule:
        assert errors == []
        return
    [d] = errors
    assert d.rule == rule and f":{d.line}:" == where and "has none" in d.message
    assert NO_INTERVAL[extra.split("metric: ")[1].split(",")[0]] in d.hint


def test_search_settings_are_checked(tmp_path: Path) -> None:
    [f] = validate_path(_write(tmp_path, SPEC.replace("first: 10", "first: 10, finalists: 0")))
    assert (f.rule, f.line) == ("schema-minimum", 11)
    assert load_sweep(_write(tmp_path, SPEC.replace("first: 10", "finalists: 1"))).finalists == 1
    [d] = validate_path(_write(tmp_path, SPEC.replace("first: 10", "first: 41")))
    assert (d.rule, d.level, d.line) == ("sweep-search", "error", 11)
    grid = SPEC.replace("sample: search", "sample: grid")
    [w] = validate_path(_write(tmp_path, grid))
    assert (w.rule, w.level, w.line) == ("sweep-search-unused", "warning", 11)
    [p] = validate_path(_write(tmp_path, SPEC + "points: 3\n"))
    assert (p.rule, p.level) == ("sweep-points-unused", "warning")
    assert "sample: search" in p.message


def test_ludii_point_values_are_the_metrics_without_interval() -> None:
    assert set(NO_INTERVAL) == {k for k, (_, kind) in METRICS.items() if kind == "ludii"}


@pytest.mark.parametrize(("first", "games", "rounds"), [
    (10, 40, [10, 20, 40]), (12, 400, [12, 24, 48, 96, 192, 400]), (10, 100, [10, 20, 40, 100]),
    (40, 40, [40]), (10, 11, [10, 11]),
])
def test_rounds_double_up_to_games(tmp_path: Path, first: int, games: int,
                                   rounds: list[int]) -> None:
    text = SPEC.replace("games: 40", f"games: {games}").replace("first: 10", f"first: {first}")
    assert schedule(load_sweep(_write(tmp_path, text))) == rounds


def test_default_first_round_is_even_and_at_least_ten(tmp_path: Path) -> None:
    for games, first in ((40, 10), (1000, 32), (2001, 62)):
        text = SPEC.replace("search: {first: 10}\n", "").replace("games: 40", f"games: {games}")
        assert load_sweep(_write(tmp_path, text)).first == first


# --------------------------------------------------------------------------- the rule


def _rows(results: list[float]) -> list[GameRow]:
    win = {1.0: 0, 0.0: 1, 0.5: -1}
    return [GameRow(i, 0, ("a", "b"), i % 2, win[r], 1, 1.0, ()) for i, r in enumerate(results)]


def _fake(games: int = 100, finalists: int = 2) -> Sweep:
    sweep = load_sweep(Path(__file__).parents[2] / "examples/sweeps/registre-3-bonus.yaml")
    return Sweep(**{**{f: getattr(sweep, f) for f in sweep.__slots__}, "games": games,
                    "finalists": finalists})


def _results(rate: float, n: int, shift: int = 0) -> list[float]:
    """``n`` results with ``rate`` wins (no draws), in an order set by ``shift``."""
    wins = round(rate * n)
    return [1.0 if (i * 7919 + shift * 37) % n < wins else 0.0 for i in range(n)]


@pytest.mark.parametrize(("rates", "games", "codes", "finalists"), [
    # far from 0.5 while the leader's interval holds it: excluded
    ({0: 0.5, 1: 0.9, 2: 0.52}, 60, {1: "excludes-target"}, 2),
    # nobody contains the target: the clearly farther one goes by the paired test
    ({0: 0.8, 1: 1.0, 2: 0.81}, 60, {1: "farther"}, 2),
    # all close: halving keeps the closest half (at least two)
    ({0: 0.5, 1: 0.52, 2: 0.55, 3: 0.57}, 60, {2: "halving", 3: "halving"}, 2),
    ({0: 0.5, 1: 0.55}, 60, {}, 2),
    # the last round halves nobody
    ({0: 0.5, 1: 0.52, 2: 0.55, 3: 0.57}, 100, {}, 2),
    # one finalist: the race ends as soon as one is left
    ({0: 0.5, 1: 0.55}, 60, {1: "halving"}, 1),
    ({0: 0.5, 1: 0.52, 2: 0.55, 3: 0.57, 4: 0.56}, 60,
     {3: "halving", 4: "halving"}, 1),
    ({0: 0.5, 1: 0.52, 2: 0.55, 3: 0.57}, 60, {3: "halving"}, 3),
])
def test_look_drops_by_interval_by_paired_test_then_halves(
        rates: dict[int, float], games: int, codes: dict[int, str],
        finalists: int) -> None:
    rows = {k: _rows(_results(r, games, k)) for k, r in rates.items()}
    leader, drops = look(_fake(100, finalists), rows, list(rates), games)
    assert leader == min(rates, key=lambda k: (abs(rates[k] - 0.5), k))
    assert {k: d.code for k, d in drops.items()} == codes
    assert all(d.games == games and d.leader == leader for d in drops.values())


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=2, max_size=60),
       st.floats(0, 1))
def test_farther_p_is_a_probability_and_one_for_a_point_against_itself(
        xs: list[float], goal: float) -> None:
    assert farther_p(xs, xs, goal) == 1.0
    other = list(reversed(xs))
    assert 0.0 <= farther_p(xs, other, goal) <= 1.0


def test_farther_p_sees_a_clear_gap() -> None:
    near = _results(0.5, 200)
    far = _results(0.8, 200)
    assert farther_p(far, near, 0.5) < 1e-6
    assert farther_p(_results(0.52, 200, 3), near, 0.5) > 0.05


# --------------------------------------------------------------------------- the race


def test_search_is_the_same_on_any_pool_and_spends_fewer_games(tmp_path: Path) -> None:
    one = _search(tmp_path, InlinePool(), "one.jsonl")
    pool = ProcessPool(2)
    try:
        two = _search(tmp_path, pool, "two.jsonl")
    finally:
        pool.shutdown()
    assert to_json(one) == to_json(two)
    s = one["search"]
    assert s["rounds"][0] == 10 and s["games"] < s["grid_games"] == 7 * 40
    assert s["never_played"] == [] and s["answer"][0] == s["best"]["label"]
    assert sum(e["games"] for e in one["points"] if not e["same_as_base"]) == s["games"]
    statuses = {e["label"]: e["search"]["status"] for e in one["points"]}
    assert set(statuses.values()) <= {"answer", "dropped"}
    for e in one["points"]:
        if e["search"]["status"] == "dropped":
            assert e["games"] == e["search"]["dropped"]["games"]
            assert e["search"]["dropped"]["reason"]


class _Refuse:
    """A pool that must not be asked for anything (a finished search plays nothing)."""

    workers = 1

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        raise AssertionError("a finished search played again")

    def as_completed(self, futures: Any) -> Any:
        return iter(futures)

    def shutdown(self) -> None: ...

    def abort(self) -> None: ...


def test_a_killed_search_resumes_to_the_same_report(tmp_path: Path) -> None:
    fresh = _search(tmp_path, InlinePool(), "fresh.jsonl")
    lines = (tmp_path / "fresh.jsonl").read_bytes().splitlines(keepends=True)
    for cut in (2, len(lines) // 2, len(lines) - 1):  # killed early, midway, near the end
        store = tmp_path / f"killed-{cut}.jsonl"
        store.write_bytes(b"".join(lines[:cut]) + lines[cut][:9])  # a torn last line
        assert to_json(_search(tmp_path, InlinePool(), store.name)) == to_json(fresh)
    # finished: the rerun plays nothing and reports the same
    assert to_json(_search(tmp_path, _Refuse(), "fresh.jsonl")) == to_json(fresh)


def test_a_grid_store_serves_the_search(tmp_path: Path) -> None:
    """The search's games are the grid's (the same seeds): a store of the grid holds them."""
    grid = SPEC.replace("sample: search\nsearch: {first: 10}\n", "")
    assert main(["sweep", str(_write(tmp_path, grid)), "-q", "--store",
                 str(tmp_path / "g.jsonl"), "-o", str(tmp_path / "g.json")]) == 0
    assert to_json(_search(tmp_path, _Refuse(), "g.jsonl")) == \
        to_json(_search(tmp_path, InlinePool(), "new.jsonl"))


# --------------------------------------------------------------------------- the CLI


def test_cli_reports_the_answer_in_text_json_csv_and_plot(tmp_path: Path) -> None:
    spec = _write(tmp_path)
    out = tmp_path / "r.json"
    args = ["sweep", str(spec), "-q", "--format", "json", "-o", str(out),
            "--csv", str(tmp_path / "r.csv"), "--plot", str(tmp_path / "r.png"),
            "--html", str(tmp_path / "r.html")]
    assert main(args) == 0
    report = json.loads(out.read_text())
    s = report["search"]
    assert {"rule", "rounds", "games", "grid_games", "share", "answer", "best",
            "never_played", "contain_target"} <= set(s)
    assert report["caveats"] == [] and report["sweep"]["bots"] == {"A": "greedy",
                                                                    "B": "greedy"}
    text = format_text(report)
    assert f"Best point: {s['best']['label']}" in text and "Grid points never played: none" \
        in text and f"{s['games']:,} of the grid's {s['grid_games']:,}" in text
    rows = list(csv.DictReader(io.StringIO(
        "".join(line for line in to_csv(report).splitlines(keepends=True)
                if not line.startswith("#")))))
    assert {r["status"] for r in rows} <= {"answer", "dropped"}
    assert all(r["drop_reason"] for r in rows if r["status"] == "dropped")
    assert f"search: best {s['best']['label']}" in plot_title(report)
    assert (tmp_path / "r.png").read_bytes()[:4] == b"\x89PNG"
    assert f"Best point: {s['best']['label']}" in (tmp_path / "r.html").read_text()


@pytest.mark.parametrize("bots", ["random,random", "greedy,random",
                                  "greedy:epsilon=0.5,greedy:epsilon=0.5"])
def test_search_refuses_random_bots_unless_allowed(
        tmp_path: Path, bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _write(tmp_path, SPEC.replace("bots: greedy,greedy", f"bots: {bots}")
                  .replace("games: 40", "games: 10"))
    out = tmp_path / "r.json"
    assert main(["sweep", str(spec), "-q", "--format", "json", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "--allow-weak-bots" in err and "cannot judge balance" in err and not out.exists()
    assert main(["sweep", str(spec), "-q", "--format", "json", "-o", str(out),
                 "--allow-weak-bots"]) == 0
    report = json.loads(out.read_text())
    assert "random-bot" in [c["code"] for c in report["caveats"]]
    assert "caveats: " in plot_title(report) and "random" in plot_title(report)


def test_hive_search_runs_and_names_the_game(tmp_path: Path) -> None:
    path = tmp_path / "hive.yaml"
    path.write_text("sweep: hive-race\nbase: {variant: hive-tournament}\naxes:\n"
                    "  - option: queen_deadline\n    values: [3, 4]\n"
                    "  - option: ply_cap\n    values: [60]\n"
                    "bots: greedy:epsilon=0.1,greedy:epsilon=0.1\ngames: 8\nsample: search\n"
                    "search: {first: 4}\n")
    out = tmp_path / "h.txt"
    assert main(["sweep", str(path), "-q", "-o", str(out)]) == 0
    text = out.read_text()
    assert text.startswith("Sweep hive-race: Hive,") and "Best point:" in text
