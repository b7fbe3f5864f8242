"""``botanik-design rules`` and ``botanik-design list`` (issue 14 items 1 and 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_rules_prints_markdown_of_a_bundled_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "registre-3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Botanik rules: Registre à 3 colonnes")
    assert "(`middle_condition: linked-to-slot`)" in out
    assert "## Options" in out
    assert "62 tiles remain after setup" in out


def test_rules_of_a_hive_variant_and_without_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "hive-box", "--no-options"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Hive rules:")
    assert "(`tournament_opening: false`)" in out
    assert "## Options" not in out


def test_rules_of_a_variant_file_with_a_tile_set_written_to_a_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = tmp_path / "mine.yaml"
    v.write_text("variant: mine\nextends: standard\noptions:\n  rotation: fixed\n",
                 encoding="utf-8")
    out = tmp_path / "rules.md"
    assert main(["rules", str(v), "--tileset", "quick-3", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "(`rotation: fixed`)" in text and "`quick-3`" in text
    assert f"wrote {out}" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "code", "said"), [
    (["rules", "nope"], 2, "not a bundled variant (hive-box"),
    (["rules", "hive-box", "--tileset", "botanik"], 2, "is a Hive variant"),
    (["rules", str(ROOT / "tilesets" / "quick-3.yaml")], 1, "is a tile set, not a Botanik variant"),
    (["rules", "standard", "-o", "/nonexistent-folder/x.md"], 2, "cannot write"),
])
def test_rules_errors(argv: list[str], code: int, said: str,
                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == code
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_rules_of_an_invalid_variant_lists_its_problems(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = tmp_path / "bad.yaml"
    v.write_text("variant: bad\noptions:\n  registry_columns: 12\n", encoding="utf-8")
    assert main(["rules", str(v)]) == 1
    err = capsys.readouterr().err
    assert "not a valid Botanik variant" in err and "bad.yaml:3" in err


def test_list_names_every_bundled_file_with_its_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for head in ("Botanik tile sets", "Botanik variants", "Hive variants", "Hive piece sets"):
        assert head in out
    for name, title in (("botanik", "Botanik (published set)"),
                        ("quick-3", "Quick three-colour set"),
                        ("standard", "Standard (published rules)"),
                        ("registre-3", "Registre à 3 colonnes"),
                        ("no-loops", "Standard, no closed loops"),
                        ("hive-tournament", "Hive (tournament rules)"),
                        ("hive-base", "Hive (base game)")):
        line = next(x for x in out.splitlines() if x.split()[:1] == [name])
        assert title in line
    assert "(extends standard)" in out
