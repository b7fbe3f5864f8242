"""Spreadsheets read as tables of text: CSV, and ``.xlsx`` / ``.ods`` when the optional
``spreadsheets`` extra (openpyxl, odfpy) is installed.

A :class:`Table` keeps each row's spreadsheet row number (the header is row 1),
so that a problem in a cell can be reported as ``tiles.csv:ROW:COLUMN``.  Cells
are text: whole numbers as digits (``3``, not ``3.0``), empty cells as ``""``.
Rows that are empty throughout are left out (their numbers are not reused).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from botanik_design.model.words import plural

#: Extensions read, and what reads them.
READERS = {".csv": "csv", ".xlsx": "openpyxl", ".ods": "odfpy"}
#: Rows read at most (a spreadsheet that claims a million repeated rows is refused).
MAX_ROWS = 10_000
#: The largest CSV file read, in bytes (as for a YAML spec: a table of 500 tiles is 30 KB).
MAX_CSV_BYTES = 4 * 1024 * 1024
#: Header spellings read as another column.
ALIASES = {"color": "colour"}


def field_of(header: str) -> str:
    """The field a header cell names (lower case, aliases resolved)."""
    key = header.strip().lower()
    return ALIASES.get(key, key)


class TableError(OSError):
    """A table that cannot be read (unknown extension, missing reader, broken file)."""


@dataclass(frozen=True)
class Row:
    """One row: its spreadsheet row number (1-based) and its cells' text."""

    number: int
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """The first sheet of a spreadsheet: ``name`` (as given), its ``header`` (row 1) and
    the non-empty ``rows`` below it."""

    name: str
    header: tuple[str, ...]
    rows: tuple[Row, ...]

    def column_of(self, field: str) -> int | None:
        """The 1-based column whose header names ``field`` (case and spaces ignored)."""
        for k, head in enumerate(self.header):
            if head.strip().lower() == field:
                return k + 1
        return None


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _table(name: str, raw: list[list[str]]) -> Table:
    """The table of ``raw`` rows: a header naming each field once, and rows below it.

    Raises :class:`TableError` for an empty sheet, a field named by two
    columns (the last silently won) and more than :data:`MAX_ROWS` rows (a header alone is
    a table: :func:`read_table` refuses it)."""
    rows = [Row(k + 1, tuple(c.strip() for c in r)) for k, r in enumerate(raw)]
    rows = [r for r in rows if any(r.cells)]
    if not rows:
        raise TableError(f"{name}: the sheet is empty (no header row)")
    header, *body = rows
    seen: dict[str, int] = {}
    for k, head in enumerate(header.cells):
        field = field_of(head)
        if not field:
            continue
        if field in seen:
            raise TableError(
                f"{name}:{header.number}:{k + 1}: column {k + 1} ({head!r}) names "
                f"`{field}` as column {seen[field]} does; give each column once")
        seen[field] = k + 1
    if len(body) > MAX_ROWS:
        raise TableError(f"{name}: more than {MAX_ROWS:,} rows")
    return Table(name, header.cells, tuple(body))


def _rows_below(table: Table) -> Table:
    """``table``, when it has a row below its header (a table to import); else a
    :class:`TableError` at the header (reported at the YAML never written, before)."""
    if not table.rows:
        raise TableError(f"{table.name}:1:1: only a header row: no row below it to read")
    return table


def _utf8(data: bytes, name: str) -> str:
    """``data`` as UTF-8 text, else a :class:`TableError` at the line and column of the
    first byte that is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = len(data[data.rfind(b"\n", 0, exc.start) + 1:exc.start]
                     .decode("utf-8", "replace")) + 1
        raise TableError(f"{name}:{line}:{column}: byte 0x{data[exc.start]:02x} is not "
                         "UTF-8 text; save the CSV as UTF-8") from None


def read_csv_text(text: str, name: str) -> Table:
    """A table from CSV text (comma-separated; a byte-order mark is ignored)."""
    text = text.removeprefix("\ufeff")
    # strict: a quote left open swallowed every line after it into one cell
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        raw = [list(r) for r in reader]
    except csv.Error as exc:
        hint = " (a quote left open?)" if "end of data" in str(exc) else ""
        raise TableError(f"{name}:{reader.line_num}: not a readable CSV file: {exc}{hint}") \
            from None
    return _table(name, raw)


def read_table(path: Path, name: str | None = None) -> Table:
    """The first sheet of ``path`` (by extension: ``.csv``, ``.xlsx``, ``.ods``).

    Raises :class:`TableError` (exit status 2) for another extension, a missing
    reader (install the ``spreadsheets`` extra), or a file that cannot be read.
    """
    name = name or str(path)
    ext = path.suffix.lower()
    if ext not in READERS:
        raise TableError(f"{name}: a spreadsheet must end in .csv, .xlsx or .ods")
    from botanik_design.spec.userfiles import NOT_REGULAR, check_regular, read_bytes

    try:
        size = check_regular(path).st_size  # reading /dev/zero or a FIFO would never end
    except FileNotFoundError:
        raise TableError(f"{name}: no such file") from None
    except OSError as exc:
        text = NOT_REGULAR if exc.strerror == NOT_REGULAR else f"cannot read: {exc.strerror}"
        raise TableError(f"{name}: {text}") from None
    try:
        if ext == ".csv":
            if size > MAX_CSV_BYTES:
                raise TableError(f"{name}: larger than {plural(MAX_CSV_BYTES, 'byte')}: not "
                                 "a table of tiles or bugs")
            return _rows_below(read_csv_text(_utf8(read_bytes(path, MAX_CSV_BYTES), name), name))
        reader = _xlsx_rows if ext == ".xlsx" else _ods_rows
        return _rows_below(_table(name, reader(path)))
    except ImportError:
        from botanik_design.extras import MissingExtra

        raise TableError(f"{name}: reading a {ext} file: "
                         f"{MissingExtra('spreadsheets', READERS[ext])}") from None
    except TableError:
        raise
    except OSError as exc:
        raise TableError(f"{name}: cannot read: {exc.strerror or exc}") from None
    except Exception as exc:  # a broken workbook: the readers raise many types
        raise TableError(f"{name}: not a readable {ext} workbook ({type(exc).__name__})") \
            from None


def _xlsx_rows(path: Path) -> list[list[str]]:
    from openpyxl import load_workbook

    book = load_workbook(path, read_only=True, data_only=True)
    try:
        sheet = book.worksheets[0]
        out: list[list[str]] = []
        for row in sheet.iter_rows(values_only=True):
            out.append([_text(v) for v in row])
            if len(out) > MAX_ROWS:
                raise TableError(f"{path}: more than {MAX_ROWS:,} rows")
        return out
    finally:
        book.close()


def _ods_rows(path: Path) -> list[list[str]]:
    from odf import teletype
    from odf.opendocument import load
    from odf.table import Table as OdsTable
    from odf.table import TableCell, TableRow

    doc = load(str(path))
    sheets = doc.spreadsheet.getElementsByType(OdsTable)
    if not sheets:
        return []
    out: list[list[str]] = []
    for row in sheets[0].getElementsByType(TableRow):
        cells: list[str] = []
        for cell in row.getElementsByType(TableCell):
            repeat = int(cell.getAttribute("numbercolumnsrepeated") or 1)
            kind = cell.getAttribute("valuetype")
            value = cell.getAttribute("value") if kind in ("float", "percentage") else None
            text = _text(float(value)) if value is not None else teletype.extractText(cell)
            cells += [text] * min(repeat, 1000)
        while cells and not cells[-1]:
            cells.pop()
        repeat = int(row.getAttribute("numberrowsrepeated") or 1)
        if not cells:  # empty rows (a sheet ends with a huge repeated one): numbered only
            out += [[]] * min(repeat, MAX_ROWS)
        else:
            out += [cells] * repeat
        if len(out) > MAX_ROWS and any(out[MAX_ROWS:]):
            raise TableError(f"{path}: more than {MAX_ROWS:,} rows")
    return out[:MAX_ROWS + 1]
