"""Hive pictures: hexagonal pieces, print-and-cut sheets of a piece set, its overview,
and Hive boards, built on the shared primitives of :mod:`botanik_design.draw.art`.

A piece is a pointy-top hexagon (the board's orientation,
:mod:`botanik_design.games.hive.engine.coords`): ``size`` mm from flat side to flat
side (the width), ``2 * size / sqrt(3)`` from point to point.  White pieces are
ivory, Black pieces near black; each shows its bug's letter (the UHP letter)
on a disc of the bug's colour, the bug's name and the piece's UHP name (``wS1``).

A sheet gives every piece of both colours (each bug as many times as the set
has copies per player); each hexagon is outlined to be cut along, centred in a
slot of the sheet grid (:mod:`botanik_design.draw.pages`) as wide as the
hexagon (flat to flat) and as high (point to point).  A bleed grows each
hexagon's fill that many mm past its cut outline (the outline is then not
drawn: a print service cuts along its own die line); :func:`piece_card_figures`
gives one piece per page for services that take one image per piece.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Circle, Polygon

from botanik_design.draw.art import Drawing, Label, fit_lines, ink_on, washed
from botanik_design.draw.output import DEFAULT_DPI, new_page, write_pages
from botanik_design.draw.pages import SheetLayout, sheet_layout
from botanik_design.games.hive.counts import SIDE_NAME
from botanik_design.games.hive.model import BUG_LETTER, Bug, PieceSet
from botanik_design.model.words import plural

#: Piece colours of White and Black.
SIDE_FILL = ("#f3ecd9", "#2b2b2b")
SIDE_LETTER = ("w", "b")
#: A colour per bug for its disc (ink chosen for contrast).
BUG_COLOUR: dict[Bug, str] = {
    Bug.QUEEN: "#e0a712", Bug.SPIDER: "#8a5a2b", Bug.BEETLE: "#7b4fa0",
    Bug.GRASSHOPPER: "#3f9b4a", Bug.ANT: "#3a6fc4", Bug.MOSQUITO: "#8c8c8c",
    Bug.LADYBUG: "#d1383d", Bug.PILLBUG: "#2a9d9d",
}
BUG_WORD: dict[Bug, str] = {
    Bug.QUEEN: "Queen Bee", Bug.SPIDER: "Spider", Bug.BEETLE: "Beetle",
    Bug.GRASSHOPPER: "Grasshopper", Bug.ANT: "Soldier Ant", Bug.MOSQUITO: "Mosquito",
    Bug.LADYBUG: "Ladybug", Bug.PILLBUG: "Pillbug",
}
#: Default piece width (flat to flat, mm): an estimate of the published pieces (not measured).
DEFAULT_PIECE_MM = 38.0
SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Piece:
    """One physical piece: side (0 White, 1 Black), bug, UHP name."""

    side: int
    bug: Bug
    name: str


def pieces_of(pieceset: PieceSet) -> list[Piece]:
    """Every piece of both sides, White first, bugs in :class:`Bug` order, copies numbered
    as in UHP (a number only for bugs with several copies)."""
    out: list[Piece] = []
    for side in (0, 1):
        for bug, n in pieceset.counts:
            for k in range(1, n + 1):
                num = str(k) if n > 1 else ""
                out.append(Piece(side, bug, f"{SIDE_LETTER[side]}{BUG_LETTER[bug]}{num}"))
    return out


def hex_corners(cx: float, cy: float, width: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon of ``width`` (flat to flat) centred at ``(cx, cy)``."""
    r = width / SQRT3
    return [(cx + r * math.cos(math.radians(90 + 60 * k)),
             cy + r * math.sin(math.radians(90 + 60 * k))) for k in range(6)]


def draw_piece(d: Drawing, piece: Piece, cx: float, cy: float, width: float, *,
               greyed: bool = False, detail: bool = True, bleed: float = 0.0) -> None:
    """Add ``piece`` centred at ``(cx, cy)`` (mm), ``width`` mm flat to flat; ``bleed``:
    mm of fill past each side of the cut outline (which is then not drawn)."""
    tone = washed if greyed else (lambda c: c)
    fill = tone(SIDE_FILL[piece.side])
    ink = ink_on(fill)
    if bleed > 0:
        d.patches.append(Polygon(hex_corners(cx, cy, width + 2 * bleed), closed=True,
                                 facecolor=fill, edgecolor="none"))
    else:
        d.patches.append(Polygon(hex_corners(cx, cy, width), closed=True, facecolor=fill,
                                 edgecolor=tone("#555555"), linewidth=0.5))
    disc = tone(BUG_COLOUR[piece.bug])
    d.patches.append(Circle((cx, cy + 0.06 * width), 0.25 * width, facecolor=disc,
                            edgecolor=ink, linewidth=0.6))
    d.text(Label(cx, cy + 0.06 * width, BUG_LETTER[piece.bug], 0.28 * width, ink_on(disc),
                 bold=True))
    if detail:
        lines, fs = fit_lines(BUG_WORD[piece.bug], 0.7 * width, 0.09 * width, 0.06 * width, 1)
        d.text(Label(cx, cy - 0.3 * width, lines[0], fs, ink, bold=True))
        d.text(Label(cx, cy + 0.39 * width, piece.name, 0.075 * width, ink))


def slot_size(width: float) -> float:
    """The height (mm) of the slot a piece ``width`` mm across the flats needs (point to
    point; the slot is ``width`` wide)."""
    return width * 2 / SQRT3


def slot_bleed(bleed: float) -> float:
    """The bleed (mm) of a piece's slot in the layout for ``bleed`` mm past each side: a
    hexagon grown by ``bleed`` across the flats grows ``2 / sqrt(3)`` times that at its
    points."""
    return bleed * 2 / SQRT3


def piece_sheet_figures(pieceset: PieceSet, layout: SheetLayout, title: str = "",
                        bleed: float = 0.0) -> Iterator[Figure]:
    """The pages of a piece-set sheet (each piece in a ``tile`` x ``tile_h`` slot of
    ``layout``: its width across the flats and its height; ``bleed`` past each side)."""
    pieces = pieces_of(pieceset)
    name = title or pieceset.title or pieceset.name
    w = layout.tile
    for k in range(layout.pages):
        d = Drawing()
        for i in range(k * layout.per_page, min(len(pieces), (k + 1) * layout.per_page)):
            _, x, y = layout.slot(i)
            draw_piece(d, pieces[i], x + w / 2, y + layout.tile_h / 2, w, bleed=bleed)
        if layout.bottom > 4:
            cut = f"{bleed:g} mm bleed" if bleed else "cut along the outlines"
            d.text(Label(layout.width - layout.left, layout.bottom / 2,
                         f"{name} · page {k + 1} of {layout.pages} · pieces {w:.4g} mm "
                         f"across the flats · {cut}", 2.5, "#555555", "right"))
        fig, ax = new_page(layout.width, layout.height)
        d.render(ax)
        yield fig


def piece_layout(count: int, page: str, tile: float, margin: float, gap: float,
                 bleed: float = 0.0) -> SheetLayout:
    """The sheet layout of ``count`` pieces ``tile`` mm across the flats (slots as wide
    as a piece and as high; ``bleed`` mm past each side).  Raises
    :class:`~botanik_design.draw.pages.LayoutError` as :func:`sheet_layout` does."""
    return sheet_layout(count, page, tile, margin, gap, slot_bleed(bleed),
                        tile_height=slot_size(tile))


def write_piece_sheet(pieceset: PieceSet, path: Path, *, page: str = "a4",
                      tile: float = DEFAULT_PIECE_MM, margin: float = 10.0, gap: float = 2.0,
                      dpi: int = DEFAULT_DPI,
                      bleed: float = 0.0) -> tuple[int, SheetLayout, list[Path]]:
    """Write the sheet of ``pieceset``; returns ``(pieces, layout, files)``.

    ``tile`` is the piece's width across the flats (mm); each slot is as wide and
    as high as the piece (``2 * tile / sqrt(3)``) and ``gap`` separates the slots.
    Raises :class:`~botanik_design.draw.pages.LayoutError` and ``OSError`` as
    :func:`botanik_design.games.botanik.draw.sheet.write_sheet` does.
    """
    n = len(pieces_of(pieceset))
    layout = piece_layout(n, page, tile, margin, gap, bleed)
    files = write_pages(piece_sheet_figures(pieceset, layout, bleed=bleed), path, dpi=dpi,
                        title=pieceset.name, count=layout.pages)
    return n, layout, files


def piece_card_figures(pieceset: PieceSet, tile: float = DEFAULT_PIECE_MM,
                       bleed: float = 0.0) -> Iterator[Figure]:
    """One page per piece: the piece's bounding box plus its bleed on every side."""
    extra = slot_bleed(bleed)
    width, height = tile + 2 * extra, slot_size(tile) + 2 * extra
    for piece in pieces_of(pieceset):
        d = Drawing()
        draw_piece(d, piece, width / 2, height / 2, tile, bleed=bleed)
        fig, ax = new_page(width, height)
        d.render(ax)
        yield fig


def write_piece_cards(pieceset: PieceSet, path: Path, *, tile: float = DEFAULT_PIECE_MM,
                      bleed: float = 0.0, dpi: int = DEFAULT_DPI) -> tuple[int, list[Path]]:
    """Write :func:`piece_card_figures` to ``path``; returns ``(pieces, files)``."""
    n = len(pieces_of(pieceset))
    files = write_pages(piece_card_figures(pieceset, tile, bleed), path, dpi=dpi,
                        title=pieceset.name, count=n)
    return n, files


def pieceset_overview_figure(pieceset: PieceSet, title: str = "") -> Figure:
    """Each bug once per side with its copies, White row above Black row."""
    w, gap, margin, label_w = 26.0, 6.0, 8.0, 22.0
    bugs = pieceset.bugs()
    width = 2 * margin + label_w + len(bugs) * (w + gap)
    height = 2 * margin + 16 + 2 * (w * 2 / SQRT3 + 10)
    d = Drawing()
    top = height - margin
    name = title or pieceset.title or pieceset.name
    d.text(Label(margin, top - 4, name, 5.0, "#1c1c1c", "left", bold=True))
    d.text(Label(margin, top - 10, f"{plural(pieceset.pieces_per_player(), 'piece')} per player, "
                 f"{2 * pieceset.pieces_per_player()} in all", 3.0, "#1c1c1c", "left"))
    y = top - 16
    for side in (0, 1):
        row_h = w * 2 / SQRT3 + 10
        cy = y - w / SQRT3 - 1
        d.text(Label(margin, cy, SIDE_NAME[side], 3.4, "#1c1c1c", "left", bold=True))
        for k, (bug, n) in enumerate(pieceset.counts):
            cx = margin + label_w + k * (w + gap) + w / 2
            draw_piece(d, Piece(side, bug, f"{SIDE_LETTER[side]}{BUG_LETTER[bug]}"), cx, cy, w)
            d.text(Label(cx, cy - w / SQRT3 - 3, f"×{n}", 3.4, "#1c1c1c", bold=True))
        y -= row_h
    fig, ax = new_page(width, height)
    d.render(ax)
    return fig


def write_pieceset_overview(pieceset: PieceSet, path: Path, *,
                            dpi: int = DEFAULT_DPI) -> list[Path]:
    """Write the overview of ``pieceset`` to ``path`` (.svg, .png or .pdf)."""
    return write_pages([pieceset_overview_figure(pieceset)], path, dpi=dpi,
                       title=pieceset.name)


def board_figure(stacks: Sequence[tuple[tuple[int, int], Sequence[Piece]]], title: str = "",
                 width: float = 20.0) -> Figure:
    """A Hive position: each ``((q, r), pieces bottom to top)`` stack drawn at its
    cell (axial: q east, r south-east; north up), the top piece shown, a stack
    higher than one marked with its height and the pieces below."""
    margin = 8.0
    r_pt = width / SQRT3

    def centre(q: int, r: int) -> tuple[float, float]:
        return (width * (q + r / 2), -1.5 * r_pt * r)

    pts = [centre(q, r) for (q, r), _ in stacks] or [(0.0, 0.0)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    fig_w = max(90.0, max(xs) - min(xs) + width + 2 * margin)
    fig_h = max(ys) - min(ys) + 2 * r_pt + 2 * margin + 10
    ox = margin + width / 2 - min(xs) + (fig_w - (max(xs) - min(xs) + width + 2 * margin)) / 2
    oy = margin + r_pt - min(ys)
    d = Drawing()
    if title:
        import textwrap

        lines = textwrap.wrap(title, max(20, int((fig_w - 2 * margin) / (0.62 * 3.2))))[:3]
        fig_h += 4.5 * (len(lines) - 1)
        d.text(Label(margin, fig_h - margin, "\n".join(lines), 3.2, "#1c1c1c", "left", "top",
                     bold=True))
    for (q, r), stack in sorted(stacks, key=lambda s: (s[0][1], s[0][0])):
        cx, cy = centre(q, r)
        top = stack[-1]
        draw_piece(d, top, ox + cx, oy + cy, width * 0.97, detail=False)
        d.text(Label(ox + cx, oy + cy - 0.36 * width, top.name, 0.13 * width,
                     ink_on(SIDE_FILL[top.side])))
        if len(stack) > 1:
            below = " ".join(p.name for p in reversed(stack[:-1]))
            d.text(Label(ox + cx, oy + cy + 0.38 * width, f"×{len(stack)}: {below}",
                         0.1 * width, ink_on(SIDE_FILL[top.side]), bold=True))
    if not stacks:
        d.text(Label(fig_w / 2, fig_h / 2, "(empty board)", 3.0, "#1c1c1c"))
    fig, ax = new_page(fig_w, fig_h)
    d.render(ax)
    return fig


def stacks_of(state: Any) -> list[tuple[tuple[int, int], list[Piece]]]:
    """The stacks of a :class:`~botanik_design.games.hive.engine.state.HiveState` as
    ``((q, r), pieces bottom to top)``, for :func:`board_figure`."""
    from botanik_design.games.hive.engine.coords import unpack
    from botanik_design.games.hive.engine.pieces import BUGS

    table = state.board.table
    out: list[tuple[tuple[int, int], list[Piece]]] = []
    for cell, ids in state.board.stacks.items():
        if ids:
            out.append((unpack(cell), [Piece(table.colour[i], BUGS[table.bug[i]],
                                             table.names[i]) for i in ids]))
    return out


def write_hive_board(state: Any, path: Path, *, title: str = "",
                     dpi: int = DEFAULT_DPI) -> Path:
    """Draw the position of a Hive state and write it to ``path`` (.svg, .png or .pdf)."""
    return write_pages([board_figure(stacks_of(state), title)], path, dpi=dpi, title=title)[0]
