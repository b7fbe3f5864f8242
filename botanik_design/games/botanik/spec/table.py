"""Botanik tile sets as spreadsheet rows, and back (``import`` / ``export``; the tile set
kind's ``table``, read by :mod:`botanik_design.spec.tabular`).

One row is one tile (columns :data:`TILE_COLUMNS`, header in row 1; ``color`` is read as
``colour``; without a ``kind`` column the kind follows the type).  ``exits`` is a list of
side letters (``N E``, ``N,E`` or ``NE``; an empty cell is the empty list of a
mecha-botanist), ``flowers`` and ``copies`` whole numbers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.tables import Table
from botanik_design.spec.tabular import TableFormat, cell_value, field_of, rows_csv, scalar

#: Columns of a tile-set spreadsheet, in the order ``export`` writes them.
TILE_COLUMNS = ("id", "colour", "type", "kind", "exits", "flowers", "copies", "label")
#: Columns holding whole numbers.
COUNTS = frozenset({"flowers", "copies"})


def cell(field: str, text: str) -> Any:
    """A tile cell's YAML value: ``exits`` a list of letters, else :func:`cell_value`."""
    if field == "exits":
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
        if len(parts) == 1 and re.fullmatch(r"[NESWnesw]{2,4}", parts[0]):
            parts = list(parts[0])
        return [p.upper() if len(p) == 1 else p for p in parts]
    return cell_value(field, text, COUNTS)


def tile_items(table: Table) -> list[dict[str, Any]]:
    """One mapping per row of a tile-set table (empty cells left out, an empty ``exits``
    cell the empty list)."""
    from botanik_design.games.botanik.model.tileset import KIND_OF_TYPE, TileType

    fields = [field_of(h) or f"column {k + 1}" for k, h in enumerate(table.header)]
    items = []
    for row in table.rows:
        item: dict[str, Any] = {}
        for k, text in enumerate(row.cells):
            field = fields[k] if k < len(fields) else f"column {k + 1}"
            if text or field == "exits":
                item[field] = cell(field, text)
        if "kind" not in fields and isinstance(item.get("type"), str) \
                and item["type"] in TileType.__members__.values():
            item["kind"] = KIND_OF_TYPE[TileType(item["type"])].value
        items.append(item)
    return items


def block(table: Table) -> str:
    """The YAML of the ``tiles:`` list the table fills, one line per row."""
    lines = ["tiles:"]
    for item in tile_items(table):
        body = ", ".join(f"{scalar(k)}: {scalar(v)}" for k, v in item.items())
        lines.append(f"  - {{{body}}}")
    if len(lines) == 1:
        lines = ["tiles: []"]
    return "\n".join(lines) + "\n"


def new_document(name: str, palette: Sequence[Any] = ()) -> str:
    """A new tile set's text before its list: its name and ``palette`` (``Colour``s)."""
    lines = [f"tileset: {scalar(name)}", "palette:"]
    for c in palette:
        symbol, display = (json.dumps(v, allow_nan=False) for v in (c.symbol, c.display))
        lines.append(f"  - {{name: {scalar(c.name)}, symbol: {symbol}, "
                     f"display: {display}}}")
    return "\n".join(lines) + "\n"


def column(d: Diagnostic, table: Table) -> int | None:
    """The column of the field a diagnostic inside the list is about (``None``: unknown)."""
    parts = d.json_path.split("/")
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


def tiles_csv(data: dict[str, Any]) -> str:
    """The CSV of a checked tile-set document's tiles (every field, in file order)."""
    rows = []
    for t in data["tiles"]:
        rows.append([t["id"], t.get("colour", ""), t["type"], t["kind"], " ".join(t["exits"]),
                     t.get("flowers", ""), t["copies"], t.get("label", "")])
    return rows_csv(TILE_COLUMNS, rows)


#: The tile set kind's spreadsheet (``SpecKind.table``).
TABLE = TableFormat(columns=TILE_COLUMNS, list_key="tiles", row_noun="tile definition",
                    block=block, new_document=new_document, column=column, to_csv=tiles_csv)
