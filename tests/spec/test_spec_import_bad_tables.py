"""Spreadsheets ``import`` cannot read as a table: each a clear error at the table's own
``file:line[:column]``, exit 2, nothing written.  Before: a header alone was reported at
``NAME.yaml:8:8`` (a file never written), a column named twice silently kept the last, a
folder or ``/dev/zero`` was "no such file", a quote left open swallowed every later line
into one cell, and a byte that is not UTF-8 was "byte 75" with no line."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.spec import tables
from botanik_design.spec.tables import TableError, read_table

HEADER = "id,colour,type,kind,exits,flowers,copies,label\n"
ROW = "red-corner,red,corner,pipe,E S,1,3,\n"


def _write(text: bytes | str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / "t.csv"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        return path
    return make


def _folder(folder: Path) -> Path:
    (folder / "t.csv").mkdir()
    return folder / "t.csv"


def _device(folder: Path) -> Path:
    (folder / "t.csv").symlink_to("/dev/zero")  # a read would never end
    return folder / "t.csv"


def _fifo(folder: Path) -> Path:
    os.mkfifo(folder / "t.csv")  # a read would wait for a writer for ever
    return folder / "t.csv"


CASES = [
    ("header alone", _write(HEADER), r"t\.csv:1:1: only a header row: no row below it"),
    ("header alone, blank rows", _write(HEADER + ",,,\n\n"), r"t\.csv:1:1: only a header row"),
    ("a column twice", _write(HEADER.rstrip() + ",colour\n" + ROW.rstrip() + ",blue\n"),
     r"t\.csv:1:9: column 9 \('colour'\) names `colour` as column 2 does"),
    ("an alias of a column", _write(HEADER.replace("label", "Color") + ROW),
     r"t\.csv:1:8: column 8 \('Color'\) names `colour` as column 2 does"),
    ("a quote left open", _write(HEADER + '"red-corner,red,corner\n' + ROW),
     r"t\.csv:3: not a readable CSV file: unexpected end of data \(a quote left open\?\)"),
    ("text after a quote", _write(HEADER + '"red"x,red,corner,pipe,E S,1,3,\n'),
     r"t\.csv:2: not a readable CSV file"),
    ("not UTF-8", _write(HEADER.encode() + b"red-corner,r\xe9d,corner,pipe,E S,1,3,\n"),
     r"t\.csv:2:13: byte 0xe9 is not UTF-8 text"),
    ("not UTF-8 after wide text", _write("id,colour\n\u00e9\u00e9,".encode() + b"\xff\n"),
     r"t\.csv:2:4: byte 0xff is not UTF-8 text"),
    ("a folder", _folder, r"t\.csv: not a regular file \(a folder, device or pipe\)"),
    ("a device", _device, r"t\.csv: not a regular file \(a folder, device or pipe\)"),
    ("a FIFO", _fifo, r"t\.csv: not a regular file \(a folder, device or pipe\)"),
    ("nothing", lambda folder: folder / "t.csv", r"t\.csv: no such file"),
]


@pytest.mark.parametrize(("make", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_table_that_cannot_be_read_is_named_at_its_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        make: Callable[[Path], Path], expected: str) -> None:
    import re

    monkeypatch.chdir(tmp_path)
    make(tmp_path)
    code = main(["import", "t.csv", "-o", "out.yaml"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert re.search(expected, err), err
    assert "Traceback" not in err
    assert not (tmp_path / "out.yaml").exists()


def test_a_csv_too_large_is_refused_before_it_is_read(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "MAX_CSV_BYTES", 100)
    path = tmp_path / "t.csv"
    path.write_text(HEADER + ROW * 3, encoding="utf-8")
    with pytest.raises(TableError, match="larger than 100 bytes"):
        read_table(path)


def test_more_rows_than_the_bound_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "MAX_ROWS", 3)
    assert len(tables.read_csv_text(HEADER + ROW * 3, "t.csv").rows) == 3
    with pytest.raises(TableError, match="more than 3 rows"):
        tables.read_csv_text(HEADER + ROW * 4, "t.csv")
