"""Snapshots of the editor's main screens at 80x24 and 120x40 (pytest-textual-snapshot).

Regenerate after an intended visual change with ``pytest tests/tui --snapshot-update``
and look at the report before committing.  The editor's own fallback checks stand
in for the project validator here, so that a reworded validator message or a new
lint warning does not change these pictures (the pilot tests use the real one).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from botanik_design.tui.botanik.editor.app import EditorApp
from botanik_design.tui.botanik.editor.document import TilesetDocument

ROOT = Path(__file__).resolve().parents[2]
SnapCompare = Callable[..., bool]


def editor(tmp_path: Path, name: str = "botanik.yaml") -> EditorApp:
    path = tmp_path / name
    path.write_text((ROOT / "tilesets" / name).read_text(encoding="utf-8"), encoding="utf-8")
    # the display name, not the temporary path, keeps the title deterministic
    return EditorApp(TilesetDocument.open(path, name=name), validate_delay=0.01)


async def settle(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, EditorApp)
    app.run_validation()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_editor_main_screen(snap_compare: SnapCompare, tmp_path: Path,
                            size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("down", "down", "down", "down")  # red-corner-flower
        await settle(pilot)

    assert snap_compare(editor(tmp_path), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_editor_with_an_error(snap_compare: SnapCompare, tmp_path: Path,
                              size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("down", "down", "down", "w")  # a corner with three exits
        await settle(pilot)

    assert snap_compare(editor(tmp_path, "quick-3.yaml"), terminal_size=size,
                        run_before=run_before)


def test_editor_quit_question(snap_compare: SnapCompare, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("plus")
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()

    assert snap_compare(editor(tmp_path), terminal_size=(80, 24), run_before=run_before)


def test_editor_help(snap_compare: SnapCompare, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()

    assert snap_compare(editor(tmp_path), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_pieceset_editor(snap_compare: SnapCompare, tmp_path: Path,
                         size: tuple[int, int]) -> None:
    """The piece-set editor after two edits: a beetle more and no Queen (an error)."""
    from botanik_design.tui.hive.editor.app import PiecesetApp
    from botanik_design.tui.hive.editor.document import PiecesetDocument

    path = tmp_path / "hive-base.yaml"
    path.write_text((ROOT / "piecesets" / "hive-base.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    app = PiecesetApp(PiecesetDocument.open(path, name="hive-base.yaml"), validate_delay=0.01)

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("0", "down", "down", "plus")
        app.run_validation()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
