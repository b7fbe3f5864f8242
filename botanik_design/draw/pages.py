"""Page sizes and the grid of a print-and-cut sheet (pure arithmetic, no drawing).

Lengths are millimetres; ``(x, y)`` is measured from the page's lower-left
corner, x to the right, y **up** (as in the drawings).  Tiles sit in a grid
centred on the page, so a back page (the same grid mirrored left to right,
for printers that flip on the long edge) lines up with its front page.
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

    ``columns`` x ``rows`` tiles of ``tile`` mm, ``gap`` mm apart, starting at
    ``(left, bottom)`` (the grid's lower-left corner); ``count`` tiles in all.
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
        """Width of the tile grid (mm)."""
        return self.columns * self.tile + (self.columns - 1) * self.gap

    @property
    def grid_height(self) -> float:
        """Height of the tile grid (mm)."""
        return self.rows * self.tile + (self.rows - 1) * self.gap

    def slot(self, index: int, *, back: bool = False) -> tuple[int, float, float]:
        """``(page, x, y)``: the page (0-based) and lower-left corner of tile ``index``.

        Tiles fill each page row by row from the top left.  ``back=True`` gives
        the mirrored place (x reflected across the page's vertical centre line),
        where the tile's back must be printed for a long-edge duplex flip.
        """
        page, k = divmod(index, self.per_page)
        row, col = divmod(k, self.columns)
        x = self.left + col * (self.tile + self.gap)
        y = self.bottom + self.grid_height - self.tile - row * (self.tile + self.gap)
        if back:
            x = self.width - x - self.tile
        return page, x, y

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x positions of the vertical cut lines and the y positions of the
        horizontal ones: every tile edge of the grid, sorted, without repeats."""
        xs = {self.left + c * (self.tile + self.gap) + d for c in range(self.columns)
              for d in (0.0, self.tile)}
        ys = {self.bottom + r * (self.tile + self.gap) + d for r in range(self.rows)
              for d in (0.0, self.tile)}
        return sorted(round(v, 6) for v in xs), sorted(round(v, 6) for v in ys)

    def cut_mark_length(self) -> float:
        """Length of the cut marks in the margin (0 when the margin has no room)."""
        room = min(self.left, self.bottom) - CUT_MARK_GAP_MM - 0.5
        return max(0.0, min(CUT_MARK_MM, room))


def _a_page(page: str) -> str:
    label = PAGE_LABELS[page.strip().lower()]
    return f"{'an' if label[0] in 'AEIOU' else 'a'} {label} page"


def sheet_layout(count: int, page: str = "a4", tile: float = DEFAULT_TILE_MM,
                 margin: float = DEFAULT_MARGIN_MM, gap: float = 0.0) -> SheetLayout:
    """Lay ``count`` tiles of edge ``tile`` mm out on pages of size ``page``.

    ``margin`` is kept free on every side (cut marks and the footer go there);
    ``gap`` separates neighbouring tiles (0: tiles share their cut lines).
    Raises :class:`LayoutError` for an unknown page, a tile or margin that is
    not a positive finite number, a tile under :data:`MIN_TILE_MM`, or a tile
    that does not fit inside the margins.
    """
    width, height = page_size(page)
    for name, value in (("tile size", tile), ("margin", margin), ("gap", gap)):
        if not math.isfinite(value) or value < 0:
            raise LayoutError(f"{name} must be a finite number of millimetres >= 0, got {value}")
    if tile < MIN_TILE_MM:
        raise LayoutError(f"tile size {tile:g} mm is too small (at least {MIN_TILE_MM:g} mm)")
    usable_w, usable_h = width - 2 * margin, height - 2 * margin
    if usable_w <= 0 or usable_h <= 0:
        raise LayoutError(f"margin {margin:g} mm leaves no room on {_a_page(page)} "
                          f"({width:g} x {height:g} mm)")
    if tile > usable_w or tile > usable_h:
        raise LayoutError(
            f"a {tile:g} mm tile does not fit on {_a_page(page)} "
            f"({width:g} x {height:g} mm) "
            f"with {margin:g} mm margins: at most {min(usable_w, usable_h):g} mm"
        )
    columns = int((usable_w + gap) // (tile + gap))
    rows = int((usable_h + gap) // (tile + gap))
    grid_w = columns * tile + (columns - 1) * gap
    grid_h = rows * tile + (rows - 1) * gap
    return SheetLayout(page.strip().lower(), width, height, tile, gap, margin, columns, rows,
                       (width - grid_w) / 2, (height - grid_h) / 2, count)
