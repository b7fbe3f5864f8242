"""``validate --simulate``: sampled invariants, the time budget, summaries, new findings."""

from __future__ import annotations

from dataclasses import replace
from itertools import count

import pytest
from engine_helpers import tileset, variant

from botanik_design.games.botanik.engine import dynamic
from botanik_design.games.botanik.engine.dynamic import simulate_check, simulate_variant
from botanik_design.games.botanik.model.tileset import Colour, Kind, TileDef, TileSet, TileType


def _big_set(copies: int) -> TileSet:
    """A set of straight pipes and plants whose games are long (many decisions)."""
    src = TileDef("source", None, TileType.SOURCE, Kind.SOURCE, 0b1111, 0, 2)
    pipe = TileDef("red-straight", "red", TileType.STRAIGHT, Kind.PIPE, 0b0101, 0, copies)
    plant = TileDef("red-plant", "red", TileType.PLANT, Kind.CROP, 0b0001, 1, copies)
    return TileSet("big", (Colour("red", "R", "#ff0000"),), (src, pipe, plant))


def test_small_games_check_every_step_of_the_first_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[bool] = []
    real = dynamic.check_invariants

    def spy(state: object, deep: bool = True) -> list[str]:
        calls.append(deep)
        return real(state, deep)  # type: ignore[arg-type]

    monkeypatch.setattr(dynamic, "check_invariants", spy)
    res = simulate_variant(tileset("quick-3"), variant("standard"), 1)
    assert res.played == 1 and len(calls) >= 10 and all(calls)


def test_large_games_check_a_logarithmic_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    steps: list[int] = []
    real = dynamic.check_invariants

    def spy(state: object, deep: bool = True) -> list[str]:
        steps.append(1)
        return real(state, deep)  # type: ignore[arg-type]

    monkeypatch.setattr(dynamic, "check_invariants", spy)
    ts = _big_set(200)
    res = simulate_variant(ts, variant("standard"), 1)
    assert res.played == 1
    # a game of ~400 tiles has hundreds of decisions; 1.25-spaced samples: a few dozen
    assert 10 <= len(steps) <= 40


def test_the_budget_stops_early_with_a_note() -> None:
    ticks = count()
    res = simulate_variant(tileset("quick-3"), variant("standard"), 20, budget=50,
                           clock=lambda: float(next(ticks)))
    assert res.stopped_early and res.played < 20
    notes = [d for d in res.diagnostics if d.rule == "sim-budget"]
    assert len(notes) == 1 and notes[0].level == "note"
    assert "50 s" in notes[0].message and "--simulate-budget" in notes[0].message
    assert "stopped by the time budget" in res.summary()


def test_summary_and_counts() -> None:
    res = simulate_variant(tileset("quick-3"), variant("standard"), 4, seed=2, file="v.yaml")
    assert res.summary() == "4 games played: no problems"
    counts = res.to_dict()
    assert counts["played"] == 4 and counts["games"] == 4 and counts["crashed"] == 0
    assert counts["file"] == "v.yaml" and counts["summary"] == res.summary()


def test_registry_move_finding_is_a_note() -> None:
    found = simulate_check(tileset("botanik"), variant("registre-3"), 5, seed=1)
    assert [(d.rule, d.level) for d in found] == [("sim-no-registry-move", "note")]


def test_only_mechas_under_swap_never_score() -> None:
    src = TileDef("source", None, TileType.SOURCE, Kind.SOURCE, 0b1111, 0, 2)
    mecha = TileDef("mecha", None, TileType.MECHA, Kind.MECHA, 0, 0, 30)
    ts = TileSet("mechas", (), (src, mecha))
    found = simulate_check(ts, variant("standard"), 3)
    assert [(d.rule, d.level) for d in found if d.rule == "sim-no-score"] == [
        ("sim-no-score", "warning")]


def test_huge_sets_are_not_simulated() -> None:
    res = simulate_variant(_big_set(dynamic.MAX_SIM_TILES), variant("standard"), 1)
    assert res.played == 0 and res.skipped
    assert [(d.rule, d.level) for d in res.diagnostics] == [("sim-budget", "note")]
    assert res.summary().startswith("no game played: ")


def test_crash_counts_in_the_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> int:
        raise RuntimeError("kaput")

    monkeypatch.setattr(dynamic, "random_action", boom)
    res = simulate_variant(tileset("quick-3"), replace(variant("standard")), 2)
    assert res.crashed == 2 and res.played == 0
    assert res.summary() == "0 of 2 games played: 2 crashed, 1 problem reported"
