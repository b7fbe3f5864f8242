"""A player's machine (personal network): the fast, incremental model.

This is the hot-path representation used during play.  The networkx views in
:mod:`botanik_design.games.botanik.engine.network` are the source of truth; property tests
(``tests/botanik/test_machine_property.py``) prove that this incremental
bookkeeping agrees with them on random machines.

Cells are integer codes (:mod:`botanik_design.games.botanik.engine.geometry`).  For every
placed tile the machine keeps its instance id, rotation and rotated exit mask.
It also keeps, incrementally:

* ``frontier``: every empty cell next to a tile, with a 12-bit constraint
  ``near << 8 | occ << 4 | req``: bit ``s`` of ``near`` is set when there is a
  tile across side ``s``, of ``occ`` when that tile has sides (is not a
  wildcard mecha-botanist), of ``req`` when it has a pipe exit facing the cell.  A rotated mask
  ``m`` matches the neighbours (brief §5.2) iff ``m & occ == req``.
* a union-find over *pipe components* (tiles joined by pipe connections;
  a wildcard mecha-botanist joins every neighbouring pipe that faces it, and a
  neighbouring wildcard when ``wild_pairs`` (option ``wildcard_pairs: joined``)) with,
  per component root, its number of open pipe ends (pipe exits facing an empty
  cell), whether it contains a pipe cycle, and whether it has any pipe at all.
"""

from __future__ import annotations

from typing import Any

from botanik_design.games.botanik.engine.geometry import DELTA, ORIGIN, decode_cell

#: Per side ``s`` (N, E, S, W): the code delta to the neighbour, the exit bit of
#: ``s``, the neighbour's exit bit facing back (side ``s + 2``), and the
#: neighbour's frontier bits for a tile across its side ``s + 2``: ``near`` and ``occ``
#: (``req`` is ``occ >> 4``).
_SIDES: tuple[tuple[int, int, int, int, int], ...] = tuple(
    (DELTA[s], 1 << s, 1 << ((s + 2) & 3), 256 << ((s + 2) & 3), 16 << ((s + 2) & 3))
    for s in range(4)
)


class Machine:
    """One player's machine; see the module docstring for the stored facts.

    ``tile``/``rot``/``mask`` map a cell code to the instance id, rotation and
    rotated exit mask of the tile there; ``wild`` holds the cells of wildcard
    mecha-botanists.  The Source is at :data:`ORIGIN` with rotation 0.
    """

    __slots__ = (
        "tile", "rot", "mask", "wild", "frontier", "parent", "open", "cyc", "pipe",
        "total_open", "wild_pairs", "memo", "base", "placements", "after",
    )

    def __init__(self, source_id: int = -1, source_mask: int = 0,
                 wild_pairs: bool = False) -> None:
        self.wild_pairs = wild_pairs
        self.tile: dict[int, int] = {}
        self.rot: dict[int, int] = {}
        self.mask: dict[int, int] = {}
        self.wild: set[int] = set()
        self.frontier: dict[int, int] = {}
        self.parent: dict[int, int] = {}
        self.open: dict[int, int] = {}
        self.cyc: dict[int, bool] = {}
        self.pipe: dict[int, bool] = {}
        self.total_open = 0
        #: what an analysis of this content computed (``analysis.analysis_of``), or
        #: ``None``; :meth:`place` clears it, :meth:`copy` shares it (it is immutable)
        self.memo: Any = None
        #: ``(memo, cell code)``: the memo before the last placement and where it went
        #: (``analysis.analysis_of`` grows that analysis), or ``None``
        self.base: Any = None
        #: the game's legal placement keys of a tile here, by instance id (``turns``:
        #: the tile table and rules are the game's); :meth:`place` starts a new dict,
        #: :meth:`copy` shares it (entries hold for the same content)
        self.placements: dict[int, list[int]] = {}
        #: the machines that placements on this one gave, by ``(action, tile)``, while it
        #: is shared and so never changes (``turns``: a search bot's clones place the
        #: same tile the same way again and share the result); ``None``: none yet.
        #: :meth:`place` and :meth:`copy` start without
        self.after: dict[tuple[int, int], Machine] | None = None
        if source_id >= 0:
            self.place(ORIGIN, source_id, 0, source_mask, False)

    def copy(self) -> Machine:
        """An independent copy (dict copies: cheap for machines of tens of tiles)."""
        m = Machine.__new__(Machine)
        m.tile = self.tile.copy()
        m.rot = self.rot.copy()
        m.mask = self.mask.copy()
        m.wild = self.wild.copy()
        m.frontier = self.frontier.copy()
        m.parent = self.parent.copy()
        m.open = self.open.copy()
        m.cyc = self.cyc.copy()
        m.pipe = self.pipe.copy()
        m.total_open = self.total_open
        m.wild_pairs = self.wild_pairs
        m.memo = self.memo
        m.base = self.base
        m.placements = self.placements
        m.after = None
        return m

    def __len__(self) -> int:
        return len(self.tile)

    def find(self, cell: int) -> int:
        """Root cell of the pipe component holding ``cell`` (path halving)."""
        parent = self.parent
        p = parent[cell]
        while p != cell:
            gp = parent[p]
            parent[cell] = gp
            cell = p
            p = gp
        return cell

    def cells(self) -> list[tuple[int, int, int, int]]:
        """``(x, y, instance id, rotation)`` for every tile, sorted by cell."""
        out = []
        for code, t in self.tile.items():
            x, y = decode_cell(code)
            out.append((x, y, t, self.rot[code]))
        out.sort()
        return out

    def connections(self, cell: int, m: int, is_wild: bool) -> tuple[list[int], int, int]:
        """Pipe connections a tile with mask ``m`` at empty ``cell`` would make.

        Returns ``(neighbour cells joined, open ends it closes, open ends it adds)``.
        The joins are :func:`botanik_design.games.botanik.model.sides.pipe_joined` written inline
        for a tile whose sides already match its neighbours (brief §5.2): calling it
        cost 6-10% of ``legal_placements`` (``bench/engine_speed.py``);
        ``tests/botanik/test_engine_machine_property.py`` proves the two equal.
        """
        mask = self.mask
        wild = self.wild
        joined: list[int] = []
        closed = 0
        added = 0
        for delta, bit, facing, _near, _occ in _SIDES:
            n = cell + delta
            nm = mask.get(n)
            if nm is None:
                if m & bit:
                    added += 1
            elif is_wild:
                if n in wild:
                    if self.wild_pairs:  # two wildcards: joined, no pipe end closed
                        joined.append(n)
                elif nm & facing:
                    joined.append(n)
                    closed += 1
            elif m & bit:
                joined.append(n)
                if n not in wild:
                    closed += 1
        return joined, closed, added

    def closure_ok(self, cell: int, m: int, is_wild: bool, closure: str, scope: str) -> bool:
        """Whether placing mask ``m`` at ``cell`` keeps the closure rule (brief §5.3).

        ``closure``/``scope`` are the variant's ``closure`` and ``closure_scope``.
        Assumes the rule held before (it holds for a lone Source and is kept
        by every placement).  Side matching is not checked here.
        """
        if closure == "none":
            return True
        if closure == "both":
            return (self.closure_ok(cell, m, is_wild, "open-end", scope)
                    and self.closure_ok(cell, m, is_wild, "no-cycle", scope))
        joined, closed, added = self.connections(cell, m, is_wild)
        if closure == "open-end" and scope == "whole-machine":
            return self.total_open - closed + added >= 1
        find = self.find
        roots: list[int] = []
        cycle = False
        for n in joined:
            r = find(n)
            if r in roots:
                cycle = True
            else:
                roots.append(r)
        if scope == "source-network" and find(ORIGIN) not in roots:
            return True  # the Source's network is unchanged
        if closure == "no-cycle":
            if cycle:
                return False
            cyc = self.cyc
            return not any(cyc[r] for r in roots)
        # open-end, scope source-network (merged includes Source) or every-network
        op = self.open
        total = added - closed
        has_pipe = m != 0
        for r in roots:
            total += op[r]
            has_pipe = has_pipe or self.pipe[r]
        return total >= 1 or not has_pipe

    def place(self, cell: int, tile_id: int, rotation: int, m: int, is_wild: bool) -> None:
        """Put a tile (rotated mask ``m``) on empty ``cell``; no rule is checked."""
        joined, closed, added = self.connections(cell, m, is_wild)
        memo = self.memo
        self.base = None if memo is None else (memo, cell)
        self.memo = None
        self.placements = {}
        self.after = None
        self.tile[cell] = tile_id
        self.rot[cell] = rotation
        self.mask[cell] = m
        if is_wild:
            self.wild.add(cell)
        frontier = self.frontier
        frontier.pop(cell, None)
        mask = self.mask
        for delta, bit, _facing, near, occ in _SIDES:
            n = cell + delta
            if n in mask:
                continue
            f = frontier.get(n, 0) | near
            if not is_wild:
                f |= occ
                if m & bit:
                    f |= occ >> 4  # the pipe exit faces the cell: a required side
            frontier[n] = f
        # union-find
        find = self.find
        parent = self.parent
        op = self.open
        cyc = self.cyc
        pipe = self.pipe
        parent[cell] = cell
        root = cell
        op[cell] = added - closed
        cyc[cell] = False
        pipe[cell] = m != 0
        for n in joined:
            r = find(n)
            if r == root:
                cyc[root] = True
                continue
            # merge r into root
            parent[r] = root
            op[root] += op.pop(r)
            cyc[root] = cyc[root] or cyc.pop(r)
            pipe[root] = pipe[root] or pipe.pop(r)
        self.total_open += added - closed

    def component_open(self, cell: int) -> int:
        """Open pipe ends of the pipe component holding ``cell``."""
        return self.open[self.find(cell)]

    def component_cycle(self, cell: int) -> bool:
        """Whether the pipe component holding ``cell`` contains a cycle."""
        return self.cyc[self.find(cell)]
