"""Every whole number read from a file or a command is bounded where it is read.

A number beyond 2**64 is refused at its position with a short message; none reaches a
count, a range or a print (Python refuses to print ints of more than 4300 digits).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.notation import NotationError, parse_game_string
from botanik_design.games.hive.engine.uhp import UhpSession
from botanik_design.model.numbers import MAX_WHOLE, parse_whole
from botanik_design.spec.validate import validate_text

HUGE = ["9" * 4301, "1" * 21, str(MAX_WHOLE + 1), "0x1" + "0" * 17, "-" + "9" * 5000]


@pytest.mark.parametrize("number", HUGE, ids=range(len(HUGE)))
@pytest.mark.parametrize("text", [
    "sweep: s\nbase: {variant: standard}\naxes:\n  - option: mecha_bonus\n"
    "    range: {from: 0, to: N}\nbots: random,random\ngames: 2\n",
    "tileset: t\ntiles:\n  - {id: a, type: straight, colour: red, copies: N}\n",
    "record: r\ntileset: botanik\nvariant: standard\nseed: N\nactions: []\n",
    "position: p\ngame: hive\nvariant: hive-tournament\nto_move: white\nturn: N\n"
    "stacks: []\n",
], ids=["sweep-range", "tile-copies", "record-seed", "hive-turn"])
def test_a_huge_number_in_a_spec_is_refused_where_it_stands(number: str, text: str) -> None:
    before = text[:text.index("N")].split("\n")
    found = validate_text(text.replace("N", number), "t.yaml")
    bad = [d for d in found if d.rule == "yaml-bad-number"]
    assert bad and (bad[0].line, bad[0].column) == (len(before), len(before[-1]) + 1), found
    assert all(len(d.message) < 300 for d in found)


@pytest.mark.parametrize("number", HUGE[:3], ids=range(3))
def test_a_huge_gamestring_turn_is_refused(number: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_game_string(f"Base;NotStarted;White[{number}]")
    assert "bad Turn" in str(caught.value) and len(str(caught.value)) < 200


@pytest.mark.parametrize("number", [*HUGE[:3], "²", "٣", "+-1", ""], ids=range(7))
@pytest.mark.parametrize("command", ["undo {}", "perft {}", "bestmove depth {}",
                                     "options set MaxBranchingFactor {}",
                                     "bestmove time 00:00:{}"])
def test_uhp_numbers_are_bounded(number: str, command: str) -> None:
    engine = UhpSession("t", lambda st, sec, d, o: st.legal_actions()[0], load_hive("Base"))
    engine.handle("newgame Base")
    out = engine.handle(command.format(number))
    assert out[0].startswith("err") and len(out[0]) < 200


@pytest.mark.parametrize("number", ["9" * 5000, "1" * 25, "²"], ids=["5000", "25", "sup"])
def test_a_huge_option_is_a_usage_error(number: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "standard", "--games", number]) == 2
    err = capsys.readouterr().err
    assert "not a whole number" in err and len(err) < 2000


def test_parse_whole_table() -> None:
    assert [parse_whole(t) for t in ["0", "-3", " 7 ", str(MAX_WHOLE), str(-MAX_WHOLE)]] == \
        [0, -3, 7, MAX_WHOLE, -MAX_WHOLE]
    assert [parse_whole(t) for t in [str(MAX_WHOLE + 1), "1e3", "0x10", "²", "", "1 2"]] == \
        [None] * 6


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_the_reported_gamestring_file(command: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "g.txt"
    game.write_text(f"Base;NotStarted;White[{'7' * 4301}]\n")
    assert main([command, str(game)]) == 1
    out = capsys.readouterr()
    assert "bad Turn" in out.out + out.err and "Traceback" not in out.err


def test_the_reported_sweep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sweep = tmp_path / "s.yaml"
    n = "9" * 4300
    sweep.write_text("sweep: s\nbase: {variant: standard}\naxes:\n  - option: mecha_bonus\n"
                     f"    range: {{from: -{n}, to: {n}}}\nbots: random,random\ngames: 2\n")
    for command in (["validate"], ["sweep", "--quiet"]):
        assert main([*command, str(sweep)]) == 1
        captured = capsys.readouterr()
        out = captured.out + captured.err
        assert "s.yaml:5:" in out and "yaml-bad-number" in out
