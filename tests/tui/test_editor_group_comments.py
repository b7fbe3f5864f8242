"""A comment heading a group of tiles stays when the group's first tile is deleted.

``# --- red ---`` sits directly above ``red-straight`` in both bundled sets; deleting that
tile deleted the heading. A comment block above a tile that the next tile follows
directly heads the group and then heads the next tile; a comment above a tile standing
alone (a blank line, a comment or the end after it) is that tile's own and goes with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.tui.botanik.editor.document import TilesetDocument

ROOT = Path(__file__).resolve().parents[2]
HEAD = ("tileset: t\npalette:\n  - {name: red}\n  - {name: blue}\ntiles:\n"
        "  - {id: source, type: source, kind: source, exits: [N, E, S, W], copies: 2}\n")


def _tile(name: str, colour: str = "red") -> str:
    return (f"  - {{id: {name}, colour: {colour}, type: straight, kind: pipe, "
            "exits: [N, S], copies: 1}")


@pytest.mark.parametrize(("body", "delete", "kept", "gone"), [
    # a heading over a group: stays, above the next tile
    ([_tile("r1"), _tile("r2")], "r1", ["  # --- red ---"], []),
    ([_tile("r1"), _tile("r2"), _tile("r3")], "r1", ["  # --- red ---"], []),
    # a heading of two lines over a group
    ([_tile("r1"), _tile("r2")], "r1", ["  # --- red ---", "  # the warm ones"], []),
    # the comment above a lone tile (blank line after it) is its own
    ([_tile("r1"), "", _tile("b1", "blue")], "r1", [], ["  # --- red ---"]),
    # ... and so is one above the last tile
    ([_tile("r1")], "r1", [], ["  # --- red ---"]),
    # deleting the second tile of a group leaves the heading alone
    ([_tile("r1"), _tile("r2")], "r2", ["  # --- red ---"], []),
    # a tile's own comment inside a group goes with it, the heading stays
    ([_tile("r1"), "  # r2's note", _tile("r2"), _tile("r3")], "r2",
     ["  # --- red ---"], ["  # r2's note"]),
])
def test_which_comments_go_with_a_deleted_tile(tmp_path: Path, body: list[str], delete: str,
                                               kept: list[str], gone: list[str]) -> None:
    heading = kept or gone
    heading = [h for h in heading if "---" in h or "warm" in h] or ["  # --- red ---"]
    if "  # the warm ones" in kept:
        heading = ["  # --- red ---", "  # the warm ones"]
    text = HEAD + "\n" + "\n".join([*heading, *body]) + "\n"
    doc = TilesetDocument(tmp_path / "t.yaml", text)
    ids = [str(t["id"]) for t in doc.tiles]
    doc.delete(ids.index(delete))
    lines = doc.text.split("\n")
    assert delete not in doc.text
    for line in kept:
        assert line in lines, doc.text
    for line in gone:
        assert line not in lines, doc.text
    if kept and len(ids) > 2:
        after = ids[ids.index(delete) + 1] if delete == ids[1] else None
        if after is not None:  # the heading now sits right above the next tile
            at = lines.index(kept[-1])
            assert f"id: {after}," in lines[at + 1]


@pytest.mark.parametrize("name", ["botanik.yaml", "quick-3.yaml"])
@pytest.mark.parametrize("colour", ["red", "green", "blue"])
def test_the_reported_case_in_the_bundled_sets(tmp_path: Path, name: str, colour: str) -> None:
    text = (ROOT / "tilesets" / name).read_text(encoding="utf-8")
    heading = f"  # --- {colour} ---"
    if heading not in text:
        pytest.fail(f"{name} has no {heading!r} heading")
    doc = TilesetDocument(tmp_path / name, text)
    ids = [str(t["id"]) for t in doc.tiles]
    first = ids.index(f"{colour}-straight")
    doc.delete(first)
    lines = doc.text.split("\n")
    at = lines.index(heading)
    assert f"id: {ids[first + 1]}," in lines[at + 1]
    # every other line is untouched
    assert [ln for ln in text.split("\n") if f"id: {colour}-straight," not in ln] == lines


def _above(text: str, tile_id: str) -> list[str]:
    """The comment lines directly above tile ``tile_id``'s first line."""
    lines = text.split("\n")
    row = next(n for n, ln in enumerate(lines) if f"id: {tile_id}" in ln.split(",")[0])
    out: list[str] = []
    while row > 0 and lines[row - 1].strip().startswith("#"):
        row -= 1
        out.insert(0, lines[row].strip())
    return out


def _block_tile(name: str) -> str:
    return f"  - id: {name}\n    colour: red\n    type: straight\n    exits: [N, S]"


@pytest.mark.parametrize(("body", "steps", "tile", "above", "gone"), [
    # the reported case: a copy right under a lone tile with its own comment
    (["  # about d", _tile("d")], [("duplicate", "d"), ("delete", "d")], "d-copy", [],
     ["# about d"]),
    # ... an added tile there
    (["  # about d", _tile("d")], [("add", "d"), ("delete", "d")], "red-straight", [],
     ["# about d"]),
    # ... a copy of a tile whose next tile has its own comment
    (["  # about d", _tile("d"), "  # about e", _tile("e")],
     [("duplicate", "d"), ("delete", "d")], "d-copy", [], ["# about d"]),
    # ... a deleted neighbour that had its own comment leaves two tiles side by side
    (["  # about d", _tile("d"), "  # about e", _tile("e"), _tile("f")],
     [("delete", "e"), ("delete", "d")], "f", [], ["# about d", "# about e"]),
    # ... block mappings
    (["  # about d", _block_tile("d")], [("duplicate", "d"), ("delete", "d")], "d-copy", [],
     ["# about d"]),
    # a heading over a group still passes to the next tile, a copy included
    (["  # --- red ---", _tile("r1"), _tile("r2")], [("duplicate", "r1"), ("delete", "r1")],
     "r1-copy", ["# --- red ---"], []),
    (["  # --- red ---", _block_tile("r1"), _block_tile("r2")],
     [("delete", "r1")], "r2", ["# --- red ---"], []),
])
def test_an_edit_does_not_make_a_tiles_own_comment_a_heading(
        tmp_path: Path, body: list[str], steps: list[tuple[str, str]], tile: str,
        above: list[str], gone: list[str]) -> None:
    text = HEAD + "\n" + "\n".join(body) + "\n"
    doc = TilesetDocument(tmp_path / "t.yaml", text)
    for op, name in steps:
        index = doc.index_of(name)
        assert index is not None
        {"duplicate": doc.duplicate, "add": doc.add_tile, "delete": doc.delete}[op](index)
    assert _above(doc.text, tile) == above, doc.text
    assert [c for c in gone if c in doc.text] == [], doc.text
