"""A toy second game (Nim, ``toy_nim.py``) plays through ``simulate`` and ``compare``
with the random, greedy and MCTS bots: ``sim/`` and ``bots/`` serve any game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import toy_nim

from botanik_design.cli import main
from botanik_design.games.base import Game, State
from botanik_design.games.loading import load_from_variant, register_variant_loader
from botanik_design.games.registry import load_game, register_game

register_game("nim", "toy_nim:load_nim")
register_variant_loader("nim", "toy_nim:nim_from_doc")


def _variant(folder: Path, heaps: str, name: str = "nim.yaml") -> Path:
    path = folder / name
    path.write_text(f"game: nim\nheaps: [{heaps}]\n")
    return path


def test_the_toy_game_implements_the_interface(tmp_path: Path) -> None:
    game = load_game("nim", heaps=(1, 2))
    assert isinstance(game, Game)
    state = game.new_initial_state(0)
    assert isinstance(state, State) and state.get_game() is game
    loaded = load_from_variant(str(_variant(tmp_path, "2, 2")))
    assert isinstance(loaded, toy_nim.NimGame) and loaded.heaps == (2, 2)


@pytest.mark.parametrize("bots", ["random,mcts:iterations=20", "greedy,random"])
def test_simulate_plays_the_toy_game(tmp_path: Path, bots: str) -> None:
    out = tmp_path / "report.json"
    csv = tmp_path / "games.csv"
    code = main(["simulate", "--variant", str(_variant(tmp_path, "3, 4, 5")), "--games", "20",
                 "--bots", bots, "--format", "json", "-q", "-o", str(out), "--csv", str(csv)])
    assert code == 0
    report = json.loads(out.read_text())
    assert "scores" not in report  # Nim has no score
    assert list(report["game"]) == ["decisions", "branching", "taken"]
    assert report["game"]["taken"]["mean"] == pytest.approx(6.0)  # 12 stones, two players
    header = csv.read_text().splitlines()[0]
    assert header.endswith("taken0,taken1,decisions,branching")
    assert report["outcomes"]["draws"]["k"] == 0


def test_mcts_finds_the_winning_nim_move(tmp_path: Path) -> None:
    """With heaps (3, 4, 5) the first player wins with perfect play; MCTS (with the
    game's evaluate at its leaves) beats random far more often than not."""
    out = tmp_path / "r.json"
    code = main(["simulate", "--variant", str(_variant(tmp_path, "3, 4, 5")), "--games", "20",
                 "--bots", "mcts:iterations=30,random", "--format", "json", "-q",
                 "-o", str(out)])
    assert code == 0
    wins = json.loads(out.read_text())["outcomes"]["bots"][0]["wins"]["k"]
    assert wins >= 16


def test_compare_runs_two_toy_variants(tmp_path: Path) -> None:
    a = _variant(tmp_path, "1, 2, 3", "a.yaml")
    b = _variant(tmp_path, "5, 6, 7", "b.yaml")
    out = tmp_path / "cmp.json"
    code = main(["compare", f"variant:{a}", f"variant:{b}", "--games", "12",
                 "--bots", "random,mcts:iterations=10", "--format", "json", "-q",
                 "-o", str(out)])
    assert code == 0
    result = json.loads(out.read_text())
    assert [t["metric"] for t in result["tests"]][-3:] == ["decisions", "branching", "taken"]
    text_out = tmp_path / "cmp.txt"
    assert main(["compare", f"variant:{a}", f"variant:{b}", "--games", "6", "-q",
                 "-o", str(text_out)]) == 0
    assert "stones taken" in text_out.read_text()


def test_simulate_plays_a_hive_variant(tmp_path: Path) -> None:
    """Hive loads from its variant file through the same dispatcher and plays through
    the unchanged runner and bots."""
    out = tmp_path / "hive.txt"
    assert main(["simulate", "--variant", "hive-tournament", "--games", "2",
                 "--bots", "greedy,random", "-q", "-o", str(out)]) == 0
    text = out.read_text()
    assert text.startswith("Variant hive-tournament") and "tile set" not in text.splitlines()[0]
    assert "Placements" in text
