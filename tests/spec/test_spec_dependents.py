"""``validate --with-dependents``: a changed tile set or variant also checks the specs that use it.

Issue 8, item 24: cutting a tile set to four machine tiles passed the pre-commit
hook, though a variant naming it no longer had enough tiles (``sem-too-few-tiles``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from botanik_design.cli import main

PALETTE = "palette:\n  - {name: red, symbol: R, display: '#aa0000'}\n"


def tileset(copies: int) -> str:
    return ("tileset: mine\n" + PALETTE + "tiles:\n"
            "  - {id: s, type: source, kind: source, exits: [N, E, S, W], copies: 2}\n"
            f"  - {{id: c, colour: red, type: corner, kind: pipe, exits: [N, E], flowers: 1, "
            f"copies: {copies}}}\n"
            f"  - {{id: t, colour: red, type: tee, kind: pipe, exits: [N, E, S], "
            f"copies: {copies}}}\n")


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository of specs: a tile set, a variant using it, a child variant, a record of
    the child, a sweep of the variant, and specs that do not depend on the tile set."""
    files = {
        "tilesets/mine.yaml": tileset(10),
        "tilesets/other.yaml": tileset(10).replace("tileset: mine", "tileset: other"),
        "variants/house.yaml": "variant: house\ntileset: ../tilesets/mine.yaml\n",
        "variants/deep/child.yaml": "variant: child\nextends: ../house.yaml\n",
        "variants/bundled.yaml": "variant: plain\ntileset: botanik\n",
        "variants/elsewhere.yaml": "variant: elsewhere\ntileset: ../tilesets/other.yaml\n",
        "records/game.yaml": "record: g\nvariant: ../variants/deep/child.yaml\nactions: []\n",
        "sweeps/s.yaml": "sweep: s\nbase: {variant: ../variants/house.yaml}\n"
                         "axes:\n  - {option: mecha_bonus, values: [0, 1]}\n",
        ".hidden/x.yaml": "variant: hidden\ntileset: ../tilesets/mine.yaml\n",
        "notes.yaml": "just: text\n",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    code = main(["validate", "--format", "json", *args])
    return code, json.loads(capsys.readouterr().out)


def _files(report: dict[str, object]) -> set[str]:
    return {Path(str(f["file"])).as_posix() for f in report["files"]}  # type: ignore[attr-defined]


def test_the_repository_starts_valid(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = _run(["tilesets", "variants", "records", "sweeps"], capsys)
    assert code == 0, report


def test_the_reported_case(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "tilesets" / "mine.yaml").write_text(tileset(2), encoding="utf-8")
    assert _run(["tilesets/mine.yaml"], capsys)[0] == 0  # the hook before: passes
    code, report = _run(["--with-dependents", "tilesets/mine.yaml"], capsys)
    assert code == 1
    rules = {(Path(str(d["file"])).as_posix(), d["rule"])
             for d in report["diagnostics"]}  # type: ignore[attr-defined]
    assert ("variants/house.yaml", "sem-too-few-tiles") in rules
    assert ("variants/deep/child.yaml", "sem-parent-invalid") in rules
    assert ("records/game.yaml", "sem-variant-invalid") in rules


@pytest.mark.parametrize(("changed", "expected"), [
    ("tilesets/mine.yaml", {"tilesets/mine.yaml", "variants/house.yaml",
                            "variants/deep/child.yaml", "records/game.yaml", "sweeps/s.yaml"}),
    ("variants/house.yaml", {"variants/house.yaml", "variants/deep/child.yaml",
                             "records/game.yaml", "sweeps/s.yaml"}),
    ("variants/deep/child.yaml", {"variants/deep/child.yaml", "records/game.yaml"}),
    ("records/game.yaml", {"records/game.yaml"}),
    ("tilesets/other.yaml", {"tilesets/other.yaml", "variants/elsewhere.yaml"}),
    ("variants/bundled.yaml", {"variants/bundled.yaml"}),
])
def test_dependents_are_found_transitively_and_only_by_path(
        repo: Path, changed: str, expected: set[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    code, report = _run(["--with-dependents", changed], capsys)
    assert code == 0 and _files(report) == expected


def test_root_points_elsewhere(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = _run(["--with-dependents", "--root", "variants", "tilesets/mine.yaml"],
                        capsys)
    assert code == 0 and _files(report) == {"tilesets/mine.yaml", "variants/house.yaml",
                                           "variants/deep/child.yaml"}
