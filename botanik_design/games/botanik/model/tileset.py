"""Tiles and tile sets.

A *tile definition* (:class:`TileDef`) describes one face of a tile and how
many physical copies the set contains.  Pipe exits are a 4-bit mask in the
tile's unrotated orientation (see :mod:`botanik_design.games.botanik.model.sides`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from botanik_design.games.botanik.model.sides import mask_sides


class Kind(StrEnum):
    """What a tile is for: pipe tiles, crops (plant, vegetable), mecha-botanists, Sources."""

    PIPE = "pipe"
    CROP = "crop"
    MECHA = "mecha"
    SOURCE = "source"


class TileType(StrEnum):
    """A tile's *type* (its design).  Two tiles are linked when they share type or colour."""

    STRAIGHT = "straight"
    CORNER = "corner"
    TEE = "tee"
    CROSS = "cross"
    PLANT = "plant"
    VEGETABLE = "vegetable"
    MECHA = "mecha"
    SOURCE = "source"


#: The kind each type belongs to (brief §1).
KIND_OF_TYPE: dict[TileType, Kind] = {
    TileType.STRAIGHT: Kind.PIPE,
    TileType.CORNER: Kind.PIPE,
    TileType.TEE: Kind.PIPE,
    TileType.CROSS: Kind.PIPE,
    TileType.PLANT: Kind.CROP,
    TileType.VEGETABLE: Kind.CROP,
    TileType.MECHA: Kind.MECHA,
    TileType.SOURCE: Kind.SOURCE,
}


def exits_fit_type(tile_type: TileType, mask: int) -> bool:
    """True when the exit mask has the shape the type requires (any rotation).

    straight: 2 opposite exits; corner: 2 adjacent; tee: 3; cross: 4;
    plant and vegetable: 1; mecha: none; source: at least 1.
    """
    n = bin(mask).count("1")
    if tile_type is TileType.STRAIGHT:
        return mask in (0b0101, 0b1010)
    if tile_type is TileType.CORNER:
        return n == 2 and mask not in (0b0101, 0b1010)
    if tile_type is TileType.TEE:
        return n == 3
    if tile_type is TileType.CROSS:
        return n == 4
    if tile_type in (TileType.PLANT, TileType.VEGETABLE):
        return n == 1
    if tile_type is TileType.MECHA:
        return n == 0
    return n >= 1  # source


@dataclass(frozen=True, slots=True)
class Colour:
    """A palette entry: ``name`` (used by tiles), colour-blind ``symbol``, ``display`` #rrggbb."""

    name: str
    symbol: str
    display: str


@dataclass(frozen=True, slots=True)
class TileDef:
    """One tile face and its number of copies.

    ``exits`` is a 4-bit mask (bit 0 = north, clockwise), unrotated.
    ``colour`` is ``None`` only for Source tiles.
    """

    id: str
    colour: str | None
    type: TileType
    kind: Kind
    exits: int
    flowers: int = 0
    copies: int = 1
    label: str = ""

    @property
    def exit_sides(self) -> str:
        """Exit sides as letters, e.g. ``"NE"``."""
        return "".join(s.name for s in mask_sides(self.exits))


#: One letter per tile type, everywhere a type is shown in one character (the CLI's
#: machine art, the TUI's tiles): I, L, T, X read as the pipe shapes.
TYPE_LETTERS: dict[str, str] = {
    "straight": "I",
    "corner": "L",
    "tee": "T",
    "cross": "X",
    "plant": "P",
    "vegetable": "V",
    "mecha": "M",
    "source": "S",
}


def linked(a: TileDef, b: TileDef) -> bool:
    """Two tiles are *linked* when they share the colour or the type (brief §1)."""
    return a.type is b.type or (a.colour is not None and a.colour == b.colour)


@dataclass(frozen=True, slots=True)
class TileSet:
    """A validated tile set: palette and tile definitions (Sources included)."""

    name: str
    colours: tuple[Colour, ...]
    tiles: tuple[TileDef, ...]
    description: str = ""
    path: str | None = field(default=None, compare=False)

    @property
    def sources(self) -> tuple[TileDef, ...]:
        """Source tile definitions."""
        return tuple(t for t in self.tiles if t.kind is Kind.SOURCE)

    @property
    def machine_tiles(self) -> tuple[TileDef, ...]:
        """Every non-Source tile definition."""
        return tuple(t for t in self.tiles if t.kind is not Kind.SOURCE)

    def machine_tile_count(self) -> int:
        """Number of physical machine tiles (copies included)."""
        return sum(t.copies for t in self.machine_tiles)

    def expand(self) -> tuple[TileDef, ...]:
        """One entry per physical machine tile, in declaration order (copies adjacent)."""
        return tuple(t for t in self.machine_tiles for _ in range(t.copies))

    def source_for(self, player: int) -> TileDef:
        """The Source tile of ``player`` (0 or 1): copies are dealt in declaration order."""
        copies = [t for t in self.sources for _ in range(t.copies)]
        return copies[player % len(copies)]

    def colour(self, name: str) -> Colour:
        """Palette entry for ``name``; raises ``KeyError`` when undeclared."""
        for c in self.colours:
            if c.name == name:
                return c
        raise KeyError(name)

    def tile(self, tile_id: str) -> TileDef:
        """Tile definition by id; raises ``KeyError`` when absent."""
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(tile_id)
