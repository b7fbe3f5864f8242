"""Legal placements of a tile in a machine (brief §5).

A placement is a ``(cell, rotation)`` such that the cell is empty and touches
the machine (§5.1), every touching side matches (§5.2, a wildcard
mecha-botanist matches anything) and the closure rule in force still holds
afterwards (§5.3, options ``closure`` and ``closure_scope``).  Rotations are
the tile's distinct ones (smallest ``r`` of each equivalent group) under
``rotation: free``, only 0 under ``fixed``.  No legal placement: the tile is
discarded (§5.4), which the game state does automatically.

:func:`legal_placements` is the fast path used in play;
:func:`reference_placements` computes the same set from the networkx views
and exists to prove the fast path right (property tests).
"""

from __future__ import annotations

from botanik_design.games.botanik.engine.geometry import (
    BOUND,
    ORIGIN,
    decode_cell,
    encode_cell,
    in_bounds,
)
from botanik_design.games.botanik.engine.machine import Machine
from botanik_design.games.botanik.engine.network import (
    Cell,
    MachineView,
    Placed,
    closure_holds,
    matches_neighbours,
    neighbours,
)
from botanik_design.games.botanik.engine.tiles import TileTable


def legal_placements(
    machine: Machine, table: TileTable, tile: int, closure: str, scope: str, base: int = 0
) -> list[int]:
    """Sorted placement keys ``base + cell_code * 4 + rotation`` for instance ``tile``.

    Empty when the tile cannot be placed.  Cells beyond the grid bound
    (``|x|, |y| <= 127``) are never offered.  ``base`` is added to every key
    (the game passes its first place action, so the keys are action ids).
    """
    fits = table.fits[tile]
    wild = table.wild[tile]
    out: list[int] = []
    append = out.append
    closure_ok = machine.closure_ok
    free = closure == "none"
    both = closure == "both"
    open_end = closure == "open-end"
    no_cycle = closure == "no-cycle" and not wild
    near_edge = len(machine.tile) >= BOUND - 1
    spare = _spare_open_ends(machine, scope) if open_end else 0
    for cell, f in machine.frontier.items():
        fit = fits[f & 255]  # the rotations whose sides match (brief §5.2)
        if not fit or (near_edge and not in_bounds(cell)):
            continue
        near = f >> 8
        # the most open ends a tile here can close: one per neighbour it joins
        most_closed = _BITS[near] if wild else -1
        key = base + cell * 4
        for r, m in fit:
            # Shortcuts (the property tests hold them to the networkx reference):
            # a new pipe end facing an empty cell keeps its network open; so does a
            # network with more open ends than the tile can close (it closes at most
            # one per side it joins: ``m & near``, every neighbour for a wildcard);
            # a tile joining at most one neighbour cannot close a pipe cycle
            # (``both``: the open end and the cycle together).
            if (
                free
                or (open_end and (m & ~near or spare > (most_closed if wild else _BITS[m & near])))
                or (no_cycle and _ONE[m & near])
                or (both and (m & ~near) and not wild and _ONE[m & near])
                or closure_ok(cell, m, wild, closure, scope)
            ):
                append(key + r)
    out.sort()
    return out


#: masks with at most one bit set
_ONE: tuple[bool, ...] = tuple(bin(i).count("1") <= 1 for i in range(16))

#: bits set in each 4-bit mask
_BITS: tuple[int, ...] = tuple(bin(i).count("1") for i in range(16))


def _spare_open_ends(machine: Machine, scope: str) -> int:
    """Open ends that ``closure: open-end`` watches and that no placement touches:
    the Source's network's (``source-network``: a placement that does not join it
    leaves it as it is), the machine's (``whole-machine``); 0 for ``every-network``
    (each network counts, the shortcut does not apply) or a machine without a Source."""
    if scope == "whole-machine":
        return machine.total_open
    if scope == "source-network" and ORIGIN in machine.parent:
        return machine.component_open(ORIGIN)
    return 0


def machine_view(machine: Machine) -> dict[Cell, Placed]:
    """The machine as a networkx-friendly view ``{(x, y): Placed}``."""
    return {
        decode_cell(c): Placed(t, machine.rot[c], machine.mask[c], c in machine.wild)
        for c, t in machine.tile.items()
    }


def reference_placements(
    view: MachineView, table: TileTable, tile: int, closure: str, scope: str,
    wild_pairs: bool = False,
) -> list[int]:
    """Same result as :func:`legal_placements`, from the networkx views (slow);
    ``wild_pairs``: option ``wildcard_pairs: joined`` (the machine's own flag there)."""
    candidates: set[Cell] = set()
    for c in view:
        for n in neighbours(c):
            if n not in view and -BOUND <= n[0] <= BOUND and -BOUND <= n[1] <= BOUND:
                candidates.add(n)
    out: list[int] = []
    for cell in candidates:
        for r in table.rotations[tile]:
            placed = Placed(tile, r, table.masks[tile][r], table.wild[tile])
            if not matches_neighbours(view, cell, placed):
                continue
            after = dict(view)
            after[cell] = placed
            if closure_holds(after, closure, scope, wild_pairs=wild_pairs):
                out.append(encode_cell(*cell) * 4 + r)
    out.sort()
    return out
