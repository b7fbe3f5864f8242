"""``validate --simulate`` for Hive: random games find variants that crash or never end."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.games.hive.engine.dynamic import simulate_hive
from botanik_design.games.hive.model import Bug, HiveVariant, PieceSet


def test_the_tournament_rules_play_clean_games() -> None:
    result = simulate_hive(HiveVariant(ply_cap=400, expansions=("mosquito", "pillbug")), 4)
    assert [d.rule for d in result.diagnostics if d.level == "error"] == []
    assert result.played == 4 and sum(result.ends.values()) == 4
    assert "4 random games" in result.summary()


def test_a_piece_set_too_small_to_surround_a_queen_never_ends() -> None:
    tiny = PieceSet("tiny", ((Bug.QUEEN, 1), (Bug.ANT, 1)))
    result = simulate_hive(HiveVariant(), 5, pieceset=tiny)
    assert [d.rule for d in result.diagnostics] == ["sim-never-ends"]
    capped = simulate_hive(HiveVariant(ply_cap=50), 5, pieceset=tiny)
    assert capped.diagnostics == [] and capped.ends == {"ply-cap": 5}


def test_an_unplayable_piece_set_is_a_crash_finding() -> None:
    two_queens = PieceSet("two", ((Bug.QUEEN, 2), (Bug.ANT, 1)))
    result = simulate_hive(HiveVariant(), 3, pieceset=two_queens)
    assert [d.rule for d in result.diagnostics] == ["sim-crash"]
    assert "exactly one queen" in result.diagnostics[0].message


def test_budget_note() -> None:
    result = simulate_hive(HiveVariant(ply_cap=30), 3, budget=0.0)
    assert [d.rule for d in result.diagnostics] == ["sim-budget"] and result.played == 0


def test_validate_simulate_plays_hive_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from botanik_design.cli import main

    path = tmp_path / "capped.yaml"
    path.write_text("variant: capped\ngame: hive\nextends: hive-mlp\noptions:\n  ply_cap: 120\n",
                    encoding="utf-8")
    code = main(["validate", str(path), "--simulate", "3", "--format", "json"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert '"sim-summary"' in out and "3 random games" in out
    assert '"sim-crash"' not in out and '"sim-never-ends"' not in out


def test_hive_from_doc_loads_a_read_variant_document(tmp_path: Path) -> None:
    from botanik_design.games.hive.engine.game import hive_from_doc
    from botanik_design.spec.errors import SpecError
    from botanik_design.spec.session import Session

    good = tmp_path / "good.yaml"
    good.write_text("variant: good\ngame: hive\nextends: hive-mlp\noptions:\n  ply_cap: 90\n",
                    encoding="utf-8")
    session = Session()
    game = hive_from_doc(session, session.read_source(good, str(good)))
    assert game.variant.ply_cap == 90 and game.table.per_player == 14
    bad = tmp_path / "bad.yaml"
    bad.write_text("variant: bad\ngame: hive\noptions:\n  queen_deadline: 0\n", encoding="utf-8")
    session = Session()
    with pytest.raises(SpecError):
        hive_from_doc(session, session.read_source(bad, str(bad)))
