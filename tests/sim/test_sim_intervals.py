"""Every interval on a proportion stays within [0, 1], and small samples are flagged
(issue 8, item 18: AdvantageP1's t-interval gave [-5.85, 6.85] for 2 games)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sim_rows_helpers import METRICS, rows_from

from botanik_design.sim.compare import Run, compare_runs, format_compare_text
from botanik_design.sim.report import FEW, RunInfo, advantage_p1, format_text, summarize
from botanik_design.sim.stats import MIN_SAMPLE, wilson

INFO = RunInfo("standard", "quick-3", 0, 1, ("random", "random"), "Standard", METRICS)


def _intervals(tree: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every mapping with a ``ci95`` in a report, with where it is."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(tree, dict):
        if "ci95" in tree:
            found.append((path, tree))
        for k, v in tree.items():
            found += _intervals(v, f"{path}/{k}")
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            found += _intervals(v, f"{path}/{i}")
    return found


def test_the_reported_case() -> None:
    # 2 games, one win for each seat: the t-interval was about [-5.85, 6.85]
    adv = advantage_p1([1.0, 0.0])
    lo, hi = adv["ci95"]
    assert 0.0 <= lo <= 0.5 <= hi <= 1.0
    assert adv["small_sample"] is True
    # 5 games: the t-interval was about [-0.12, 1.12]
    lo, hi = advantage_p1([1.0, 0.0, 1.0, 0.5, 0.0])["ci95"]
    assert 0.0 <= lo and hi <= 1.0


@given(st.lists(st.sampled_from([0, 1, -1]), min_size=1, max_size=120))
def test_every_interval_in_a_report_is_within_0_1(results: list[int]) -> None:
    summary = summarize(rows_from(results), INFO)
    intervals = _intervals(summary)
    # 4 outcomes, AdvantageP1, 2 bots x (wins, points), one rate per end reason
    assert len(intervals) == 9 + len(summary["end_reasons"]) and summary["end_reasons"]
    for where, p in intervals:
        lo, hi = p["ci95"]
        value = p.get("rate", p.get("mean"))
        if p["n"] == 0:
            assert (lo, hi, value) == (None, None, None), where
            continue
        assert 0.0 <= lo <= value <= hi <= 1.0, where
        assert p["small_sample"] is (p["n"] < MIN_SAMPLE), where


@given(st.integers(1, 400).flatmap(
    lambda n: st.tuples(st.integers(0, 2 * n).map(lambda h: h / 2), st.just(n))))
def test_wilson_with_half_points_is_bounded(kn: tuple[float, int]) -> None:
    k, n = kn
    p = wilson(k, n)
    assert p.lo is not None and p.hi is not None and p.rate is not None
    assert 0.0 <= p.lo <= p.rate <= p.hi <= 1.0


@pytest.mark.parametrize(("games", "few"), [(1, True), (2, True), (29, True), (30, False),
                                            (200, False)])
def test_text_reports_say_when_a_sample_is_small(games: int, few: bool) -> None:
    rows = rows_from([0, 1] * (games // 2) + [0] * (games % 2))
    text = format_text(summarize(rows, INFO), METRICS)
    assert (FEW in text) is few
    assert ("fewer than 30 games" in text) is few
    both = compare_runs([Run("a", INFO, rows), Run("b", INFO, rows)])
    assert (FEW in format_compare_text(both)) is few


def test_share_of_decisive_games_is_flagged_by_its_own_count() -> None:
    rows = rows_from([-1] * 40 + [0, 1])  # 42 games, only 2 decisive
    out = summarize(rows, INFO)["outcomes"]
    assert out["first_player_wins"]["small_sample"] is False
    assert out["first_player_share_of_decisive"]["small_sample"] is True


@given(st.lists(st.sampled_from([0, 1, -1]), min_size=1, max_size=80))
def test_sweep_point_intervals_on_rates_are_within_0_1(results: list[int]) -> None:
    from botanik_design.sim.sweep.report import METRICS, point_metrics

    metrics = point_metrics(rows_from(results))
    for key, (_, kind) in METRICS.items():
        if kind not in ("proportion", "mean-result"):
            continue
        lo, hi = metrics[key]["ci95"]
        assert 0.0 <= lo <= metrics[key]["value"] <= hi <= 1.0, key
        assert metrics[key]["small_sample"] is (len(results) < MIN_SAMPLE)
    assert METRICS["advantage_p1"][1] == "mean-result"
