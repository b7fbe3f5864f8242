"""The fast move generator: :func:`legal_moves` equal to :func:`.movegen.legal_moves`.

:mod:`~botanik_design.games.hive.engine.movegen` states every rule plainly and is
the reference; this module gives the same move set faster (the engine, perft and
the State API use it).  ``tests/hive/test_fastgen.py`` holds the two equal on
random positions of every expansion (hypothesis) and the perft tables hold both.

What makes it fast, per position:

- one dict of *neighbour masks*: for every cell touching the hive, a 6-bit mask
  of its occupied neighbours (bit ``i`` = direction ``i`` of
  :data:`~.coords.DELTAS`).  A slide, a gate or a climb between cells of height
  0 or 1 is a lookup in a 64-entry table built at import time *from the
  reference functions themselves* (:func:`_table`), so the tables cannot state
  a rule differently.  Lifting a ground piece clears its bit in its six
  neighbours' masks (and restores it after).
- the one-hive rule: a ground piece whose occupied neighbours form one
  contiguous arc is never a cut cell (its neighbours stay joined around it); in a
  hive without holes (its Euler characteristic, ``Board.chi``, is 1) every other
  piece is one, and when each hole is a single empty cell a count of the piece's
  runs of empty neighbours decides (:func:`cut_cells`); Tarjan's articulation
  points are computed only for bigger holes, and only when some piece needs them.
- placements: the board keeps, per colour, the neighbour masks of the stacks that
  colour tops (``Board.tops``), so the placement cells are read off them.
- the Ladybug and the Pillbug's throws away from stacks of height 2 or more, and
  the slides of a Pillbug or a Mosquito, read the masks without lifting anything.
- climbs next to a stack of height 2 or more, and every piece next to one,
  use the reference functions of :mod:`.movegen` unchanged.

:func:`legal_action_list` gives the same actions as a sorted list (what the State
API lists) without building the set: a piece's actions are one block of action ids.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable

from botanik_design.games.hive.engine import movegen
from botanik_design.games.hive.engine.board import (
    ACTION_STRIDE,
    CELL_OFFSET,
    Board,
    neighbour_masks,
)
from botanik_design.games.hive.engine.coords import DELTAS, ORIGIN
from botanik_design.games.hive.engine.movegen import (
    _SLIDES,
    _climbs,
    grasshopper_moves,
    placeable_pieces,
)
from botanik_design.games.hive.engine.pieces import (
    ANT,
    BEETLE,
    GRASSHOPPER,
    MOSQUITO,
    PILLBUG,
    QUEEN,
    SPIDER,
)
from botanik_design.games.hive.model import HiveVariant

Stacks = dict[int, list[int]]
Masks = dict[int, int]
#: Where :func:`_generate` hands one piece's actions.
Put = Callable[[Iterable[int]], object]

_D0, _D1, _D2, _D3, _D4, _D5 = DELTAS


def _table(mask: int, level: int) -> tuple[int, ...]:
    """The reference :func:`.movegen._climbs` from a cell whose neighbours are stacks of
    height 1 where ``mask`` has a bit and empty elsewhere, as direction deltas."""
    stacks = {d: [0] for i, d in enumerate(DELTAS) if mask >> i & 1}
    return tuple(_climbs(stacks, 0, level))


#: Climbing steps of a ground piece (level 0) among stacks of height <= 1, by mask.
_CLIMB0: tuple[tuple[int, ...], ...] = tuple(_table(m, 0) for m in range(64))
#: Climbing steps from the top of a stack (level >= 1) among stacks of height <= 1.
_CLIMB1: tuple[tuple[int, ...], ...] = tuple(_table(m, 1) for m in range(64))
#: :data:`_CLIMB0`, :data:`_CLIMB1` and :data:`.movegen._SLIDES` in ascending order
#: (so their actions from one cell come out sorted).
_CLIMB0_UP: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(t)) for t in _CLIMB0)
_CLIMB1_UP: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(t)) for t in _CLIMB1)
_SLIDES_UP: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(t)) for t in _SLIDES)
#: Occupied-neighbour deltas of a mask; empty-neighbour deltas of a mask.
_OCC: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for i, d in enumerate(DELTAS) if m >> i & 1) for m in range(64))
_FREE: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for i, d in enumerate(DELTAS) if not m >> i & 1) for m in range(64))
#: Whether the set bits of a 6-bit ring form at most one contiguous arc.
_ONE_ARC: tuple[bool, ...] = tuple(
    sum(1 for i in range(6) if m >> i & 1 and not m >> ((i - 1) % 6) & 1) <= 1
    for m in range(64))
#: Per neighbour mask of an occupied cell: ``3 * (occupied neighbours) - 2 * (pairs of
#: adjacent occupied neighbours) - 6``.  Summed over the hive's cells this is
#: ``6 * (edges - triangles - cells) = -6 * (1 - holes)`` (Euler's formula for the
#: hive's cells, adjacencies and triangles of three mutually adjacent cells), so the
#: sum is ``-6`` exactly when the hive encloses no empty region (:func:`cut_cells`).
_EULER: tuple[int, ...] = tuple(
    3 * bin(m).count("1") - 2 * sum(1 for i in range(6) if m >> i & 1 and m >> (i + 1) % 6 & 1)
    - 6 for m in range(64))


def _runs(mask: int) -> list[list[int]]:
    """The runs of empty neighbours of a cell whose occupied neighbours are ``mask`` (one
    or more occupied), each as its directions in ring order."""
    start = next(i for i in range(6) if mask >> i & 1)
    runs: list[list[int]] = []
    for k in range(1, 7):
        i = (start + k) % 6
        if mask >> i & 1:
            continue
        if runs and (i - 1) % 6 == runs[-1][-1]:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


#: Per mask (one to five occupied neighbours): the number of runs of two or more empty
#: neighbours, and the deltas of the runs of one (:func:`cut_cells`, small holes).
_LONG_RUNS: tuple[int, ...] = (0,) + tuple(
    sum(1 for r in _runs(m) if len(r) > 1) for m in range(1, 64))
_SHORT_RUNS: tuple[tuple[int, ...], ...] = ((),) + tuple(
    tuple(DELTAS[r[0]] for r in _runs(m) if len(r) == 1) for m in range(1, 64))
#: Bit of direction ``(i + 3) % 6`` (from the neighbour back to the cell), per ``i``.
_B0, _B1, _B2, _B3, _B4, _B5 = (1 << ((i + 3) % 6) for i in range(6))


def _lift(m: Masks, cell: int) -> None:
    """Clear ``cell`` from its neighbours' masks (a ground piece lifted off)."""
    m[cell + _D0] &= ~_B0
    m[cell + _D1] &= ~_B1
    m[cell + _D2] &= ~_B2
    m[cell + _D3] &= ~_B3
    m[cell + _D4] &= ~_B4
    m[cell + _D5] &= ~_B5


def _drop(m: Masks, cell: int) -> None:
    """Undo :func:`_lift`."""
    m[cell + _D0] |= _B0
    m[cell + _D1] |= _B1
    m[cell + _D2] |= _B2
    m[cell + _D3] |= _B3
    m[cell + _D4] |= _B4
    m[cell + _D5] |= _B5


def _hole_free(m: Masks, stacks: Stacks) -> bool:
    """Whether the hive (three or more cells, one connected group) encloses no empty
    region (:data:`_EULER`); then its cut cells are exactly its cells of two or more
    arcs of neighbours (:func:`cut_cells`).  ``Board.chi == 1`` says the same, kept
    up to date by play and undo."""
    return sum(map(_EULER.__getitem__, map(m.__getitem__, stacks))) == -6


def cut_cells(m: Masks, stacks: Stacks, chi: int | None = None) -> set[int]:
    """Articulation points of the occupied cells (one connected hive); equal to
    :func:`.hivegraph.articulation_points`.

    Lifting a cell whose occupied neighbours form ``k`` arcs (separated by ``k`` runs
    of empty neighbours) leaves ``k - g + 1`` hive pieces, ``g`` the number of distinct
    empty regions those runs belong to (Euler's formula before and after).  A hive
    without holes (:data:`_EULER`) has one empty region, so its cut cells are exactly
    the cells of two or more arcs.  When every hole is a single empty cell (six
    occupied neighbours; the hive has ``1 - chi`` holes), each run that is such a cell
    is a region of its own and every other run lies outside the hive, so a cell is cut
    exactly when two or more of its runs are not single holes.  Otherwise Tarjan's
    search over the masks decides.  ``chi``: the hive's Euler characteristic
    (``Board.chi``) when the caller knows it, else counted from the masks.
    """
    result: set[int] = set()
    if len(stacks) < 3:
        return result
    if chi is None:
        chi = -sum(map(_EULER.__getitem__, map(m.__getitem__, stacks))) // 6
    one_arc = _ONE_ARC
    if chi == 1:
        return {c for c in stacks if not one_arc[m[c]]}
    if 1 - chi == sum([1 for c, v in m.items() if v == 63 and c not in stacks]):
        long_runs, short_runs = _LONG_RUNS, _SHORT_RUNS
        return {c for c in stacks if not one_arc[mc := m[c]] and long_runs[mc] + sum(
            [1 for d in short_runs[mc] if m[c + d] != 63]) >= 2}
    disc: dict[int, int] = {}
    occ = _OCC

    def low_of(cell: int, parent: int) -> int:
        d = disc[cell] = len(disc)
        low = d
        for delta in occ[m[cell]]:
            n = cell + delta
            dn = disc.get(n)
            if dn is None:
                ln = low_of(n, cell)
                if ln < low:
                    low = ln
                if ln >= d:
                    result.add(cell)
            elif dn < low and n != parent:
                low = dn
        return low

    root = next(iter(stacks))
    disc[root] = 0
    children = 0
    for delta in occ[m[root]]:
        n = root + delta
        if n not in disc:
            children += 1
            low_of(n, root)
    if children > 1:
        result.add(root)
    return result


def _ant(m: Masks, cell: int) -> set[int]:
    """Every cell reachable by slides from ``cell`` (lifted), the start included."""
    seen = {cell}
    order = [cell]
    add = seen.add
    push = order.append
    slides = _SLIDES
    get = m.get
    for c in order:
        for d in slides[get(c, 0)]:
            t = c + d
            if t not in seen:
                add(t)
                push(t)
    return seen


def _spider(m: Masks, cell: int) -> set[int]:
    """Ends of three slides from ``cell`` (lifted) visiting no cell twice."""
    out: set[int] = set()
    slides = _SLIDES
    for da in slides[m.get(cell, 0)]:
        a = cell + da
        for db in slides[m[a]]:
            b = a + db
            if b == cell:
                continue
            for dc in slides[m[b]]:
                c = b + dc
                if c != cell and c != a:
                    out.add(c)
    return out


class _Gen:
    """One position's generation: the board's stacks, the masks, the tall-stack
    neighbourhoods and the cut cells (computed when first needed)."""

    __slots__ = ("stacks", "m", "tall", "cuts", "chi", "hole_free")

    def __init__(self, stacks: Stacks, masks: Masks, tall: Masks, chi: int) -> None:
        self.stacks = stacks
        self.m = masks
        self.tall = tall
        self.cuts: set[int] | None = None
        self.chi = chi  # the hive's Euler characteristic (Board.chi)
        self.hole_free = chi == 1  # :func:`_hole_free`

    def cut_cells(self) -> set[int]:
        """:func:`cut_cells` of the position, computed once."""
        if self.cuts is None:
            self.cuts = cut_cells(self.m, self.stacks, self.chi)
        return self.cuts

    def pinned(self, cell: int) -> bool:
        """Whether lifting the ground piece alone at ``cell`` splits the hive."""
        if _ONE_ARC[self.m.get(cell, 0)]:
            return False
        if self.hole_free:  # two or more arcs in a hive without holes: a cut cell
            return True
        return cell in self.cut_cells()

    def climbs(self, cell: int, level: int) -> list[int]:
        """:func:`.movegen._climbs` (the mover already lifted from ``m`` and stacks)."""
        if cell in self.tall:
            return _climbs(self.stacks, cell, level)
        return [cell + d for d in (_CLIMB1 if level else _CLIMB0)[self.m.get(cell, 0)]]

    def beetle(self, cell: int) -> set[int]:
        return set(self.climbs(cell, len(self.stacks[cell]) - 1))

    def ladybug(self, cell: int) -> set[int]:
        """Two climbs onto stacks, one down into an empty cell other than the start
        (:func:`.movegen.ladybug_moves`): among stacks of height <= 1 the climbs of a
        step are every occupied (empty, for the last) neighbour."""
        stacks, m, tall = self.stacks, self.m, self.tall
        occ = _OCC
        free = _FREE
        if cell not in tall:
            # no stack of height 2+ next to the cells stepped from: every climb is
            # ungated (the ladybug's height does not matter), masks alone, nothing lifted
            firsts = [cell + d for d in occ[m.get(cell, 0)]]
            if not tall or tall.keys().isdisjoint(firsts):
                seconds = {a + d for a in firsts for d in occ[m[a]]}
                seconds.discard(cell)  # the ladybug itself, not lifted here
                if not tall or tall.keys().isdisjoint(seconds):
                    # its own cell counts as occupied in these masks: never a last step
                    return {b + d for b in seconds for d in free[m[b]]}
        mover = stacks.pop(cell)
        _lift(m, cell)
        try:
            if cell in tall:
                firsts = [a for a in _climbs(stacks, cell, 0) if a in stacks]
            else:
                firsts = [cell + d for d in _OCC[m.get(cell, 0)]]
            # the second stacks, once each: the last step depends on its stack alone
            seconds = set()
            for a in firsts:
                if a in tall:
                    seconds.update([b for b in _climbs(stacks, a, len(stacks[a]))
                                    if b in stacks])
                else:
                    seconds.update([a + d for d in occ[m[a]]])
            out: set[int] = set()
            for b in seconds:
                if b in tall:
                    out.update([c for c in _climbs(stacks, b, len(stacks[b]))
                                if c not in stacks])
                else:
                    out.update([b + d for d in free[m[b]]])
            out.discard(cell)
            return out
        finally:
            _drop(m, cell)
            stacks[cell] = mover

    def sliding(self, bug: int, cell: int) -> set[int]:
        """Queen / Pillbug, Spider and Ant moves of the ground piece at ``cell``."""
        m = self.m
        if bug == QUEEN or bug == PILLBUG:  # one slide: lifting leaves the cell's mask alone
            return {cell + d for d in _SLIDES[m.get(cell, 0)]}
        _lift(m, cell)
        try:
            if bug == ANT:
                out = _ant(m, cell)
                out.discard(cell)
                return out
            return _spider(m, cell)
        finally:
            _drop(m, cell)

    def moves(self, bug: int, cell: int) -> set[int]:
        """Destinations of a ground piece of ``bug`` at ``cell`` (not a Mosquito)."""
        if bug == ANT or bug == SPIDER or bug == QUEEN or bug == PILLBUG:
            return self.sliding(bug, cell)
        if bug == BEETLE:
            return self.beetle(cell)
        if bug == GRASSHOPPER:
            return grasshopper_moves(self.stacks, cell)
        return self.ladybug(cell)

    def throws(self, board: Board, cell: int) -> set[int]:
        """:func:`.movegen.throws` of the pillbug (or Mosquito as one) at ``cell``."""
        stacks = self.stacks
        if cell in self.tall:
            return movegen.throws(board, cell, self.cut_cells())
        # no stack of height 2+ around: no gate on the way up or down (level 1)
        m = self.m
        mask = m[cell]
        free = _FREE[mask]
        out: set[int] = set()
        if not free:
            return out
        last = board.last_moved
        one_arc = _ONE_ARC
        for d in _OCC[mask]:
            n = cell + d
            st = stacks[n]
            if len(st) != 1 or st[0] == last or (not one_arc[m[n]] and self.pinned(n)):
                continue
            out.update(map(((st[0] + 1) * ACTION_STRIDE + CELL_OFFSET + cell).__add__, free))
        return out


def placement_cells(board: Board) -> list[int]:
    """:func:`.movegen.placement_cells` (same cells, any order): the empty cells touching
    a stack topped by the side to move and none topped by the other side (the board's
    per-colour neighbour masks, ``Board.tops``)."""
    stacks = board.stacks
    if not stacks:
        return [ORIGIN]
    me = board.to_move
    mine = board.tops[me]
    if not mine:
        return sorted({c + d for c in stacks for d in DELTAS if c + d not in stacks})
    theirs = board.tops[me ^ 1]
    return [c for c in mine if c not in stacks and c not in theirs]


def legal_moves(board: Board, variant: HiveVariant) -> set[int]:
    """All legal placements and movements of the side to move, as actions (no pass);
    equal to :func:`.movegen.legal_moves`."""
    out: set[int] = set()
    put = out.update
    _generate(board, variant, put, put, put)
    return out


def legal_action_list(board: Board, variant: HiveVariant) -> list[int]:
    """``sorted(legal_moves(board, variant))``, built without the set: each piece's
    actions are sorted on their own (a piece's actions are one block of action ids)
    and the blocks concatenated, so the final sort only merges sorted runs.  A pillbug
    throw (another piece's action, which may equal that piece's own move) is merged
    in at the end unless already there."""
    out: list[int] = []
    extend = out.extend
    thrown: set[int] = set()

    def put(actions: Iterable[int]) -> None:
        extend(sorted(actions))

    _generate(board, variant, put, extend, thrown.update)
    out.sort()
    if thrown:  # the throws not already there (a piece's own move to the same cell)
        n = len(out)
        out.extend([t for t in thrown if (i := bisect_left(out, t, 0, n)) == n or out[i] != t])
        out.sort()
    return out


def _generate(board: Board, variant: HiveVariant, put: Put, put_sorted: Put,
              put_thrown: Put) -> None:
    """The legal actions of the side to move (no pass), handed out per piece: ``put``
    gets one piece's actions (no repeats), ``put_sorted`` one piece's actions in
    ascending order, ``put_thrown`` pillbug throws.  The Queen, Spider, Ant and
    Grasshopper are written inline (most of a position's pieces); the rest go through
    :class:`_Gen`."""
    stacks = board.stacks
    table = board.table
    me = board.to_move
    pos = board.pos
    per = len(pos) // 2  # White's ids first, then Black's (PieceTable)
    if None in pos[me * per:me * per + per]:  # a piece in hand (else none to place)
        pieces = placeable_pieces(board, variant)
        if pieces:
            cells = placement_cells(board)
            cells.sort()  # once: every piece's placements are then in ascending order
            for pid in pieces:
                put_sorted(map(((pid + 1) * ACTION_STRIDE + CELL_OFFSET).__add__, cells))
    if pos[table.queen[me]] is None and not variant.move_before_queen:
        return
    if not stacks:
        return
    m = board.masks
    bugs = table.bug
    last = board.last_moved
    slides = _SLIDES
    one_arc = _ONE_ARC
    cuts: set[int] | None = None
    tall: Masks | None = None  # the cells next to stacks of height 2+, when first needed
    gen: _Gen | None = None
    # whether the hive encloses no empty region (its Euler characteristic is 1): then a
    # piece of two or more arcs of neighbours is always a cut cell (cut_cells), and no
    # cut-cell set is needed
    chi = board.chi
    hole_free = chi == 1
    for pid in range(me * per, me * per + per):
        cell = pos[pid]
        if cell is None or pid == last:
            continue
        st = stacks[cell]
        if st[-1] != pid:
            continue
        bug = bugs[pid]
        base = (pid + 1) * ACTION_STRIDE + CELL_OFFSET
        height = len(st)
        if bug == BEETLE or height > 1:  # a beetle, or a mosquito on top moving as one
            if tall is None:
                tall = _tall(stacks, pos, table.climbers)
            if cell not in tall:
                mask = m.get(cell, 0)
                if height == 1 and not one_arc[mask]:
                    if hole_free:
                        continue
                    if cuts is None:
                        cuts = cut_cells(m, stacks, chi)
                    if cell in cuts:
                        continue
                # no stack of height 2+ around: the climbs are a table lookup
                put_sorted(map((base + cell).__add__,
                               (_CLIMB1_UP if height > 1 else _CLIMB0_UP)[mask]))
                continue
        elif bug == ANT or bug == SPIDER or bug == QUEEN or bug == GRASSHOPPER:
            mask = m.get(cell, 0)
            if not one_arc[mask]:
                if hole_free:
                    continue
                if cuts is None:
                    cuts = cut_cells(m, stacks, chi)
                if cell in cuts:
                    continue
            if bug == GRASSHOPPER:  # grasshopper_moves, written out
                hops = []
                for d in _OCC[mask]:
                    t = cell + d + d
                    while t in stacks:
                        t += d
                    hops.append(t)
                put(map(base.__add__, hops))
                continue
            if bug == QUEEN:  # one slide: the cell's own mask, which lifting leaves alone
                put_sorted(map((base + cell).__add__, _SLIDES_UP[mask]))
                continue
            _lift(m, cell)
            if bug == ANT:
                seen = {cell}
                order = [cell + d for d in slides[mask]]
                seen.update(order)
                add = seen.add
                push = order.append
                for c in order:
                    for d in slides[m[c]]:
                        t = c + d
                        if t not in seen:
                            add(t)
                            push(t)
                seen.discard(cell)
                put(map(base.__add__, seen))
            else:
                put(map(base.__add__, _spider(m, cell)))
            _drop(m, cell)
            continue
        if gen is None:
            if tall is None:
                tall = _tall(stacks, pos, table.climbers)
            gen = _Gen(stacks, m, tall, chi)
        gen.cuts = cuts
        _other(gen, board, bug, base, cell, len(st), put, put_thrown)
        cuts = gen.cuts


def _tall(stacks: Stacks, pos: list[int | None], climbers: tuple[int, ...]) -> Masks:
    """The cells next to stacks of height 2 or more (:func:`.board.neighbour_masks` of
    them): none, without looking, when every piece on the board has a cell of its own.
    The tall stacks are looked for under the ``climbers`` (Beetles and Mosquitoes,
    the only bugs above the ground in play); they are all found when the pieces above
    the ground in them add up to all pieces above the ground, else every stack is
    looked at."""
    above = len(pos) - pos.count(None) - len(stacks)  # pieces above the ground
    if not above:
        return {}
    cells = {c for p in climbers if (c := pos[p]) is not None and len(stacks[c]) > 1}
    if sum([len(stacks[c]) - 1 for c in cells]) != above:
        cells = {c for c, s in stacks.items() if len(s) > 1}
    return neighbour_masks(cells)


def _other(gen: _Gen, board: Board, bug: int, base: int, cell: int, height: int,
           put: Put, put_thrown: Put) -> None:
    """Actions of the Beetle, Ladybug, Mosquito and Pillbug at ``cell`` (``base``: the
    piece's action at offset 0), and of any piece on top of the hive, handed to ``put``
    (the piece's own moves, once) and ``put_thrown`` (its throws)."""
    stacks = gen.stacks
    if height > 1:  # on top of the hive: a beetle, or a mosquito moving as one
        put(map(base.__add__, gen.beetle(cell)))
        return
    if bug == MOSQUITO:
        bugs = board.table.bug
        kinds = {bugs[stacks[cell + d][-1]] for d in _OCC[gen.m.get(cell, 0)]}
        kinds.discard(MOSQUITO)
        if PILLBUG in kinds:
            put_thrown(gen.throws(board, cell))
        if not kinds or gen.pinned(cell):
            return
        if ANT in kinds:  # an ant's moves contain the queen's, the pillbug's, the spider's
            kinds.difference_update((QUEEN, PILLBUG, SPIDER))
        if BEETLE in kinds:  # a ground beetle's steps contain every single slide
            kinds.difference_update((QUEEN, PILLBUG))
        elif PILLBUG in kinds:
            kinds.discard(QUEEN)
        dests: set[int] = set()
        for k in kinds:
            dests |= gen.moves(k, cell)
        put(map(base.__add__, dests))
        return
    if bug == PILLBUG:
        put_thrown(gen.throws(board, cell))
    if not gen.pinned(cell):
        put(map(base.__add__, gen.moves(bug, cell)))
