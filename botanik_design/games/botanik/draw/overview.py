"""The tile-set overview: each distinct tile once with its copy count, grouped by
colour (rows) and type (columns), and the table of counts.

The counts come from :func:`~botanik_design.games.botanik.draw.counts.counts`,
shared by the picture and the text that ``botanik-design show`` prints.  Lengths
are millimetres; the page is as large as its content (an SVG or PNG for a rules
draft or a forum post).
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from botanik_design.draw.art import Drawing, Label, ink_on
from botanik_design.draw.output import DEFAULT_DPI, new_page, write_pages
from botanik_design.games.botanik.draw.art import Detail, draw_tile, face_of, symbol_text
from botanik_design.games.botanik.draw.counts import SOURCES, Counts, counts, row_of
from botanik_design.games.botanik.model.tileset import TileDef, TileSet
from botanik_design.model.words import plural

TILE = 26.0      # tile edge in the overview (mm)
GAP = 3.0        # between tiles of one group
COL_GAP = 7.0    # between type columns
CAPTION = 8.0    # copy count and id under each tile
MARGIN = 8.0
LABEL_W = 30.0   # row labels
HEADER = 8.0     # column headers
TITLE = 14.0
ROW_H = 6.0      # counts table row
INK = "#1c1c1c"
RULE = "#9a9a9a"


def _groups(tileset: TileSet) -> dict[tuple[str, str], list[TileDef]]:
    out: dict[tuple[str, str], list[TileDef]] = {}
    for t in tileset.tiles:
        out.setdefault((row_of(t), t.type.value), []).append(t)
    return out


def overview_figure(tileset: TileSet, title: str = "") -> Figure:
    """The overview picture of ``tileset`` (one page sized to its content)."""
    c = counts(tileset)
    groups = _groups(tileset)
    slots = {t: max(len(groups.get((r, t), [])) for r in c.rows) for t in c.types}
    col_w = {t: slots[t] * TILE + (slots[t] - 1) * GAP for t in c.types}
    grid_w = LABEL_W + sum(col_w.values()) + COL_GAP * (len(c.types) - 1)
    row_h = TILE + CAPTION + GAP
    table_w = LABEL_W + 18.0 * (len(c.types) + 1)
    width = 2 * MARGIN + max(grid_w, table_w)
    table_h = ROW_H * (len(c.rows) + 2)
    height = 2 * MARGIN + TITLE + HEADER + row_h * len(c.rows) + 6.0 + table_h
    d = Drawing()
    top = height - MARGIN
    name = title or tileset.name
    machine = c.total - c.row_total(SOURCES)
    d.text(Label(MARGIN, top - 4, name, 5.0, INK, "left", "center", bold=True))
    d.text(Label(MARGIN, top - 10,
                 f"{plural(c.total, 'tile')}: {plural(machine, 'machine tile')} in "
                 f"{plural(len(tileset.colours), 'colour')} + "
                 f"{plural(c.row_total(SOURCES), 'Source')}; "
                 f"{plural(len(tileset.tiles), 'distinct tile')}, each drawn once with its copies",
                 3.0, INK, "left", "center"))
    x_of: dict[str, float] = {}
    x = MARGIN + LABEL_W
    y_head = top - TITLE - HEADER / 2
    for t in c.types:
        x_of[t] = x
        d.text(Label(x + col_w[t] / 2, y_head, t, 3.4, INK, bold=True))
        x += col_w[t] + COL_GAP
    y = top - TITLE - HEADER
    palette = {col.name: col for col in tileset.colours}
    for r in c.rows:
        y -= row_h
        mid = y + CAPTION + TILE / 2
        if r in palette:
            face = face_of(next(t for t in tileset.tiles if t.colour == r), tileset)
            d.patches.append(Rectangle((MARGIN, mid - 4), 8, 8, facecolor=palette[r].display,
                                       edgecolor=RULE, linewidth=0.3))
            d.text(Label(MARGIN + 4, mid, symbol_text(face), 4.0, ink_on(palette[r].display)))
            d.text(Label(MARGIN + 10, mid, r, 3.4, INK, "left", "center", bold=True))
        else:
            d.text(Label(MARGIN, mid, r, 3.4, INK, "left", "center", bold=True))
        for t in c.types:
            for k, tile in enumerate(groups.get((r, t), [])):
                tx = x_of[t] + k * (TILE + GAP)
                draw_tile(d, face_of(tile, tileset), tx, y + CAPTION, TILE,
                          detail=Detail.BOARD, outline="#6a6a6a")
                d.text(Label(tx + TILE / 2, y + CAPTION - 2.6, f"×{tile.copies}", 3.4, INK,
                             bold=True))
                d.text(Label(tx + TILE / 2, y + CAPTION - 6.0, tile.id, 2.2, INK))
    _table(d, c, MARGIN, y - 6.0)
    fig, ax = new_page(width, height)
    d.render(ax)
    return fig


def _table(d: Drawing, c: Counts, x0: float, top: float) -> None:
    """The count table with its top-left corner at ``(x0, top)``."""
    head = ["tiles", *c.types, "total"]
    widths = [LABEL_W] + [18.0] * (len(head) - 1)
    rows = [[r, *(str(c.cells.get((r, t), "")) for t in c.types), str(c.row_total(r))]
            for r in c.rows]
    rows.append(["total", *(str(c.type_total(t)) for t in c.types), str(c.total)])
    y = top
    for i, row in enumerate([head, *rows]):
        y -= ROW_H
        x = x0
        bold = i == 0 or i == len(rows)
        for j, cell in enumerate(row):
            if j == 0:
                d.text(Label(x + 1, y + ROW_H / 2, cell, 2.8, INK, "left", "center", bold=bold))
            else:
                d.text(Label(x + widths[j] - 2, y + ROW_H / 2, cell, 2.8, INK, "right",
                             "center", bold=bold or j == len(row) - 1))
            x += widths[j]
        if i in (0, len(rows) - 1):
            d.patches.append(Rectangle((x0, y - 0.1), sum(widths), 0.2, facecolor=RULE,
                                       edgecolor="none"))


def write_overview(tileset: TileSet, path: Path, *, dpi: int = DEFAULT_DPI,
                   title: str = "") -> list[Path]:
    """Draw and write the overview of ``tileset`` to ``path`` (.svg, .png or .pdf).

    Raises ``OSError`` (:class:`~botanik_design.draw.paths.OutputError` for a bad
    name or folder) when it cannot be written; nothing is written then.
    """
    return write_pages([overview_figure(tileset, title)], path, dpi=dpi,
                       title=title or tileset.name)
