"""Golden playthroughs: regenerated text must equal the committed files.

A difference means a rule changed: read the diff, then run
``botanik-design golden`` to accept it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.games.botanik.engine.golden import golden_files, golden_text

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"

FILES = golden_files()


@pytest.mark.parametrize("name", sorted(FILES))
def test_golden_playthrough_unchanged(name: str) -> None:
    tileset, variant = FILES[name]
    expected = (GOLDEN_DIR / name).read_text(encoding="utf-8")
    assert golden_text(tileset, variant) == expected


def test_every_bundled_variant_has_a_golden_file() -> None:
    assert {p.name for p in GOLDEN_DIR.glob("*.txt")} == set(FILES)


def test_golden_check_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(GOLDEN_DIR.parents[2])  # the default folder is found from here
    assert main(["golden", "--check"]) == 0
    assert "ok" in capsys.readouterr().out


def test_golden_check_reports_a_diff(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    assert main(["golden", "--dir", str(folder)]) == 0
    target = folder / "standard.txt"
    target.write_text(target.read_text().replace("| 0 |", "| 1 |", 1))
    assert main(["golden", "--check", "--dir", str(folder)]) == 1
    assert "@@" in capsys.readouterr().out
