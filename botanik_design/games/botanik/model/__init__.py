"""Botanik's typed model: tiles, tile sets and rule variants (no I/O, no graph code)."""

from botanik_design.games.botanik.model.sides import SIDES, Side, rotate_exits, side_offset
from botanik_design.games.botanik.model.tileset import (
    KIND_OF_TYPE,
    Colour,
    Kind,
    TileDef,
    TileSet,
    TileType,
    linked,
)
from botanik_design.games.botanik.model.variant import Variant

__all__ = [
    "KIND_OF_TYPE",
    "SIDES",
    "Colour",
    "Kind",
    "Side",
    "TileDef",
    "TileSet",
    "TileType",
    "Variant",
    "linked",
    "rotate_exits",
    "side_offset",
]
