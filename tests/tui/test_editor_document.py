"""The editor's document model: round trip, edits in place, undo, atomic save, validation."""

from __future__ import annotations

import difflib
import os
import stat
from pathlib import Path

import pytest

from botanik_design.games.botanik.model.sides import Side
from botanik_design.spec.atomic import write_atomic
from botanik_design.tui.botanik.editor.document import DocumentError, TilesetDocument

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ROOT / "tilesets"


@pytest.fixture
def botanik(tmp_path: Path) -> Path:
    path = tmp_path / "botanik.yaml"
    path.write_text((BUNDLED / "botanik.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """Lines removed from ``before`` and added in ``after``."""
    diff = list(difflib.ndiff(before.splitlines(), after.splitlines()))
    removed = [d[2:] for d in diff if d.startswith("- ")]
    return removed, [d[2:] for d in diff if d.startswith("+ ")]


@pytest.mark.parametrize("name", ["botanik.yaml", "quick-3.yaml"])
def test_bundled_sets_round_trip_byte_for_byte(name: str) -> None:
    text = (BUNDLED / name).read_text(encoding="utf-8")
    doc = TilesetDocument(BUNDLED / name, text)
    assert doc.roundtrip_exact
    assert doc.text == text
    assert not doc.modified


def test_other_indentation_round_trips(tmp_path: Path) -> None:
    text = ("# four spaces\ntileset: four\npalette:\n    - name: red\n      symbol: \"♦\"\n"
            "      display: \"#d1383d\"\ntiles:\n    - id: a  # first\n      colour: red\n"
            "      type: mecha\n      kind: mecha\n      exits: []\n      copies: 1\n")
    doc = TilesetDocument(tmp_path / "f.yaml", text)
    assert doc.roundtrip_exact and doc.text == text
    doc.set_field(0, "copies", 4)
    removed, added = changed_lines(text, doc.text)
    assert removed == ["      copies: 1"] and added == ["      copies: 4"]


def test_editing_one_field_changes_only_that_line(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    before = doc.text
    i = doc.index_of("red-corner-flower")
    assert i is not None
    doc.set_field(i, "copies", 3)
    removed, added = changed_lines(before, doc.text)
    assert len(removed) == len(added) == 1
    assert "red-corner-flower" in removed[0] and "copies: 1}" in removed[0]
    assert added[0].startswith("  - {id: red-corner-flower,") and "copies: 3}" in added[0]
    assert "# A2" in added[0]  # the line's own comment stays
    assert doc.modified


def test_new_keys_go_in_schema_order_and_empty_label_is_removed(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    i = doc.index_of("red-tee")
    assert i is not None
    doc.set_field(i, "label", "T-bone")
    assert "copies: 2, label: T-bone}" in doc.text
    doc.set_field(i, "label", "")
    assert "T-bone" not in doc.text
    s = doc.index_of("source")
    assert s is not None
    doc.set_field(s, "colour", "red")
    assert "{id: source, colour: red, type: source" in doc.text
    doc.set_field(s, "colour", None)
    assert "{id: source, type: source" in doc.text


def test_changing_type_sets_kind_and_fitting_exits(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    i = doc.index_of("red-straight")
    assert i is not None
    doc.set_field(i, "type", "plant")
    face = doc.face(i)
    assert (face.type, face.kind, face.exit_letters) == ("plant", "crop", "S")
    doc.undo()
    assert doc.face(i).type == "straight" and doc.face(i).exit_letters == "NS"


def test_toggle_and_rotate_exits(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    i = doc.index_of("red-corner")
    assert i is not None
    doc.rotate(i)
    assert doc.face(i).exit_letters == "ES"
    assert "exits: [E, S]" in doc.text  # still a flow sequence
    doc.toggle_exit(i, Side.W)
    assert doc.face(i).exit_letters == "ESW"
    doc.toggle_exit(i, Side.E)
    assert doc.face(i).exit_letters == "SW"


def test_copies_cannot_go_below_one(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    i = doc.index_of("red-cross")
    assert i is not None
    with pytest.raises(ValueError, match="below 1"):
        doc.add_copies(i, -1)
    doc.add_copies(i, 1)
    assert doc.face(i).copies == 2


def test_delete_keeps_the_group_heading_above_the_tile_and_undo_restores_everything(
    botanik: Path,
) -> None:
    doc = TilesetDocument.open(botanik)
    original = doc.text
    i = doc.index_of("red-straight")  # "# --- red ---" is written directly above it
    assert i is not None
    select = doc.delete(i)
    assert doc.index_of("red-straight") is None
    assert "# --- red ---" in doc.text  # it heads the red tiles: now above the next one
    assert doc.face(select).id == "red-straight-flower"
    # every other line, comments and blank lines included, is still there
    removed, added = changed_lines(original, doc.text)
    assert removed == [original.splitlines()[original.splitlines().index(
        "  # --- red ---") + 1]] and added == []
    assert doc.undo() == i
    assert doc.text == original and not doc.modified
    assert doc.redo() == i
    assert doc.index_of("red-straight") is None


def test_add_and_duplicate_make_unique_ids_in_flow_style(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    i = doc.index_of("blue-tee")
    assert i is not None
    j = doc.duplicate(i)
    assert j == i + 1 and doc.face(j).id == "blue-tee-copy"
    assert doc.face(j).exits == doc.face(i).exits and doc.face(j).copies == 2
    k = doc.duplicate(i)
    assert doc.face(k).id == "blue-tee-copy-2"
    n = doc.add_tile(k)
    assert doc.face(n).id == "blue-tee-2" and doc.face(n).colour == "blue"
    assert "  - {id: blue-tee-2, colour: blue, type: tee, kind: pipe, exits: [N, E, S], " \
           "copies: 1}\n" in doc.text
    assert doc.validate() == []


@pytest.mark.parametrize(("line", "added"), [
    ("{id: a, colour: red, type: straight, kind: pipe, exits: [E, W], copies: 2}",
     "{id: red-straight, colour: red, type: straight, kind: pipe, exits: [E, W], copies: 1}"),
    ("{id: a, colour: red, type: corner, kind: pipe, exits: [S, W], flowers: 1, copies: 1}",
     "{id: red-corner, colour: red, type: corner, kind: pipe, exits: [S, W], copies: 1}"),
    ("{id: a, colour: red, type: mecha, kind: mecha, exits: [], copies: 1, label: robot}",
     "{id: red-mecha, colour: red, type: mecha, kind: mecha, exits: [], copies: 1}"),
    ("{id: a, type: source, kind: source, exits: [N, E, S, W], copies: 2}",
     "{id: tile-source, type: source, kind: source, exits: [N, E, S, W], copies: 1}"),
])
def test_a_new_tile_copies_the_type_and_exits_of_the_selected_one(
    tmp_path: Path, line: str, added: str
) -> None:
    """Issue 8 item 13: ``a`` added a north-south straight even in a set whose
    straights run east-west."""
    text = ('tileset: t\npalette:\n  - {name: red, symbol: R, display: "#d1383d"}\n'
            f"tiles:\n  - {line}\n")
    doc = TilesetDocument(tmp_path / "t.yaml", text)
    assert doc.add_tile(0) == 1
    assert doc.text == text + f"  - {added}\n"


def test_field_typing_coalesces_into_one_undo_step(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    original = doc.text
    for value in ("r", "re", "red-x"):
        doc.set_field(1, "id", value)
    assert doc.face(1).id == "red-x"
    doc.undo()
    assert doc.text == original


def test_save_writes_the_text_and_keeps_the_mode(botanik: Path) -> None:
    os.chmod(botanik, 0o640)
    doc = TilesetDocument.open(botanik)
    doc.set_field(1, "flowers", 2)
    doc.save()
    assert botanik.read_text(encoding="utf-8") == doc.text
    assert stat.S_IMODE(os.stat(botanik).st_mode) == 0o640
    assert not doc.modified
    assert [p.name for p in botanik.parent.iterdir()] == ["botanik.yaml"]  # no temp file left


def test_failed_save_leaves_the_original_and_keeps_the_edits(
    botanik: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = botanik.read_text(encoding="utf-8")
    doc = TilesetDocument.open(botanik)
    doc.set_field(1, "copies", 7)

    def boom(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        doc.save()
    assert botanik.read_text(encoding="utf-8") == original
    assert doc.modified and doc.face(1).copies == 7
    assert [p.name for p in botanik.parent.iterdir()] == ["botanik.yaml"]


def test_write_atomic_in_a_folder_we_cannot_write_fails_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "x.yaml"
    target.write_text("old\n", encoding="utf-8")

    def denied(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied", str(tmp_path))

    monkeypatch.setattr("tempfile.mkstemp", denied)
    with pytest.raises(PermissionError):
        write_atomic(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"


def test_write_atomic_follows_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.yaml"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    write_atomic(link, "new\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"


def test_copies_zero_is_reported_at_its_line_and_column(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    i = doc.index_of("red-corner")
    assert i is not None
    doc.set_field(i, "copies", 0)
    problems = [p for p in doc.validate() if p.level == "error"]
    assert problems, "copies 0 must be an error"
    p = problems[0]
    line = doc.text.splitlines()[p.line - 1] if p.line else ""
    assert "id: red-corner," in line and p.tile == i
    assert p.column is not None and line[p.column - 1:].startswith("0")
    assert p.location == f"{p.line}:{p.column}"


def test_undeclared_colour_is_reported_on_its_tile(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    i = doc.index_of("green-tee")
    assert i is not None
    doc.set_field(i, "colour", "purple")
    problems = [p for p in doc.validate() if p.tile == i]
    assert problems and any("purple" in p.message for p in problems)
    assert all(p.line == doc.text.splitlines().index(
        next(ln for ln in doc.text.splitlines() if "id: green-tee," in ln)) + 1 for p in problems)


def test_not_yaml_is_refused_with_a_position(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("tileset: x\ntiles: [\n  {id: a\n", encoding="utf-8")
    with pytest.raises(DocumentError, match=r"bad\.yaml:\d+:\d+: not valid YAML"):
        TilesetDocument.open(path)


def test_not_a_tileset_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"
    path.write_text("variant: x\noptions: {}\n", encoding="utf-8")
    with pytest.raises(DocumentError, match="not a tile set"):
        TilesetDocument.open(path)


def test_new_document_from_a_bundled_set_is_renamed_and_unsaved(tmp_path: Path) -> None:
    text = (BUNDLED / "quick-3.yaml").read_text(encoding="utf-8")
    doc = TilesetDocument.from_text(tmp_path / "mine.yaml", text, tileset_name="mine")
    assert doc.modified and "tileset: mine\n" in doc.text
    assert doc.text.startswith("# Quick set:")  # comments come along
    assert not (tmp_path / "mine.yaml").exists()


def test_windows_line_endings_are_kept(tmp_path: Path) -> None:
    text = (BUNDLED / "quick-3.yaml").read_text(encoding="utf-8").replace("\n", "\r\n")
    path = tmp_path / "crlf.yaml"
    path.write_bytes(text.encode("utf-8"))
    doc = TilesetDocument.open(path)
    assert doc.roundtrip_exact and not doc.modified and not doc.changed_on_disk()
    doc.set_field(1, "copies", 5)
    doc.save()
    saved = path.read_bytes().decode("utf-8")
    assert saved.count("\r\n") == text.count("\r\n") and "\n" not in saved.replace("\r\n", "")
    assert saved.replace("copies: 5}", "copies: 2}", 1) == text


def test_problems_come_from_the_project_validator_with_their_tiles(botanik: Path) -> None:
    """The editor has no checks of its own: the rule ids are the validator's."""
    from botanik_design.spec.validate import validate_text

    doc = TilesetDocument.open(botanik)
    assert doc.validate() == []
    i = doc.index_of("red-corner")
    j = doc.index_of("red-tee")
    assert i is not None and j is not None
    doc.set_field(i, "copies", 0)
    doc.set_field(j, "colour", "purple")
    doc.set_field(j + 1, "id", "red-tee")
    problems = doc.validate()
    rules = {p.rule for p in problems}
    assert rules == {d.rule for d in validate_text(doc.text, doc.name, kind="tileset")}
    assert {"schema-minimum", "sem-undeclared-colour", "sem-duplicate-id"} <= rules
    lines = doc.text.splitlines()
    for p in problems:
        assert p.line is not None and p.column is not None and p.tile is not None
        assert f"id: {doc.face(p.tile).id}," in lines[p.line - 1]


def test_a_longer_line_keeps_two_spaces_before_its_comment(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    original = doc.text
    i = doc.index_of("red-corner-flower")
    assert i is not None
    doc.set_field(i, "colour", "yellow")
    line = next(ln for ln in doc.text.splitlines() if "id: red-corner-flower," in ln)
    assert line.endswith("copies: 1}  # A2")
    doc.set_field(i, "colour", "red")
    assert doc.text == original


def test_counts_per_colour_and_type(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    by_colour, by_type, total = doc.counts()
    assert by_colour == {c: 13 for c in ("red", "yellow", "green", "blue", "black")}
    assert by_type["straight"] == 15 and by_type["cross"] == 5 and by_type["source"] == 2
    assert total == 65
    matrix = doc.count_matrix()
    assert matrix[("red", "straight")] == 3 and matrix[("blue", "mecha")] == 1
    assert sum(matrix.values()) == total
    i = doc.index_of("red-cross")
    assert i is not None
    doc.add_copies(i, 2)
    assert doc.count_matrix()[("red", "cross")] == 3 and doc.counts()[2] == 67


def test_an_edit_serialises_the_document_once(botanik: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Dumping is the cost of an edit in a large file: once per edit, once at opening."""
    from botanik_design.games.botanik.model.sides import Side

    dumps: list[int] = []
    real = TilesetDocument._dump

    def counting(self: TilesetDocument, data: object) -> str:
        dumps.append(1)
        return real(self, data)  # type: ignore[arg-type]

    monkeypatch.setattr(TilesetDocument, "_dump", counting)
    doc = TilesetDocument.open(botanik)
    assert doc.roundtrip_exact and len(dumps) <= 2  # the indent probe(s), no extra dump
    for index in range(len(doc)):  # the comment gap fix-up needs no second dump
        dumps.clear()
        doc.toggle_exit(index, Side.N)
        assert len(dumps) == 1
        assert doc.text == real(doc, doc.data)


def test_validate_a_snapshot_of_the_text(botanik: Path) -> None:
    doc = TilesetDocument.open(botanik)
    snapshot = doc.text
    doc.set_field(0, "copies", 0)
    assert doc.validate() != []  # copies 0 is an error
    assert doc.validate(snapshot) == []
