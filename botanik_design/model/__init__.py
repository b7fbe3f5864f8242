"""Typed model of tiles, tile sets and rule variants (no I/O, no graph code)."""

from botanik_design.model.sides import SIDES, Side, rotate_exits, side_offset
from botanik_design.model.tileset import (
    KIND_OF_TYPE,
    Colour,
    Kind,
    TileDef,
    TileSet,
    TileType,
    linked,
)
from botanik_design.model.variant import Variant

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
