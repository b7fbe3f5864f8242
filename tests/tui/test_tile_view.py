"""The tile renderer: exits on the right sides after rotation, corner marks, colours."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult

from botanik_design.games.botanik.model.sides import Side, rotate_exits
from botanik_design.games.botanik.model.tileset import Colour, Kind, TileDef, TileType
from botanik_design.tui.botanik.tile_view import (
    BOARD_SIZE,
    LARGE_PREVIEW_SIZE,
    PREVIEW_SIZE,
    TileView,
    render_empty,
    render_face,
    render_tile,
)

RED = Colour("red", "♦", "#d1383d")
YELLOW = Colour("yellow", "★", "#e8b923")


def rows(text: Text) -> list[str]:
    return text.plain.split("\n")


def drawn_exits(text: Text) -> int:
    """Which sides the drawing shows a pipe reaching (read back from the characters)."""
    lines = rows(text)
    height, width = len(lines), len(lines[0])
    cx, cy = width // 2, height // 2
    mask = 0
    if lines[0][cx] == "┃":
        mask |= 1 << Side.N
    if lines[cy][width - 1] == "━":
        mask |= 1 << Side.E
    if lines[height - 1][cx] == "┃":
        mask |= 1 << Side.S
    if lines[cy][0] == "━":
        mask |= 1 << Side.W
    return mask


def tile(tile_type: TileType, exits: int, flowers: int = 0, colour: str | None = "red") -> TileDef:
    kind = {
        TileType.PLANT: Kind.CROP, TileType.VEGETABLE: Kind.CROP, TileType.MECHA: Kind.MECHA,
        TileType.SOURCE: Kind.SOURCE,
    }.get(tile_type, Kind.PIPE)
    return TileDef("t", colour, tile_type, kind, exits, flowers, 1)


def test_corner_north_east_turned_once_points_east_and_south() -> None:
    corner = tile(TileType.CORNER, 0b0011)
    assert drawn_exits(render_tile(corner, RED)) == 0b0011
    turned = render_tile(corner, RED, rotation=1)
    lines = rows(turned)
    assert lines[0][3] != "┃"  # north: no pipe any more
    assert lines[1][6] == "━"  # east
    assert lines[2][3] == "┃"  # south
    assert lines[1][0] != "━"  # west
    assert lines[1][3] == "┏"  # the junction joins east and south


@given(mask=st.integers(0, 15), rotation=st.integers(0, 7),
       size=st.sampled_from([BOARD_SIZE, PREVIEW_SIZE, LARGE_PREVIEW_SIZE, (9, 5)]))
def test_drawn_exits_are_the_rotated_mask(mask: int, rotation: int, size: tuple[int, int]) -> None:
    face = render_face("tee", mask, 0, RED, rotation=rotation, width=size[0], height=size[1])
    assert drawn_exits(face) == rotate_exits(mask, rotation)


@pytest.mark.parametrize("size", [BOARD_SIZE, PREVIEW_SIZE, LARGE_PREVIEW_SIZE])
def test_box_has_the_requested_size_in_cells(size: tuple[int, int]) -> None:
    face = render_tile(tile(TileType.PLANT, 0b0100, flowers=3), RED, width=size[0],
                       height=size[1], note="×2")
    lines = rows(face)
    assert len(lines) == size[1]
    assert all(cell_len(line) == size[0] for line in lines)


def test_board_tile_shows_symbol_flowers_and_type_letter() -> None:
    lines = rows(render_tile(tile(TileType.STRAIGHT, 0b0101, flowers=1), RED))
    assert lines[0][1] == "♦"
    assert "✿" in lines[0][4:]
    assert lines[2][1] == "I"
    three = rows(render_tile(tile(TileType.PLANT, 0b0100, flowers=3), RED))
    assert three[0].endswith("3✿")  # no room for three flowers in a 7x3 box
    big = rows(render_tile(tile(TileType.PLANT, 0b0100, flowers=3), RED, width=15, height=7))
    assert "✿✿✿" in "".join(big)


def test_tile_is_filled_with_its_palette_colour_and_readable_ink() -> None:
    red = render_tile(tile(TileType.CROSS, 0b1111), RED)
    assert all(span.style.bgcolor is not None and span.style.bgcolor.triplet is not None
               and span.style.bgcolor.triplet.hex == "#d1383d"
               for span in red.spans if hasattr(span.style, "bgcolor"))
    yellow = render_tile(tile(TileType.CROSS, 0b1111, colour="yellow"), YELLOW)
    inks = {span.style.color.triplet.hex for span in yellow.spans
            if hasattr(span.style, "color") and span.style.color and span.style.color.triplet}
    assert inks == {"#000000"}  # dark ink on a light colour


def test_source_and_mecha_botanist_look_different() -> None:
    source = render_tile(TileDef("s", None, TileType.SOURCE, Kind.SOURCE, 0b1111, 0, 2), None)
    mecha = render_tile(tile(TileType.MECHA, 0b0000), RED)
    assert "◎" in source.plain and "⌂" in source.plain and rows(source)[2][1] == "S"
    assert "☻" in mecha.plain and rows(mecha)[2][1] == "M"
    assert drawn_exits(mecha) == 0
    assert "┃" not in mecha.plain and "━" not in mecha.plain
    assert drawn_exits(source) == 0b1111


def test_mecha_never_draws_pipes_even_with_exits_in_the_data() -> None:
    assert drawn_exits(render_face("mecha", 0b1111, 0, RED, kind="mecha")) == 0


def test_unknown_colour_and_type_are_marked() -> None:
    face = render_face("hexagon", 0b0001, 0, None, kind="pipe")
    assert rows(face)[0][1] == "?"
    assert rows(face)[1][3] == "?"


@pytest.mark.parametrize("size", [(6, 3), (7, 2), (3, 3), (7, 4)])
def test_bad_sizes_are_refused(size: tuple[int, int]) -> None:
    with pytest.raises(ValueError):
        render_face("tee", 0b0111, width=size[0], height=size[1])


def test_empty_cell() -> None:
    lines = rows(render_empty(7, 3, "0,1"))
    assert lines[1].strip() == "0,1" and len(lines) == 3 and all(len(x) == 7 for x in lines)


def test_widget_draws_the_tile() -> None:
    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield TileView(tile(TileType.CORNER, 0b0011), RED, rotation=2, id="t")

    async def go() -> None:
        app = One()
        async with app.run_test(size=(20, 6)) as pilot:
            await pilot.pause()
            view = app.query_one("#t", TileView)
            assert view.size.width == 7 and view.size.height == 3
            assert drawn_exits(view.render()) == rotate_exits(0b0011, 2)

    asyncio.run(go())
