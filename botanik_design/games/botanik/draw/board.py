"""Board pictures: both machines drawn with the tile art, and their scoring marked.

Each machine is drawn north up (cell ``(x, y)``: x east, y north; the Source at
``(0, 0)``), every tile with its *rotated* exits
(:func:`botanik_design.games.botanik.draw.art.draw_tile` with ``Placed.mask``).  When a score
breakdown (:class:`~botanik_design.games.botanik.engine.scoring.PlayerScore`) is given:

* tiles removed at scoring (no pipe path to the Source) are greyed;
* each scoring colour group is outlined (black on white, visible on any colour)
  with its points on a badge;
* flowers that count are ringed in green, flowers that do not are struck out
  in red.

Lengths are millimetres; the page is as large as the machines need.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle

from botanik_design.draw.art import Drawing, Label
from botanik_design.draw.output import DEFAULT_DPI, new_page, write_pages
from botanik_design.games.botanik.draw.art import Detail, draw_tile, face_of
from botanik_design.games.botanik.engine.network import Cell, Placed
from botanik_design.games.botanik.engine.scoring import PlayerScore
from botanik_design.games.botanik.model.sides import OFFSETS
from botanik_design.games.botanik.model.tileset import TileDef, TileSet

TILE = 18.0
MARGIN = 8.0
PANEL_GAP = 16.0
HEAD = 12.0
LEGEND = 9.0
INK = "#1c1c1c"
COUNTED = "#1e9e3a"
NOT_COUNTED = "#d42020"


@dataclass(frozen=True)
class MachinePicture:
    """One machine to draw: its cells, a heading, and optionally its score breakdown."""

    view: Mapping[Cell, Placed]
    heading: str
    score: PlayerScore | None = None


def _bounds(view: Mapping[Cell, Placed]) -> tuple[int, int, int, int]:
    cells = [*view, (0, 0)]
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs), max(xs), min(ys), max(ys)


def _panel(d: Drawing, m: MachinePicture, defs: Sequence[TileDef], tileset: TileSet,
           left: float, bottom: float, tile: float) -> None:
    x0, x1, y0, y1 = _bounds(m.view)

    def corner(c: Cell) -> tuple[float, float]:
        return left + (c[0] - x0) * tile, bottom + (c[1] - y0) * tile

    removed = {tuple(t.cell) for t in m.score.removed} if m.score else set()
    faces = {}
    for cell, placed in sorted(m.view.items()):
        tdef = defs[placed.tile]
        if tdef.id not in faces:
            faces[tdef.id] = face_of(tdef, tileset)
        x, y = corner(cell)
        draw_tile(d, faces[tdef.id], x, y, tile, mask=placed.mask, greyed=cell in removed,
                  detail=Detail.BOARD, outline="#555555")
    # coordinates along the bottom and the left
    for cx in range(x0, x1 + 1):
        d.text(Label(left + (cx - x0 + 0.5) * tile, bottom - 2.5, str(cx), 2.2, INK))
    for cy in range(y0, y1 + 1):
        d.text(Label(left - 2.5, bottom + (cy - y0 + 0.5) * tile, str(cy), 2.2, INK))
    if m.score is None:
        return
    d.layer()
    for group in m.score.groups:
        if group.points <= 0:
            continue
        cells = {tuple(c) for c in group.cells}
        for width, colour in ((1.6, "#ffffff"), (0.8, INK)):
            for c in cells:
                x, y = corner((c[0], c[1]))
                for side, (dx, dy) in enumerate(OFFSETS):
                    if (c[0] + dx, c[1] + dy) in cells:
                        continue
                    d.patches.append(_edge(x, y, tile, side, width, colour))
        first = min(cells, key=lambda c: (c[1], c[0]))
        bx, by = corner((first[0], first[1]))
        d.patches.append(Circle((bx + 0.2 * tile, by + 0.2 * tile), 0.15 * tile,
                                facecolor="#ffffff", edgecolor=INK, linewidth=0.8))
        d.text(Label(bx + 0.2 * tile, by + 0.2 * tile, f"+{group.points}", 0.13 * tile, INK,
                     bold=True))
    for f in m.score.flowers:
        x, y = corner((f.cell[0], f.cell[1]))
        fx, fy, r = x + 0.82 * tile, y + 0.82 * tile, 0.17 * tile
        if f.counted:
            d.patches.append(Circle((fx, fy), r, facecolor="none", edgecolor=COUNTED,
                                    linewidth=1.6))
        else:
            for sign in (1, -1):
                d.patches.append(Rectangle((fx - r, fy - 0.35), 2 * r, 0.7, angle=45 * sign,
                                           rotation_point="center", facecolor=NOT_COUNTED,
                                           edgecolor="none"))


def _edge(x: float, y: float, s: float, side: int, w: float, colour: str) -> Rectangle:
    """A bar of width ``w`` along ``side`` of the tile at ``(x, y)``, inside the tile."""
    if side == 0:
        return Rectangle((x, y + s - w), s, w, facecolor=colour, edgecolor="none")
    if side == 1:
        return Rectangle((x + s - w, y), w, s, facecolor=colour, edgecolor="none")
    if side == 2:
        return Rectangle((x, y), s, w, facecolor=colour, edgecolor="none")
    return Rectangle((x, y), w, s, facecolor=colour, edgecolor="none")


def board_figure(machines: Sequence[MachinePicture], defs: Sequence[TileDef],
                 tileset: TileSet, title: str = "", tile: float = TILE) -> Figure:
    """Both (or any number of) machines side by side, with a title and a legend.

    ``defs[placed.tile]`` is the definition of each placed tile; the palette
    comes from ``tileset``.
    """
    sizes = []
    for m in machines:
        x0, x1, y0, y1 = _bounds(m.view)
        sizes.append(((x1 - x0 + 1) * tile, (y1 - y0 + 1) * tile))
    inner_h = max(h for _, h in sizes)
    width = 2 * MARGIN + sum(w for w, _ in sizes) + PANEL_GAP * (len(sizes) - 1) + 4
    width = max(width, 2 * MARGIN + 175.0)  # room for the legend
    height = 2 * MARGIN + HEAD + inner_h + 4 + LEGEND
    d = Drawing()
    top = height - MARGIN
    if title:
        d.text(Label(MARGIN, top - 2, title, 4.0, INK, "left", "center", bold=True))
    x = MARGIN + 4
    bottom = MARGIN + LEGEND + 4
    for m, (w, h) in zip(machines, sizes, strict=True):
        d.text(Label(x, top - 8, m.heading, 3.2, INK, "left", "center", bold=True))
        _panel(d, m, defs, tileset, x, bottom + (inner_h - h), tile)
        x += w + PANEL_GAP
    if any(m.score is not None for m in machines):
        _legend(d, MARGIN, MARGIN + 2)
    fig, ax = new_page(width, height)
    d.render(ax)
    return fig


def _legend(d: Drawing, x: float, y: float) -> None:
    d.layer()
    d.patches.append(Rectangle((x, y - 1.5), 3, 3, facecolor="#cfcfcf", edgecolor="#555555",
                               linewidth=0.3))
    d.text(Label(x + 4, y, "removed (no pipe path to the Source)", 2.4, INK, "left"))
    x += 55
    d.patches.append(Rectangle((x, y - 1.5), 3, 3, facecolor="none", edgecolor=INK,
                               linewidth=1.2))
    d.text(Label(x + 4, y, "scoring colour group (+points)", 2.4, INK, "left"))
    x += 45
    d.patches.append(Circle((x + 1.5, y), 1.5, facecolor="none", edgecolor=COUNTED,
                            linewidth=1.2))
    d.text(Label(x + 4, y, "flowers counted", 2.4, INK, "left"))
    x += 27
    d.patches.append(Rectangle((x, y - 0.3), 3, 0.6, angle=45, rotation_point="center",
                               facecolor=NOT_COUNTED, edgecolor="none"))
    d.text(Label(x + 4, y, "flowers not counted", 2.4, INK, "left"))


def write_board(machines: Sequence[MachinePicture], defs: Sequence[TileDef], tileset: TileSet,
                path: Path, *, title: str = "", dpi: int = DEFAULT_DPI) -> Path:
    """Draw the machines and write the picture to ``path`` (.svg, .png or .pdf).

    Raises ``OSError`` (:class:`~botanik_design.draw.paths.OutputError` for a bad
    name or folder) when it cannot be written; nothing is written then.
    """
    fig = board_figure(machines, defs, tileset, title)
    return write_pages([fig], path, dpi=dpi, title=title)[0]


def heading(player: int, score: PlayerScore | None) -> str:
    """``player 0: 23 points (groups 10, flowers 13)`` (without a score: ``player 0``)."""
    if score is None:
        return f"player {player}"
    parts = f"groups {score.group_points}, flowers {score.flower_points}"
    if score.mecha_points:
        parts += f", mecha-botanists {score.mecha_points}"
    points = "point" if score.total == 1 else "points"
    return f"player {player}: {score.total} {points} ({parts})"
