"""compare: significance marked on a constructed difference, not on identical inputs."""

from __future__ import annotations

import pytest
from sim_rows_helpers import METRICS, row, rows_from

from botanik_design.sim.compare import FISHER, MWU, Run, compare_runs, format_compare_text
from botanik_design.sim.report import RunInfo


def _run(label: str, rows: list) -> Run:  # type: ignore[type-arg]
    return Run(label, RunInfo(label, "botanik", len(rows), 1, ("A", "B"), "", METRICS), rows)


def _test(result: dict, metric: str) -> dict:  # type: ignore[type-arg]
    return next(t for t in result["tests"] if t["metric"] == metric)


def test_identical_inputs_mark_nothing() -> None:
    rows = rows_from([0, 1, -1, 0, 1] * 40)
    result = compare_runs([_run("a", rows), _run("b", rows)])
    assert not any(t["significant"][1] for t in result["tests"])
    assert all(t["p"][1] in (1.0, None) for t in result["tests"])
    assert "*" not in format_compare_text(result).split("Differences")[1].split("\n  *")[0]


def test_constructed_difference_is_marked() -> None:
    fair = rows_from([0, 1] * 100)
    biased = rows_from([0, 0, 0, 1] * 50)  # first player wins 75%
    result = compare_runs([_run("fair", fair), _run("biased", biased)])
    t = _test(result, "first_player_wins")
    assert t["test"] == FISHER and t["significant"] == [False, True]
    assert t["delta"][1] == pytest.approx(0.25)
    adv = _test(result, "first_result")
    assert adv["test"] == MWU and adv["significant"][1]
    # decisions are identical in both: not marked
    assert not _test(result, "decisions")["significant"][1]
    text = format_compare_text(result)
    assert "+25.0 pp" in text and "Fisher's exact test" in text and "Mann-Whitney U" in text


def test_score_shift_is_marked_by_mann_whitney() -> None:
    a = [row(i, -1, 10 + i % 3, 10 + i % 3) for i in range(120)]
    b = [row(i, -1, 14 + i % 3, 14 + i % 3) for i in range(120)]
    result = compare_runs([_run("a", a), _run("b", b)])
    t = _test(result, "score")
    assert t["test"] == MWU and t["significant"][1] and t["delta"][1] == pytest.approx(4.0)
    assert not _test(result, "first_player_wins")["significant"][1]


def test_three_runs_and_holm_columns() -> None:
    a = rows_from([0, 1] * 30)
    result = compare_runs([_run("a", a), _run("b", a), _run("c", a)])
    t = result["tests"][0]
    assert len(t["values"]) == len(t["p"]) == len(t["p_holm"]) == len(t["significant"]) == 3
    assert t["p"][0] is None and t["significant"][0] is False


def test_needs_two_runs() -> None:
    with pytest.raises(ValueError):
        compare_runs([_run("a", rows_from([0]))])
