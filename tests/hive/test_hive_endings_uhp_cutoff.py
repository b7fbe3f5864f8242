"""Hive games that end only by a draw rule are playable over UHP, and games the simulator
cuts off are counted in every report.

A ``repetition_draw: 3`` (or ``ply_cap``) variant was refused by ``uhp``: those options
never change a legal move, they end a game as a draw, which UHP says with its
``Draw`` BoardState. Under ``ply_cap: null`` the simulator stops a game at its length
bound; such games were silently counted as draws.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from botanik_design.games.base import GameInfo
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.uhp import UhpSession
from botanik_design.sim.report import RunInfo, format_text, summarize
from botanik_design.sim.rows import CUT_OFF
from botanik_design.sim.runner import Job, run_games
from botanik_design.sim.workers import InlinePool
from tests.games.toy_nim import NimGame

ROOT = Path(__file__).resolve().parents[2]


def _variant(tmp_path: Path, options: str) -> Path:
    path = tmp_path / "v.yaml"
    path.write_text(f"variant: v\ngame: hive\nextends: hive-tournament\noptions: {{{options}}}\n")
    return path


@pytest.mark.parametrize("options", ["repetition_draw: 3", "repetition_draw: 2",
                                     "ply_cap: 40", "repetition_draw: 3, ply_cap: 100"])
def test_uhp_plays_a_variant_with_a_draw_rule(tmp_path: Path, options: str) -> None:
    variant = _variant(tmp_path, options)
    result = subprocess.run(
        [sys.executable, "-m", "botanik_design", "uhp", "--variant", str(variant)],
        input="newgame\nplay wS1\nvalidmoves\nexit\n", capture_output=True, text=True,
        cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Base;InProgress;Black[1];wS1" in result.stdout
    assert "err" not in result.stdout


def test_a_ply_cap_ends_the_uhp_game_as_a_draw(tmp_path: Path) -> None:
    game = load_hive(str(_variant(tmp_path, "ply_cap: 6")))
    assert game.game_type_string() == "Base"
    session = UhpSession("t", lambda st, sec, d, o: st.legal_actions()[0], game)
    session.handle("newgame")
    out: list[str] = []
    for _ in range(6):
        out = session.handle("bestmove depth 1")
        out = session.handle(f"play {out[0]}")
    assert out[0].split(";")[1] == "Draw"


def test_rules_of_play_still_keep_a_variant_off_uhp(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"
    path.write_text("variant: v\ngame: hive\nextends: hive-tournament\n"
                    "options: {queen_deadline: 3}\n")
    assert load_hive(str(path)).game_type_string() is None


class _EndlessNim(NimGame):
    """Nim whose rules set no length bound: the simulator cuts it off after 3 moves."""

    @property
    def info(self) -> GameInfo:
        return GameInfo("nim", "Nim", 2, 3, (), length_cutoff=True)


def test_cut_off_games_are_counted_and_said_in_every_report() -> None:
    rows = run_games(Job(_EndlessNim((5, 5, 5)), ("random", "random"), 1), 10, InlinePool())
    cut = [r for r in rows if r.end_reason == CUT_OFF]
    assert cut
    report = summarize(rows, RunInfo("v", "", 10, 1, ("random", "random"),
                                     metrics=tuple(_EndlessNim().metrics())))
    caveat = next(c for c in report["caveats"] if c["code"] == "cut-off")
    words = f"{len(cut)} {'game was' if len(cut) == 1 else 'games were'} cut off at the 3-ply"
    assert caveat["message"].startswith(words)
    assert words in format_text(report, _EndlessNim().metrics())
    assert report["end_reasons"][CUT_OFF]["draws"] <= len(cut)
