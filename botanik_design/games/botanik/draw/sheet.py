"""Print-and-cut sheets: every physical tile of a set (Sources too) on A4 or Letter pages.

Each tile definition is drawn ``copies`` times, in declaration order, with
:func:`botanik_design.games.botanik.draw.art.draw_tile` at its real size.  Tiles sit in a grid
centred on the page (:mod:`botanik_design.draw.pages`); cut marks run in the
margin along every tile edge, and a footer names the set and page and carries a
50 mm scale bar to check that the printer kept the size ("actual size", not
"fit to page").  With ``backs`` each front page is followed by its back page,
mirrored left to right for double-sided printing flipped on the long edge
(``"long"``), top to bottom for the short edge (``"short"``).  ``bleed`` runs
each tile's art that many mm past its cut lines (the cut marks start outside
it) and ``safe`` keeps the symbols and texts that many mm inside them.

:func:`card_figures` gives one tile per page instead, the page the size of the
tile plus its bleed, for print services that take one image per card.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from matplotlib.figure import Figure

from botanik_design.draw.art import Drawing, Label
from botanik_design.draw.output import DEFAULT_DPI, new_page, write_pages
from botanik_design.draw.pages import (
    CUT_MARK_GAP_MM,
    SERVICE_SAFE_MM,
    SheetLayout,
    sheet_layout,
)
from botanik_design.games.botanik.draw.art import draw_back, draw_tile, face_of
from botanik_design.games.botanik.model.tileset import Kind, TileDef, TileSet

MARK = "#000000"
FOOTER_INK = "#555555"


@dataclass(frozen=True)
class SheetSummary:
    """What a sheet holds: tiles, Sources among them, front pages, back pages, files."""

    tiles: int
    sources: int
    layout: SheetLayout
    back_pages: int
    files: list[Path]

    @property
    def pages(self) -> int:
        """Pages in all (fronts and backs)."""
        return self.layout.pages + self.back_pages


def physical_tiles(tileset: TileSet) -> list[TileDef]:
    """One entry per printed tile: every definition ``copies`` times, Sources included,
    in declaration order."""
    return [t for t in tileset.tiles for _ in range(t.copies)]


def _cut_marks(d: Drawing, lay: SheetLayout) -> None:
    length = lay.cut_mark_length()
    if length <= 0:
        return
    xs, ys = lay.cut_lines()
    top = lay.bottom + lay.grid_height
    right = lay.left + lay.grid_width
    w = 0.3  # mm
    g = CUT_MARK_GAP_MM
    from matplotlib.patches import Rectangle

    for x in xs:
        for y0 in (top + g, lay.bottom - g - length):
            d.patches.append(Rectangle((x - w / 2, y0), w, length, facecolor=MARK,
                                       edgecolor="none"))
    for y in ys:
        for x0 in (right + g, lay.left - g - length):
            d.patches.append(Rectangle((x0, y - w / 2), length, w, facecolor=MARK,
                                       edgecolor="none"))


def _footer(d: Drawing, lay: SheetLayout, text: str, *, scale: bool) -> None:
    room = lay.bottom - CUT_MARK_GAP_MM - lay.cut_mark_length()
    if room < 3.0:
        return
    y = room / 2
    size = min(2.5, room * 0.45)
    d.text(Label(lay.width - lay.left, y, text, size, FOOTER_INK, "right", "center"))
    if scale and lay.grid_width > 110:
        from matplotlib.patches import Rectangle

        x0, h = lay.left, min(1.2, room * 0.25)
        for k in range(5):
            d.patches.append(Rectangle((x0 + 10 * k, y - h / 2), 10, h,
                                       facecolor=FOOTER_INK if k % 2 == 0 else "#ffffff",
                                       edgecolor=FOOTER_INK, linewidth=0.3))
        d.text(Label(x0 + 52, y, "50 mm: print at actual size", size, FOOTER_INK, "left",
                     "center"))


def sheet_figures(tileset: TileSet, layout: SheetLayout, *, backs: bool | str = False,
                  title: str = "", safe: float = 0.0) -> Iterator[Figure]:
    """The pages of the sheet, drawn one at a time (fronts, each followed by its back
    when ``backs``: ``True``/``"long"`` or ``"short"``, the duplex flip):
    ``layout.pages`` or twice as many figures."""
    tiles = physical_tiles(tileset)
    name = title or tileset.name
    faces = {t.id: face_of(t, tileset) for t in tileset.tiles}
    total = layout.pages
    bleed = layout.bleed
    for k in range(total):
        front, rear = Drawing(), Drawing()
        for i in range(k * layout.per_page, min(len(tiles), (k + 1) * layout.per_page)):
            t = tiles[i]
            _, x, y = layout.slot(i)
            draw_tile(front, faces[t.id], x, y, layout.tile, bleed=bleed, safe=safe)
            if backs:
                _, bx, by = layout.slot(i, back=backs)
                draw_back(rear, bx, by, layout.tile, name, source=t.kind is Kind.SOURCE,
                          bleed=bleed, safe=safe)
        extra = f" · {bleed:g} mm bleed" if bleed else ""
        pairs = [(front, f"{name} · page {k + 1} of {total} · {layout.tile:g} mm tiles{extra}")]
        if backs:
            edge = "short" if backs == "short" else "long"
            pairs.append((rear, f"{name} · back of page {k + 1} · flip on the {edge} edge"))
        for drawing, footer in pairs:
            drawing.layer()
            _cut_marks(drawing, layout)
            _footer(drawing, layout, footer, scale=drawing is front)
            fig, ax = new_page(layout.width, layout.height)
            drawing.render(ax)
            yield fig


def card_figures(tileset: TileSet, tile: float, *, bleed: float = 0.0,
                 safe: float = SERVICE_SAFE_MM, backs: bool = False,
                 title: str = "") -> Iterator[Figure]:
    """One page per physical tile, ``tile + 2 * bleed`` mm square, the tile's cut line
    ``bleed`` mm inside the page edge; with ``backs`` each front is followed by its
    back (the order card services expect in one PDF)."""
    name = title or tileset.name
    faces = {t.id: face_of(t, tileset) for t in tileset.tiles}
    side = tile + 2 * bleed
    for t in physical_tiles(tileset):
        d = Drawing()
        draw_tile(d, faces[t.id], bleed, bleed, tile, bleed=bleed, safe=safe, outline=None)
        pages = [d]
        if backs:
            b = Drawing()
            draw_back(b, bleed, bleed, tile, name, source=t.kind is Kind.SOURCE, bleed=bleed,
                      safe=safe)
            pages.append(b)
        for drawing in pages:
            fig, ax = new_page(side, side)
            drawing.render(ax)
            yield fig


def write_cards(tileset: TileSet, path: Path, *, tile: float = 45.0, bleed: float = 0.0,
                safe: float = SERVICE_SAFE_MM, backs: bool = False, dpi: int = DEFAULT_DPI,
                title: str = "") -> tuple[int, list[Path]]:
    """Write :func:`card_figures` to ``path`` (a PDF of every card, or one PNG/SVG per
    card: ``NAME-1.png`` ...); returns ``(cards, files)``.  Raises ``OSError`` as
    :func:`write_sheet` does; nothing is written then."""
    count = len(physical_tiles(tileset)) * (2 if backs else 1)
    figures = card_figures(tileset, tile, bleed=bleed, safe=safe, backs=backs, title=title)
    files = write_pages(figures, path, dpi=dpi, title=title or tileset.name, count=count)
    return count, files


def write_sheet(tileset: TileSet, path: Path, *, page: str = "a4", tile: float = 45.0,
                margin: float = 10.0, gap: float = 0.0, backs: bool | str = False,
                dpi: int = DEFAULT_DPI, title: str = "", bleed: float = 0.0,
                safe: float = 0.0) -> SheetSummary:
    """Lay out, draw and write the sheet of ``tileset`` to ``path`` (.pdf, .svg, .png).

    Raises :class:`~botanik_design.draw.pages.LayoutError` (a ``ValueError``)
    when the page, tile size, margin or bleed is unusable, and ``OSError``
    (:class:`~botanik_design.draw.output.OutputError` for a bad name or folder)
    when the file cannot be written; nothing is written then.
    """
    tiles = physical_tiles(tileset)
    layout = sheet_layout(len(tiles), page, tile, margin, gap, bleed)
    figures = sheet_figures(tileset, layout, backs=backs, title=title, safe=safe)
    files = write_pages(figures, path, dpi=dpi, title=title or tileset.name,
                        count=layout.pages * (2 if backs else 1))
    sources = sum(1 for t in tiles if t.kind is Kind.SOURCE)
    return SheetSummary(len(tiles), sources, layout, layout.pages if backs else 0, files)
