"""Draw one tile as a small box of text cells (a pure function, plus a thin widget).

The layout of a ``width`` x ``height`` box (both odd; the board uses 7x3)::

    ♦  ┃ ✿      top-left: colour-blind symbol      top-right: flowers (✿, ✿✿, 3✿)
    ━━━┛        the pipe exits run from their sides to the centre glyph
    L  ┃ ×2     bottom-left: type letter           bottom-right: an optional note

* Pipe exits are drawn on the sides they occupy **after** ``rotation`` clockwise
  quarter turns (``botanik_design.games.botanik.model.sides`` conventions: N=0, E=1, S=2, W=3).
* The box is filled with the palette colour (``Colour.display``); text and pipes
  use black or white, whichever reads better on it.
* The centre shows the pipe junction (``┗``, ``╋`` …); a crop shows its crop
  (``❦`` plant, ``▼`` vegetable), a mecha-botanist a person (``☻``) and no pipes,
  a Source ``◎`` on a light neutral box with the letter ``S`` and the symbol ``⌂``.
* A tile whose colour is unknown (an undeclared palette name) shows ``?`` on grey.

Everything here is pure (no app needed): :func:`render_tile` for a
:class:`~botanik_design.model.TileDef`, :func:`render_face` for raw values (the
editor draws tiles that may not be valid yet), :func:`render_empty` for an empty
cell.  :class:`TileView` is a widget that shows one tile.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from botanik_design.games.botanik.model.sides import rotate_exits
from botanik_design.games.botanik.model.tileset import TYPE_LETTERS as TYPE_LETTERS
from botanik_design.games.botanik.model.tileset import Colour, TileDef, TileSet

#: Board cell size (width, height) and the editor's preview size.
BOARD_SIZE: tuple[int, int] = (7, 3)
PREVIEW_SIZE: tuple[int, int] = (15, 7)
LARGE_PREVIEW_SIZE: tuple[int, int] = (21, 9)

#: Centre glyph of the tiles that do not show a pipe junction.
CENTRE_GLYPHS: dict[str, str] = {
    "plant": "❦",
    "vegetable": "▼",
    "mecha": "☻",
    "source": "◎",
}

FLOWER = "✿"
SOURCE_SYMBOL = "⌂"
UNKNOWN_SYMBOL = "?"
SOURCE_BACKGROUND = "#e4e4e4"
UNKNOWN_BACKGROUND = "#7a7a7a"

# Exit mask (bit s = side s: N=1, E=2, S=4, W=8) -> heavy box-drawing junction.
_JUNCTIONS: dict[int, str] = {
    0b0000: "·",
    0b0001: "╹",
    0b0010: "╺",
    0b0100: "╻",
    0b1000: "╸",
    0b0011: "┗",
    0b0110: "┏",
    0b1100: "┓",
    0b1001: "┛",
    0b0101: "┃",
    0b1010: "━",
    0b0111: "┣",
    0b1110: "┳",
    0b1101: "┫",
    0b1011: "┻",
    0b1111: "╋",
}


def junction(mask: int) -> str:
    """The box-drawing glyph joining the exits of a 4-bit mask at the centre."""
    return _JUNCTIONS[mask & 0xF]


def _hex_rgb(display: str) -> tuple[int, int, int] | None:
    if len(display) != 7 or not display.startswith("#"):
        return None
    try:
        return int(display[1:3], 16), int(display[3:5], 16), int(display[5:7], 16)
    except ValueError:
        return None


def valid_display(display: str) -> bool:
    """True when ``display`` is a ``#rrggbb`` colour the renderer can use."""
    return _hex_rgb(display) is not None


def ink_for(background: str) -> str:
    """Black or white, whichever contrasts more with ``background`` (#rrggbb)."""
    rgb = _hex_rgb(background)
    if rgb is None:
        return "#ffffff"
    r, g, b = (c / 255 for c in rgb)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if luminance > 0.5 else "#ffffff"


def flowers_text(flowers: int, room: int) -> str:
    """``✿`` repeated when it fits in ``room`` cells, else ``3✿``; empty for none."""
    if flowers <= 0:
        return ""
    if flowers <= room:
        return FLOWER * flowers
    return f"{flowers}{FLOWER}"


def render_face(
    tile_type: str,
    exits: int,
    flowers: int = 0,
    colour: Colour | None = None,
    *,
    kind: str | None = None,
    rotation: int = 0,
    width: int = BOARD_SIZE[0],
    height: int = BOARD_SIZE[1],
    note: str = "",
) -> Text:
    """Draw a tile from raw values; see the module docstring for the layout.

    ``tile_type`` and ``kind`` are schema names (``"corner"``, ``"pipe"`` …;
    unknown names are drawn as ``?``), ``exits`` the unrotated 4-bit mask,
    ``colour`` the palette entry (``None``: a Source, or unknown).  ``width``
    and ``height`` must be odd, at least 5 and 3.  Returns ``height`` lines of
    exactly ``width`` cells joined by newlines.
    """
    if width < 5 or height < 3 or width % 2 == 0 or height % 2 == 0:
        raise ValueError(f"tile size must be odd and at least 5x3, not {width}x{height}")
    is_source = tile_type == "source" or kind == "source"
    is_mecha = tile_type == "mecha" or kind == "mecha"
    if is_source:
        background, symbol = SOURCE_BACKGROUND, SOURCE_SYMBOL
    elif colour is None or _hex_rgb(colour.display) is None:
        background = UNKNOWN_BACKGROUND
        symbol = colour.symbol if colour is not None else UNKNOWN_SYMBOL
    else:
        background, symbol = colour.display, colour.symbol
    ink = ink_for(background)
    base = Style(color=ink, bgcolor=background)
    pipe = Style(color=ink, bgcolor=background, bold=True)

    mask = 0 if is_mecha else rotate_exits(exits & 0xF, rotation)
    cx, cy = width // 2, height // 2
    grid = [[" "] * width for _ in range(height)]
    styles: list[list[Style]] = [[base] * width for _ in range(height)]

    def put(row: int, col: int, text: str, style: Style = base) -> None:
        for i, ch in enumerate(text):
            if 0 <= col + i < width:
                grid[row][col + i] = ch
                styles[row][col + i] = style

    # Pipes from each exit side to the centre.
    if mask & 0b0001:
        for row in range(cy):
            put(row, cx, "┃", pipe)
    if mask & 0b0100:
        for row in range(cy + 1, height):
            put(row, cx, "┃", pipe)
    if mask & 0b1000:
        put(cy, 0, "━" * cx, pipe)
    if mask & 0b0010:
        put(cy, cx + 1, "━" * (width - cx - 1), pipe)
    centre = CENTRE_GLYPHS.get("source" if is_source else "mecha" if is_mecha else tile_type)
    if centre is None:
        centre = junction(mask) if tile_type in TYPE_LETTERS else UNKNOWN_SYMBOL
    put(cy, cx, centre, pipe)

    # Corner content: symbol, flowers, type letter, note.
    pad_x = 1 if width < 11 else 2
    pad_y = 0 if height < 7 else 1
    right_room = width - cx - 2  # cells right of the vertical pipe, one cell gap
    put(pad_y, pad_x, symbol, pipe)
    shown = flowers_text(flowers, max(1, right_room - 1))
    if shown:
        end = width - pad_x if len(shown) < right_room else width
        put(pad_y, end - len(shown), shown, pipe)
    letter = TYPE_LETTERS.get("source" if is_source else tile_type, UNKNOWN_SYMBOL)
    put(height - 1 - pad_y, pad_x, letter, pipe)
    if note:
        text = note[:right_room]
        end = width - pad_x if len(text) < right_room else width
        put(height - 1 - pad_y, end - len(text), text, base)

    out = Text(no_wrap=True, end="")
    for row in range(height):
        if row:
            out.append("\n")
        for col in range(width):
            out.append(grid[row][col], styles[row][col])
    return out


def render_tile(
    tile: TileDef,
    colour: Colour | None = None,
    *,
    rotation: int = 0,
    width: int = BOARD_SIZE[0],
    height: int = BOARD_SIZE[1],
    note: str = "",
) -> Text:
    """Draw a tile definition turned by ``rotation`` clockwise quarter turns.

    ``colour`` is the tile's palette entry (``tile_colour(tileset, tile)``).
    """
    return render_face(
        str(tile.type), tile.exits, tile.flowers, colour, kind=str(tile.kind),
        rotation=rotation, width=width, height=height, note=note,
    )


#: Width of a one-line tile (:func:`render_compact`).
COMPACT_WIDTH = 5


def render_compact(tile: TileDef, colour: Colour | None = None) -> Text:
    """A tile on one line of :data:`COMPACT_WIDTH` cells, in its colours: colour symbol,
    the junction of its exits as printed (or its centre glyph), type letter, flowers
    (``■┣T✿ ``).  For small screens, where only colour and type matter (the registry)."""
    kind, tile_type = str(tile.kind), str(tile.type)
    is_source = kind == "source" or tile_type == "source"
    is_mecha = kind == "mecha" or tile_type == "mecha"
    if is_source:
        background, symbol = SOURCE_BACKGROUND, SOURCE_SYMBOL
    elif colour is None or _hex_rgb(colour.display) is None:
        background = UNKNOWN_BACKGROUND
        symbol = colour.symbol if colour is not None else UNKNOWN_SYMBOL
    else:
        background, symbol = colour.display, colour.symbol
    glyph = CENTRE_GLYPHS.get("source" if is_source else "mecha" if is_mecha else tile_type)
    if glyph is None:
        glyph = junction(tile.exits) if tile_type in TYPE_LETTERS else UNKNOWN_SYMBOL
    letter = TYPE_LETTERS.get("source" if is_source else tile_type, UNKNOWN_SYMBOL)
    flowers = flowers_text(tile.flowers, 1) if tile.flowers < 10 else "9+"
    face = f"{symbol[:1]}{glyph}{letter}{flowers}".ljust(COMPACT_WIDTH)[:COMPACT_WIDTH]
    return Text(face, Style(color=ink_for(background), bgcolor=background, bold=True),
                no_wrap=True, end="")


def tile_colour(tileset: TileSet, tile: TileDef) -> Colour | None:
    """The palette entry of ``tile`` in ``tileset``; ``None`` for a Source or an unknown name."""
    if tile.colour is None:
        return None
    try:
        return tileset.colour(tile.colour)
    except KeyError:
        return None


def render_empty(
    width: int = BOARD_SIZE[0], height: int = BOARD_SIZE[1], label: str = "",
    style: str = "#5f5f5f",
) -> Text:
    """An empty cell: a dotted outline with an optional centred ``label``."""
    if width < 3 or height < 1:
        raise ValueError(f"cell size must be at least 3x1, not {width}x{height}")
    lines: list[str] = []
    for row in range(height):
        if height > 1 and row in (0, height - 1):
            lines.append("┄" * width)
        else:
            lines.append(" " * width)
    if label:
        mid = height // 2
        lab = label[:width]
        left = (width - len(lab)) // 2
        row_text = lines[mid]
        lines[mid] = row_text[:left] + lab + row_text[left + len(lab):]
    return Text("\n".join(lines), style=style, no_wrap=True, end="")


class TileView(Widget):
    """A widget showing one tile (or an empty cell) at a fixed size.

    Set :attr:`tile` (a ``TileDef``) and :attr:`colour`, or call :meth:`show_face`
    with raw values.  :attr:`rotation` turns the drawing.
    """

    DEFAULT_CSS = """
    TileView { width: auto; height: auto; }
    """

    tile: reactive[TileDef | None] = reactive(None)
    colour: reactive[Colour | None] = reactive(None)
    rotation: reactive[int] = reactive(0)
    note: reactive[str] = reactive("")

    def __init__(
        self,
        tile: TileDef | None = None,
        colour: Colour | None = None,
        *,
        rotation: int = 0,
        size: tuple[int, int] = BOARD_SIZE,
        empty_label: str = "",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._size_cells = size
        self._face: Text | None = None
        self.empty_label = empty_label
        self.set_reactive(TileView.tile, tile)
        self.set_reactive(TileView.colour, colour)
        self.set_reactive(TileView.rotation, rotation)

    @property
    def cells(self) -> tuple[int, int]:
        """The drawing's (width, height) in cells."""
        return self._size_cells

    def set_cells(self, size: tuple[int, int]) -> None:
        """Change the drawing size (odd width and height)."""
        self._size_cells = size
        self.refresh(layout=True)

    def show_face(self, face: Text | None) -> None:
        """Show a drawing made with :func:`render_face` (``None``: back to :attr:`tile`)."""
        self._face = face
        self.refresh()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._size_cells[0]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._size_cells[1]

    def render(self) -> Text:
        width, height = self._size_cells
        if self._face is not None:
            return self._face
        if self.tile is None:
            return render_empty(width, height, self.empty_label)
        return render_tile(
            self.tile, self.colour, rotation=self.rotation, width=width, height=height,
            note=self.note,
        )
