"""The tile-set editor's counts: copies per colour and type, as a line or a table."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from botanik_design.model.words import plural
from botanik_design.tui.botanik.editor.document import TYPES, TilesetDocument
from botanik_design.tui.botanik.editor.tally import Tally
from botanik_design.tui.botanik.tile_view import TYPE_LETTERS, valid_display


def _symbol(doc: TilesetDocument, name: str) -> tuple[str, str]:
    colour = doc.palette().get(name)
    sym = colour.symbol[:1] if colour else "?"
    return sym, colour.display if colour and valid_display(colour.display) else "red"


def counts_matrix(doc: TilesetDocument, tally: Tally | None = None) -> Table:
    """Copies per colour (rows) and type (columns), with totals (``tally``: the counts
    of ``doc`` kept up to date by the caller)."""
    tally = tally if tally is not None else Tally.of(doc.face, len(doc))
    matrix = tally.matrix()
    by_colour, by_type, total = tally.counts()
    types = [t for t in TYPES if t != "source" and by_type.get(t)]
    types += sorted(t for t in by_type if t not in TYPES and by_type[t])
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("")
    for t in types:
        table.add_column(t, justify="right")
    table.add_column("all", justify="right", style="bold")
    for name, n in by_colour.items():
        sym, style = _symbol(doc, name)
        label = Text.assemble((sym, f"bold {style}"), f" {name}")
        table.add_row(label, *(str(matrix.get((name, t), "")) for t in types), str(n))
    sources = by_type.get("source", 0)
    table.add_row(Text("all", style="bold"), *(str(by_type[t]) for t in types),
                  f"{total} + {plural(sources, 'Source')}", style="bold")
    return table


def counts_line(doc: TilesetDocument, tally: Tally | None = None) -> Text:
    """Copies per colour and per type letter, and the machine-tile total, on one line."""
    tally = tally if tally is not None else Tally.of(doc.face, len(doc))
    by_colour, by_type, total = tally.counts()
    text = Text()
    for name, n in by_colour.items():
        sym, style = _symbol(doc, name)
        text.append(sym, style=f"bold {style}")
        text.append(f"{n} ")
    text.append("│ ", style="dim")
    for t in TYPES:
        if by_type.get(t):
            text.append(TYPE_LETTERS[t], style="bold")
            text.append(f"{by_type[t]} ")
    other = sum(n for t, n in by_type.items() if t not in TYPES)
    if other:
        text.append(f"?{other} ", style="bold red")
    text.append("│ ", style="dim")
    text.append(plural(total, "machine tile"), style="bold")
    return text


class CountsBar(Static):
    """Counts of the physical tiles: one line, or a colour × type table when large.

    The counts are kept per tile (:class:`Tally`): after an edit of one tile
    (``changed``) only that tile is read again, and the bar is redrawn only when
    what it shows changed (a redraw of its auto height re-lays the screen out).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tally: Tally | None = None
        self._shown: Any = None

    def show(self, doc: TilesetDocument, *, large: bool, changed: int | None = None) -> None:
        tally = self._tally
        if tally is None or changed is None or len(tally.rows) != len(doc):
            tally = self._tally = Tally.of(doc.face, len(doc))
        else:
            tally.set(changed, doc.face(changed))
        counts = tally.counts()
        shown = (large, counts, repr(doc.palette()))
        if shown == self._shown:
            return
        # the table's height follows its rows (one per colour); the line is one line
        before = self._shown
        relayout = before is None or before[0] != large or (
            large and len(before[1][0]) != len(counts[0]))
        self._shown = shown
        self.update(counts_matrix(doc, tally) if large else counts_line(doc, tally),
                    layout=relayout)
