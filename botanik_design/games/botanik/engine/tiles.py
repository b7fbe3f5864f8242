"""Compiled tile table: every physical tile as an integer *instance id*.

Machine tiles (copies expanded, in declaration order) get ids ``0 .. n-1``;
the two Sources get ``n`` (player 0) and ``n + 1`` (player 1).  Per instance
the table holds the colour index (``-1`` for none), the type index, the exit
mask for each rotation and the distinct rotations a placement may use.
"""

from __future__ import annotations

from dataclasses import dataclass

from botanik_design.games.botanik.model.sides import distinct_rotations, rotate_exits
from botanik_design.games.botanik.model.tileset import Kind, TileDef, TileSet, TileType, linked
from botanik_design.games.botanik.model.variant import Variant

_TYPES: tuple[TileType, ...] = tuple(TileType)


@dataclass(frozen=True, slots=True)
class TileTable:
    """Per-instance facts for one tile set under one variant (read-only, shared by clones).

    ``defs[i]`` is the :class:`TileDef` of instance ``i``; ``masks[i][r]`` its
    exit mask after ``r`` clockwise quarter turns; ``rotations[i]`` the
    rotations a placement may use: every distinct one under ``rotation: free``
    (smallest ``r`` of each equivalent group), only ``0`` under ``fixed``.
    ``wild[i]`` is true for mecha-botanists under ``mecha_botanist: wildcard``.
    ``fits[i][occ << 4 | req]`` lists the ``(r, masks[i][r])`` among
    ``rotations[i]`` whose sides match the neighbours of a frontier cell with
    that constraint (brief §5.2: ``m & occ == req``, see
    :mod:`~botanik_design.games.botanik.engine.machine`); a wildcard matches anything.
    """

    tileset: TileSet
    defs: tuple[TileDef, ...]
    n_machine: int
    colour: tuple[int, ...]
    type_: tuple[int, ...]
    mecha: tuple[bool, ...]
    wild: tuple[bool, ...]
    masks: tuple[tuple[int, int, int, int], ...]
    rotations: tuple[tuple[int, ...], ...]
    links: tuple[tuple[bool, ...], ...]
    fits: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]

    def source_id(self, player: int) -> int:
        """Instance id of ``player``'s Source tile."""
        return self.n_machine + player

    def linked(self, a: int, b: int) -> bool:
        """Instances ``a`` and ``b`` share type or colour (brief §1)."""
        return self.links[a][b]

    def name(self, i: int) -> str:
        """The tile definition id of instance ``i`` (e.g. ``red-corner``)."""
        return self.defs[i].id


_CACHE: dict[tuple[int, int], tuple[TileSet, Variant, TileTable]] = {}


def compile_tiles(tileset: TileSet, variant: Variant) -> TileTable:
    """Build (or reuse) the :class:`TileTable` for ``tileset`` under ``variant``.

    Tables are cached per (tile set, variant) object pair: both are frozen.
    Raises ``ValueError`` when the set has no Source tile or no machine tile.
    """
    key = (id(tileset), id(variant))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is tileset and hit[1] is variant:
        return hit[2]
    table = _compile(tileset, variant)
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[key] = (tileset, variant, table)
    return table


_Fits = tuple[tuple[tuple[int, int], ...], ...]


def _fits(masks: tuple[int, int, int, int], rotations: tuple[int, ...], wild: bool,
          known: dict[tuple[tuple[int, ...], tuple[int, ...], bool], _Fits]) -> _Fits:
    """The rotations matching each 8-bit side constraint ``occ << 4 | req`` (shared
    by every instance with the same masks, rotations and wildcard flag)."""
    key = (masks, rotations, wild)
    got = known.get(key)
    if got is None:
        got = tuple(
            tuple((r, masks[r]) for r in rotations if wild or masks[r] & (f >> 4) == f & 15)
            for f in range(256)
        )
        known[key] = got
    return got


def _links(defs: tuple[TileDef, ...]) -> tuple[tuple[bool, ...], ...]:
    """``links[a][b] == linked(defs[a], defs[b])`` for every pair of instances.

    :func:`~botanik_design.games.botanik.model.tileset.linked` reads only the type and
    the colour, so instances alike in both share one row object: the table takes one row
    per distinct (type, colour), not one per instance (a set of 50,000 tiles made a
    table of 2.5 billion entries, 18 GB, before the first move)."""
    rows: dict[tuple[TileType, str | None], tuple[bool, ...]] = {}
    out = []
    for a in defs:
        key = (a.type, a.colour)
        row = rows.get(key)
        if row is None:
            row = rows[key] = tuple(linked(a, b) for b in defs)
        out.append(row)
    return tuple(out)


def _compile(tileset: TileSet, variant: Variant) -> TileTable:
    machine = tileset.expand()
    if not machine:
        raise ValueError(f"tile set {tileset.name!r} has no machine tiles")
    if not tileset.sources:
        raise ValueError(f"tile set {tileset.name!r} has no Source tile")
    defs = (*machine, tileset.source_for(0), tileset.source_for(1))
    colour_index = {c.name: i for i, c in enumerate(tileset.colours)}
    for d in defs:
        if d.colour is not None and d.colour not in colour_index:
            colour_index[d.colour] = len(colour_index)
    wildcard = variant.mecha_botanist == "wildcard"
    fixed = variant.rotation == "fixed"
    masks = tuple(
        (d.exits, rotate_exits(d.exits, 1), rotate_exits(d.exits, 2), rotate_exits(d.exits, 3))
        for d in defs
    )
    rotations = tuple((0,) if fixed else distinct_rotations(d.exits) for d in defs)
    wild = tuple(wildcard and d.kind is Kind.MECHA for d in defs)
    known: dict[tuple[tuple[int, ...], tuple[int, ...], bool], _Fits] = {}
    return TileTable(
        tileset=tileset,
        defs=defs,
        n_machine=len(machine),
        colour=tuple(-1 if d.colour is None else colour_index[d.colour] for d in defs),
        type_=tuple(_TYPES.index(d.type) for d in defs),
        mecha=tuple(d.kind is Kind.MECHA for d in defs),
        wild=wild,
        masks=masks,
        rotations=rotations,
        links=_links(defs),
        fits=tuple(_fits(m, r, w, known) for m, r, w in zip(masks, rotations, wild, strict=True)),
    )
