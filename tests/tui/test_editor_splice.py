"""The editor writes an edited tile's lines alone (issue 15 item 4): the text must be
exactly what serialising the whole document gives, after any sequence of edits."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.model.sides import Side
from botanik_design.tui.botanik.editor.document import TilesetDocument
from botanik_design.tui.editor.splice import item_starts

ROOT = Path(__file__).resolve().parents[2]
HEAD = ('tileset: t\npalette:\n  - {name: red, symbol: "R", display: "#d1383d"}\n'
        '  - {name: blue, symbol: "B", display: "#3a6fc4"}\n')
T = "type: straight, kind: pipe, exits: [N, S], copies: 1"
TEXTS = {
    "botanik": (ROOT / "tilesets" / "botanik.yaml").read_text(encoding="utf-8"),
    "quick-3": (ROOT / "tilesets" / "quick-3.yaml").read_text(encoding="utf-8"),
    "commented": HEAD + (
        "tiles: # every tile of the set\n"
        f"  # about a\n  - {{id: a, colour: red, {T}}}\n"
        f"  # about b\n  - {{id: b, colour: red, {T}}}  # end of b\n"
        f"  # about c\n  - {{id: c, colour: blue, {T}}}\n"
        "\n  # a loose note\n\n"
        f"  # about d\n  - {{id: d, colour: blue, {T}}}  # end of d\n"
        "# after the list\n\n# and more\n"),
    "block": HEAD + (
        "tiles:  # the tiles\n"
        "  # about a\n  - id: a\n    colour: red\n    type: corner\n    kind: pipe\n"
        "    exits:  # the pipes\n      - N\n      - E\n    copies: 2\n"
        "  # about b\n  - id: b\n    # the colour\n    colour: blue\n    type: straight\n"
        "    kind: pipe\n    exits: [N, S]\n    copies: 1  # one\n"
        "  - id: c\n    colour: blue\n    type: plant\n    kind: crop\n    exits: [S]\n"
        "    label: |\n      - not an item\n      two lines\n    copies: 1\n"),
    "key after": (f"tileset: t\ntiles:\n  - {{id: a, colour: red, {T}}}  # a\n"
                  f"  - {{id: b, colour: red, {T}}}\n  # before the palette\n"
                  'palette:\n  - {name: red, symbol: "R", display: "#d1383d"}\n'),
}

EDITS = st.lists(st.tuples(
    st.integers(0, 60),
    st.sampled_from(["label", "id", "flowers", "copies", "type", "colour", "exit", "rotate",
                     "plus"]),
    st.sampled_from(["x", "", "yes", "a b", "1:30", "long label " * 3, "red", "blue"]),
), min_size=1, max_size=8)


def pair(text: str) -> tuple[TilesetDocument, TilesetDocument]:
    """The same document twice: one splices edited tiles, the other always dumps."""
    fast = TilesetDocument(Path("/nonexistent/t.yaml"), text)
    slow = TilesetDocument(Path("/nonexistent/t.yaml"), text)
    slow._splice = lambda item: None  # type: ignore[method-assign]
    return fast, slow


def apply(doc: TilesetDocument, index: int, what: str, value: str) -> None:
    i = index % len(doc)
    if what == "exit":
        doc.toggle_exit(i, Side(index % 4))
    elif what == "rotate":
        doc.rotate(i, 1 + index % 3)
    elif what == "plus":
        doc.add_copies(i, 1 if index % 2 else 2)
    elif what in ("flowers", "copies"):
        doc.set_field(i, what, 1 + index % 5)
    elif what == "type":
        doc.set_field(i, what, ["straight", "corner", "tee", "plant", "mecha"][index % 5])
    elif what == "colour":
        doc.set_field(i, what, value if value in ("red", "blue") else None)
    else:
        doc.set_field(i, what, value or ("z" if what == "id" else ""))


@pytest.mark.parametrize("name", sorted(TEXTS))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=EDITS)
def test_spliced_text_equals_a_whole_dump(name: str, edits: list[tuple[int, str, str]]) -> None:
    fast, slow = pair(TEXTS[name])
    for index, what, value in edits:
        apply(fast, index, what, value)
        apply(slow, index, what, value)
        assert fast.text == slow.text
        assert fast.text == fast._dump(fast.data) or not fast.roundtrip_exact
    while fast.undo() is not None:
        slow.undo()
        assert fast.text == slow.text
    assert fast.text == TEXTS[name] or not fast.roundtrip_exact


def test_the_fast_path_is_taken_on_the_bundled_set() -> None:
    """The equality above must be of spliced texts: the splice answers on every tile."""
    fast, _ = pair(TEXTS["botanik"])
    for i in range(len(fast)):
        assert fast._splice(i) is not None
    shared = TilesetDocument(Path("t.yaml"), HEAD + "tiles:\n  - &a {id: a, " + T + "}\n"
                             "  - *a\n")
    assert shared._splice(0) is None  # anchors: only a whole dump is certain


def test_item_starts_skips_nested_and_block_scalar_dashes() -> None:
    lines = TEXTS["block"].split("\n")
    found = item_starts(lines, "tiles", 2)
    assert found is not None
    firsts, end = found
    assert [lines[n].strip()[:7] for n in firsts] == ["- id: a", "- id: b", "- id: c"]
    assert end == len(lines)


def test_a_row_edit_redraws_that_row_only(tmp_path: Path) -> None:
    """The table puts a changed row in place without a table-wide redraw (issue 15)."""
    import asyncio

    from textual.coordinate import Coordinate

    from botanik_design.tui.botanik.editor.app import EditorApp
    from botanik_design.tui.botanik.editor.table import TileTable

    path = tmp_path / "b.yaml"
    path.write_text(TEXTS["botanik"], encoding="utf-8")
    app = EditorApp(TilesetDocument.open(path), validate_delay=30)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = app._main.query_one("#tiles", TileTable)
            for _ in range(4):
                await pilot.press("down")
            await pilot.pause()
            row = table.cursor_row
            before = app.doc.face(row).copies
            assert before is not None
            counter = table._update_count
            cached = [k for k in table._cell_render_cache.keys() if k[0] != table._row_locations
                      .get_key(row)]
            await pilot.press("plus")
            await pilot.pause()
            assert app.doc.face(row).copies == before + 1
            assert str(table.get_cell_at(Coordinate(row, 4))) == str(before + 1)
            assert table._update_count == counter  # no table-wide invalidation
            assert all(k in table._cell_render_cache.keys() for k in cached[:5])
            y = row - table.scroll_offset.y + 1  # below the header line
            assert f"{before + 1}" in table.render_line(y).text

    asyncio.run(go())
