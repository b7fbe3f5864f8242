"""Odd and broken inputs on every command that reads a spec: a clear message naming
``file:line:col``, the documented exit status, never a traceback (issue: QA pass).

Run in-process through :func:`botanik_design.cli.main` (no subprocess per row)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from botanik_design.cli import main

TINY = """\
tileset: tiny
title: Tiny
palette:
  - {name: red, symbol: "R", display: "#ff0000"}
tiles:
  - {id: source, type: source, kind: source, exits: [N, E, S, W], copies: 2}
  - {id: c, colour: red, type: corner, kind: pipe, exits: [E, S], flowers: 1, copies: 2}
"""
#: six machine tiles, no flowers, no colour with 3 tiles: nothing can score under `standard`
NO_FLOWERS = """\
tileset: bare
title: Bare
palette:
  - {name: red, symbol: "R", display: "#ff0000"}
  - {name: blue, symbol: "B", display: "#0000ff"}
  - {name: green, symbol: "G", display: "#00ff00"}
tiles:
  - {id: source, type: source, kind: source, exits: [N, E, S, W], copies: 2}
  - {id: r, colour: red, type: corner, kind: pipe, exits: [E, S], copies: 2}
  - {id: b, colour: blue, type: corner, kind: pipe, exits: [E, S], copies: 2}
  - {id: g, colour: green, type: corner, kind: pipe, exits: [E, S], copies: 2}
"""
VARIANT = "variant: mine\nextends: standard\n"

#: file name -> its text
SWEEP = """\
sweep: s
base: {variant: standard}
axes:
  - {option: mecha_bonus, values: [0, 1]}
bots: random,random
games: 1
"""
FILES = {"tiny.yaml": TINY, "bare.yaml": NO_FLOWERS, "variant.yaml": VARIANT,
         "sweep.yaml": SWEEP, "hivekid.yaml": "variant: k\nextends: hive-tournament\n",
         "chess.yaml": "variant: c\ngame: chess\nextends: standard\n",
         "one.yaml": "just some text\n", "number.yaml": "42\n"}


def _run(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str]:
    code = main(args)
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.fixture
def specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


# (command line, exit status, text the output must hold: a file:line:col or a rule)
TOO_SMALL = r"tiny\.yaml:6:3: error: tile set `tiny` has 2 machine tiles; the setup needs 6"
NO_SCORE = r"bare\.yaml:8:3: error: no rule of variant `standard` can award a point"
WRONG = (r"variant\.yaml:1:1: error: this is a Botanik variant, not a tile set "
         r"\[spec-wrong-kind\]")
CASES = [
    # a tile set in place of the variant's own: the checks `validate` makes on a variant's
    (["simulate", "-q", "--games", "2", "--tileset", "tiny.yaml"], 1, TOO_SMALL),
    (["simulate", "-q", "--games", "2", "--tileset", "bare.yaml"], 1, NO_SCORE),
    (["compare", "-q", "--games", "2", "standard", "registre-3", "--tileset", "tiny.yaml"],
     1, TOO_SMALL),
    (["compare", "-q", "--games", "2", "quick-3", "tiny.yaml"], 1, TOO_SMALL),
    (["rules", "standard", "--tileset", "tiny.yaml"], 1, TOO_SMALL),
    (["rules", "standard", "--tileset", "bare.yaml"], 1, NO_SCORE),
    # a tile set for a Hive variant: a usage error, not a traceback
    (["simulate", "-q", "--games", "2", "--variant", "hive-tournament", "--tileset", "quick-3"],
     2, r"hive-tournament is a Hive variant"),
    (["compare", "-q", "--games", "2", "hive-tournament", "hive-box", "--tileset", "tiny.yaml"],
     2, r"hive-tournament is a Hive variant"),
    # another kind of spec: named, at the kind key
    (["show", "variant.yaml"], 1, WRONG),
    (["sheet", "variant.yaml", "-o", "out.pdf"], 1, WRONG),
    (["simulate", "-q", "--games", "2", "--tileset", "variant.yaml"], 1, WRONG),
    (["rules", "tiny.yaml"], 1,
     r"tiny\.yaml:1:1: error: this is a tile set, not a Botanik variant"),
    # two outputs, or an output and an input, naming one file: one would be lost
    (["simulate", "-q", "--games", "1", "-o", "r.txt", "--csv", "./r.txt"], 2,
     r"--csv \./r\.txt: --output r\.txt names the same file"),
    (["simulate", "-q", "--games", "1", "--csv", "p.png", "--plot", "p.png"], 2,
     r"--plot p\.png: --csv p\.png names the same file"),
    (["simulate", "-q", "--games", "1", "--variant", "variant.yaml", "-o", "variant.yaml"], 2,
     r"--output variant\.yaml: the input file variant\.yaml names the same file"),
    (["compare", "-q", "--games", "1", "standard", "variant.yaml", "--csv", "variant.yaml"], 2,
     r"--csv variant\.yaml: the input file variant\.yaml names the same file"),
    (["sweep", "-q", "sweep.yaml", "-o", "sweep.yaml"], 2,
     r"--output sweep\.yaml: the input file sweep\.yaml names the same file"),
    (["sweep", "-q", "sweep.yaml", "-o", "s.json", "--store", "s.json"], 2,
     r"--store s\.json: --output s\.json names the same file"),
    # kinds named in words, unknown games at their line
    (["validate", "hivekid.yaml"], 1, r"hivekid\.yaml:2:10: error: parent `hive-tournament` is "
     r"a Hive variant, not a Botanik variant.*\[sem-parent-invalid\]"),
    (["simulate", "-q", "--games", "1", "--variant", "chess.yaml"], 1,
     r"chess\.yaml:2:7: error: 'chess' is not one of: botanik, hive"),
    # a file that is one value: said in words, not Python's type names
    (["validate", "one.yaml"], 1, r"one\.yaml:1:1: error: the top level must be a mapping of "
     r"keys to values, not a single text value \[yaml-not-mapping\]"),
    (["validate", "number.yaml"], 1, r"not a single number \[yaml-not-mapping\]"),
    # --root: a folder that does not exist would check no dependent at all
    (["validate", "--with-dependents", "--root", "nope", "tiny.yaml"], 2,
     r"nope: error: --with-dependents: no such folder \[io-missing\]"),
    (["validate", "--with-dependents", "--root", "tiny.yaml", "tiny.yaml"], 2,
     r"tiny\.yaml: error: --with-dependents: not a folder \[io-unreadable\]"),
    (["validate", "--root", ".", "tiny.yaml"], 2, r"--root only says where --with-dependents"),
    (["sweep", "-q", "variant.yaml"], 1,
     r"variant\.yaml:1:1: error: this is a Botanik variant, not a sweep"),
]


@pytest.mark.parametrize(("args", "code", "expected"), CASES,
                         ids=[" ".join(c[0]) for c in CASES])
def test_bad_input_is_reported_clearly(specs: Path, capsys: pytest.CaptureFixture[str],
                                       args: list[str], code: int, expected: str) -> None:
    got, text = _run(capsys, args)
    assert "Traceback" not in text
    assert re.search(expected, text), text
    assert got == code, text
    assert sorted(p.name for p in specs.iterdir()) == sorted(FILES)  # nothing written
    for name, text in FILES.items():  # no input overwritten
        assert (specs / name).read_text(encoding="utf-8") == text


def test_a_small_set_that_fits_a_small_variant_still_plays(
        specs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (specs / "one.yaml").write_text(
        "variant: one\nextends: standard\noptions: {registry_columns: 1, arrival_tiles: 1,"
        " min_group_size: 1}\n", encoding="utf-8")
    code, text = _run(capsys, ["simulate", "-q", "--games", "2", "--bots", "random,random",
                               "--variant", "one.yaml", "--tileset", "tiny.yaml"])
    assert code == 0, text


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_actions_after_the_end_are_one_finding_for_validate_and_replay(
        specs: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    root = Path(__file__).resolve().parents[1]
    text = (root / "examples" / "records" / "mecha-swap.yaml").read_text(encoding="utf-8")
    short = re.sub(r"deal: \[.*\]", "deal: [red-corner, red-mecha]", text)
    assert short != text
    (specs / "short.yaml").write_text(short, encoding="utf-8")
    code, out = _run(capsys, [command, "short.yaml"])
    assert code == 1 and "Traceback" not in out
    assert re.search(r"short\.yaml:\d+:\d+: error: .*the game is already over.*"
                     r"\[record-game-over\]", out), out


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_moves_after_a_hive_win_are_the_same_finding(
        specs: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    root = Path(__file__).resolve().parents[1]
    text = (root / "examples" / "hive" / "short-win.yaml").read_text(encoding="utf-8")
    (specs / "after.yaml").write_text(
        text.replace("result: WhiteWins", "  - bQ -wQ\nresult: WhiteWins"), encoding="utf-8")
    code, out = _run(capsys, [command, "after.yaml"])
    assert code == 1 and "Traceback" not in out
    assert re.search(r"after\.yaml:\d+:5: error: move 16 .*\[record-game-over\]", out), out


#: metavars of arguments that name a file, a folder or a bundled spec
_FILE_LIKE = re.compile(r"FILE|REF|PATH|RECORD|POSITION|TILESET|VARIANT|SPEC|ITEM|FOLDER|NAME")


def test_every_file_argument_refuses_an_empty_name() -> None:
    """``""`` is the working directory to pathlib and no value to an ``if``: every argument
    that names a file, a folder or a spec goes through :func:`~botanik_design.cli.runs.named`."""
    import argparse

    from botanik_design.cli import build_parser
    from botanik_design.cli.runs import named, path_arg

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    checked = []
    for command, parser in sub.choices.items():
        for action in parser._actions:
            if _FILE_LIKE.search(str(action.metavar or "")) or action.dest == "dir":
                checked.append(f"{command} {action.dest}")
                assert action.type in (named, path_arg), f"{command} {action.dest}"
    assert len(checked) > 25, checked


@pytest.mark.parametrize("args", [
    ["validate", ""], ["score", ""], ["replay", ""], ["sweep", ""], ["rules", ""],
    ["show", "quick-3", "--image", ""], ["simulate", "--tileset", ""],
    ["replay", "x.yaml", "--image", ""], ["validate", "--with-dependents", "--root", ""],
], ids=lambda a: " ".join(map(repr, a)))
def test_an_empty_name_is_a_usage_error(specs: Path, capsys: pytest.CaptureFixture[str],
                                        args: list[str]) -> None:
    code, text = _run(capsys, args)
    assert code == 2 and "an empty name" in text, text
    assert sorted(p.name for p in specs.iterdir()) == sorted(FILES)  # nothing written


@pytest.mark.parametrize("args", [
    ["show", "locked.yaml"], ["sheet", "locked.yaml", "-o", "out.pdf"],
    ["simulate", "-q", "--games", "1", "--tileset", "locked.yaml"],
    ["compare", "-q", "--games", "1", "standard", "locked.yaml"],
    ["rules", "standard", "--tileset", "locked.yaml"], ["validate", "locked.yaml"],
    ["score", "locked.yaml"], ["replay", "locked.yaml"],
], ids=" ".join)
def test_an_unreadable_file_exits_2_everywhere(specs: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch,
                                               args: list[str]) -> None:
    """As documented for ``validate``: a file that cannot be read is an I/O error (exit 2),
    not an invalid spec (1).  Tests run as root, where ``chmod 000`` does not stop a read,
    so the read itself fails here."""
    (specs / "locked.yaml").write_text(TINY.replace("tiny", "locked"), encoding="utf-8")
    read_bytes = Path.read_bytes

    def refuse(self: Path) -> bytes:
        if self.name == "locked.yaml":
            raise PermissionError(13, "Permission denied", str(self))
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    code, text = _run(capsys, args)
    assert "Traceback" not in text
    assert "locked.yaml: error: cannot read the file: Permission denied [io-unreadable]" in text
    assert code == 2, text
    assert not (specs / "out.pdf").exists()
