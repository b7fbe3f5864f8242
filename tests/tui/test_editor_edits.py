"""Kinds of editor faults (issue 8, items 7-10 and 12), each tested as a kind.

* comments belong to the list item they are written above (or at the end of);
* any sequence of edits leaves a file that reads back as a tile set;
* an edit changes only the selected tile's values as a reader loads them, and the
  table (``faces``) always shows what the text means (anchors, aliases, merges);
* whatever is typed into a text field reads back as that same string;
* the byte-order mark and the line endings are kept.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from botanik_design.games.botanik.model.sides import Side
from botanik_design.spec.validate import validate_text
from botanik_design.tui.botanik.editor.document import TilesetDocument

ROOT = Path(__file__).resolve().parents[2]
HEAD = ('tileset: t\npalette:\n  - {name: red, symbol: "R", display: "#d1383d"}\n'
        '  - {name: blue, symbol: "B", display: "#3a6fc4"}\n')
T = "type: straight, kind: pipe, exits: [N, S], copies: 1"

#: Each tile has a comment line directly above it and some a comment at the end.
COMMENTED = HEAD + (
    "tiles: # every tile of the set\n"
    f"  # about a\n  - {{id: a, colour: red, {T}}}\n"
    f"  # about b\n  - {{id: b, colour: red, {T}}}  # end of b\n"
    f"  # about c\n  - {{id: c, colour: blue, {T}}}\n"
    "\n  # a loose note\n\n"
    f"  # about d\n  - {{id: d, colour: blue, {T}}}  # end of d\n"
)
#: Block mappings, with comments inside the items and on the `exits:` key.
BLOCK = HEAD + (
    "tiles:  # the tiles\n"
    "  # about a\n  - id: a\n    colour: red\n    type: corner\n    kind: pipe\n"
    "    exits:  # the pipes\n      - N\n      - E\n    copies: 2\n"
    "  # about b\n  - id: b\n    # the colour\n    colour: blue\n    type: straight\n"
    "    kind: pipe\n    exits: [N, S]\n    copies: 1  # one\n"
)
#: Anchors, aliases and merges between tiles.
SHARED = HEAD + (
    "tiles:\n"
    "  - &pipe {id: a, colour: red, type: corner, kind: pipe, exits: &ne [N, E], copies: 1}\n"
    "  - {id: b, colour: red, type: corner, kind: pipe, exits: *ne, copies: 1}\n"
    "  - <<: *pipe\n    id: c\n"
    "  - <<: *pipe\n    id: d\n    copies: 3\n"
)
BOTANIK = (ROOT / "tilesets" / "botanik.yaml").read_text(encoding="utf-8")
DOCS = {"commented": COMMENTED, "block": BLOCK, "shared": SHARED, "botanik": BOTANIK}


def doc_of(text: str) -> TilesetDocument:
    return TilesetDocument(Path("/nonexistent/t.yaml"), text)


def loaded_tiles(text: str) -> list[dict[str, Any]]:
    """The tiles as a YAML 1.1 reader (the validator's) loads them, merges applied."""
    data = yaml.safe_load(text)
    tiles = data["tiles"]
    assert isinstance(tiles, list)
    return tiles


def owned_comments(text: str, tile_id: str) -> tuple[list[str], str]:
    """The comment lines directly above the one-line tile ``tile_id`` and its end comment."""
    lines = text.split("\n")
    row = next(n for n, ln in enumerate(lines) if f"{{id: {tile_id}," in ln)
    above: list[str] = []
    n = row - 1
    while n >= 0 and lines[n].strip().startswith("#"):
        above.insert(0, lines[n].strip())
        n -= 1
    end = lines[row].split("}", 1)[1] if "}" in lines[row] else ""
    tail = end.split("}")[-1].strip()
    return above, tail


# ----------------------------------------------------------------- comments (item 7)


@pytest.mark.parametrize("tile_id", ["a", "b", "c", "d"])
def test_deleting_a_tile_takes_its_comments_and_leaves_the_others(tile_id: str) -> None:
    doc = doc_of(COMMENTED)
    others = {t: owned_comments(COMMENTED, t) for t in "abcd" if t != tile_id}
    index = doc.index_of(tile_id)
    assert index is not None
    doc.delete(index)
    assert f"about {tile_id}" not in doc.text and f"end of {tile_id}" not in doc.text
    assert {t: owned_comments(doc.text, t) for t in others} == others
    assert "  # a loose note\n" in doc.text and "tiles: # every tile of the set\n" in doc.text


@pytest.mark.parametrize("index", [0, 1, 2, 3])
@pytest.mark.parametrize("edit", ["duplicate", "add"])
def test_adding_a_tile_keeps_every_comment_where_it_was(index: int, edit: str) -> None:
    doc = doc_of(COMMENTED)
    before = {t: owned_comments(COMMENTED, t) for t in "abcd"}
    new = doc.duplicate(index) if edit == "duplicate" else doc.add_tile(index)
    assert new == index + 1
    assert {t: owned_comments(doc.text, t) for t in "abcd"} == before
    assert owned_comments(doc.text, doc.face(new).id) == ([], "")


def test_block_items_keep_the_comments_inside_them() -> None:
    doc = doc_of(BLOCK)
    doc.delete(0)
    assert "# about a" not in doc.text and "# the pipes" not in doc.text
    assert "  # about b\n  - id: b\n    # the colour\n" in doc.text
    doc.duplicate(0)
    assert doc.text.count("# the colour") == 1 and doc.text.count("# about b") == 1


# ----------------------------------------------------------- files that parse (item 8)


@pytest.mark.parametrize("name", list(DOCS))
def test_deleting_every_tile_writes_a_file_that_opens_again(name: str, tmp_path: Path) -> None:
    doc = doc_of(DOCS[name])
    while len(doc):
        doc.delete(0)
    path = tmp_path / "empty.yaml"
    path.write_text(doc.text, encoding="utf-8")
    again = TilesetDocument.open(path)  # would raise DocumentError
    assert len(again) == 0
    assert not [d for d in validate_text(doc.text, "t.yaml", kind="tileset")
                if d.rule.startswith("yaml")]
    if name == "commented":
        assert "tiles: []  # every tile of the set\n" in doc.text
    added = again.add_tile(None)
    assert again.face(added).exits and len(doc_of(again.text)) == 1


@pytest.mark.parametrize("sides", [["N", "E"], ["E", "N"]])
def test_emptying_a_block_list_of_exits_keeps_the_file_readable(sides: list[str]) -> None:
    doc = doc_of(BLOCK)
    for side in sides:
        doc.toggle_exit(0, Side[side])
    assert doc_of(doc.text).face(0).exits == 0
    assert "exits: [] # the pipes\n" in doc.text
    doc.toggle_exit(0, Side.S)
    assert doc_of(doc.text).face(0).exit_letters == "S"


# ------------------------------------------------------- anchors and merges (item 9)


@pytest.mark.parametrize("edit", [
    lambda d, i: d.rotate(i),
    lambda d, i: d.toggle_exit(i, Side.W),
    lambda d, i: d.set_field(i, "copies", 7),
    lambda d, i: d.set_field(i, "colour", "blue"),
    lambda d, i: d.set_field(i, "type", "tee"),
    lambda d, i: d.add_copies(i, 1),
    lambda d, i: d.set_field(i, "label", "x"),
])
@pytest.mark.parametrize("index", [0, 1, 2, 3])
def test_an_edit_through_an_anchor_changes_only_the_selected_tile(edit: Any, index: int) -> None:
    doc = doc_of(SHARED)
    before = loaded_tiles(doc.text)
    edit(doc, index)
    after = loaded_tiles(doc.text)
    assert after[index] != before[index]
    assert [t for j, t in enumerate(after) if j != index] == [
        t for j, t in enumerate(before) if j != index]
    assert doc.faces() == doc_of(doc.text).faces()  # the table shows what the file means


def test_rotating_a_merged_tile_the_issue_case() -> None:
    doc = doc_of(SHARED)
    doc.rotate(2)
    faces = {f.id: f.exit_letters for f in doc_of(doc.text).faces()}
    assert faces == {"a": "NE", "b": "NE", "c": "ES", "d": "NE"}
    assert {f.id: f.exit_letters for f in doc.faces()} == faces


# ------------------------------------------------------------- typed text (item 10)


@pytest.mark.parametrize("typed", ["yes", "No", "1:30", "on", "OFF", "012", "0x1F", "1_000",
                                   "~", "null", "true", "1", "3.5", ".inf", "2021-01-01",
                                   "- a", "a: b", "#x", "x #y", "@x", "*x", "&x", "!x",
                                   "'", '"', " lead", "trail ", "%x", "[a]", "{a}", "?", "|"])
@pytest.mark.parametrize("field", ["label", "id"])
def test_whatever_is_typed_reads_back_as_that_text(field: str, typed: str) -> None:
    check_typed(field, typed)


def check_typed(field: str, typed: str) -> None:
    doc = doc_of(COMMENTED)
    doc.set_field(1, field, typed)
    assert loaded_tiles(doc.text)[1][field] == typed  # YAML 1.1
    rt = YAML(typ="safe", pure=True).load(io.StringIO(doc.text))
    assert rt["tiles"][1][field] == typed  # YAML 1.2
    assert doc.face(1).__getattribute__(field) == typed
    yaml_rules = [d.rule for d in validate_text(doc.text, "t.yaml", kind="tileset")
                  if d.rule.startswith("yaml")]
    assert yaml_rules == []


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Co", "Cn")),
               min_size=1, max_size=12))
def test_any_typed_label_reads_back_as_that_text(typed: str) -> None:
    check_typed("label", typed)


# --------------------------------------------------------- byte-order mark (item 12)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_the_byte_order_mark_and_line_endings_are_kept(newline: str, tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    raw = "\ufeff" + COMMENTED.replace("\n", newline)
    path.write_bytes(raw.encode("utf-8"))
    doc = TilesetDocument.open(path)
    assert doc.roundtrip_exact and not doc.modified and not doc.changed_on_disk()
    doc.set_field(0, "copies", 5)
    doc.save()
    saved = path.read_bytes().decode("utf-8")
    assert saved.startswith("\ufeff") and saved.count("\ufeff") == 1
    assert saved.replace("copies: 5", "copies: 1", 1) == raw
    assert not doc.changed_on_disk()


# ------------------------------------------------------ any sequence of edits (kinds)

IDS = st.sampled_from(["a", "b", "x", "red-tee", "c-copy"])
EDITS = st.one_of(
    st.tuples(st.just("label"), st.integers(0, 99), st.text(max_size=6)),
    st.tuples(st.just("id"), st.integers(0, 99), IDS),
    st.tuples(st.just("copies"), st.integers(0, 99), st.integers(1, 5)),
    st.tuples(st.just("type"), st.integers(0, 99),
              st.sampled_from(["straight", "corner", "tee", "mecha", "source"])),
    st.tuples(st.just("colour"), st.integers(0, 99), st.sampled_from(["red", "blue", None])),
    st.tuples(st.just("toggle"), st.integers(0, 99), st.sampled_from(list("NESW"))),
    st.tuples(st.just("rotate"), st.integers(0, 99), st.none()),
    st.tuples(st.just("delete"), st.integers(0, 99), st.none()),
    st.tuples(st.just("duplicate"), st.integers(0, 99), st.none()),
    st.tuples(st.just("add"), st.integers(0, 99), st.none()),
)


def apply(doc: TilesetDocument, op: str, index: int, arg: Any) -> None:
    if op == "add":
        doc.add_tile(index % len(doc) if len(doc) else None)
        return
    if not len(doc):
        return
    i = index % len(doc)
    if op == "toggle":
        doc.toggle_exit(i, Side[arg])
    elif op == "rotate":
        doc.rotate(i)
    elif op == "delete":
        doc.delete(i)
    elif op == "duplicate":
        doc.duplicate(i)
    else:
        try:
            doc.set_field(i, op, arg)
        except ValueError:  # a merged label cannot be removed: nothing changes
            pass


def expected_after(before: list[dict[str, Any]], doc: TilesetDocument, op: str,
                   index: int) -> list[dict[str, Any]] | None:
    """The other tiles as they must load after the edit (``None``: not a one-tile edit)."""
    if not before:
        return None
    i = index % len(before)
    if op == "delete":
        return before[:i] + before[i + 1:]
    return None


def _tile_row(lines: list[str], tile_id: str) -> int:
    return next(n for n, ln in enumerate(lines) if f"{{id: {tile_id}," in ln)


def heads_a_group(text: str, tile_id: str) -> tuple[str, ...] | None:
    """The comment lines above the one-line tile ``tile_id`` when they head a group: a
    blank line or the list's start above them, another tile right under the tile."""
    lines = text.split("\n")
    row = _tile_row(lines, tile_id)
    above, _ = owned_comments(text, tile_id)
    top = lines[row - len(above) - 1]
    starts = top.strip() == "" or top.startswith("tiles:")
    followed = row + 1 < len(lines) and lines[row + 1].lstrip().startswith("- {id:")
    return tuple(above) if above and starts and followed else None


def group_headings(text: str) -> set[tuple[str, ...]]:
    """The comment blocks heading a group of tiles in ``text`` (a file as opened)."""
    lines = text.split("\n")
    ids = [ln.split("{id: ", 1)[1].split(",", 1)[0] for ln in lines if "- {id: " in ln]
    return {h for t in ids if (h := heads_a_group(text, t)) is not None}


def expected_comments(opened: str, before_text: str, ids: list[str], op: str, i: int,
                      tile_id: str) -> tuple[list[str], str]:
    """The comments ``tile_id`` owns after ``op`` on tile ``i``: those it owned before,
    but a heading of a group (one in the file as opened) passes from a deleted tile to
    the next one."""
    above, tail = owned_comments(before_text, tile_id)
    if op == "delete" and i + 1 < len(ids) and tile_id == ids[i + 1]:
        heading = heads_a_group(before_text, ids[i])
        if heading is not None and heading in group_headings(opened):
            return list(heading), tail
    return above, tail


@pytest.mark.parametrize("name", list(DOCS))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.lists(EDITS, min_size=1, max_size=6))
# a duplicate right under a tile with its own comment: deleting the tile took the comment
@example(edits=[("duplicate", 3, None), ("delete", 78, None)])
# deleting the first tile of a group passes the heading on (botanik: `# --- red ---`)
@example(edits=[("delete", 1, None), ("delete", 1, None)])
def test_any_edits_keep_a_readable_file_that_the_table_shows(
    name: str, edits: list[tuple[str, int, Any]]
) -> None:
    doc = doc_of(DOCS[name])
    one_line = name in ("commented", "botanik")
    for op, index, arg in edits:
        before_text = doc.text
        before = loaded_tiles(before_text)
        n = len(doc)
        apply(doc, op, index, arg)
        after = loaded_tiles(doc.text)  # parses
        assert doc.faces() == doc_of(doc.text).faces()
        if not n:
            continue
        i = index % n
        if op == "delete":
            assert after == before[:i] + before[i + 1:]
        elif op in ("duplicate", "add"):
            assert len(after) == n + 1
            j = i + 1
            assert after[:j] + after[j + 1:] == before
        else:
            assert [t for k, t in enumerate(after) if k != i] == [
                t for k, t in enumerate(before) if k != i]
        if one_line:
            ids = [str(t["id"]) for t in before]
            kept = [t for t in ids if ids.count(t) == 1 and
                    [str(u["id"]) for u in after].count(t) == 1
                    and not (op not in ("delete", "duplicate", "add") and t == ids[i])]
            if op == "delete":
                kept = [t for t in kept if t != ids[i]]
            for t in kept:
                assert owned_comments(doc.text, t) == expected_comments(
                    DOCS[name], before_text, ids, op, i, t), t


# ------------------------------------------------- typed text that only escapes keep

@pytest.mark.parametrize("name", list(DOCS))
@pytest.mark.parametrize("text", [
    "\x85", "a\x85b", "\u2028", "x\u2029y", "\x85 ", "line\nbreak", "cr\rhere",
    "\x07bell", "nbsp\xa0", "tab\tin", "\x1b[31m",
])
def test_typed_line_breaks_and_controls_read_back_unchanged(name: str, text: str) -> None:
    """A YAML reader folds a line break (NEL, LS, PS too) inside single quotes into a
    space; such text is written double-quoted with escapes and reads back the same."""
    doc = doc_of(DOCS[name])
    doc.set_field(0, "label", text)
    assert loaded_tiles(doc.text)[0]["label"] == text
    assert doc_of(doc.text).faces() == doc.faces()


# ------------------------------- a removed key must not show through a merge (<<: *x)

@pytest.mark.parametrize(("steps", "tile", "gone"), [
    # c merges *pipe (colour red) and owns a colour: making it a Source drops the colour
    ([("colour", 2, "blue"), ("type", 2, "source")], 2, "colour"),
    ([("colour", 3, "blue"), ("colour", 3, None)], 3, "colour"),
    ([("label", 0, "x"), ("label", 2, "y"), ("label", 2, "")], 2, "label"),
])
def test_a_removed_key_does_not_come_back_through_a_merge(
    steps: list[tuple[str, int, Any]], tile: int, gone: str
) -> None:
    doc = doc_of(SHARED)
    for op, index, arg in steps:
        apply(doc, op, index, arg)
    loaded = loaded_tiles(doc.text)[tile]
    assert gone not in loaded, doc.text
    assert doc.faces() == doc_of(doc.text).faces()
