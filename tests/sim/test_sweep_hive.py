"""Sweeps over Hive variants (issue 12 item 5): expansion, Hive semantic rules, a tiny run."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.games.hive.model import Bug, HiveVariant
from botanik_design.sim.sweep.executor import run_sweep
from botanik_design.sim.sweep.output import format_text, to_csv
from botanik_design.sim.sweep.report import build_report
from botanik_design.sim.sweep.store import ResultStore
from botanik_design.sim.workers import InlinePool
from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import load_sweep

CAPPED = """\
variant: capped
game: hive
extends: hive-tournament
options:
  ply_cap: 24
"""

SPEC = """\
sweep: hive-tiny
base: {variant: capped.yaml}
axes:
  - option: queen_deadline
    values: [3, 4]
  - option: tournament_opening
    values: [true, false]
games: 4
seed: 5
"""


def _write(tmp_path: Path, text: str = SPEC) -> Path:
    (tmp_path / "capped.yaml").write_text(CAPPED)
    path = tmp_path / "hive.yaml"
    path.write_text(text)
    return path


def test_hive_base_expands_to_hive_variants(tmp_path: Path) -> None:
    sweep = load_sweep(_write(tmp_path))
    assert sweep.game == "hive"
    assert sweep.base_names["variant"].endswith("capped.yaml")
    assert sweep.base_names["pieceset"] == "hive-base"
    assert [p.label for p in sweep.points] == [
        "queen_deadline=3, tournament_opening=true", "queen_deadline=3, tournament_opening=false",
        "queen_deadline=4, tournament_opening=true", "queen_deadline=4, tournament_opening=false"]
    for point in sweep.all_points():
        variant = point.params["variant"]
        assert isinstance(variant, HiveVariant) and variant.ply_cap == 24
        assert set(point.params) == {"variant"}
    coords = dict(sweep.points[1].coords)
    assert sweep.points[1].params["variant"].queen_deadline == coords["queen_deadline"]
    assert sweep.points[1].params["variant"].tournament_opening is False


def test_tiny_hive_sweep_plays_and_reports_hive_metrics(tmp_path: Path) -> None:
    sweep = load_sweep(_write(tmp_path))
    store = ResultStore.open(tmp_path / "s.jsonl", sweep)
    try:
        rows = run_sweep(sweep, InlinePool(), store)
    finally:
        store.close()
    assert all(len(r) == 4 for r in rows.values())
    assert all(row.decisions <= 24 for r in rows.values() for row in r)
    report = build_report(sweep, rows)
    base = report["points"][0]
    assert "plies" in base["metrics"] and "score" not in base["metrics"]
    assert sum(v["games"]["k"] for v in base["end_reasons"].values()) == 4
    ended = sum(base["metrics"][k]["value"] for k in
                ("end_queen_surrounded", "end_both_surrounded", "end_repetition",
                 "end_ply_cap"))
    assert ended == pytest.approx(1.0)
    text = format_text(report)
    assert "piece set hive-base" in text and "ply cap" in text
    rows = [line for line in to_csv(report).splitlines() if not line.startswith("#")]
    assert len(rows) == len(report["points"]) + 1


@pytest.mark.parametrize("change,expect", [
    ("option: queen_deadline", "option: queen_deadlin"),
])
def test_unknown_hive_option_is_refused_with_its_position(
        tmp_path: Path, change: str, expect: str) -> None:
    path = _write(tmp_path, SPEC.replace(change, expect))
    with pytest.raises(SpecError) as err:
        load_sweep(path)
    problems = "\n".join(err.value.problems)
    assert f"{path}:4:13: error: `queen_deadlin` is not an option of Hive variants" in problems
    assert "queen_deadline" in problems


def test_hive_values_and_points_go_through_the_hive_rules(tmp_path: Path) -> None:
    bad_value = SPEC.replace("values: [3, 4]", "values: [3, many]")
    with pytest.raises(SpecError) as err:
        load_sweep(_write(tmp_path, bad_value))
    assert any(":5:17: error: `queen_deadline` cannot be" in p for p in err.value.problems)
    unplayable = SPEC.replace("values: [3, 4]", "values: [1, 4]")
    with pytest.raises(SpecError) as err:
        load_sweep(_write(tmp_path, unplayable))
    assert any("sweep-bad-point" in p and "queen_deadline 1" in p for p in err.value.problems)


def test_game_and_metrics_must_fit_the_base(tmp_path: Path) -> None:
    with pytest.raises(SpecError) as err:
        load_sweep(_write(tmp_path, "game: botanik\n" + SPEC))
    assert any("sweep-game-mismatch" in p for p in err.value.problems)
    with pytest.raises(SpecError) as err:
        load_sweep(_write(tmp_path, SPEC + "metrics: [advantage_p1, score]\n"))
    assert any(":10:25: error: metric `score` is not measured in Hive" in p
               for p in err.value.problems)


def test_hive_example_validates() -> None:
    example = Path(__file__).parents[2] / "examples" / "sweeps" / "hive-opening.yaml"
    assert main(["validate", str(example)]) == 0


def test_pieces_axis_sets_copies_per_player(tmp_path: Path) -> None:
    text = SPEC.replace("""  - option: tournament_opening
    values: [true, false]""", """  - pieces: {bug: ant}
    values: [0, 2]""")
    sweep = load_sweep(_write(tmp_path, text))
    assert [p.label for p in sweep.points][:2] == ["queen_deadline=3, ant copies=0",
                                                   "queen_deadline=3, ant copies=2"]
    first, second = (p.params["variant"].piece_set() for p in sweep.points[:2])
    assert first.count(Bug.ANT) == 0 and second.count(Bug.ANT) == 2
    assert first.pieces_per_player() == 8 and second.pieces_per_player() == 10
    assert sweep.base.params["variant"].piece_set().count(Bug.ANT) == 3
    store = ResultStore.open(tmp_path / "p.jsonl", sweep)
    try:
        rows = run_sweep(sweep, InlinePool(), store)
    finally:
        store.close()
    assert all(len(r) == 4 for r in rows.values())


def test_pieces_axis_values_and_sets_are_checked(tmp_path: Path) -> None:
    no_queen = SPEC.replace("""  - option: tournament_opening
    values: [true, false]""", """  - pieces: {bug: queen}
    values: [1, 0]""")
    with pytest.raises(SpecError) as err:
        load_sweep(_write(tmp_path, no_queen))
    assert any("sweep-bad-point" in p and "Queen" in p for p in err.value.problems)
    too_many = no_queen.replace("values: [1, 0]", "values: [1, 12]")
    with pytest.raises(SpecError) as err:
        load_sweep(_write(tmp_path, too_many))
    assert any(":7:17: error: copies of `queen` cannot be 12" in p
               for p in err.value.problems)


def test_sweep_help_describes_botanik_and_hive_bases(capsys: pytest.CaptureFixture[str]) -> None:
    """``sweep --help`` names both kinds of base (issue 12): a Botanik variant with its
    tile set, and a Hive variant whose pieces come from its piece set."""
    assert main(["sweep", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Botanik, with an optional tile set" in text
    assert "Hive, whose pieces come from its piece set" in text
    assert "a base variant and tile set" not in text
