"""Hive records, positions and GameString files: validate (with the engine's replay),
replay and score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.spec.validate import validate_path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "hive"
WIN = (EXAMPLES / "short-win.yaml").read_text(encoding="utf-8")


def _validate(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, list[str]]:
    code = main(["validate", "--no-color", *map(str, paths)])
    out = capsys.readouterr().out
    return code, [x for x in out.splitlines() if ": error:" in x or ": warning:" in x]


def test_examples_validate_with_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = _validate(capsys, *sorted(EXAMPLES.iterdir()))
    assert (code, lines) == (0, [])


def test_an_illegal_move_is_reported_at_its_line_and_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(WIN.replace("  - bA1 /bQ\n", "  - bA1 bQ/\n"), encoding="utf-8")
    line = WIN.splitlines().index("  - bA1 /bQ") + 1
    code, lines = _validate(capsys, bad)
    assert code == 1 and len(lines) == 1, lines
    assert lines[0].startswith(f"{bad}:{line}:5: error: move 10 (bA1 bQ/) is illegal here")
    assert lines[0].endswith("[record-illegal-action]") and "legal here:" in lines[0]


def test_a_result_the_moves_do_not_reach(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(WIN.replace("result: WhiteWins", "result: BlackWins"), encoding="utf-8")
    code, lines = _validate(capsys, bad)
    line = WIN.splitlines().index("result: WhiteWins") + 1
    assert code == 1 and lines == [f"{bad}:{line}:9: error: the record says BlackWins, but its "
                                   "moves lead to WhiteWins [record-result]"]


def test_moves_after_the_end_are_illegal(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(WIN.replace("  - wA2 -bQ\n", "  - wA2 -bQ\n  - bA2 bA1\\\n"),
                   encoding="utf-8")
    code, lines = _validate(capsys, bad)
    assert code == 1 and "move 16 (bA2 bA1\\) is illegal here: the game is over" in lines[0]


@pytest.mark.parametrize(("text", "column", "rule"), [
    ("Base;InProgress;White[2];wS1;bG1 wS1\\;wQ wS1", 39, "record-illegal-action"),
    ("Base;InProgress;White[2];wS1;bG1 wS1\\;wQ -wS1", 17, "gamestring-turn"),
    ("Base;InProgress;White[1];wS1", 17, "gamestring-turn"),
    ("Base; InProgress ;Black[1]; wS1 ;", 1, "gamestring-syntax"),
    ("Base; InProgress ;Black[1]; bS1 ", 29, "record-illegal-action"),
    ("Base;WhiteWins;Black[1];wS1", 6, "record-result"),
    ("Base+X;NotStarted;White[1]", 1, "gamestring-syntax"),
    ("Base;Started;White[1]", 1, "gamestring-syntax"),
    ("Base;NotStarted;White[1]", None, None),
    ("Base+MLP;InProgress;Black[1];wM", None, None),
])
def test_game_string_files(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                           column: int | None, rule: str | None) -> None:
    f = tmp_path / "g.txt"
    f.write_text(f"# a comment\n\n{text}\n", encoding="utf-8")
    code, lines = _validate(capsys, f)
    if rule is None:
        assert (code, lines) == (0, [])
    else:
        assert code == 1 and len(lines) == 1, lines
        assert lines[0].startswith(f"{f}:3:{column}: error:") and lines[0].endswith(f"[{rule}]")


def test_a_game_string_file_with_two_game_strings(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "g.txt"
    f.write_text("Base;NotStarted;White[1]\nBase;NotStarted;White[1]\n", encoding="utf-8")
    code, lines = _validate(capsys, f)
    assert code == 1 and lines[0].startswith(f"{f}:2:1: error: more than one GameString")


def test_replay_a_hive_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLES / "short-win.yaml")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split() == ["1", "white", "wS1"] and out[15].split()[:2] == ["15", "white"]
    assert out[-1] == "result: WhiteWins (queen-surrounded)"
    assert main(["replay", "--format", "json", str(EXAMPLES / "short-win.yaml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"] == "WhiteWins" and len(data["moves"]) == 15


def test_replay_of_an_invalid_hive_record_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(WIN.replace("  - wQ /wA1\n", "  - wQ wA1\n"), encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "replay: " in err and "[record-illegal-action]" in err and "Traceback" not in err


def test_score_a_hive_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--format", "json", str(EXAMPLES / "queen-in-danger.yaml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["to_move"] == "white" and data["turn"] == "White[8]"
    assert data["queen_surrounded"] == {"white": False, "black": False}
    assert "wA2 -bQ" in data["legal_moves"]["wA2"] or any(
        m.startswith("wA2 ") for m in data["legal_moves"]["wA2"])
    assert "bB1" not in data["legal_moves"]  # the opponent's pieces do not move
    assert sum(len(v) for v in data["legal_moves"].values()) == 52
    assert main(["score", str(EXAMPLES / "queen-in-danger.yaml")]) == 0
    text = capsys.readouterr().out
    assert "to move: white (White[8]; InProgress)" in text and "legal moves: 52" in text


def test_score_shows_a_surrounded_queen(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    text = (EXAMPLES / "queen-in-danger.yaml").read_text(encoding="utf-8")
    f = tmp_path / "p.yaml"
    f.write_text(text.replace("{cell: [-3, 4], pieces: [wA2]}", "{cell: [-2, 2], pieces: [wA2]}")
                 .replace("to_move: white", "to_move: black").replace("last_moved: bB1",
                                                                       "last_moved: wA2")
                 .replace("in_hand:", "# in_hand:"), encoding="utf-8")
    assert main(["score", "--format", "json", str(f)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["queen_surrounded"] == {"white": False, "black": True}


@pytest.mark.parametrize("name", ["hive-pos-stack.yaml", "hive-pos-one-hive.yaml"])
def test_score_of_an_invalid_hive_position_exits_1(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "tests" / "spec" / "fixtures" / name
    assert main(["score", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("score: ") and "Traceback" not in err
    assert {d.rule for d in validate_path(path)} & {"sem-hive-stack", "sem-hive-one-hive"}
