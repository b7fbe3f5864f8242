"""simulate and compare play Hive variants with the project's bots and report end reasons."""

from __future__ import annotations

import json
from pathlib import Path

from botanik_design.cli import main

#: The stable words HiveState.end_reason takes (games/hive/state.py, _check_end).
HIVE_ENDS = {"queen-surrounded", "both-surrounded", "repetition", "ply-cap", "no-moves"}


def test_simulate_hive_greedy_against_mcts(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    assert main(["simulate", "--variant", "hive-tournament", "--bots",
                 "greedy,mcts:iterations=4", "--games", "4", "-q", "--format", "json",
                 "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    ends = data["end_reasons"]
    assert set(ends) <= HIVE_ENDS and ends
    assert sum(v["games"]["k"] for v in ends.values()) == 4
    draws = data["outcomes"]["draws"]["k"]
    assert sum(v["draws"] for v in ends.values()) == draws
    # a surrounded Queen is decisive, both surrounded is a draw
    assert ends.get("queen-surrounded", {"draws": 0})["draws"] == 0
    both = ends.get("both-surrounded")
    assert both is None or both["draws"] == both["games"]["k"]


def test_ply_cap_and_text(tmp_path: Path, capsys: object) -> None:
    capped = tmp_path / "capped.yaml"
    capped.write_text("variant: hive-capped\ngame: hive\nextends: hive-tournament\n"
                      "options:\n  ply_cap: 6\n")
    assert main(["simulate", "--variant", str(capped), "--bots", "random,greedy",
                 "--games", "3", "-q"]) == 0
    text = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "End reasons" in text
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("ply-cap"))
    assert "100.0%" in line and "3 draws" in line


def test_compare_two_hive_variants(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    assert main(["compare", "hive-tournament", "hive-box", "--bots", "greedy,greedy",
                 "--games", "4", "-q", "--format", "json", "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    assert [r["label"] for r in data["runs"]] == ["hive-tournament", "hive-box"]
    for r in data["runs"]:
        assert set(r["report"]["end_reasons"]) <= HIVE_ENDS
        assert r["report"]["run"]["games"] == 4


def test_compare_text_names_end_reasons(capsys: object) -> None:
    assert main(["compare", "hive-tournament", "hive-box", "--games", "2", "-q"]) == 0
    text = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "ended by " in text and "tile set ," not in text



def test_a_game_no_rule_ends_is_stopped_at_the_length_bound_unfinished() -> None:
    """Hive without a ply cap has no length limit: random games may run for thousands
    of plies.  The simulator stops them at ``max_game_length`` as unfinished (a draw),
    where a game with a real bound (Botanik) that outlasts it is still an error."""
    import dataclasses

    import pytest

    from botanik_design.games.hive.engine.game import load_hive
    from botanik_design.sim.runner import Job, SimulationError, play_game

    game = load_hive(variant="Base")
    assert game.info.length_cutoff
    game._info = dataclasses.replace(game.info, max_game_length=12)  # noqa: SLF001
    rows = [play_game(Job(game, ("random", "random"), 7), i) for i in range(4)]
    assert all(r.decisions <= 12 for r in rows)
    stopped = [r for r in rows if r.end_reason == "unfinished"]
    assert stopped and all(r.winner == -1 and r.decisions == 12 for r in stopped)

    hard = load_hive(variant="Base")
    hard._info = dataclasses.replace(hard.info, max_game_length=12,  # noqa: SLF001
                                     length_cutoff=False)
    with pytest.raises(SimulationError, match="more than 12 decisions"):
        play_game(Job(hard, ("random", "random"), 7), 0)
