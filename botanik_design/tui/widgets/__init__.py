"""Widgets shared by the TUI screens (editor, play screen)."""

from botanik_design.tui.widgets.tile_view import (
    BOARD_SIZE,
    LARGE_PREVIEW_SIZE,
    PREVIEW_SIZE,
    TileView,
    render_empty,
    render_face,
    render_tile,
    tile_colour,
)

__all__ = [
    "BOARD_SIZE",
    "LARGE_PREVIEW_SIZE",
    "PREVIEW_SIZE",
    "TileView",
    "render_empty",
    "render_face",
    "render_tile",
    "tile_colour",
]
