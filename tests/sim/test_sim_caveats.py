"""simulate and compare default to greedy bots, and the report says when the bots are too
weak to judge balance (issue 14 item 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.sim.report import (
    WEAK_DRAW_RATE,
    WEAK_MEAN_SCORE,
    RunInfo,
    balance_caveats,
    caveats_text,
)


def _json(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "r.json"
    assert main(["simulate", "--games", "6", "--seed", "2", "--format", "json", "-q",
                 "-o", str(out), *args]) == 0
    data: dict = json.loads(out.read_text())
    return data


def test_simulate_defaults_to_greedy_and_raises_no_caveat(tmp_path: Path) -> None:
    data = _json(tmp_path)
    assert data["run"]["bots"] == {"A": "greedy", "B": "greedy"}
    assert data["scores"]["all"]["mean"] >= WEAK_MEAN_SCORE
    assert data["caveats"] == []


def test_random_bots_are_called_too_weak(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(tmp_path, "--bots", "random,greedy:epsilon=0.8")
    codes = [c["code"] for c in data["caveats"]]
    assert codes.count("random-bot") == 1 and "low-score" in codes
    assert data["caveats"][0]["message"].startswith(
        "bot A (random) and bot B (greedy:epsilon=0.8) play random moves")
    assert main(["simulate", "--games", "4", "-q", "--bots", "random,random"]) == 0
    out = capsys.readouterr().out
    head = out.split("Outcomes", 1)[0]
    assert "Too weak to judge balance:" in head
    assert "bot A (random) and bot B (random) play random" in head
    assert "points on average (under 3)" in head


def test_compare_names_the_weak_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "standard", "no-loops", "--games", "4", "-q", "--bots",
                 "random,random"]) == 0
    out = capsys.readouterr().out
    assert out.count("too weak to judge balance: bots A and B random, mean score") == 2
    assert main(["compare", "standard", "no-loops", "--games", "4", "-q"]) == 0
    assert "too weak" not in capsys.readouterr().out


class _Row:
    """A game row with only what balance_caveats reads."""

    def __init__(self, first: float, scores: tuple[float, float]) -> None:
        self.first, self.scores = first, scores
        self.end_reason, self.decisions = "", 1

    def first_player_result(self) -> float:
        return self.first

    def metric(self, key: str) -> tuple[float, float]:
        assert key == "score"
        return self.scores


def test_thresholds() -> None:
    from botanik_design.games.base import Metric

    info = RunInfo("v", "t", 4, 0, ("greedy", "mcts"),
                   metrics=(Metric("score", "score", per_player=True),))
    strong = [_Row(1.0, (20, 10)), _Row(0.0, (8, 12))]
    assert balance_caveats(strong, info) == []  # type: ignore[arg-type]
    low = [_Row(1.0, (2, 3)), _Row(0.0, (1, 2.5))]
    [c] = balance_caveats(low, info)  # type: ignore[arg-type]
    assert c["code"] == "low-score" and "2.1 points on average" in c["message"]
    drawn = [_Row(0.5, (20, 20))] * 3 + [_Row(1.0, (20, 10))]
    [c] = balance_caveats(drawn, info)  # type: ignore[arg-type]
    assert c["code"] == "many-draws" and "75%" in c["message"]
    assert 0 < WEAK_DRAW_RATE < 0.75
    assert caveats_text([]) == []
    assert caveats_text([c])[1] == "Too weak to judge balance:"
