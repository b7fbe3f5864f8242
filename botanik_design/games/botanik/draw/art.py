"""The one drawing of a tile, shared by sheets, the tile-set overview and boards.

A tile is drawn as a ``size`` x ``size`` square (millimetres) whose lower-left
corner is ``(x, y)``; y grows **north** (up), as in machines.  Layout::

    +-----------------+    top-left: the colour-blind symbol on a white badge
    | (♦)   |    ✿    |    top-right: the flowers (up to 3 drawn; more: one and "×n")
    |-------+-------- |    pipes: from the centre to the middle of each side with an
    |       |         |      exit, ending in a flange on the edge (the exits drawn are
    | corner  red-cor |      the *rotated* ones: pass the mask after rotation)
    +-----------------+    bottom-left: the type; bottom-right: the id (``Detail.FULL``)

The background is the palette colour (``Colour.display``); text uses black or
white, whichever reads better on it (WCAG contrast at least 4.5:1), and every
outline drawn against the tile (pipe rims, flowers, plates, the badge) uses
:func:`rim_on`: dark, or light on a tile too dark for a dark rim, so that it
keeps at least the 3:1 WCAG asks of graphics.  ``bleed`` runs the background
and the pipes that many mm past the cut line (for print services); ``safe``
keeps the symbol, the flowers and the texts that many mm inside it.

A crop (plant, vegetable) shows its pictogram on a round plate where its pipe
ends, a mecha-botanist a robot gardener and no pipes, a Source a water hub on
a light grey tile (the Source has no colour; its badge shows ``⌂``).
``greyed=True`` draws the same tile washed out in grey (a tile removed at
scoring).

The functions here add matplotlib patches and texts to a
:class:`~botanik_design.draw.art.Drawing` (the primitives every game's pictures share:
colours, text, the drawing itself, are :mod:`botanik_design.draw.art`); nothing is
drawn until ``Drawing.render`` puts them on an axes whose data units are millimetres
(:mod:`botanik_design.draw.output` makes such pages).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from matplotlib.patches import Circle, Ellipse, Polygon, Rectangle

from botanik_design.draw.art import (
    GRAPHIC_CONTRAST,
    INK_DARK,
    INK_LIGHT,
    MM_PER_PT,
    Drawing,
    Label,
    contrast,
    fit_lines,
    has_glyph,
    ink_on,
    washed,
)
from botanik_design.games.botanik.model.sides import mask_sides
from botanik_design.games.botanik.model.tileset import TileDef, TileSet

SOURCE_FILL = "#e4e4e4"
UNKNOWN_FILL = "#9a9a9a"
SOURCE_SYMBOL = "⌂"
PIPE_DARK = "#262626"
PIPE_LIGHT = "#d3d8dd"
PLATE = "#fbf4dc"
WATER = "#4a90d9"
PETAL = "#ffffff"
HEART = "#f2c230"

#: Words used for each type on the tiles.
TYPE_WORDS: dict[str, str] = {
    "straight": "straight", "corner": "corner", "tee": "tee", "cross": "cross",
    "plant": "plant", "vegetable": "vegetable", "mecha": "mecha-botanist",
    "source": "SOURCE",
}


class Detail(Enum):
    """How much text a tile carries: ``FULL`` (type and id, for sheets and the
    overview), ``BOARD`` (symbol and flowers only, for machines)."""

    FULL = "full"
    BOARD = "board"


@dataclass(frozen=True)
class TileFace:
    """What a tile shows: the parts of a :class:`TileDef` plus its palette entry.

    ``exits`` is the unrotated 4-bit mask (bit 0 = north, clockwise); ``fill``
    is ``#rrggbb``; ``symbol`` the colour-blind marker (``⌂`` for a Source).
    """

    id: str
    type: str
    exits: int
    flowers: int
    fill: str
    symbol: str

    @property
    def is_source(self) -> bool:
        """True for a Source tile."""
        return self.type == "source"


def face_of(tile: TileDef, tileset: TileSet) -> TileFace:
    """The :class:`TileFace` of ``tile`` with the colours of ``tileset``'s palette
    (an undeclared colour is drawn grey with ``?``)."""
    if tile.colour is None:
        fill, symbol = SOURCE_FILL, SOURCE_SYMBOL
    else:
        try:
            colour = tileset.colour(tile.colour)
            fill, symbol = colour.display, colour.symbol
        except KeyError:
            fill, symbol = UNKNOWN_FILL, "?"
    return TileFace(tile.id, tile.type.value, tile.exits, tile.flowers, fill, symbol)


# ----------------------------------------------------------------------------- colours


#: Outline colours tried in turn: the dark rim, a light grey one (dark tiles: it keeps the
#: pipe's light body distinct from its rim), white (the last resort, always >= 3:1 there).
RIMS = (PIPE_DARK, "#9aa3ab", INK_LIGHT)


def rim_on(colour: str) -> str:
    """The outline colour of what is drawn on a ``colour`` tile: the first of :data:`RIMS`
    with at least :data:`GRAPHIC_CONTRAST` against it (dark, on dark tiles light)."""
    return next((c for c in RIMS if contrast(c, colour) >= GRAPHIC_CONTRAST), INK_LIGHT)


def _same(colour: str) -> str:
    return colour


# ----------------------------------------------------------------------------- text


# ----------------------------------------------------------------------------- drawing


@dataclass(frozen=True)
class _Pen:
    """Where a tile goes and how its colours are turned (``washed`` when greyed)."""

    x: float
    y: float
    s: float
    tone: Callable[[str], str]

    def at(self, u: float, v: float) -> tuple[float, float]:
        """Tile-relative ``(u, v)`` (0..1, v up) -> page millimetres."""
        return (self.x + u * self.s, self.y + v * self.s)


#: Unit vector from the centre towards each side (N, E, S, W), v up.
_DIRS = ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))

PIPE_W = 0.22   # pipe width (fraction of the tile edge)
RIM = 0.03      # dark rim of a pipe
FLANGE_W = 0.34
FLANGE_D = 0.07
HUB = 0.15      # hub radius of tees, crosses and the Source


def _arm(d: Drawing, pen: _Pen, side: int, half: float, start: float, end: float,
         colour: str) -> None:
    """A bar of half-width ``half`` along the line from the centre towards ``side``,
    from distance ``start`` to ``end`` (fractions of the edge, 0.5 = the edge)."""
    dx, dy = _DIRS[side]
    s = pen.s
    if dx == 0:
        v0, v1 = sorted((0.5 + dy * start, 0.5 + dy * end))
        x0, y0 = pen.at(0.5 - half, v0)
        d.patches.append(Rectangle((x0, y0), 2 * half * s, (v1 - v0) * s,
                                   facecolor=pen.tone(colour), edgecolor="none"))
    else:
        u0, u1 = sorted((0.5 + dx * start, 0.5 + dx * end))
        x0, y0 = pen.at(u0, 0.5 - half)
        d.patches.append(Rectangle((x0, y0), (u1 - u0) * s, 2 * half * s,
                                   facecolor=pen.tone(colour), edgecolor="none"))


def _disc(d: Drawing, pen: _Pen, u: float, v: float, r: float, colour: str,
          edge: str = "none", lw: float = 0.0) -> None:
    d.patches.append(Circle(pen.at(u, v), r * pen.s, facecolor=pen.tone(colour),
                            edgecolor=pen.tone(edge) if edge != "none" else "none",
                            linewidth=lw))


def _pipes(d: Drawing, pen: _Pen, sides: Sequence[int], hub: float, to: float = 0.0, *,
           rim: str = PIPE_DARK, reach: float = 0.5) -> None:
    """Pipes from the centre (or from ``to``, the edge of a round plate) to each side:
    a rim (``rim``), then the light pipe, and a flange where it meets the edge; they
    run to ``reach`` (0.5: the edge; more: into the bleed)."""
    for light in (False, True):
        colour = PIPE_LIGHT if light else rim
        inset = RIM if light else 0.0
        for side in sides:
            # arms overlap past the centre so that no seam shows where they meet
            _arm(d, pen, side, PIPE_W / 2 - inset, to or -(PIPE_W / 2 - inset), reach, colour)
            _arm(d, pen, side, FLANGE_W / 2 - inset, 0.5 - FLANGE_D + inset, reach, colour)
        if hub > 0:
            _disc(d, pen, 0.5, 0.5, hub - inset, colour)


def _flower(d: Drawing, pen: _Pen, u: float, v: float, r: float,
            rim: str = PIPE_DARK) -> None:
    """A five-petal flower of radius ``r`` (fraction of the edge) centred at ``(u, v)``."""
    lw = max(0.25, 0.012 * pen.s / MM_PER_PT)
    for k in range(5):
        a = math.pi / 2 + k * 2 * math.pi / 5
        _disc(d, pen, u + 0.55 * r * math.cos(a), v + 0.55 * r * math.sin(a), 0.45 * r,
              PETAL, rim, lw)
    _disc(d, pen, u, v, 0.33 * r, HEART, rim, lw)


def flower_spots(n: int) -> list[tuple[float, float, float]]:
    """``(u, v, r)`` of each flower drawn for ``n`` flowers (at most 3), in the
    top-right corner of the tile, clear of the pipes."""
    if n <= 0:
        return []
    if n == 1:
        return [(0.82, 0.82, 0.11)]
    if n == 2:
        return [(0.74, 0.89, 0.075), (0.89, 0.74, 0.075)]
    return [(0.73, 0.9, 0.07), (0.9, 0.9, 0.07), (0.9, 0.73, 0.07)]


def _flowers(d: Drawing, pen: _Pen, n: int, ink: str, rim: str = PIPE_DARK) -> None:
    if n <= 3:
        for u, v, r in flower_spots(n):
            _flower(d, pen, u, v, r, rim)
        return
    _flower(d, pen, 0.76, 0.86, 0.09, rim)
    d.text(Label(*pen.at(0.955, 0.72), f"×{n}", 0.1 * pen.s, pen.tone(ink), "right",
                 "center", bold=True))


def _plate(d: Drawing, pen: _Pen, r: float, rim: str = PIPE_DARK) -> None:
    lw = max(0.3, 0.02 * pen.s / MM_PER_PT)
    _disc(d, pen, 0.5, 0.5, r, PLATE, rim, lw)


def _plant(d: Drawing, pen: _Pen) -> None:
    s = pen.s
    ink = pen.tone("#2f6b2a")
    d.patches.append(Rectangle(pen.at(0.49, 0.36), 0.02 * s, 0.24 * s, facecolor=ink,
                               edgecolor="none"))
    for du, ang in ((-0.07, 35.0), (0.07, -35.0)):
        d.patches.append(Ellipse(pen.at(0.5 + du, 0.5), 0.14 * s, 0.06 * s, angle=ang,
                                 facecolor=ink, edgecolor="none"))
    d.patches.append(Ellipse(pen.at(0.5, 0.63), 0.07 * s, 0.1 * s, facecolor=ink,
                             edgecolor="none"))


def _vegetable(d: Drawing, pen: _Pen) -> None:
    s = pen.s
    root = Polygon([pen.at(0.43, 0.56), pen.at(0.57, 0.56), pen.at(0.5, 0.34)], closed=True,
                   facecolor=pen.tone("#e07b24"), edgecolor=pen.tone(PIPE_DARK),
                   linewidth=max(0.2, 0.01 * s / MM_PER_PT))
    d.patches.append(root)
    green = pen.tone("#2f6b2a")
    for du, ang in ((-0.035, 70.0), (0.0, 90.0), (0.035, 110.0)):
        d.patches.append(Ellipse(pen.at(0.5 + du, 0.61), 0.1 * s, 0.035 * s, angle=ang,
                                 facecolor=green, edgecolor="none"))


def _mecha(d: Drawing, pen: _Pen) -> None:
    s = pen.s
    ink = pen.tone(PIPE_DARK)
    # head with an antenna and two eyes, a body, two arms
    d.patches.append(Rectangle(pen.at(0.43, 0.52), 0.14 * s, 0.11 * s, facecolor=ink,
                               edgecolor="none"))
    d.patches.append(Rectangle(pen.at(0.495, 0.63), 0.01 * s, 0.05 * s, facecolor=ink,
                               edgecolor="none"))
    _disc(d, pen, 0.5, 0.69, 0.018, PIPE_DARK)
    for du in (-0.03, 0.03):
        _disc(d, pen, 0.5 + du, 0.58, 0.016, PLATE)
    d.patches.append(Polygon([pen.at(0.41, 0.33), pen.at(0.59, 0.33), pen.at(0.56, 0.5),
                              pen.at(0.44, 0.5)], closed=True, facecolor=ink, edgecolor="none"))
    for du in (-0.1, 0.1):
        d.patches.append(Ellipse(pen.at(0.5 + du, 0.43), 0.035 * s, 0.13 * s,
                                 angle=-20 if du < 0 else 20, facecolor=ink, edgecolor="none"))


def _water(d: Drawing, pen: _Pen, rim: str = PIPE_DARK) -> None:
    lw = max(0.3, 0.02 * pen.s / MM_PER_PT)
    _disc(d, pen, 0.5, 0.5, HUB + 0.01, WATER, rim, lw)
    drop = Polygon([pen.at(0.5, 0.6), pen.at(0.455, 0.49), pen.at(0.545, 0.49)], closed=True,
                   facecolor=pen.tone(INK_LIGHT), edgecolor="none")
    d.patches.append(drop)
    _disc(d, pen, 0.5, 0.475, 0.047, INK_LIGHT)


def symbol_text(face: TileFace) -> str:
    """The symbol to print: the palette's, unless the font lacks it (then ``?``)."""
    return face.symbol if has_glyph(face.symbol) else "?"


def draw_tile(d: Drawing, face: TileFace, x: float, y: float, size: float, *,
              mask: int | None = None, greyed: bool = False,
              detail: Detail = Detail.FULL, outline: str | None = "#9a9a9a",
              bleed: float = 0.0, safe: float = 0.0) -> None:
    """Add tile ``face`` to ``d``: lower-left corner ``(x, y)``, edge ``size`` mm.

    ``mask`` is the exit mask to draw (after rotation; default the face's own
    exits); ``greyed`` washes the tile out; ``outline`` is the colour of a
    hairline around the tile (``None``: none; never drawn with a bleed, where a
    cut a little off would show it).  ``bleed``: mm of background and pipes past
    the cut line; ``safe``: mm inside the cut line that the symbol, the flowers
    and the texts keep clear of (they are drawn in the square inset by ``safe``).
    """
    pen = _Pen(x, y, size, washed if greyed else _same)
    inner = _Pen(x + safe, y + safe, size - 2 * safe, pen.tone) if safe > 0 else pen
    exits = face.exits if mask is None else mask
    sides = [int(s) for s in mask_sides(exits)]
    ink = ink_on(pen.tone(face.fill))
    rim = rim_on(face.fill)
    reach = 0.5 + bleed / size
    line = outline if outline and bleed <= 0 else None
    d.patches.append(Rectangle((x - bleed, y - bleed), size + 2 * bleed, size + 2 * bleed,
                               facecolor=pen.tone(face.fill),
                               edgecolor=pen.tone(line) if line else "none",
                               linewidth=0.3 if line else 0.0))
    t = face.type
    if t in ("plant", "vegetable"):
        _pipes(d, pen, sides, 0.0, to=0.15, rim=rim, reach=reach)
        _plate(d, pen, 0.2, rim)
        (_plant if t == "plant" else _vegetable)(d, pen)
    elif t == "mecha":
        _plate(d, pen, 0.24, rim)
        _mecha(d, pen)
    elif t == "source":
        _pipes(d, pen, sides, HUB, rim=rim, reach=reach)
        _water(d, pen, rim)
    else:
        _pipes(d, pen, sides, HUB if len(sides) >= 3 else 0.0, rim=rim, reach=reach)
    _flowers(d, inner, face.flowers, ink, rim)
    # the colour-blind symbol on a white badge, top left
    s = inner.s
    _disc(d, inner, 0.15, 0.85, 0.11, INK_LIGHT, rim, max(0.25, 0.012 * s / MM_PER_PT))
    d.text(Label(*inner.at(0.15, 0.845), symbol_text(face), 0.15 * s, pen.tone(INK_DARK)))
    if detail is Detail.FULL:
        word = TYPE_WORDS.get(t, t)
        lines, fs = fit_lines(word, 0.27 * s, 0.075 * s, 0.045 * s, max_lines=2)
        d.text(Label(*inner.at(0.035, 0.035), "\n".join(lines), fs, pen.tone(ink), "left",
                     "bottom", bold=True))
        lines, fs = fit_lines(face.id, 0.3 * s, 0.055 * s, 0.035 * s)
        d.text(Label(*inner.at(0.965, 0.035), "\n".join(lines), fs, pen.tone(ink), "right",
                     "bottom"))


def draw_back(d: Drawing, x: float, y: float, size: float, title: str, *,
              source: bool = False, bleed: float = 0.0, safe: float = 0.0) -> None:
    """The back of a tile: a dark field with the set's title; Sources get a
    distinct light back (the published game gives them distinctive backs).
    ``bleed`` and ``safe`` as for :func:`draw_tile`."""
    pen = _Pen(x, y, size, _same)
    inner = _Pen(x + safe, y + safe, size - 2 * safe, _same) if safe > 0 else pen
    fill = "#e9e2cf" if source else "#2e3b33"
    ink = ink_on(fill)
    d.patches.append(Rectangle((x - bleed, y - bleed), size + 2 * bleed, size + 2 * bleed,
                               facecolor=fill, edgecolor="none"))
    s = inner.s
    lw = max(0.3, 0.015 * s / MM_PER_PT)
    d.patches.append(Rectangle(inner.at(0.06, 0.06), 0.88 * s, 0.88 * s, facecolor="none",
                               edgecolor=ink, linewidth=lw))
    _disc(d, inner, 0.5, 0.5, 0.3, fill, ink, lw)
    lines, fs = fit_lines(title, 0.5 * s, 0.09 * s, 0.04 * s, max_lines=3)
    d.text(Label(*inner.at(0.5, 0.5), "\n".join(lines), fs, ink, bold=True))
    if source:
        d.text(Label(*inner.at(0.5, 0.12), "SOURCE", 0.07 * s, ink, bold=True))

