"""Page sizes and the grid of a print-and-cut sheet (pure arithmetic, no drawing).

Lengths are millimetres; ``(x, y)`` is measured from the page's lower-left
corner, x to the right, y **up** (as in the drawings).  Tiles sit in a grid
centred on the page, so a back page (the same grid mirrored left to right for
printers that flip on the long edge, top to bottom for the short edge) lines
up with its front page.  Tiles may be rectangles (``tile`` wide,
``tile_height`` high; the bounding box of a Hive hexagon) and may carry a
bleed: art printed ``bleed`` mm past each cut line, so a cut a little off
still shows no white edge; neighbouring tiles are then ``2 * bleed + gap``
apart and the cut marks start outside the bleed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Paper sizes (width, height) in millimetres, portrait.
PAGE_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}

#: How each page size is written for people.
PAGE_LABELS: dict[str, str] = {"a4": "A4", "letter": "Letter"}

#: Default tile edge (mm).  No official measurement of the published tiles was found;
#: 45 mm is an estimate of their size from photographs of the box contents.
DEFAULT_TILE_MM = 45.0
#: Smallest tile edge accepted (mm): below it the symbols and ids are unreadable.
MIN_TILE_MM = 15.0
DEFAULT_MARGIN_MM = 10.0
#: Length of a cut mark (mm) when the margin is wide enough.
CUT_MARK_MM = 5.0
#: Gap between the tile grid and the start of a cut mark (mm).
CUT_MARK_GAP_MM = 1.0
#: The usual bleed of print services (mm) and the usual safe zone inside the cut line.
SERVICE_BLEED_MM = 3.0
SERVICE_SAFE_MM = 3.0
#: Duplex flips: ``long`` mirrors a back page left to right, ``short`` top to bottom.
FLIPS = ("long", "short")


class LayoutError(ValueError):
    """The requested sheet cannot be laid out (unknown page, tile too large, bad margin)."""


def page_size(name: str) -> tuple[float, float]:
    """``(width, height)`` in mm of a page name (``a4``, ``letter``; any case).

    Raises :class:`LayoutError` naming the known sizes for any other name.
    """
    key = name.strip().lower()
    if key not in PAGE_SIZES:
        known = ", ".join(PAGE_SIZES)
        raise LayoutError(f"unknown page size {name!r} (known: {known})")
    return PAGE_SIZES[key]


@dataclass(frozen=True)
class SheetLayout:
    """Where the tiles go on every page of a sheet.

    ``columns`` x ``rows`` tiles of ``tile`` x :attr:`tile_h` mm (cut size), each
    with ``bleed`` mm of art past its cut lines, ``gap`` mm between the bleeds;
    ``(left, bottom)`` is the grid's lower-left corner, bleed included; ``count``
    tiles in all.
    """

    page: str
    width: float
    height: float
    tile: float
    gap: float
    margin: float
    columns: int
    rows: int
    left: float
    bottom: float
    count: int
    bleed: float = 0.0
    tile_height: float | None = None

    @property
    def tile_h(self) -> float:
        """Height of a tile (mm; ``tile`` for a square tile)."""
        return self.tile if self.tile_height is None else self.tile_height

    @property
    def pitch_x(self) -> float:
        """Distance between the left cut lines of neighbouring columns (mm)."""
        return self.tile + 2 * self.bleed + self.gap

    @property
    def pitch_y(self) -> float:
        """Distance between the bottom cut lines of neighbouring rows (mm)."""
        return self.tile_h + 2 * self.bleed + self.gap

    @property
    def per_page(self) -> int:
        """Tiles on a full page."""
        return self.columns * self.rows

    @property
    def pages(self) -> int:
        """Front pages needed for ``count`` tiles (at least 1)."""
        return max(1, math.ceil(self.count / self.per_page))

    @property
    def grid_width(self) -> float:
        """Width of the tile grid, bleeds included (mm)."""
        return self.columns * self.pitch_x - self.gap

    @property
    def grid_height(self) -> float:
        """Height of the tile grid, bleeds included (mm)."""
        return self.rows * self.pitch_y - self.gap

    def slot(self, index: int, *, back: bool | str = False) -> tuple[int, float, float]:
        """``(page, x, y)``: the page (0-based) and lower-left corner (cut line) of tile
        ``index``.

        Tiles fill each page row by row from the top left.  ``back`` gives the
        place where the tile's back must be printed for a duplex flip: ``True`` or
        ``"long"`` mirrors x across the page's vertical centre line (flip on the
        long edge), ``"short"`` mirrors y across the horizontal one (short edge).
        Raises ``ValueError`` for another flip.
        """
        page, k = divmod(index, self.per_page)
        row, col = divmod(k, self.columns)
        x = self.left + self.bleed + col * self.pitch_x
        y = self.bottom + self.grid_height - self.bleed - self.tile_h - row * self.pitch_y
        flip = "long" if back is True else back
        if flip == "long":
            x = self.width - x - self.tile
        elif flip == "short":
            y = self.height - y - self.tile_h
        elif flip is not False:
            raise ValueError(f"unknown duplex flip {back!r} (known: {', '.join(FLIPS)})")
        return page, x, y

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x positions of the vertical cut lines and the y positions of the
        horizontal ones: every tile edge of the grid, sorted, without repeats."""
        x0, y0 = self.left + self.bleed, self.bottom + self.bleed
        xs = {x0 + c * self.pitch_x + d for c in range(self.columns) for d in (0.0, self.tile)}
        ys = {y0 + r * self.pitch_y + d for r in range(self.rows) for d in (0.0, self.tile_h)}
        return sorted(round(v, 6) for v in xs), sorted(round(v, 6) for v in ys)

    def cut_mark_length(self) -> float:
        """Length of the cut marks in the margin (0 when the margin has no room)."""
        room = min(self.left, self.bottom) - CUT_MARK_GAP_MM - 0.5
        return max(0.0, min(CUT_MARK_MM, room))


def _a_page(page: str) -> str:
    label = PAGE_LABELS[page.strip().lower()]
    return f"{'an' if label[0] in 'AEIOU' else 'a'} {label} page"


def sheet_layout(count: int, page: str = "a4", tile: float = DEFAULT_TILE_MM,
                 margin: float = DEFAULT_MARGIN_MM, gap: float = 0.0, bleed: float = 0.0,
                 tile_height: float | None = None) -> SheetLayout:
    """Lay ``count`` tiles of ``tile`` x ``tile_height`` mm (default square) out on pages
    of size ``page``, each with ``bleed`` mm of art past its cut lines.

    ``margin`` is kept free on every side (cut marks and the footer go there);
    ``gap`` separates neighbouring bleeds (0: without bleed, tiles share their cut
    lines).  Raises :class:`LayoutError` for an unknown page, a length that is not
    a finite number >= 0, a tile under :data:`MIN_TILE_MM`, or a tile that does
    not fit inside the margins.
    """
    width, height = page_size(page)
    th = tile if tile_height is None else tile_height
    for name, value in (("tile size", tile), ("tile height", th), ("margin", margin),
                        ("gap", gap), ("bleed", bleed)):
        if not math.isfinite(value) or value < 0:
            raise LayoutError(f"{name} must be a finite number of millimetres >= 0, got {value}")
    if min(tile, th) < MIN_TILE_MM:
        raise LayoutError(f"tile size {min(tile, th):g} mm is too small "
                          f"(at least {MIN_TILE_MM:g} mm)")
    usable_w, usable_h = width - 2 * margin, height - 2 * margin
    if usable_w <= 0 or usable_h <= 0:
        raise LayoutError(f"margin {margin:g} mm leaves no room on {_a_page(page)} "
                          f"({width:g} x {height:g} mm)")
    outer_w, outer_h = tile + 2 * bleed, th + 2 * bleed
    if outer_w > usable_w or outer_h > usable_h:
        with_bleed = f" and {bleed:g} mm bleed" if bleed else ""
        raise LayoutError(
            f"a {tile:g} mm tile does not fit on {_a_page(page)} "
            f"({width:g} x {height:g} mm) "
            f"with {margin:g} mm margins{with_bleed}: at most "
            f"{min(usable_w - 2 * bleed, usable_h - 2 * bleed):g} mm"
        )
    columns = int((usable_w + gap) // (outer_w + gap))
    rows = int((usable_h + gap) // (outer_h + gap))
    grid_w = columns * (outer_w + gap) - gap
    grid_h = rows * (outer_h + gap) - gap
    return SheetLayout(page.strip().lower(), width, height, tile, gap, margin, columns, rows,
                       (width - grid_w) / 2, (height - grid_h) / 2, count, bleed,
                       tile_height)
