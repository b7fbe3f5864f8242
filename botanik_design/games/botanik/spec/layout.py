"""Position and deal checks, decided once: ``validate`` (``spec/games.py``), the
position loader (``engine/position.py``) and ``new_game``'s scripted deal all use them.

A position lists each machine's tiles as ``{tile, cell: [x, y], rotation}``
entries (x east, y north; the Source is at ``[0, 0]`` and need not be listed); a
record's ``deal`` lists machine tile ids in dealing order.  The functions take the
parsed YAML (possibly schema-invalid: entries of the wrong shape are skipped) and
return :class:`LayoutProblem` values with a JSON path, a declared rule id
(:mod:`.rule_ids`) and a message; the caller turns them into diagnostics at the
file's positions or into an exception.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from botanik_design.games.botanik.model.tileset import Kind, TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.model.words import near_miss, noun, plural


@dataclass(frozen=True, slots=True)
class LayoutProblem:
    """One problem: ``path`` into the document (``("machines", 0, 3, "tile")``),
    rule id, level (``error``, or ``warning`` for ``lint-*``), message and hint."""

    path: tuple[str | int, ...]
    rule: str
    message: str
    hint: str = ""
    level: str = "error"


def tile_hint(tid: str, tileset: TileSet) -> str:
    """A did-you-mean hint for an unknown tile id."""
    return near_miss(tid, [t.id for t in tileset.tiles]) or \
        f"tile set `{tileset.name}` has {plural(len(tileset.tiles), 'tile id')}"


def entry_cell(entry: dict[str, Any]) -> tuple[int, int] | None:
    """The ``(x, y)`` of a position entry, or ``None`` when ``cell`` is not two integers."""
    cell = entry.get("cell")
    if (isinstance(cell, list) and len(cell) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in cell)):
        return int(cell[0]), int(cell[1])
    return None


def machine_problems(machines: object, tileset: TileSet,
                     variant: Variant | None) -> list[LayoutProblem]:
    """Problems of a position's ``machines`` (at most two): unknown tile ids
    (``sem-unknown-tile``), a machine tile at the Source's cell (``sem-source-cell``), a
    Source elsewhere (``sem-source-tile``), two tiles in a cell (``sem-cell-taken``);
    warnings for a turned tile under ``rotation: fixed``, a mecha-botanist under
    ``mecha_botanist: swap`` and more copies than the set has (``lint-*``)."""
    out: list[LayoutProblem] = []
    if not isinstance(machines, list):
        return out
    for p, entries in enumerate(machines[:2]):
        if isinstance(entries, list):
            out += _machine(p, entries, tileset, variant)
    return out


def _machine(p: int, entries: list[Any], tileset: TileSet,
             variant: Variant | None) -> list[LayoutProblem]:
    out: list[LayoutProblem] = []
    defs = {t.id: t for t in tileset.tiles}
    taken: dict[tuple[int, int], int | None] = {(0, 0): None}
    used: Counter[str] = Counter()
    first_use: dict[str, int] = {}
    for k, entry in enumerate(entries):
        if not isinstance(entry, dict):
            continue
        tid = entry.get("tile")
        cell = entry_cell(entry)
        if not isinstance(tid, str) or cell is None:
            continue
        at = ("machines", p, k)
        d = defs.get(tid)
        if d is None:
            out.append(LayoutProblem((*at, "tile"), "sem-unknown-tile",
                                     f"no tile `{tid[:80]}` in tile set `{tileset.name}`",
                                     tile_hint(tid, tileset)))
            continue
        if cell == (0, 0):
            if d.kind is not Kind.SOURCE:
                out.append(LayoutProblem(
                    (*at, "cell"), "sem-source-cell",
                    "cell [0, 0] holds the player's Source; no other tile goes there"))
            continue
        if d.kind is Kind.SOURCE:
            out.append(LayoutProblem(
                (*at, "tile"), "sem-source-tile",
                f"`{tid}` is a Source tile: it is only ever at [0, 0], and need not be listed"))
            continue
        if cell in taken:
            before = taken[cell]
            first = "the Source" if before is None else f"entry {before}"
            out.append(LayoutProblem(
                (*at, "cell"), "sem-cell-taken",
                f"cell [{cell[0]}, {cell[1]}] already holds a tile ({first} of machine {p})",
                "one tile per cell"))
            continue
        taken[cell] = k
        rot = entry.get("rotation", 0)
        if variant is not None and variant.rotation == "fixed" and rot not in (0, None):
            out.append(LayoutProblem(
                (*at, "rotation"), "lint-rotation-fixed",
                f"rotation {rot} under `rotation: fixed` (tiles are never turned)",
                level="warning"))
        if variant is not None and d.kind is Kind.MECHA and variant.mecha_botanist != "wildcard":
            out.append(LayoutProblem(
                (*at, "tile"), "lint-mecha-in-machine",
                "a mecha-botanist never enters a machine under `mecha_botanist: swap`",
                level="warning"))
        used[tid] += 1
        first_use.setdefault(tid, k)
    for tid, n in sorted(used.items()):
        if n > defs[tid].copies:
            out.append(LayoutProblem(
                ("machines", p, first_use[tid], "tile"), "lint-too-many-copies",
                f"machine {p} holds {n} `{tid}` {noun(n, 'tile')}; the set has {defs[tid].copies}",
                level="warning"))
    return out


def deal_problems(deal: object, tileset: TileSet) -> list[LayoutProblem]:
    """Problems of a record's ``deal``: a tile id that is no machine tile
    (``sem-deal-unknown-tile``) or dealt more often than the set has copies
    (``sem-deal-too-many``, once per tile id)."""
    out: list[LayoutProblem] = []
    if not isinstance(deal, Sequence) or isinstance(deal, str):
        return out
    left = {t.id: t.copies for t in tileset.machine_tiles}
    reported: set[str] = set()
    for k, tid in enumerate(deal):
        if not isinstance(tid, str):
            continue
        if tid not in left:
            is_source = any(t.id == tid for t in tileset.sources)
            out.append(LayoutProblem(
                ("deal", k), "sem-deal-unknown-tile",
                f"`{tid[:80]}` is " + ("a Source tile; only machine tiles are dealt"
                                      if is_source else
                                      f"no machine tile of tile set `{tileset.name}`"),
                "" if is_source else tile_hint(tid, tileset)))
            continue
        if left[tid] == 0:
            if tid not in reported:
                reported.add(tid)
                copies = next(t.copies for t in tileset.machine_tiles if t.id == tid)
                out.append(LayoutProblem(
                    ("deal", k), "sem-deal-too-many",
                    f"`{tid}` is dealt more often than the set has copies ({copies})"))
            continue
        left[tid] -= 1
    return out
