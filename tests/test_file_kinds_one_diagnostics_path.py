"""Every file kind of every game fails with the same diagnostics shape and positions.

Hive positions, records and GameStrings printed ``errors`` with ``{line, column, rule,
message, hint}`` and no ``exit_code``/``error``/``diagnostics``; a non-UTF-8 GameString
was ``io-unreadable`` with no position (exit 2) where YAML says ``yaml-encoding`` at
line:col (exit 1); the GameString reader split lines at U+2028, U+0085, VT and FF; a failed
``expect`` printed no position.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from botanik_design.cli import main

ROOT = Path(__file__).resolve().parents[1]
KEYS = {"file", "line", "column", "level", "rule", "message", "json_path", "hint"}
BROKEN = {
    "botanik-position.yaml": "position: p\ntileset: botanik\nvariant: standard\nmachines: 3\n",
    "botanik-record.yaml": "record: r\ntileset: botanik\nvariant: standard\nactions: 7\n",
    "hive-position.yaml": "position: p\ngame: hive\nvariant: hive-tournament\nto_move: red\n"
                          "turn: 1\nstacks: []\n",
    "hive-record.yaml": "record: r\ngame: hive\nvariant: hive-tournament\nmoves: 3\n",
    "game.txt": "Base;NotStarted;Green[1]\n",
}


@pytest.mark.parametrize("command", ["score", "replay"])
@pytest.mark.parametrize("name", BROKEN)
def test_every_kind_fails_with_one_json_shape(tmp_path: Path, name: str, command: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    if command == "score" and ("record" in name or name.endswith(".txt")):
        return  # score reads positions; replay reads records and GameStrings
    if command == "replay" and "position" in name:
        return
    path = tmp_path / name
    path.write_text(BROKEN[name], encoding="utf-8")
    code = main([command, str(path), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["ok"] is False and report["exit_code"] == 1
    assert report["error"] == report["diagnostics"][0]["message"]
    for d in report["diagnostics"]:
        assert set(d) == KEYS and d["file"] == str(path) and d["level"] == "error"
        assert d["line"] is not None


@pytest.mark.parametrize("name", ["game.txt", "hive-record.yaml", "botanik-record.yaml"])
def test_bytes_that_are_not_utf8_are_the_same_error_in_every_kind(
        tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / name
    path.write_bytes(b"record: r\n# caf\xe9\n" if name.endswith(".yaml")
                     else b"# caf\xe9\nBase;NotStarted;White[1]\n")
    code = main(["replay", str(path), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    (d,) = report["diagnostics"]
    assert code == 1 and report["exit_code"] == 1
    assert (d["rule"], d["line"], d["column"]) == \
        ("yaml-encoding", 2 if name.endswith(".yaml") else 1, 6)


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u0085", "\x0b", "\x0c"])
def test_a_gamestring_line_ends_only_at_a_line_break(tmp_path: Path, char: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.txt"
    text = f"# one{char}two\nBase;InProgress;Black[1];wS1{char}x\n"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    lines = text.split("\n")
    for d in report["diagnostics"]:
        assert 1 <= d["line"] <= 2 and d["column"] <= len(lines[d["line"] - 1]) + 1, d


@pytest.mark.parametrize(("name", "command", "key", "old", "new"), [
    ("examples/positions/tie-break.yaml", "score", "totals", "totals: [8, 8]",
     "totals: [99, 8]"),
    ("examples/records/standard-seed-7.yaml", "replay", "terminal", None, None),
])
def test_a_failed_expect_names_its_line(tmp_path: Path, name: str, command: str, key: str,
                                        old: str | None, new: str | None,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / Path(name).name
    shutil.copy(ROOT / name, path)
    text = path.read_text(encoding="utf-8")
    if old is None:
        text = text.rstrip("\n") + "\nexpect:\n  terminal: false\n" if "expect:" not in text \
            else text.replace("terminal: true", "terminal: false")
    else:
        text = text.replace(old, new or "")
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path), "--allow-outside"]) == 1
    out = capsys.readouterr().out
    lines = text.split("\n")
    line = next(i for i, ln in enumerate(lines, 1) if ln.strip().startswith(f"{key}:"))
    assert f"{path}:{line}:" in out and "expect: expected" in out
