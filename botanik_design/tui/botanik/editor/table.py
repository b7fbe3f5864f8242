"""The editor's table of tiles: one row per tile entry, the problem tiles marked."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from rich.text import Text
from textual import on
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable

from botanik_design.tui.botanik.editor.document import Face, TilesetDocument
from botanik_design.tui.botanik.tile_view import TYPE_LETTERS, ink_for, valid_display

_COLUMNS = [("", "mark"), ("id", "id"), ("exits", "exits"), ("✿", "flowers"), ("×", "copies")]
_LARGE_COLUMNS = [("type", "type"), ("kind", "kind"), ("label", "label")]


def colour_cell(face: Face, doc: TilesetDocument) -> Text:
    """The colour symbol and type letter of a tile, on its display colour."""
    letter = TYPE_LETTERS.get(face.type, "?")
    if face.kind == "source" or face.type == "source":
        return Text(f"⌂{letter}", style="bold #000000 on #e4e4e4")
    colour = doc.palette().get(face.colour or "")
    if colour is None or not valid_display(colour.display):
        symbol = colour.symbol[:1] if colour is not None else "?"
        return Text(f"{symbol}{letter}", style="bold #ffffff on #7a7a7a")
    return Text(f"{colour.symbol}{letter}", style=f"bold {ink_for(colour.display)} on "
                f"{colour.display}")


def row_cells(doc: TilesetDocument, index: int, bad: bool) -> list[Any]:
    """The cells of tile ``index`` (all columns; the table keeps those it shows)."""
    face = doc.face(index)
    ident = Text(face.id or "(no id)")
    if bad:
        ident.stylize("bold red")
        ident.append(" ✗", style="bold red")
    return [colour_cell(face, doc), ident, face.exit_letters or "-",
            str(face.flowers) if face.flowers else "",
            str(face.copies) if face.copies is not None else "?",
            face.type, face.kind, face.label]


class TileTable(DataTable[Any]):
    """The tiles of a document; posts :class:`TileTable.Moved` when the cursor row changes.

    ``on_open(row)`` is called synchronously on enter (or a click on the selected
    row), before anything else: keys typed right after enter are already queued and
    must reach the fields of that tile.
    """

    class Moved(Message):
        """The cursor is now on tile ``row`` (late messages of fast keys are dropped)."""

        def __init__(self, row: int) -> None:
            super().__init__()
            self.row = row

    def __init__(self, on_open: Callable[[int], None], **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.on_open = on_open
        self.problem_tiles: frozenset[int] = frozenset()
        self._opened = False

    def set_columns(self, *, large: bool) -> None:
        self.clear(columns=True)
        for label, key in _COLUMNS + (_LARGE_COLUMNS if large else []):
            self.add_column(label, key=key)

    def show(self, doc: TilesetDocument, problem_tiles: Collection[int] | None = None) -> None:
        """Fill the table from ``doc`` again (after a change of the list)."""
        if problem_tiles is not None:
            self.problem_tiles = frozenset(problem_tiles)
        self.clear()
        for i in range(len(doc)):
            self.add_row(*row_cells(doc, i, i in self.problem_tiles)[: len(self.columns)])

    def show_row(self, doc: TilesetDocument, index: int) -> None:
        if not 0 <= index < self.row_count:
            return
        cells = row_cells(doc, index, index in self.problem_tiles)[: len(self.columns)]
        if not self._replace_row(index, cells):
            for col, value in enumerate(cells):
                self.update_cell_at(Coordinate(index, col), value)

    def _replace_row(self, index: int, cells: list[Any]) -> bool:
        """Put ``cells`` in row ``index`` and forget only that row's drawings.

        ``update_cell_at`` makes DataTable draw every visible row again (its caches
        are keyed on one update counter): 20-40 ms a key in a 500-tile set.  This
        drops the cached drawings of this row's cells alone (the line and row caches,
        cheap to rebuild from cells, are cleared).  Returns False, changing nothing,
        when DataTable's caches are not as expected (another Textual version).
        """
        caches = ("_data", "_cell_render_cache", "_row_renderable_cache",
                  "_row_render_cache", "_line_cache", "_row_locations", "_column_locations")
        if not all(hasattr(self, name) for name in caches):
            return False
        row_key = self._row_locations.get_key(index)
        found = [self._column_locations.get_key(col) for col in range(len(cells))]
        columns = [key for key in found if key is not None]
        if row_key is None or len(columns) != len(cells) or row_key not in self._data:
            return False
        for column_key, value in zip(columns, cells, strict=True):
            self._data[row_key][column_key] = value
        for cell_key in list(self._cell_render_cache.keys()):
            if cell_key[0] == row_key:
                self._cell_render_cache.discard(cell_key)
        for row_cache_key in list(self._row_renderable_cache.keys()):
            if row_cache_key[1] == index:
                self._row_renderable_cache.discard(row_cache_key)
        self._row_render_cache.clear()
        self._line_cache.clear()
        self.refresh()
        return True

    def mark_problems(self, doc: TilesetDocument, problem_tiles: Collection[int]) -> None:
        """Mark the tiles that have problems (only the rows that change are drawn)."""
        new = frozenset(problem_tiles)
        old, self.problem_tiles = self.problem_tiles, new
        for index in old ^ new:
            self.show_row(doc, index)

    def move_to(self, index: int) -> None:
        if 0 <= index < self.row_count and self.cursor_row != index:
            self.move_cursor(row=index, animate=False)

    def action_select_cursor(self) -> None:
        super().action_select_cursor()
        self._opened = True
        self.on_open(self.cursor_row)

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        # keys typed fast queue several of these: only the current row counts, a late
        # one must not switch the fields to another tile while the user types
        if event.cursor_row == self.cursor_row:
            self.post_message(self.Moved(event.cursor_row))

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if self._opened:  # enter: opened already
            self._opened = False
        else:  # a click on the selected row
            self.on_open(event.cursor_row)
