"""The editor app driven through Textual's pilot: edit, save, reload, undo, delete, quit."""

from __future__ import annotations

import asyncio
import difflib
import os
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Static
from tui_wait import until

from botanik_design.tui.botanik.editor.app import EditorApp
from botanik_design.tui.botanik.editor.document import TilesetDocument
from botanik_design.tui.editor.screens import ChoiceScreen, HelpScreen

ROOT = Path(__file__).resolve().parents[2]

Script = Callable[[EditorApp, Pilot[None]], Awaitable[None]]


@pytest.fixture
def botanik(tmp_path: Path) -> Path:
    path = tmp_path / "botanik.yaml"
    path.write_text((ROOT / "tilesets" / "botanik.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    return path


def drive(path: Path, script: Script, size: tuple[int, int] = (80, 24)) -> EditorApp:
    """Open ``path`` in the editor and run ``script`` with the pilot."""
    app = EditorApp(TilesetDocument.open(path, name=path.name), validate_delay=0.01)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(go())
    return app


def status(app: EditorApp) -> str:
    return str(app._main.query_one("#status", Static).render())


async def goto(app: EditorApp, pilot: Pilot[None], tile_id: str) -> int:
    index = app.doc.index_of(tile_id)
    assert index is not None
    table = app._main.query_one("#tiles", DataTable)
    table.focus()
    if abs(index - app.selected) > 2:  # jump close, then walk with the keys
        table.move_cursor(row=index - 1 if index > app.selected else index + 1)
        await pilot.pause()
    while app.selected < index:
        await pilot.press("down")
    while app.selected > index:
        await pilot.press("up")
    return index


async def type_into(pilot: Pilot[None], app: EditorApp, field: str, text: str) -> None:
    widget = app._main.query_one(f"#{field}", Input)
    widget.focus()
    await pilot.pause()
    widget.cursor_position = len(widget.value)
    for _ in range(len(widget.value)):
        await pilot.press("backspace")
    await pilot.press(*text)
    await pilot.pause()


def test_edit_a_field_save_and_reload_keeps_everything_else(botanik: Path) -> None:
    original = botanik.read_text(encoding="utf-8")

    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        await goto(app, pilot, "yellow-tee-flower")
        await type_into(pilot, app, "f-copies", "4")
        await pilot.press("escape", "ctrl+s")
        await pilot.pause()
        assert "saved botanik.yaml" in status(app)
        assert not app.doc.modified

    drive(botanik, script)
    saved = botanik.read_text(encoding="utf-8")
    diff = [d for d in difflib.ndiff(original.splitlines(), saved.splitlines())
            if d[:2] in ("- ", "+ ")]
    assert len(diff) == 2
    assert diff[0].startswith("-   - {id: yellow-tee-flower,") and "copies: 1}  # A2" in diff[0]
    assert diff[1].startswith("+   - {id: yellow-tee-flower,") and "copies: 4}" in diff[1]
    assert "# A2" in diff[1]
    # the reloaded file opens cleanly and shows the edit
    doc = TilesetDocument.open(botanik)
    index = doc.index_of("yellow-tee-flower")
    assert index is not None and doc.face(index).copies == 4 and doc.validate() == []


def test_exit_keys_rotate_and_undo(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        i = await goto(app, pilot, "red-corner")
        await pilot.press("r")
        assert app.doc.face(i).exit_letters == "ES"
        await pilot.press("w")
        assert app.doc.face(i).exit_letters == "ESW"
        await until(pilot, lambda: app._checker.current, "the validation")
        assert any(p.tile == i for p in app.problems)  # a corner with three exits
        await pilot.press("u")
        await pilot.press("ctrl+z")
        assert app.doc.face(i).exit_letters == "NE"
        assert not app.doc.modified
        await pilot.press("u")
        assert "nothing to undo" in status(app)

    drive(botanik, script)


def test_plus_minus_copies_and_refusal_below_one(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        i = await goto(app, pilot, "blue-cross")
        await pilot.press("plus")
        assert app.doc.face(i).copies == 2
        await pilot.press("minus", "minus")
        assert app.doc.face(i).copies == 1
        assert "refused" in status(app) and "below 1" in status(app)

    drive(botanik, script)


def test_delete_asks_first_and_can_be_undone(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        n = len(app.doc)
        await goto(app, pilot, "green-plant")
        await pilot.press("x")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("n")
        assert len(app.doc) == n
        await pilot.press("delete")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("y")
        await pilot.pause()
        assert len(app.doc) == n - 1 and app.doc.index_of("green-plant") is None
        assert app._main.query_one("#tiles", DataTable).row_count == n - 1
        await pilot.press("u")
        assert app.doc.index_of("green-plant") is not None

    drive(botanik, script)


def test_add_and_duplicate(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        n = len(app.doc)
        i = await goto(app, pilot, "black-tee")
        await pilot.press("d")
        assert app.selected == i + 1 and app.doc.face(i + 1).id == "black-tee-copy"
        await pilot.press("a")
        # a new tile of the selected tile's type (the copy is a tee)
        assert app.selected == i + 2 and app.doc.face(i + 2).id == "black-tee-2"
        assert app.doc.face(i + 2).type == "tee" and app.doc.face(i + 2).copies == 1
        assert len(app.doc) == n + 2
        assert app._main.query_one("#tiles", DataTable).row_count == n + 2

    drive(botanik, script)


def test_quit_with_unsaved_changes_asks(botanik: Path) -> None:
    original = botanik.read_text(encoding="utf-8")

    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        await goto(app, pilot, "red-tee")
        await pilot.press("n")  # toggle the north exit off
        assert app.doc.modified
        await pilot.press("q")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, ChoiceScreen) and app.is_running
        assert "not quitting" in status(app)
        await pilot.press("q")
        await pilot.press("d")  # discard
        await pilot.pause()
        assert not app.is_running

    drive(botanik, script)
    assert botanik.read_text(encoding="utf-8") == original


def test_quit_and_save_from_the_question(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        await goto(app, pilot, "red-tee")
        await pilot.press("e")  # east exit off: a tee with N, S is invalid, saved anyway
        await pilot.press("q")
        await pilot.press("s")
        await pilot.pause()
        assert not app.is_running

    drive(botanik, script)
    assert "{id: red-tee, colour: red, type: tee, kind: pipe, exits: [N, S]," in \
        botanik.read_text(encoding="utf-8")


def test_quit_without_changes_does_not_ask(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running

    drive(botanik, script)


def test_failed_save_shows_the_error_and_keeps_the_edits(
    botanik: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = botanik.read_text(encoding="utf-8")

    def boom(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        i = await goto(app, pilot, "red-cross")
        await pilot.press("plus")
        monkeypatch.setattr(os, "replace", boom)
        await pilot.press("ctrl+s")
        assert "NOT saved" in status(app) and "No space left" in status(app)
        assert app.doc.modified and app.doc.face(i).copies == 2
        await pilot.press("q")
        assert isinstance(app.screen, ChoiceScreen)  # still asks: nothing was lost
        await pilot.press("s")  # saving fails again: the editor stays open
        await pilot.pause()
        assert app.is_running and "NOT saved" in status(app)
        monkeypatch.undo()
        await pilot.press("ctrl+s")
        assert "saved botanik.yaml" in status(app)

    drive(botanik, script)
    assert botanik.read_text(encoding="utf-8") != original
    assert [p.name for p in botanik.parent.iterdir()] == ["botanik.yaml"]


def test_bad_edit_shows_a_diagnostic_with_line_and_column(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        i = await goto(app, pilot, "red-corner")
        await type_into(pilot, app, "f-copies", "0")
        assert app.doc.face(i).copies == 0
        app.run_validation()
        errors = [p for p in app.problems if p.level == "error"]
        assert errors and errors[0].tile == i
        line = app.doc.text.splitlines()[(errors[0].line or 0) - 1]
        assert "id: red-corner," in line
        listing = app._main.query_one("#problems", OptionList)
        first = str(listing.get_option_at_index(0).prompt)
        assert first.strip().startswith(f"{errors[0].line}:{errors[0].column} error")
        assert "✗" in str(app._main.query_one("#titlebar", Static).render())
        # saving is allowed, with a clear warning
        await pilot.press("escape", "ctrl+s")
        assert "WITH 1 error" in status(app)

    drive(botanik, script)


def test_non_numbers_are_not_applied(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        i = await goto(app, pilot, "red-corner")
        await type_into(pilot, app, "f-copies", "")
        assert app.doc.face(i).copies == 2
        assert "type a whole number" in status(app)
        await pilot.press("x", "y")  # an integer field refuses letters
        await pilot.pause()
        assert app._main.query_one("#f-copies", Input).value == ""
        assert "refused: copies takes a whole number" in status(app)
        assert app.doc.face(i).copies == 2 and not app.doc.modified

    drive(botanik, script)


def test_choosing_a_problem_selects_its_tile(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        i = await goto(app, pilot, "blue-plant")
        await pilot.press("e")  # a plant with two exits
        await goto(app, pilot, "source")
        app.run_validation()
        listing = app._main.query_one("#problems", OptionList)
        listing.focus()
        listing.highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        assert app.selected == i

    drive(botanik, script)


def test_renaming_in_the_id_field_and_switching_tiles_edits_only_that_tile(
    botanik: Path,
) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        i = await goto(app, pilot, "red-tee")
        await pilot.press("enter")  # into the fields
        assert app.focused is not None and app.focused.id == "f-id"
        await pilot.press("end", "2")
        await pilot.press("escape")
        await pilot.press("down", "down", "up")
        await pilot.pause()
        assert app.doc.face(i).id == "red-tee2"
        others = [f.id for n, f in enumerate(app.doc.faces()) if n != i]
        assert len(set(others)) == len(others) == len(app.doc) - 1
        assert "red-tee" not in others

    drive(botanik, script)


def test_help_screen(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)

    drive(botanik, script)


def test_mouse_clicks_on_exit_buttons_and_preview(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        i = await goto(app, pilot, "red-straight")
        await pilot.click("#exit-E")
        assert app.doc.face(i).exit_letters == "NES"
        await pilot.click("#preview", offset=(0, 3))  # the west edge of the preview
        assert app.doc.face(i).exit_letters == "NESW"
        await pilot.click("#rotate")
        assert app.doc.face(i).exit_letters == "NESW"

    drive(botanik, script)


def test_large_terminal_shows_more_columns(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        table = app._main.query_one("#tiles", DataTable)
        assert [str(c.label) for c in table.columns.values()][-3:] == ["type", "kind", "label"]

    drive(botanik, script, size=(120, 40))


def test_saving_over_a_file_changed_on_disk_asks_first(botanik: Path) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        await goto(app, pilot, "red-cross")
        await pilot.press("plus")
        botanik.write_text("# someone else's version\n", encoding="utf-8")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        assert "not saved" in status(app)
        assert botanik.read_text(encoding="utf-8") == "# someone else's version\n"
        await pilot.press("ctrl+s")
        await pilot.press("o")  # overwrite
        await pilot.pause()
        assert "saved botanik.yaml" in status(app) and not app.doc.modified
        assert "{id: red-cross, colour: red, type: cross, kind: pipe, exits: [N, E, S, W], " \
               "flowers: 0, copies: 2}" in botanik.read_text(encoding="utf-8")

    drive(botanik, script)


def test_deleting_the_last_tile_then_adding_one(tmp_path: Path) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(
        "tileset: one\npalette:\n  - {name: red, symbol: \"♦\", display: \"#d1383d\"}\n"
        "tiles:\n  # the only tile\n  - {id: solo, colour: red, type: mecha, kind: mecha, "
        "exits: [], copies: 1}\n", encoding="utf-8")

    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        await pilot.press("x", "y")
        await pilot.pause()
        assert len(app.doc) == 0 and app.selected == -1
        await pilot.press("r")
        assert "no tile selected" in status(app)
        await pilot.press("a")
        assert len(app.doc) == 1 and app.selected == 0
        assert app.doc.face(0).id == "red-straight"  # no tile to copy the type of
        await pilot.press("ctrl+s")

    drive(path, script)
    assert "- {id: red-straight, colour: red, type: straight" in path.read_text(encoding="utf-8")


def test_a_broken_file_still_opens_and_lists_its_problems(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(
        "tileset: Broken Name\npalette:\n  - {name: red, symbol: \"♦♦\", display: \"#zz0000\"}\n"
        "tiles:\n  - {id: a, colour: purple, type: hexagon, kind: pipe, exits: [N, Q], "
        "copies: many}\n  - {id: a, type: source, kind: source, exits: [], copies: 0}\n",
        encoding="utf-8")

    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        app.run_validation()
        assert len(app.problems) >= 5
        assert {p.tile for p in app.problems} >= {0, 1}
        assert all(p.line is not None for p in app.problems)
        await pilot.press("down", "up", "r", "plus")  # editing still works
        assert app.doc.face(0).exit_letters == "E"
        assert app.doc.face(0).copies == 2  # "many" + 1: counted from 1

    drive(path, script)


def _burst(app: EditorApp, text: str) -> None:
    """Send the keys of ``text`` at once (a fast typist: no pause between keys)."""
    from textual import events
    from textual.keys import _character_to_key

    driver = app._driver
    assert driver is not None
    for char in text:
        key = char if char.isalnum() else _character_to_key(char)
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)


@pytest.mark.parametrize(("field", "text"), [
    ("f-label", "Pipe: straight, one flower and a long tail of words to type"),
    ("f-id", "red-straight-renamed-for-the-test"),
    ("f-copies", "12"),
])
def test_fast_typing_is_saved_exactly(botanik: Path, field: str, text: str) -> None:
    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        i = await goto(app, pilot, "red-straight-flower")
        widget = app._main.query_one(f"#{field}", Input)
        widget.focus()
        await pilot.pause()
        widget.value = ""
        await pilot.pause()
        for k, chunk in enumerate((text[: len(text) // 2], text[len(text) // 2:])):
            _burst(app, chunk)
            want = text[: len(text) // 2] if k == 0 else text
            # the burst has landed and the validation of that text has run
            await until(pilot, lambda want=want: widget.value == want
                        and app._checker.current, "the burst and its validation")
        assert widget.value == text
        key = field.removeprefix("f-")
        assert str(getattr(app.doc.face(i), key)) == text
        await pilot.press("escape", "ctrl+s")
        await pilot.pause()

    drive(botanik, script)
    doc = TilesetDocument.open(botanik)
    key = field.removeprefix("f-")
    assert any(str(getattr(f, key)) == text for f in doc.faces())


def _keys(app: EditorApp, keys: list[str]) -> None:
    """Queue key presses all at once (named keys like ``down`` or single characters)."""
    from textual import events
    from textual.keys import _character_to_key

    driver = app._driver
    assert driver is not None
    for key in keys:
        if len(key) == 1:
            event = events.Key(key if key.isalnum() else _character_to_key(key), key)
        else:
            event = events.Key(key, None)
        event.set_sender(app)
        driver.send_message(event)


@pytest.mark.parametrize("downs", [1, 5, 12])
@pytest.mark.parametrize("typed", ["yellow-long", "yes-no-on-off", "n-e-s-w-r-a-d-x-u-q"])
def test_keys_queued_behind_enter_and_emptying_reach_the_field(
    botanik: Path, downs: int, typed: str
) -> None:
    """Issue 8 item 11: move, enter, end, empty the id and type, all queued at once (a
    typist faster than the screen): every key lands in the id of the tile moved to."""
    original = TilesetDocument.open(botanik).faces()
    target = downs

    async def script(app: EditorApp, pilot: Pilot[None]) -> None:
        app._main.query_one("#tiles", DataTable).focus()
        await pilot.pause()
        _keys(app, ["down"] * downs + ["enter", "end"] + ["backspace"] * 30 + list(typed))
        await until(pilot, lambda: app._main.query_one("#f-id", Input).value == typed
                    and app.doc.face(target).id == typed, "every queued key")
        widget = app._main.query_one("#f-id", Input)
        assert widget.value == typed
        assert app.doc.face(target).id == typed
        _keys(app, ["escape", "ctrl+s"])
        await until(pilot, lambda: not app.doc.modified, "the save")

    drive(botanik, script)
    saved = TilesetDocument.open(botanik).faces()
    assert saved[target].id == typed
    assert [f for i, f in enumerate(saved) if i != target] == [
        f for i, f in enumerate(original) if i != target]
