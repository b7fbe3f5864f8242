"""Drawing the Hive board as text: pointy-top hexes, rows shifted by half a cell.

Screen layout of axial cell ``(q, r)`` (``q`` east, ``r`` south-east, see
:mod:`~botanik_design.games.hive.engine.coords`): row ``y = r``, first column
``x = CELL_W * q + SHIFT * r`` (each row one half cell to the right of the
row above, so the six neighbours touch).  A cell is :data:`LABEL_W`
characters: the top piece's UHP name (colour marker ``w``/``b``, bug letter,
number) and the stack height as a digit after ``^`` when above one.  The
view is centred on the hive plus a scroll offset in characters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from botanik_design.games.hive.engine.board import Board
from botanik_design.games.hive.engine.coords import pack, unpack

CELL_W = 6
SHIFT = 3
LABEL_W = 5

WHITE_PIECE = Style(color="black", bgcolor="#f0e6c8", bold=True)
BLACK_PIECE = Style(color="#f0e6c8", bgcolor="#5a3a22", bold=True)
TARGET = Style(color="black", bgcolor="#5fafd7")
CURSOR = Style(reverse=True, underline=True)
LAST = Style(underline=True)
EMPTY_TARGET_MARK = "  ·  "
FRAME = Style(color="#6c6c6c")


@dataclass
class View:
    """What to draw besides the stacks: the cursor cell, the selected piece's cell,
    the destination cells, the last move's cells, the scroll offset (characters)."""

    cursor: int | None = None
    selected: int | None = None
    targets: frozenset[int] = frozenset()
    last: tuple[int | None, int] | None = None
    scroll: tuple[int, int] = (0, 0)
    extra: frozenset[int] = field(default_factory=frozenset)


def cell_xy(cell: int) -> tuple[int, int]:
    q, r = unpack(cell)
    return CELL_W * q + SHIFT * r, r


def label(board: Board, cell: int) -> str:
    st = board.stacks.get(cell)
    if not st:
        return ""
    name = board.table.names[st[-1]]
    return name + (f"^{len(st)}" if len(st) > 1 else "")


def origin(board: Board, view: View, width: int, height: int) -> tuple[int, int]:
    """Screen position of axial ``(0, 0)``'s first column and row."""
    cells = list(board.stacks) + list(view.targets) + list(view.extra)
    if view.cursor is not None:
        cells.append(view.cursor)
    if not cells:
        cells = [pack(0, 0)]
    xs = [cell_xy(c)[0] for c in cells]
    ys = [cell_xy(c)[1] for c in cells]
    mid_x = (min(xs) + max(xs) + LABEL_W) // 2
    mid_y = (min(ys) + max(ys) + 1) // 2
    return width // 2 - mid_x - view.scroll[0], height // 2 - mid_y - view.scroll[1]


def cell_at(board: Board, view: View, width: int, height: int, x: int, y: int) -> int | None:
    """The cell drawn at screen ``(x, y)``, or ``None`` between cells."""
    ox, oy = origin(board, view, width, height)
    r = y - oy
    rel = x - ox - SHIFT * r
    q, inside = divmod(rel, CELL_W)
    if inside >= LABEL_W:
        return None
    try:
        return pack(q, r)
    except ValueError:
        return None


def render_board(board: Board, view: View, width: int, height: int) -> Text:
    """``height`` lines of ``width`` characters showing the board."""
    ox, oy = origin(board, view, width, height)
    grid: list[list[tuple[str, Style | None]]] = [[(" ", None)] * width for _ in range(height)]
    last_cells = set() if view.last is None else {c for c in view.last if c is not None}

    def put(cell: int, text: str, style: Style | None) -> None:
        x, y = cell_xy(cell)
        x, y = x + ox, y + oy
        if not 0 <= y < height:
            return
        for i, ch in enumerate(text.center(LABEL_W)[:LABEL_W]):
            if 0 <= x + i < width:
                grid[y][x + i] = (ch, style)

    colour = board.table.colour
    for cell in view.targets | view.extra | last_cells:
        if cell not in board.stacks:
            put(cell, EMPTY_TARGET_MARK if cell in view.targets else "  ∙  ",
                TARGET if cell in view.targets else FRAME)
    for cell, st in board.stacks.items():
        style: Style = WHITE_PIECE if colour[st[-1]] == 0 else BLACK_PIECE
        if cell in view.targets:
            style = Style.combine([style, TARGET])
        text = label(board, cell)
        if view.last is not None and cell == view.last[1]:  # where the last move went
            style = Style.combine([style, LAST])
            text = f"*{text}" if len(text) < LABEL_W else text
        put(cell, text, style)
    if view.cursor is not None:
        # an empty cell: "[ ]", a destination "[·]", a piece "[wA1]" when it fits
        base = label(board, view.cursor) or ("·" if view.cursor in view.targets else " ")
        under = board.stacks.get(view.cursor)
        mark = CURSOR if not under else (
            Style.combine([WHITE_PIECE if colour[under[-1]] == 0 else BLACK_PIECE, CURSOR]))
        put(view.cursor, f"[{base}]" if len(base) <= LABEL_W - 2 else base, mark)
    out = Text(no_wrap=True, overflow="crop")
    for i, row in enumerate(grid):
        for ch, ch_style in row:
            out.append(ch, ch_style)
        if i < height - 1:
            out.append("\n")
    return out
