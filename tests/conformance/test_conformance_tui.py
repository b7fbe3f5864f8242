"""``play`` and ``edit`` reach every registered game through its entry alone.

A game's entry names its play launcher (``tui_play``) and editor (``tui_editor``);
the toy game (Nim) names neither, so both commands must say so clearly (exit 2,
no traceback, no UI started) instead of treating its files as another game's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance_cases import cases

from botanik_design.cli import main
from botanik_design.games.registry import entries, entry
from botanik_design.tui.plugins import (
    editor_launcher,
    editors,
    game_of_play,
    play_launcher,
    playable,
)

ROOT = Path(__file__).resolve().parents[2]
#: one variant of each registered game, as ``play --variant`` takes it
ONE_VARIANT = {c.game: c.ref for c in reversed(cases())}


@pytest.mark.parametrize("game", sorted(ONE_VARIANT))
def test_play_finds_the_game_of_each_variant(game: str) -> None:
    assert game_of_play(ONE_VARIANT[game], None).name == game


@pytest.mark.parametrize(("load", "game"), [
    (ROOT / "examples" / "hive" / "short-win.yaml", "hive"),
    (ROOT / "examples" / "hive" / "short-win.txt", "hive"),
    (ROOT / "examples" / "records" / "standard-seed-7.yaml", "botanik"),
])
def test_play_finds_the_game_of_a_record(load: Path, game: str) -> None:
    assert game_of_play("standard", load).name == game


@pytest.mark.parametrize("name", [e.name for e in entries()])
def test_each_launcher_is_what_its_entry_promises(name: str) -> None:
    e = entry(name)
    launcher = play_launcher(e)
    assert (launcher is None) == (e.tui_play is None)
    if launcher is not None:  # the set a variant names is a kind of this game
        assert e.kind(launcher.material_kind) is not None
        assert all(s.startswith(".") for s in launcher.record_suffixes)
    ed = editor_launcher(e)
    assert (ed is None) == (e.tui_editor is None)
    if ed is not None:
        assert e.kind(ed.kind) is not None and ed.noun


def test_the_toy_game_is_neither_playable_nor_editable() -> None:
    assert "nim" not in [e.name for e, _ in playable()]
    assert "nim" not in [e.name for e, _ in editors()]
    assert {"botanik", "hive"} <= {e.name for e, _ in playable()}


@pytest.mark.parametrize("extra", [[], ["--setup"], ["--vs", "human"]])
def test_play_on_a_game_without_a_play_screen_is_a_usage_error(
        extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--variant", ONE_VARIANT["nim"], *extra]) == 2
    err = capsys.readouterr().err
    assert "Nim has no play screen" in err and "Traceback" not in err


def test_edit_on_a_file_of_a_game_without_an_editor_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = Path(ONE_VARIANT["nim"]) if Path(ONE_VARIANT["nim"]).is_file() else \
        ROOT / "tests" / "games" / "variants" / f"{ONE_VARIANT['nim']}.yaml"
    path = tmp_path / "heaps.yaml"
    text = source.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    assert main(["edit", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Nim has no editor" in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == text
