"""The compiled tile table's ``links`` (instance x instance: linked by type or colour)
equals :func:`~botanik_design.games.botanik.model.tileset.linked` on every pair, and takes
one row per distinct (type, colour), not one per physical tile: the largest tile set the
schema allows (500 definitions x 100 copies) made a table of 2.5 billion entries (18 GB)
before the first move."""

from __future__ import annotations

from engine_helpers import variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine.tiles import compile_tiles
from botanik_design.games.botanik.model.tileset import (
    Colour,
    Kind,
    TileDef,
    TileSet,
    TileType,
    linked,
)

_KINDS = {TileType.STRAIGHT: Kind.PIPE, TileType.CORNER: Kind.PIPE, TileType.TEE: Kind.PIPE,
          TileType.CROSS: Kind.PIPE, TileType.PLANT: Kind.CROP,
          TileType.VEGETABLE: Kind.CROP, TileType.MECHA: Kind.MECHA}
_COLOURS = ("red", "blue", "green")


def _tileset(tiles: list[tuple[TileType, str, int]]) -> TileSet:
    defs = [TileDef("source", None, TileType.SOURCE, Kind.SOURCE, 15, copies=2)]
    defs += [TileDef(f"t{k}", colour, type_, _KINDS[type_], 0 if type_ is TileType.MECHA
                     else 5, copies=copies) for k, (type_, colour, copies) in enumerate(tiles)]
    return TileSet("gen", tuple(Colour(c, c[0].upper(), "#000000") for c in _COLOURS),
                   tuple(defs))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(_KINDS, key=str)),
                          st.sampled_from(_COLOURS), st.integers(1, 4)),
                min_size=1, max_size=12))
def test_links_equal_linked_on_every_pair(tiles: list[tuple[TileType, str, int]]) -> None:
    table = compile_tiles(_tileset(tiles), variant("standard"))
    defs = table.defs
    assert len(table.links) == len(defs)
    for a, row in enumerate(table.links):
        assert row == tuple(linked(defs[a], b) for b in defs)
        for b in range(len(defs)):
            assert table.linked(a, b) == linked(defs[a], defs[b])
    kinds = {(d.type, d.colour) for d in defs}
    assert len({id(row) for row in table.links}) == len(kinds)


def test_a_huge_set_shares_its_rows() -> None:
    """500 definitions of 100 copies: 50,000 instances, rows only per (type, colour)."""
    tiles = [(type_, colour, 100) for type_ in _KINDS for colour in _COLOURS] * 24
    table = compile_tiles(_tileset(tiles[:500]), variant("standard"))
    assert table.n_machine == 50_000
    assert len({id(row) for row in table.links}) == len(_KINDS) * len(_COLOURS) + 1
