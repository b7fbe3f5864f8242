"""Hive piece sets as spreadsheet rows, and back (``import`` / ``export``; the piece set
kind's ``table``, read by :mod:`botanik_design.spec.tabular`): one row per bug, columns
:data:`PIECE_COLUMNS` (a table with a ``bug`` column is a piece set)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.tables import Table
from botanik_design.spec.tabular import TableFormat, cell_value, rows_csv, scalar

#: Columns of a piece-set spreadsheet.
PIECE_COLUMNS = ("bug", "copies")


def bug_items(table: Table) -> list[tuple[str, Any]]:
    """``(bug, copies)`` per row of a piece-set table."""
    col_bug = table.column_of("bug")
    col_copies = table.column_of("copies")
    out = []
    for row in table.rows:
        cells = list(row.cells) + [""] * len(table.header)
        bug = cells[col_bug - 1] if col_bug else ""
        copies = cells[col_copies - 1] if col_copies else ""
        out.append((bug.lower(),
                    cell_value("copies", copies, frozenset({"copies"})) if copies else ""))
    return out


def block(table: Table) -> str:
    """The YAML of the ``bugs:`` mapping the table fills, one line per row."""
    lines = ["bugs:"]
    for bug, copies in bug_items(table):
        lines.append(f"  {scalar(bug)}: {scalar(copies) if copies != '' else 'null'}")
    return "\n".join(lines) + "\n" if len(lines) > 1 else "bugs: {}\n"


def new_document(name: str, palette: Sequence[Any] = ()) -> str:
    """A new piece set's text before its list: its name."""
    return f"pieceset: {scalar(name)}\n"


def column(d: Diagnostic, table: Table) -> int | None:
    """The ``bug`` column for an unknown bug, else the ``copies`` column."""
    parts = d.json_path.split("/")
    unknown = d.rule.startswith("schema-additional") or len(parts) < 3
    return table.column_of("bug" if unknown else "copies") or table.column_of("bug")


def pieces_csv(data: dict[str, Any]) -> str:
    """The CSV of a checked piece-set document's bugs (as the file lists them)."""
    return rows_csv(PIECE_COLUMNS, [[bug, n] for bug, n in data["bugs"].items()])


#: The piece set kind's spreadsheet (``SpecKind.table``).
TABLE = TableFormat(columns=PIECE_COLUMNS, list_key="bugs", row_noun="bug", marker="bug",
                    block=block, new_document=new_document, column=column, to_csv=pieces_csv)
