"""Pure drawing of the play screen's parts as Rich text (no textual, no app).

Every part is built from the shared tile renderer
(:func:`botanik_design.tui.botanik.tile_view.render_tile`) at the board size
(7x3 cells), so tiles show their colour, pipe exits, flowers, type letter and
colour-blind symbol.  Legal destinations are marked ``›tile‹`` (or ``+`` on an
empty cell); the cursor ``▶tile◀`` in reverse yellow.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from botanik_design.games.botanik.engine import GameState
from botanik_design.games.botanik.model.tileset import TileDef, TileSet
from botanik_design.model.words import plural
from botanik_design.tui.botanik.tile_view import (
    BOARD_SIZE,
    COMPACT_WIDTH,
    render_compact,
    render_empty,
    render_tile,
    tile_colour,
)

W, H = BOARD_SIZE
#: Width of one registry column at board size: marker, tile, marker.
COL_W = W + 2
LEGAL = Style(color="#ffd75f", bold=True)
CURSOR = Style(color="#000000", bgcolor="#ffd75f", bold=True)
MUTED = Style(color="#8a8a8a")
EMPTY_STYLE = "#5f5f5f"
CANDIDATE_STYLE = "bold #ffd75f"

Cell = tuple[int, int]


def tile_lines(tileset: TileSet, tile: TileDef, rotation: int = 0, note: str = "") -> list[Text]:
    """A tile at board size as ``H`` lines of ``W`` cells."""
    return list(render_tile(tile, tile_colour(tileset, tile), rotation=rotation, note=note)
                .split("\n"))


def empty_lines(label: str = "", style: str = EMPTY_STYLE) -> list[Text]:
    """An empty board cell as ``H`` lines."""
    return list(render_empty(W, H, label, style).split("\n"))


def blank_lines(width: int = W) -> list[Text]:
    """Spaces, ``H`` lines of ``width`` cells."""
    return [Text(" " * width) for _ in range(H)]


@dataclass(frozen=True)
class Scale:
    """How the registry and the arrival zone are drawn: ``compact`` tiles take one line
    of :data:`COMPACT_WIDTH` cells (small terminals), else the board size ``W`` x ``H``."""

    compact: bool = False

    @property
    def w(self) -> int:
        """Width of a tile."""
        return COMPACT_WIDTH if self.compact else W

    @property
    def h(self) -> int:
        """Height of a tile (and of a registry row)."""
        return 1 if self.compact else H

    @property
    def col_w(self) -> int:
        """Width of a registry column: marker, tile, marker."""
        return self.w + 2

    @property
    def label_w(self) -> int:
        """Width of the registry's row labels."""
        return 9 if self.compact else 7

    def tile(self, tileset: TileSet, tile: TileDef) -> list[Text]:
        if self.compact:
            return [render_compact(tile, tile_colour(tileset, tile))]
        return tile_lines(tileset, tile)

    def empty(self, label: str = "", style: str = EMPTY_STYLE) -> list[Text]:
        if self.compact:
            return [Text((label or "·").center(self.w), style)]
        return empty_lines(label, style)


FULL = Scale()
COMPACT = Scale(compact=True)


def _join(rows: list[list[Text]]) -> Text:
    out = Text(no_wrap=True, end="")
    for i, line in enumerate(rows):
        if i:
            out.append("\n")
        for part in line:
            out.append_text(part)
    return out


def _marked(lines: list[Text], mark: str) -> list[list[Text]]:
    """``lines`` with a one-cell marker on each side: ``legal``, ``cursor`` or none."""
    out: list[list[Text]] = []
    for i, line in enumerate(lines):
        mid = i == len(lines) // 2
        if mark == "cursor":
            left, right = Text("▶" if mid else "▐", CURSOR), Text("◀" if mid else "▌", CURSOR)
        elif mark == "legal":
            left, right = Text("›" if mid else " ", LEGAL), Text("‹" if mid else " ", LEGAL)
        else:
            left, right = Text(" "), Text(" ")
        out.append([left, line, right])
    return out


@dataclass(frozen=True)
class RegistryMarks:
    """What to highlight: ``(row, column)`` with row ``"slot0"``, ``"middle"`` or ``"slot1"``."""

    legal: frozenset[tuple[str, int]] = frozenset()
    cursor: tuple[str, int] | None = None


def _row_labels(row: str, name: str, scale: Scale) -> list[str]:
    """The label lines of a registry row: ``P1 slots`` / ``middle`` on one line when
    compact, else the name over ``slots`` / ``middle`` over ``stacks``."""
    if scale.compact:
        return [f"{name} slots" if row != "middle" else "middle"]
    return [name, "slots", ""] if row != "middle" else ["middle", "stacks", ""]


def registry_text(state: GameState, marks: RegistryMarks = RegistryMarks(),
                  names: tuple[str, str] = ("P0", "P1"), scale: Scale = FULL) -> Text:
    """The registry: a header (column numbers, stack depths), player 1's slots,
    the middle stacks, player 0's slots (player 0 sits at the bottom); each row
    labelled on the left."""
    ts = state.table.tileset
    stacks = state.middle_stacks()
    cols = len(stacks)
    header = [Text(" " * scale.label_w)]
    for c in range(cols):
        depth = len(stacks[c])
        label = f"{c + 1}" + (f" ×{depth}" if depth != 1 else "")
        style = LEGAL if any(col == c for _, col in marks.legal) else MUTED
        header.append(Text(label.center(scale.col_w)[:scale.col_w], style))
    rows: list[list[Text]] = [header]
    for row, name in (("slot1", names[1]), ("middle", ""), ("slot0", names[0])):
        labels = _row_labels(row, name, scale)
        band: list[list[Text]] = [[Text(labels[i].ljust(scale.label_w)[:scale.label_w],
                                        MUTED)] for i in range(scale.h)]
        for c in range(cols):
            if row == "middle":
                tile = stacks[c][-1] if stacks[c] else None
            else:
                tile = state.slots(0 if row == "slot0" else 1)[c]
            key = (row, c)
            mark = "cursor" if marks.cursor == key else "legal" if key in marks.legal else ""
            if tile is None:
                lines = scale.empty("+" if mark else "", CANDIDATE_STYLE if mark else EMPTY_STYLE)
            else:
                lines = scale.tile(ts, state.tile(tile))
            for i, parts in enumerate(_marked(lines, mark)):
                band[i].extend(parts)
        rows.extend(band)
    return _join(rows)


def registry_hit(x: int, y: int, columns: int, scale: Scale = FULL) -> tuple[str, int] | None:
    """The registry place at widget offset ``(x, y)``, or ``None``."""
    if x < scale.label_w or y < 1:
        return None
    c = (x - scale.label_w) // scale.col_w
    band = (y - 1) // scale.h
    if c >= columns or band > 2:
        return None
    return (("slot1", "middle", "slot0")[band], c)


def arrival_width(scale: Scale) -> int:
    """Cells the arrival zone's drawing needs across (room for ``place P0:``)."""
    return max(scale.w + 3, 9)


def arrival_text(state: GameState, selected: int | None = None,
                 legal: Collection[int] = (), scale: Scale = FULL) -> Text:
    """The arrival zone, one tile under the other, numbered 1, 2, 3 …

    It carries no destination marks: a number is bright when its tile has a legal
    destination, and the selected tile is pointed at (``▸``).  While a released
    tile waits to be placed (or a mecha-botanist to be swapped), that tile comes
    first under ``place P0:`` / ``swap P0:``.
    """
    ts = state.table.tileset
    width = arrival_width(scale)
    rows: list[list[Text]] = []
    d = state.pending()
    if d is not None and d.kind in ("place", "swap"):
        rows.append([Text(f"{d.kind} P{d.player}:".ljust(width), LEGAL)])
        for line in scale.tile(ts, state.tile(d.tile)):
            rows.append([Text("  "), line])
    rows.append([Text("arrival".ljust(width), "bold")])
    tiles = state.arrival_tiles()
    if not tiles:
        rows.append([Text("(empty)".ljust(width), MUTED)])
    for i, t in enumerate(tiles):
        lines = scale.tile(ts, state.tile(t))
        for k, line in enumerate(lines):
            mid = k == len(lines) // 2
            if i == selected:
                num = Text(f"{i + 1}▸" if mid else "  ", CURSOR)
            else:
                num = Text(f"{i + 1} " if mid else "  ", LEGAL if i in legal else MUTED)
            rows.append([num, line])
    return _join(rows)


def arrival_hit(y: int, count: int, scale: Scale = FULL) -> int | None:
    """The arrival index at widget row ``y`` (during a pick), or ``None``."""
    if y < 1:
        return None
    i = (y - 1) // scale.h
    return i if i < count else None


@dataclass(frozen=True)
class MachineLayout:
    """Where the machine's cells are in the drawing: west-most x and north-most y."""

    min_x: int
    max_y: int
    columns: int
    rows: int

    def offset(self, cell: Cell) -> tuple[int, int]:
        """Top-left drawing offset of ``cell``."""
        return (cell[0] - self.min_x) * W, (self.max_y - cell[1]) * H

    def hit(self, x: int, y: int) -> Cell | None:
        """The cell at drawing offset ``(x, y)``."""
        cx, cy = x // W, y // H
        if not (0 <= cx < self.columns and 0 <= cy < self.rows):
            return None
        return self.min_x + cx, self.max_y - cy


def machine_text(
    state: GameState, player: int, candidates: Collection[Cell] = (),
    cursor: Cell | None = None, preview: tuple[TileDef, int] | None = None,
    last: Cell | None = None,
) -> tuple[Text, MachineLayout]:
    """A machine, north up, one cell margin around its tiles and the candidate cells.

    ``candidates`` are drawn as ``+`` cells; ``preview`` (tile, rotation) is
    drawn at ``cursor`` with yellow corner marks; ``last`` (the tile placed
    last) gets a ``•`` note.
    """
    ts = state.table.tileset
    placed = {(t.x, t.y): t for t in state.machine(player)}
    # one cell around the tiles holds every candidate (a candidate touches a tile)
    xs = [x + d for x, _ in placed for d in (-1, 1)] or [-1, 1]
    ys = [y + d for _, y in placed for d in (-1, 1)] or [-1, 1]
    for c in (*candidates, *([cursor] if cursor is not None else [])):
        xs.append(c[0])
        ys.append(c[1])
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
    layout = MachineLayout(lo_x, hi_y, hi_x - lo_x + 1, hi_y - lo_y + 1)
    cand = set(candidates)
    rows: list[list[Text]] = []
    for j in range(layout.rows):
        y = layout.max_y - j
        band: list[list[Text]] = [[] for _ in range(H)]
        for i in range(layout.columns):
            cell = (layout.min_x + i, y)
            if cell == cursor and preview is not None:
                lines = tile_lines(ts, preview[0], preview[1])
                lines[0] = Text("◤", CURSOR) + lines[0][1:]
                lines[-1] = lines[-1][:-1] + Text("◢", CURSOR)
            elif cell in placed:
                t = placed[cell]
                lines = tile_lines(ts, t.definition, t.rotation, "•" if cell == last else "")
            elif cell in cand:
                lines = empty_lines("+", CANDIDATE_STYLE)
            else:
                lines = blank_lines()
            for k in range(H):
                band[k].append(lines[k])
        rows.extend(band)
    return _join(rows), layout


def nearest(cells: Collection[Cell], origin: Cell, direction: Cell) -> Cell | None:
    """The cell of ``cells`` nearest to ``origin`` in ``direction`` (dx, dy), or ``None``.

    A cell counts when it lies in the half-plane of the direction; ties go to the
    one closest to the direction's axis.
    """
    dx, dy = direction
    best: tuple[float, Cell] | None = None
    for c in cells:
        vx, vy = c[0] - origin[0], c[1] - origin[1]
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        across = abs(vx * dy - vy * dx)
        score = along + 2 * across
        if best is None or (score, c) < best:
            best = (score, c)
    return None if best is None else best[1]


def centre_offset(layout: MachineLayout, cell: Cell = (0, 0)) -> tuple[int, int]:
    """Drawing offset of the centre of ``cell`` (the Source by default)."""
    x, y = layout.offset(cell)
    return x + W // 2, y + H // 2


def placements_summary(cells: Mapping[Cell, list[tuple[int, int]]]) -> str:
    """``5 cells, 9 placements``."""
    n = sum(len(v) for v in cells.values())
    return f"{plural(len(cells), 'cell')}, {plural(n, 'placement')}"
