"""The count table ``botanik-design show`` prints for a tile set, and its overview
picture draws: physical tiles per colour and type.

Plain text only (no matplotlib): ``show`` without ``--image`` works with the core
install.
"""

from __future__ import annotations

from dataclasses import dataclass

from botanik_design.games.botanik.model.tileset import Kind, TileDef, TileSet, TileType

#: Column order of the types.
TYPE_ORDER: tuple[str, ...] = tuple(t.value for t in TileType if t is not TileType.SOURCE)
SOURCES = "Sources"

@dataclass(frozen=True)
class Counts:
    """Physical tiles per ``(row, type)``: rows are palette colours then ``Sources``."""

    rows: list[str]
    types: list[str]
    cells: dict[tuple[str, str], int]

    def row_total(self, row: str) -> int:
        """Tiles of one colour (or the Sources)."""
        return sum(self.cells.get((row, t), 0) for t in self.types)

    def type_total(self, kind: str) -> int:
        """Tiles of one type."""
        return sum(self.cells.get((r, kind), 0) for r in self.rows)

    @property
    def total(self) -> int:
        """Every physical tile."""
        return sum(self.cells.values())


def row_of(tile: TileDef) -> str:
    """A tile's row: its colour, or ``Sources``."""
    return SOURCES if tile.kind is Kind.SOURCE else str(tile.colour)


def counts(tileset: TileSet) -> Counts:
    """The count table: physical tiles (copies) per colour and type; Sources in their row."""
    rows = [c.name for c in tileset.colours]
    if tileset.sources:
        rows.append(SOURCES)
    present = {t.type.value for t in tileset.tiles}
    types = [t for t in (*TYPE_ORDER, TileType.SOURCE.value) if t in present]
    cells: dict[tuple[str, str], int] = {}
    for t in tileset.tiles:
        key = (row_of(t), t.type.value)
        cells[key] = cells.get(key, 0) + t.copies
    return Counts(rows, types, cells)


def counts_text(tileset: TileSet) -> str:
    """The count table as plain text (rows: colours and Sources; columns: types; totals)."""
    c = counts(tileset)
    head = ["", *c.types, "total"]
    body = [[r, *(str(c.cells.get((r, t), "")) for t in c.types), str(c.row_total(r))]
            for r in c.rows]
    body.append(["total", *(str(c.type_total(t)) for t in c.types), str(c.total)])
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
    lines = ["  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in
                       enumerate(zip(row, widths, strict=True))).rstrip()
             for row in [head, *body]]
    return "\n".join(lines)
