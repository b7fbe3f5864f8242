"""Tile sets and piece sets as spreadsheet rows, and back (``import`` and ``export``).

One row is one tile (columns :data:`TILE_COLUMNS`, header in row 1; ``color``
is read as ``colour``; without a ``kind`` column the kind follows the type) or
one bug of a piece set (:data:`PIECE_COLUMNS`).  Cells become YAML values as
the validator would read them from a file: whole numbers in the count columns
become integers, ``exits`` a list of side letters (``N E``, ``N,E`` or
``NE``), an empty cell leaves the field out (an empty ``exits`` cell is the
empty list of a mecha-botanist), and anything else stays text, so a wrong cell
is reported by the same schema and semantic checks as a wrong value in a YAML
file.  :func:`table_positions` moves those diagnostics back to the cell they
came from (``tiles.csv:ROW:COLUMN``).

:func:`splice` puts the new list into an existing file in place of the old
one and keeps every other byte of the file (its comments above and below the
list included); a comment *inside* the old list would be lost, so it is
refused (:class:`SpliceRefused`) unless the caller allows it.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from botanik_design.model.words import plural
from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.tables import Table

#: Columns of a tile-set spreadsheet, in the order ``export`` writes them.
TILE_COLUMNS = ("id", "colour", "type", "kind", "exits", "flowers", "copies", "label")
#: Columns of a piece-set spreadsheet.
PIECE_COLUMNS = ("bug", "copies")
#: Columns holding whole numbers.
COUNTS = frozenset({"flowers", "copies"})
#: Header spellings read as another column.
ALIASES = {"color": "colour"}
#: The list a spreadsheet fills, per kind of spec.
LIST_KEY = {"tileset": "tiles", "pieceset": "bugs"}

_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")
_RESERVED = {"yes", "no", "on", "off", "true", "false", "null", "nan", "inf"}
_INTEGER = re.compile(r"[+-]?[0-9]+")


class SpliceRefused(ValueError):
    """The existing file cannot take the new list without losing something."""


def field_of(header: str) -> str:
    """The field a header cell names (lower case, aliases resolved)."""
    key = header.strip().lower()
    return ALIASES.get(key, key)


def table_kind(table: Table) -> str:
    """``pieceset`` for a table with a ``bug`` column, else ``tileset``."""
    return "pieceset" if "bug" in {field_of(h) for h in table.header} else "tileset"


def cell_value(field: str, text: str) -> Any:
    """The YAML value of a cell: ``exits`` a list of letters, a whole number in a count
    column (:data:`COUNTS`) an ``int``, anything else the text itself (an id or a label
    of digits stays text)."""
    if field == "exits":
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
        if len(parts) == 1 and re.fullmatch(r"[NESWnesw]{2,4}", parts[0]):
            parts = list(parts[0])
        return [p.upper() if len(p) == 1 else p for p in parts]
    if field in COUNTS and _INTEGER.fullmatch(text) and len(text) <= 12:
        return int(text)
    return text


def tile_items(table: Table) -> list[dict[str, Any]]:
    """One mapping per row of a tile-set table (empty cells left out, see the module)."""
    from botanik_design.games.botanik.model.tileset import KIND_OF_TYPE, TileType

    fields = [field_of(h) or f"column {k + 1}" for k, h in enumerate(table.header)]
    items = []
    for row in table.rows:
        item: dict[str, Any] = {}
        for k, text in enumerate(row.cells):
            field = fields[k] if k < len(fields) else f"column {k + 1}"
            if text or field == "exits":
                item[field] = cell_value(field, text)
        if "kind" not in fields and isinstance(item.get("type"), str) \
                and item["type"] in TileType.__members__.values():
            item["kind"] = KIND_OF_TYPE[TileType(item["type"])].value
        items.append(item)
    return items


def bug_items(table: Table) -> list[tuple[str, Any]]:
    """``(bug, copies)`` per row of a piece-set table."""
    col_bug = table.column_of("bug")
    col_copies = table.column_of("copies")
    out = []
    for row in table.rows:
        cells = list(row.cells) + [""] * len(table.header)
        bug = cells[col_bug - 1] if col_bug else ""
        copies = cells[col_copies - 1] if col_copies else ""
        out.append((bug.lower(), cell_value("copies", copies) if copies else ""))
    return out


def scalar(value: Any) -> str:
    """A YAML flow scalar: plain when it reads back as the same string, else quoted."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value, allow_nan=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(scalar(v) for v in value) + "]"
    text = str(value)
    if _PLAIN.fullmatch(text) and text.lower() not in _RESERVED:
        return text
    return json.dumps(text, ensure_ascii=False, allow_nan=False)


def list_block(kind: str, table: Table) -> str:
    """The YAML of the list the table fills (``tiles:`` or ``bugs:``), one line per row."""
    if kind == "tileset":
        lines = ["tiles:"]
        for item in tile_items(table):
            body = ", ".join(f"{scalar(k)}: {scalar(v)}" for k, v in item.items())
            lines.append(f"  - {{{body}}}")
        if len(lines) == 1:
            lines = ["tiles: []"]
        return "\n".join(lines) + "\n"
    lines = ["bugs:"]
    for bug, copies in bug_items(table):
        lines.append(f"  {scalar(bug)}: {scalar(copies) if copies != '' else 'null'}")
    return "\n".join(lines) + "\n" if len(lines) > 1 else "bugs: {}\n"


def new_document(kind: str, name: str, palette: Sequence[Any] = ()) -> str:
    """A new file's text before its list: the name (and a tile set's ``palette``,
    ``Colour`` entries)."""
    if kind == "pieceset":
        return f"pieceset: {scalar(name)}\n"
    lines = [f"tileset: {scalar(name)}", "palette:"]
    for c in palette:
        symbol, display = (json.dumps(v, allow_nan=False) for v in (c.symbol, c.display))
        lines.append(f"  - {{name: {scalar(c.name)}, symbol: {symbol}, "
                     f"display: {display}}}")
    return "\n".join(lines) + "\n"


def _comment_at(line: str) -> int | None:
    """Where a YAML comment starts in ``line`` (outside quotes), or ``None``."""
    quote = ""
    for k, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
            elif ch == "\\" and quote == '"':
                continue
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and (k == 0 or line[k - 1] in " \t"):
            return k
    return None


def splice(text: str, key: str, block: str, *, drop_comments: bool = False) -> str:
    """``text`` with the top-level ``key`` (its line and everything below it up to the next
    top-level key, comments at the left margin just above that key excepted) replaced by
    ``block``; appended when the file has no ``key``.

    Raises :class:`SpliceRefused` when the file is not a block mapping at the top or
    holds a comment inside the old list (unless ``drop_comments``)."""
    from ruamel.yaml import YAML

    data = YAML(typ="rt").load(text)
    if not hasattr(data, "lc") or not hasattr(data, "keys"):
        raise SpliceRefused("the file is not a mapping of keys")
    lines = text.splitlines(keepends=True)
    if key not in data:
        sep = "" if not lines or lines[-1].endswith("\n") else "\n"
        return text + sep + block
    start, col = data.lc.key(key)
    if col != 0:
        raise SpliceRefused("the file's top level is not in block style (one key a line)")
    later = sorted(data.lc.key(k)[0] for k in data if data.lc.key(k)[0] > start)
    end = later[0] if later else len(lines)
    while end > start + 1 and (not lines[end - 1].strip()
                               or lines[end - 1].startswith("#")):
        end -= 1  # a comment at the margin above the next key belongs to it
    inside = [(n + 1, lines[n].strip()) for n in range(start, end)
              if _comment_at(lines[n]) is not None]
    if inside and not drop_comments:
        shown = "; ".join(f"line {n}: {c[:40]}" for n, c in inside[:3])
        raise SpliceRefused(
            f"{plural(len(inside), 'comment')} inside the `{key}` list "
            f"would be lost ({shown}); move {'them' if len(inside) > 1 else 'it'} above "
            f"`{key}:` or below the list, or pass --drop-comments")
    return "".join(lines[:start]) + block + "".join(lines[end:])


def block_start(text: str, block: str) -> int:
    """The 1-based line of the first row of ``block`` inside ``text``."""
    at = text.index(block)
    return text.count("\n", 0, at) + 2


def table_positions(diagnostics: Sequence[Diagnostic], table: Table, kind: str,
                    first: int) -> list[Diagnostic]:
    """``diagnostics`` of the document with the table's list starting at line ``first``,
    those within the list moved to their row and the column of their field."""
    out = []
    last = first + len(table.rows)
    for d in diagnostics:
        if d.line is None or not first <= d.line < last:
            out.append(d)
            continue
        row = table.rows[d.line - first]

        def row_of(m: re.Match[str]) -> str:
            n = int(m.group(1))
            return f"(row {table.rows[n - first].number})" if first <= n < last else m.group(0)

        out.append(replace(d, file=table.name, line=row.number, column=_column(d, table, kind),
                           message=re.sub(r"\(line (\d+)\)", row_of, d.message)))
    return out


def _column(d: Diagnostic, table: Table, kind: str) -> int | None:
    parts = d.json_path.split("/")
    if kind == "pieceset":
        unknown = d.rule.startswith("schema-additional") or len(parts) < 3
        return table.column_of("bug" if unknown else "copies") or table.column_of("bug")
    field = parts[3] if len(parts) > 3 else None
    if field is None:
        named = re.search(r"`([a-z]+)`", d.message)
        field = named.group(1) if named else None
    if field is None:
        return None
    for k, head in enumerate(table.header):
        if field_of(head) == field:
            return k + 1
    return None


def _rows_csv(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def tiles_csv(data: dict[str, Any]) -> str:
    """The CSV of a checked tile-set document's tiles (every field, in file order)."""
    rows = []
    for t in data["tiles"]:
        rows.append([t["id"], t.get("colour", ""), t["type"], t["kind"], " ".join(t["exits"]),
                     t.get("flowers", ""), t["copies"], t.get("label", "")])
    return _rows_csv(TILE_COLUMNS, rows)


def pieces_csv(data: dict[str, Any]) -> str:
    """The CSV of a checked piece-set document's bugs (as the file lists them)."""
    return _rows_csv(PIECE_COLUMNS, [[bug, n] for bug, n in data["bugs"].items()])
