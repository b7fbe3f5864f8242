"""``import`` and ``export``: tile sets and piece sets from and to spreadsheets (CSV, xlsx,
ods), checked by the validator with positions in the spreadsheet, comments of an existing
file kept (or the import refused), and a round trip that keeps every value."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from botanik_design.cli import main
from botanik_design.games.botanik.spec.load import load_tileset
from botanik_design.games.botanik.spec.table import TILE_COLUMNS, tile_items
from botanik_design.spec.bundled import bundled_piecesets, bundled_tilesets
from botanik_design.spec.load import checked_ref
from botanik_design.spec.tables import read_csv_text, read_table
from botanik_design.spec.tabular import list_block, tiles_csv

ROOT = Path(__file__).parents[2]


def _data(path: Path | str, kind: str) -> Any:
    return checked_ref(str(path), kind, None, kind)[1].data


@pytest.mark.parametrize("name", sorted(bundled_tilesets()))
def test_bundled_tile_set_round_trips_through_csv(tmp_path: Path, name: str) -> None:
    table = tmp_path / "tiles.csv"
    assert main(["export", name, "-o", str(table)]) == 0
    out = tmp_path / "copy.yaml"
    assert main(["import", str(table), "-o", str(out)]) == 0
    assert load_tileset(str(out)).tiles == load_tileset(name).tiles
    assert _data(out, "tileset")["tiles"] == _data(ROOT / "tilesets" / f"{name}.yaml",
                                                   "tileset")["tiles"]


@pytest.mark.parametrize("name", sorted(bundled_piecesets()))
def test_bundled_piece_set_round_trips_through_csv(tmp_path: Path, name: str) -> None:
    table = tmp_path / "pieces.csv"
    assert main(["export", name, "-o", str(table)]) == 0
    out = tmp_path / "copy.yaml"
    assert main(["import", str(table), "-o", str(out)]) == 0
    original = _data(ROOT / "piecesets" / f"{name}.yaml", "pieceset")
    assert dict(_data(out, "pieceset")["bugs"]) == dict(original["bugs"])


def _export_rows(name: str) -> list[list[Any]]:
    rows = list(csv.reader(io.StringIO(tiles_csv(_data(ROOT / "tilesets" / f"{name}.yaml",
                                                      "tileset")))))
    return [[int(c) if c.isdigit() else c for c in r] for r in rows]


def _write_xlsx(path: Path, rows: list[list[Any]]) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for r in rows:
        sheet.append([c if c != "" else None for c in r])
    book.save(path)


def _write_ods(path: Path, rows: list[list[Any]]) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="tiles")
    for r in rows:
        tr = TableRow()
        for c in r:
            if isinstance(c, int):
                cell = TableCell(valuetype="float", value=c)
                cell.addElement(P(text=str(c)))
            else:
                cell = TableCell(valuetype="string")
                if c:
                    cell.addElement(P(text=c))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))


@pytest.mark.parametrize("writer,ext", [(_write_xlsx, ".xlsx"), (_write_ods, ".ods")])
def test_spreadsheets_import_like_their_csv(tmp_path: Path, writer: Any, ext: str) -> None:
    rows = _export_rows("quick-3")
    sheet = tmp_path / f"tiles{ext}"
    writer(sheet, rows)
    out = tmp_path / "from-sheet.yaml"
    assert main(["import", str(sheet), "-o", str(out), "--palette", "quick-3"]) == 0
    assert load_tileset(str(out)).tiles == load_tileset("quick-3").tiles
    assert read_table(sheet).rows[0].number == 2


HEAD = """\
# My set: the comments above the list stay.
tileset: mine   # the name
palette:
  - {name: red, symbol: "R", display: "#d1383d"}
"""
TAIL = """\
# a note at the margin after the list stays too
"""
TABLE = ("id,colour,type,kind,exits,flowers,copies,label\n"
         "source,,source,source,N E S W,,2,Source\n"
         "red-corner,red,corner,pipe,N E,1,5,\"a \"\"corner\"\" # not a comment\"\n")


def test_existing_file_keeps_everything_but_its_list(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text(HEAD + "tiles:\n  - {id: old, colour: red, type: corner, kind: pipe, "
                      "exits: [N, E], copies: 1}\n" + TAIL, encoding="utf-8")
    table = tmp_path / "t.csv"
    table.write_text(TABLE, encoding="utf-8")
    assert main(["import", str(table), "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert text.startswith(HEAD + "tiles:\n") and text.endswith(TAIL)
    tiles = _data(target, "tileset")["tiles"]
    assert [t["id"] for t in tiles] == ["source", "red-corner"]
    assert tiles[1]["label"] == 'a "corner" # not a comment'


@pytest.mark.parametrize("inside", [
    "  # --- red ---\n",
    "  - {id: x, colour: red, type: corner, kind: pipe, exits: [N, E], copies: 1}  # why\n",
])
def test_comment_inside_the_list_is_refused_not_lost(tmp_path: Path, inside: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "mine.yaml"
    before = HEAD + "tiles:\n" + inside + \
        "  - {id: y, colour: red, type: corner, kind: pipe, exits: [N, E], copies: 1}\n"
    target.write_text(before, encoding="utf-8")
    table = tmp_path / "t.csv"
    table.write_text(TABLE, encoding="utf-8")
    assert main(["import", str(table), "-o", str(target)]) == 2
    assert "inside the `tiles` list would be lost (line 6" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == before
    assert main(["import", str(table), "-o", str(target), "--drop-comments"]) == 0
    assert "# ---" not in target.read_text() and "# why" not in target.read_text()


@pytest.mark.parametrize("row,where,rule", [
    ("red-2,red,corner,pipe,N E,1,lots,", "4:7", "schema-type"),          # copies
    ("red-2,red,corner,pipe,N S,1,2,", "4:5", "sem-exits-type"),          # exits
    ("red-2,red,corner,pipe,N E,12,2,", "4:6", "schema-maximum"),         # flowers
    ("red-2,,corner,pipe,N E,1,2,", "4:2", "schema-required"),           # colour missing
    ("red-2,pink,corner,pipe,N E,1,2,", "4:2", "sem-undeclared-colour"),  # colour
    ("source,red,corner,pipe,N E,1,2,", "4:1", "sem-duplicate-id"),       # id
])
def test_problems_are_reported_at_row_and_column(tmp_path: Path, row: str, where: str,
                                                 rule: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "tiles.csv"
    table.write_text(TABLE + row + "\n", encoding="utf-8")
    out = tmp_path / "out.yaml"
    assert main(["import", str(table), "-o", str(out), "--palette", "quick-3"]) == 1
    err = capsys.readouterr().err
    assert f"{table}:{where}: error:" in err and f"[{rule}]" in err, err
    assert "(line " not in err.split("tiles.csv", 1)[1]  # rows named as rows, not YAML lines
    assert not out.exists()


def test_unknown_column_is_reported_at_its_header(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "tiles.csv"
    table.write_text(TABLE.replace("label\n", "label,colr\n", 1).replace(
        "Source\n", "Source,red\n"), encoding="utf-8")
    assert main(["import", str(table), "-o", str(tmp_path / "o.yaml")]) == 1
    assert f"{table}:2:9: error: unknown key `colr`" in capsys.readouterr().err


@pytest.mark.parametrize("args,message", [
    (["{tmp}/t.txt"], "must end in .csv, .xlsx or .ods"),
    (["{tmp}/missing.csv"], "no such file"),
    (["{tmp}/t.csv", "-o", "{tmp}/o.json"], "must end in .yaml"),
    (["{tmp}/t.csv", "-o", str(ROOT / "piecesets" / "hive-base.yaml")], "a piece set"),
    (["{tmp}/t.csv", "--palette", "nope"], "no tile set named"),
])
def test_bad_input_is_refused_clearly(tmp_path: Path, args: list[str], message: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.csv").write_text(TABLE, encoding="utf-8")
    (tmp_path / "t.txt").write_text(TABLE, encoding="utf-8")
    before = sorted(tmp_path.iterdir())
    code = main(["import", *(a.replace("{tmp}", str(tmp_path)) for a in args)])
    assert code == 2
    assert message in capsys.readouterr().err
    assert sorted(tmp_path.iterdir()) == before


TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12).map(str.strip)
TILE = st.fixed_dictionaries(
    {"id": st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,10}", fullmatch=True),
     "colour": st.sampled_from(["red", "blue", "", "no", "true"]),
     "type": st.sampled_from(["straight", "corner", "tee", "cross", "plant", "mecha"]),
     "kind": st.sampled_from(["pipe", "crop", "mecha", "source"]),
     "exits": st.lists(st.sampled_from(["N", "E", "S", "W"]), unique=True, max_size=4),
     "flowers": st.one_of(st.just(""), st.integers(0, 9)),
     "copies": st.integers(1, 100),
     "label": TEXT})


@settings(max_examples=60, deadline=None)
@given(st.lists(TILE, min_size=1, max_size=8))
def test_round_trip_keeps_every_value(tiles: list[dict[str, Any]]) -> None:
    data = {"tiles": [{k: v for k, v in t.items() if v != ""} for t in tiles]}
    table = read_csv_text(tiles_csv(data), "t.csv")
    assert table.header == TILE_COLUMNS
    assert tile_items(table) == data["tiles"]
    # and the YAML written from the rows reads back as the same values
    parsed = YAML(typ="safe").load(list_block("tileset", table))
    assert parsed["tiles"] == data["tiles"]
