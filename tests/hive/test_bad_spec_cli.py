"""Broken Hive variants and piece sets through every command that loads one.

Each command must answer with the problem at ``file:line:col``, print it once,
exit 1 (invalid content; 2 for a reference to nothing) and never a traceback.
``perft --variant`` used to end in a traceback on a variant with errors, and
``play --variant`` printed every problem twice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.spec.errors import SpecError

#: name -> (files, the variant to load, the expected ``file:line:col: error`` of its problem).
BROKEN: dict[str, tuple[dict[str, str], str, str]] = {
    "extends cycle": (
        {"a.yaml": "variant: a\ngame: hive\nextends: ./b.yaml\n",
         "b.yaml": "variant: b\ngame: hive\nextends: ./a.yaml\n"},
        "a.yaml", "a.yaml:3:10: error:"),
    "unknown bug": (
        {"ps.yaml": "pieceset: odd\nbugs:\n  queen: 1\n  dragonfly: 2\n",
         "v.yaml": "variant: v\ngame: hive\nextends: hive-tournament\npieceset: ./ps.yaml\n"},
        "v.yaml", "v.yaml:4:11: error:"),
    "zero queens": (
        {"ps.yaml": "pieceset: none\nbugs:\n  queen: 0\n  ant: 3\n  spider: 2\n",
         "v.yaml": "variant: v\ngame: hive\nextends: hive-tournament\npieceset: ./ps.yaml\n"},
        "v.yaml", "v.yaml:4:11: error:"),
    "negative count": (
        {"ps.yaml": "pieceset: neg\nbugs:\n  queen: 1\n  ant: -2\n",
         "v.yaml": "variant: v\ngame: hive\nextends: hive-tournament\npieceset: ./ps.yaml\n"},
        "v.yaml", "v.yaml:4:11: error:"),
    "huge count": (
        {"ps.yaml": "pieceset: huge\nbugs:\n  queen: 1\n  ant: 100000000\n",
         "v.yaml": "variant: v\ngame: hive\nextends: hive-tournament\npieceset: ./ps.yaml\n"},
        "v.yaml", "v.yaml:4:11: error:"),
    "expansion missing": (
        {"v.yaml": "variant: v\ngame: hive\nextends: hive-tournament\npieceset: hive-full\n"
                   "options:\n  expansions: [mosquito, ladybug]\n"},
        "v.yaml", "v.yaml:6:15: error:"),
    "wrong type": (
        {"v.yaml": "variant: v\ngame: hive\nextends: hive-tournament\noptions:\n"
                   "  queen_deadline: four\n"},
        "v.yaml", "v.yaml:5:19: error:"),
    "no game key": (
        {"v.yaml": "variant: v\nextends: hive-tournament\n"},
        "v.yaml", "v.yaml:2:10: error:"),
}

#: command -> its arguments around the variant path (``{}``).
COMMANDS = {
    "validate": ["validate", "{}"],
    "simulate": ["simulate", "-q", "-n", "1", "--variant", "{}"],
    "compare": ["compare", "-q", "-n", "1", "hive-tournament", "{}"],
    "rules": ["rules", "{}"],
    "play": ["play", "--variant", "{}"],
    "perft": ["perft", "--depth", "1", "--variant", "{}"],
    "uhp": ["uhp", "--variant", "{}"],
}


#: perft and uhp read Hive variants only: a file without ``game: hive`` is refused as a
#: Botanik variant (test_no_game_key_hive_commands).
PAIRS = [(case, command) for case in sorted(BROKEN) for command in sorted(COMMANDS)
         if not (case == "no game key" and command in ("perft", "uhp"))]


@pytest.mark.parametrize(("case", "command"), PAIRS)
def test_a_broken_hive_spec_is_one_located_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, case: str) -> None:
    files, variant, where = BROKEN[case]
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    args = [a.replace("{}", str(tmp_path / variant)) for a in COMMANDS[command]]
    code = main(args)
    out, err = capsys.readouterr()
    text = out + err
    assert "Traceback" not in text
    assert code == 1, text
    assert text.count(where) == 1, text


@pytest.mark.parametrize("command", ["perft", "uhp"])
def test_no_game_key_hive_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   command: str) -> None:
    path = tmp_path / "v.yaml"
    path.write_text("variant: v\nextends: hive-tournament\n", encoding="utf-8")
    args = [a.replace("{}", str(path)) for a in COMMANDS[command]]
    code = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and code in (1, 2) and "`game: hive`" in err


def test_a_missing_parent_says_game_hive(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A Hive variant without ``game: hive`` is read as a Botanik one: say so."""
    path = tmp_path / "v.yaml"
    path.write_text("variant: v\nextends: hive-tournament\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert "`game: hive`" in capsys.readouterr().out


@pytest.mark.parametrize(("text", "expected"), [
    ("variant: v\ngame: hive\nextends: hive-box\n", ("variant", None)),  # was refused
    ("variant: v\nextends: standard\n", ("variant", None)),
    ("pieceset: p\nbugs:\n  queen: 1\n", ValueError),
    ("title: nothing\n", SpecError),
])
def test_compare_takes_variant_files_of_any_game(
        tmp_path: Path, text: str, expected: tuple[str, None] | type[Exception]) -> None:
    from botanik_design.cli.compare_cmd import item_kind

    path = tmp_path / "item.yaml"
    path.write_text(text, encoding="utf-8")
    if isinstance(expected, tuple):
        assert item_kind(str(path)) == (expected[0], str(path))
    else:
        with pytest.raises(expected):
            item_kind(str(path))


@pytest.mark.parametrize("command", [["show"], ["sheet", "-o", "{out}"]])
@pytest.mark.parametrize("text", [
    "variant: v\ngame: hive\nextends: hive-tournament\n",
    "variant: v\ngame: hive\nextends: hive-tournament\npieceset: hive-full\n"
    "options:\n  expansions: [mosquito, ladybug, pillbug]\n",
])
def test_show_and_sheet_of_a_hive_variant_file_ask_for_its_piece_set(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str],
        text: str) -> None:
    """They took the file for a tile set ('not a tile set') or, when it names a piece
    set, for a piece set ('not a piece set'); both halves of the answer were wrong."""
    path = tmp_path / "v.yaml"
    path.write_text(text, encoding="utf-8")
    args = [a.replace("{out}", str(tmp_path / "s.pdf")) for a in command]
    assert main([*args, str(path)]) == 1
    err = capsys.readouterr().err
    assert "is a Hive variant, not a tile set or a piece set" in err
    assert not (tmp_path / "s.pdf").exists()
