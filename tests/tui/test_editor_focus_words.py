"""Editor: after a choice in a drop-down the keys the footer shows work (the focus is back
on the table); no drop-down shows a bare ``?``; undo and redo say what they undid."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Select, Static

from botanik_design.tui.botanik.editor.app import EditorApp
from botanik_design.tui.botanik.editor.document import TilesetDocument
from botanik_design.tui.editor.changewords import change_words

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(80, 24), (120, 40)]


@pytest.fixture
def botanik(tmp_path: Path) -> Path:
    path = tmp_path / "botanik.yaml"
    path.write_text((ROOT / "tilesets" / "botanik.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    return path


async def until(pilot: Pilot[None], done: Callable[[], bool], tries: int = 400) -> None:
    for _ in range(tries):
        await pilot.pause()
        if done():
            return
    raise AssertionError("the app did not reach the state")


def drive(path: Path, size: tuple[int, int],
          script: Callable[[EditorApp, Pilot[None]], Awaitable[None]]) -> None:
    app = EditorApp(TilesetDocument.open(path, name=path.name), validate_delay=0.01)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(go())


def status(app: EditorApp) -> str:
    return str(app._main.query_one("#status", Static).render())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("field", ["f-colour", "f-type", "f-kind"])
def test_after_a_drop_down_choice_the_table_has_the_focus(botanik: Path, field: str,
                                                          size: tuple[int, int]) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        select = app._main.query_one(f"#{field}", Select)
        select.focus()
        await until(pilot, lambda: app.focused is select)
        await pilot.press("enter")
        await until(pilot, lambda: select.expanded)
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.focused, DataTable))
        before = len(app.doc)
        await pilot.press("a")  # a key the footer shows now works
        await until(pilot, lambda: len(app.doc) == before + 1)

    drive(botanik, size, script)


def test_no_drop_down_shows_a_bare_question_mark(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        for select in app._main.query(Select):
            prompts = [str(p) for p, _ in select._options]
            assert "?" not in prompts, (select.id, prompts)

    drive(botanik, (80, 24), script)


@pytest.mark.parametrize("keys,words", [
    (["w"], "exits"),      # toggles the W exit of the first tile
    (["plus"], "copies"),
    (["x", "y"], "put back"),
    (["d"], "taken out"),
])
def test_undo_and_redo_name_the_edit(botanik: Path, keys: list[str], words: str) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        first = app.doc.face(0).id
        await pilot.press(*keys)
        await pilot.pause()
        await pilot.press("u")
        await until(pilot, lambda: status(app).startswith("undone:"))
        assert words in status(app) and (first in status(app) or words == "taken out")
        await pilot.press("ctrl+y")
        await until(pilot, lambda: status(app).startswith("redone:"))

    drive(botanik, (80, 24), script)


@pytest.mark.parametrize("before,after,words", [
    ({"tiles": [{"id": "a", "colour": "red"}]}, {"tiles": [{"id": "a", "colour": "blue"}]},
     "tiles a colour 'red' → 'blue'"),
    ({"tiles": [{"id": "a"}, {"id": "b"}]}, {"tiles": [{"id": "a"}]}, "tiles: b taken out"),
    ({"tiles": [{"id": "a"}]}, {"tiles": [{"id": "a"}, {"id": "b"}]}, "tiles: b put back"),
    ({"title": "x"}, {"title": "y"}, "title 'x' → 'y'"),
    ({"title": "x"}, {"title": "x", "description": "d"}, "description 'd' added"),
    ({"a": 1, "b": 2}, {"a": 3, "b": 4}, "a 1 → 3 (and 1 more)"),
    ({"a": 1}, {"a": 1}, "no visible change"),
])
def test_change_words(before: object, after: object, words: str) -> None:
    assert change_words(before, after) == words
