"""Issue 8 item 13: the editor changes the set's title, description and palette."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from botanik_design.spec.validate import validate_text
from botanik_design.tui.botanik.editor.document import TilesetDocument

ROOT = Path(__file__).resolve().parents[2]
BOTANIK = (ROOT / "tilesets" / "botanik.yaml").read_text(encoding="utf-8")


def doc() -> TilesetDocument:
    return TilesetDocument.from_text(Path("/nonexistent/mine.yaml"), BOTANIK,
                                     tileset_name="mine")


def loaded(d: TilesetDocument) -> dict[str, object]:
    data = yaml.safe_load(d.text)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("key", "value"), [
    ("title", "My garden"), ("title", "yes"), ("title", "Botanik: the sequel"),
    ("description", "Fewer tiles, faster games."), ("description", "1:30 per turn"),
])
def test_title_and_description_are_set_as_typed(key: str, value: str) -> None:
    d = doc()
    d.set_text(key, value)
    assert loaded(d)[key] == value
    assert not [p for p in d.validate() if p.level == "error"]
    d.undo()
    assert loaded(d)[key] != value


def test_an_empty_description_is_removed_and_a_missing_one_added() -> None:
    d = doc()
    d.set_text("description", "")
    assert "description" not in loaded(d)
    d.set_text("description", "back")
    assert list(loaded(d))[:4] == ["tileset", "title", "description", "palette"]


@pytest.mark.parametrize(("key", "value"), [
    ("symbol", "♥"), ("display", "#aa0000"), ("name", "crimson"),
])
def test_a_colour_is_changed_and_its_tiles_follow_a_rename(key: str, value: str) -> None:
    d = doc()
    d.set_colour(0, key, value)
    data = loaded(d)
    palette = data["palette"]
    assert isinstance(palette, list) and palette[0][key] == value
    tiles = data["tiles"]
    assert isinstance(tiles, list)
    if key == "name":
        assert sum(t.get("colour") == "crimson" for t in tiles) == 10
        assert not any(t.get("colour") == "red" for t in tiles)
    assert validate_text(d.text, "mine.yaml", kind="tileset") == []


def test_typing_a_name_through_another_colours_name_keeps_that_colours_tiles() -> None:
    d = doc()
    for typed in ("y", "ye", "yellow", "yellowish"):  # "yellow" is another colour
        d.set_colour(0, "name", typed)
    tiles = loaded(d)["tiles"]
    assert isinstance(tiles, list)
    assert sum(t.get("colour") == "yellowish" for t in tiles) == 10
    assert sum(t.get("colour") == "yellow" for t in tiles) == 10
    d.undo()  # the whole name typed is one step
    assert loaded(d)["palette"][0]["name"] == "red"  # type: ignore[index]


def test_a_colour_is_added_and_can_be_used() -> None:
    d = doc()
    n = d.add_colour("purple", "▲", "#7f3fbf")
    assert n == 5 and d.palette_entries()[n] == {"name": "purple", "symbol": "▲",
                                                 "display": "#7f3fbf"}
    d.set_field(1, "colour", "purple")
    assert [p.rule for p in validate_text(d.text, "mine.yaml", kind="tileset")
            if p.level == "error"] == []


def test_the_details_dialog_edits_title_palette_and_tiles(tmp_path: Path) -> None:
    """``--from botanik`` no longer keeps "Botanik (published set)": ``t`` opens the
    set's details; a colour is renamed (its tiles follow), recoloured and added."""
    import asyncio

    from textual.widgets import Input

    from botanik_design.tui.botanik.editor.app import EditorApp
    from botanik_design.tui.botanik.editor.details_screen import DetailsScreen

    path = tmp_path / "mine.yaml"
    app = EditorApp(TilesetDocument.from_text(path, BOTANIK, tileset_name="mine"),
                    validate_delay=0.01)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, DetailsScreen)
            title = app.screen.query_one("#d-title", Input)
            title.focus()
            await pilot.pause()
            title.value = ""
            await pilot.press(*"My garden")
            name = app.screen.query_one("#c-0-name", Input)
            name.focus()
            await pilot.pause()
            name.value = ""
            await pilot.press(*"crimson")
            await pilot.press("ctrl+n")
            for _ in range(3):
                await pilot.pause()
            assert app.screen.query_one("#c-5-name", Input).value == "colour-1"
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()

    asyncio.run(go())
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["title"] == "My garden"
    assert [c["name"] for c in data["palette"]] == ["crimson", "yellow", "green", "blue",
                                                    "black", "colour-1"]
    assert sum(t.get("colour") == "crimson" for t in data["tiles"]) == 10
