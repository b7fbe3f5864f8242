"""Legal moves of a Hive position: placements and each bug's movement.

Every rule of placement and movement is decided here (sources: the seed
``seeds/002``, the brief ``../shared/hive-rules.md`` and the reference
engine Mzinga's conventions where the box rules leave a choice):

- *Placement*: the first piece goes to the origin; a player with no piece
  on the board yet places next to any piece; otherwise an empty cell
  touching one of the player's stacks and no enemy stack (colour of a stack
  = its top piece).  Identical bugs in number order when
  ``placement_order == "numbered"``.  No Queen on a player's first turn
  under ``tournament_opening``; on turn ``queen_deadline`` with the Queen in
  hand only Queen placements are legal (that turn only, as in Mzinga: a
  player who had to pass then may place other pieces later).
- *Movement* (only once the player's Queen is placed, unless
  ``move_before_queen``): only the top piece of a stack moves; a ground
  piece alone in its cell is pinned when its cell is an articulation point
  (:mod:`~botanik_design.games.hive.engine.hivegraph`); the piece the previous move
  moved (or threw) neither moves nor is thrown.
- *Sliding* (Queen, Spider, Ant, Pillbug): from cell ``c`` to an empty
  neighbour when exactly one of the two flanking cells is occupied, the
  moving piece lifted off the board.
- *Climbing* (Beetle, Ladybug, Mosquito on top, pillbug throws): a step is
  blocked when both flanking stacks are higher than both the height left
  behind (after lift-off) and the height of the destination stack; a step
  between two empty ground cells with both flanks empty is not a move.
- Spider: exactly three slides, no cell visited twice.  Ant: any cell
  reachable by slides.  Grasshopper: straight jump over one or more stacks.
  Ladybug: two climbing steps on top of the hive, then one down into an
  empty cell other than its start.  Mosquito: on the ground, the union of
  the moves of every bug whose piece tops a neighbouring stack (not other
  Mosquitoes); on top of the hive, beetle steps only.  Pillbug: Queen moves,
  plus throwing an adjacent piece alone in its cell (either colour, not
  pinned, not the last moved) over itself into an adjacent empty cell, both
  steps gate-checked; the throw works when the pillbug is pinned; a Mosquito
  on the ground next to a Pillbug gains the throw (also when pinned).

This module is the reference, written plainly; the engine plays with
:func:`.fastgen.legal_moves`, which a property test holds equal to
:func:`legal_moves` here.

Moves are (piece, destination) pairs encoded as ints (:func:`board.encode`);
the same pair reached two ways is one move.  The result never contains
:data:`~botanik_design.games.hive.engine.board.PASS`; the caller adds it.
"""

from __future__ import annotations

from botanik_design.games.hive.engine.board import ACTION_STRIDE, CELL_OFFSET, Board
from botanik_design.games.hive.engine.coords import DELTAS, GATES, ORIGIN
from botanik_design.games.hive.engine.hivegraph import articulation_points
from botanik_design.games.hive.engine.pieces import (
    ANT,
    BEETLE,
    GRASSHOPPER,
    LADYBUG,
    MOSQUITO,
    PILLBUG,
    QUEEN,
    SPIDER,
)
from botanik_design.games.hive.model import HiveVariant

Stacks = dict[int, list[int]]


def _slide_deltas(occupied: int) -> tuple[int, ...]:
    """The slide directions (as cell deltas) from an empty-centred cell whose
    neighbours in direction ``i`` are occupied where bit ``i`` of ``occupied`` is set:
    the destination is empty and exactly one of its two flanks is occupied (the rule
    in the module docstring)."""
    out = []
    for i, (d, _dl, _dr) in enumerate(GATES):
        left, right = (i - 1) % 6, (i + 1) % 6
        if not occupied >> i & 1 and (occupied >> left & 1) != (occupied >> right & 1):
            out.append(d)
    return tuple(out)


#: :func:`_slide_deltas` of every 6-bit neighbourhood.
_SLIDES: tuple[tuple[int, ...], ...] = tuple(_slide_deltas(m) for m in range(64))

_D0, _D1, _D2, _D3, _D4, _D5 = DELTAS


def _slides(stacks: Stacks, cell: int) -> list[int]:
    """Empty cells one slide from ``cell`` (the mover must already be lifted off): the
    six neighbours' occupancy as a 6-bit index into :data:`_SLIDES`
    (``tests/hive/test_movegen_fast.py`` holds it to the gate rule)."""
    occupied = ((cell + _D0 in stacks) | (cell + _D1 in stacks) << 1
                | (cell + _D2 in stacks) << 2 | (cell + _D3 in stacks) << 3
                | (cell + _D4 in stacks) << 4 | (cell + _D5 in stacks) << 5)
    return [cell + d for d in _SLIDES[occupied]]


def queen_moves(stacks: Stacks, cell: int) -> set[int]:
    """One slide (Queen, Pillbug's own movement)."""
    mover = stacks.pop(cell)
    try:
        return set(_slides(stacks, cell))
    finally:
        stacks[cell] = mover


def ant_moves(stacks: Stacks, cell: int) -> set[int]:
    """Every cell reachable by any number of slides, the start excluded
    (:func:`_slides` written inline: ants are most of a position's moves)."""
    mover = stacks.pop(cell)
    try:
        seen = {cell}
        todo = [cell]
        push = todo.append
        add = seen.add
        slides = _SLIDES
        while todo:
            c = todo.pop()
            occupied = ((c + _D0 in stacks) | (c + _D1 in stacks) << 1
                        | (c + _D2 in stacks) << 2 | (c + _D3 in stacks) << 3
                        | (c + _D4 in stacks) << 4 | (c + _D5 in stacks) << 5)
            for d in slides[occupied]:
                t = c + d
                if t not in seen:
                    add(t)
                    push(t)
        seen.discard(cell)
        return seen
    finally:
        stacks[cell] = mover


def spider_moves(stacks: Stacks, cell: int) -> set[int]:
    """End cells of paths of exactly three slides that visit no cell twice."""
    mover = stacks.pop(cell)
    try:
        out: set[int] = set()
        for a in _slides(stacks, cell):
            for b in _slides(stacks, a):
                if b == cell:
                    continue
                for c in _slides(stacks, b):
                    if c != cell and c != a:
                        out.add(c)
        return out
    finally:
        stacks[cell] = mover


def grasshopper_moves(stacks: Stacks, cell: int) -> set[int]:
    """The first empty cell in each direction past one or more occupied cells."""
    out = set()
    for d in DELTAS:
        t = cell + d
        if t in stacks:
            t += d
            while t in stacks:
                t += d
            out.add(t)
    return out


def _climbs(stacks: Stacks, cell: int, level: int) -> list[int]:
    """Climbing steps from ``cell`` for a piece leaving ``level`` pieces below it.

    Blocked when both flanks are higher than both ``level`` and the
    destination height; a ground-to-ground step with both flanks empty is
    not a move (it would leave the hive).  The mover must not be counted in
    any neighbouring stack.
    """
    out = []
    for d, dl, dr in GATES:
        t = cell + d
        st = stacks.get(t)
        ht = len(st) if st else 0
        sl = stacks.get(cell + dl)
        hl = len(sl) if sl else 0
        sr = stacks.get(cell + dr)
        hr = len(sr) if sr else 0
        if level == 0 and ht == 0 and hl == 0 and hr == 0:
            continue
        if hl > level and hr > level and hl > ht and hr > ht:
            continue
        out.append(t)
    return out


def beetle_moves(stacks: Stacks, cell: int) -> set[int]:
    """One climbing step (Beetle; Mosquito on top of the hive)."""
    return set(_climbs(stacks, cell, len(stacks[cell]) - 1))


def ladybug_moves(stacks: Stacks, cell: int) -> set[int]:
    """Two climbing steps onto stacks, then one down into an empty cell (not the start)."""
    mover = stacks.pop(cell)
    try:
        out: set[int] = set()
        for a in _climbs(stacks, cell, 0):
            if a not in stacks:
                continue
            for b in _climbs(stacks, a, len(stacks[a])):
                if b not in stacks:
                    continue
                for c in _climbs(stacks, b, len(stacks[b])):
                    if c not in stacks and c != cell:
                        out.add(c)
        return out
    finally:
        stacks[cell] = mover


def throws(board: Board, cell: int, pinned: set[int]) -> set[int]:
    """Pillbug throws from a pillbug (or Mosquito as one) at ``cell``, as actions.

    A neighbouring piece alone in its cell, not the last moved piece and
    whose lifting keeps one hive, is lifted onto ``cell`` and set down into
    an empty neighbour of ``cell`` other than where it came from; both steps
    follow the climbing gate rule.
    """
    stacks = board.stacks
    last = board.last_moved
    level = len(stacks[cell])
    out: set[int] = set()
    for d, dl, dr in GATES:
        n = cell + d
        st = stacks.get(n)
        if not st or len(st) != 1 or st[0] == last or n in pinned:
            continue
        sl = stacks.get(cell + dl)
        sr = stacks.get(cell + dr)
        if sl and sr and len(sl) > level and len(sr) > level:
            continue  # gate on the way up onto the pillbug
        thrown = stacks.pop(n)
        try:
            base = (thrown[0] + 1) * ACTION_STRIDE + CELL_OFFSET
            for e in _climbs(stacks, cell, level):
                if e != n and e not in stacks:
                    out.add(base + e)
        finally:
            stacks[n] = thrown
    return out


_SIMPLE = {
    QUEEN: queen_moves, SPIDER: spider_moves, BEETLE: beetle_moves,
    GRASSHOPPER: grasshopper_moves, ANT: ant_moves, LADYBUG: ladybug_moves,
    PILLBUG: queen_moves,
}


def placement_cells(board: Board) -> list[int]:
    """Cells where the side to move may place a piece (see the module docstring)."""
    stacks = board.stacks
    if not stacks:
        return [ORIGIN]
    colour = board.table.colour
    me = board.to_move
    own = [c for c, st in stacks.items() if colour[st[-1]] == me]
    if not own:
        return sorted({c + d for c in stacks for d in DELTAS if c + d not in stacks})
    out = []
    seen: set[int] = set()
    for c in own:
        for d in DELTAS:
            n = c + d
            if n in seen or n in stacks:
                continue
            seen.add(n)
            for d2 in DELTAS:
                st = stacks.get(n + d2)
                if st and colour[st[-1]] != me:
                    break
            else:
                out.append(n)
    return out


def placeable_pieces(board: Board, variant: HiveVariant) -> list[int]:
    """Piece ids the side to move may place this turn (Queen rules, number order)."""
    table = board.table
    me = board.to_move
    pos = board.pos
    queen = table.queen[me]
    turn = board.player_turn()
    if pos[queen] is None and turn == variant.queen_deadline:
        return [queen]
    numbered = variant.placement_order == "numbered"
    out = []
    for ids in table.hand_order[me]:
        for pid in ids:
            if pos[pid] is None:
                out.append(pid)
                if numbered:
                    break
    if variant.tournament_opening and turn == 1:
        out = [p for p in out if p != queen]
    return out


def legal_moves(board: Board, variant: HiveVariant) -> set[int]:
    """All legal placements and movements of the side to move, as actions (no pass)."""
    out: set[int] = set()
    stacks = board.stacks
    pieces = placeable_pieces(board, variant)
    if pieces:
        cells = placement_cells(board)
        for pid in pieces:
            base = (pid + 1) * ACTION_STRIDE + CELL_OFFSET
            out.update([base + c for c in cells])
    table = board.table
    me = board.to_move
    if board.pos[table.queen[me]] is None and not variant.move_before_queen:
        return out
    bugs = table.bug
    colour = table.colour
    last = board.last_moved
    pinned: set[int] | None = None
    for cell, st in list(stacks.items()):
        pid = st[-1]
        if colour[pid] != me or pid == last:
            continue
        level = len(st) - 1
        if level == 0:
            if pinned is None:
                pinned = articulation_points(stacks)
            is_pinned = cell in pinned
        else:
            is_pinned = False
        bug = bugs[pid]
        base = (pid + 1) * ACTION_STRIDE + CELL_OFFSET
        if bug == MOSQUITO:
            if level > 0:
                out.update([base + t for t in beetle_moves(stacks, cell)])
                continue
            kinds = set()
            for d in DELTAS:
                ns = stacks.get(cell + d)
                if ns:
                    kinds.add(bugs[ns[-1]])
            kinds.discard(MOSQUITO)
            if PILLBUG in kinds:
                if pinned is None:
                    pinned = articulation_points(stacks)
                out |= throws(board, cell, pinned)
            if is_pinned:
                continue
            for k in kinds:
                out.update([base + t for t in _SIMPLE[k](stacks, cell)])
            continue
        if bug == PILLBUG:
            if pinned is None:
                pinned = articulation_points(stacks)
            out |= throws(board, cell, pinned)
        if is_pinned:
            continue
        out.update([base + t for t in _SIMPLE[bug](stacks, cell)])
    return out
