"""The mutable Hive position the move generator works on.

:class:`Board` holds the stacks (packed cell -> piece ids bottom to top),
each piece's cell (``None`` in hand), the side to move, the ply counter
and the piece the last move moved, plus the *neighbour masks* the fast move
generator reads (:func:`neighbour_masks`, kept up to date by ``play`` and
``undo``; code that changes ``stacks`` by hand calls :meth:`Board.refresh`).
It knows nothing of history or events
(that is :class:`~botanik_design.games.hive.engine.state.HiveState`); ``play`` and
``undo`` are the fast make/unmake pair of perft and search.

Actions (stable ints for a given position): :data:`PASS` is ``0``; a
placement or movement of piece ``pid`` to packed cell ``cell`` is
``(pid + 1) * ACTION_STRIDE + cell + CELL_OFFSET`` (:func:`encode`), so a
move is identified by (piece, destination) and sorted actions group by
piece.  A pillbug throw is the thrown piece's (piece, destination).
"""

from __future__ import annotations

from collections.abc import Iterable

from botanik_design.games.hive.engine.coords import DELTAS, HALF, STRIDE
from botanik_design.games.hive.engine.pieces import PieceTable

PASS = 0
ACTION_STRIDE = STRIDE * STRIDE
CELL_OFFSET = HALF * STRIDE + HALF
NO_PIECE = -1


def encode(pid: int, cell: int) -> int:
    """The action moving/placing piece ``pid`` to packed ``cell``."""
    return (pid + 1) * ACTION_STRIDE + cell + CELL_OFFSET


def decode(action: int) -> tuple[int, int]:
    """``(pid, cell)`` of a non-pass action (inverse of :func:`encode`)."""
    pid, code = divmod(action, ACTION_STRIDE)
    return pid - 1, code - CELL_OFFSET


_D0, _D1, _D2, _D3, _D4, _D5 = DELTAS
#: Bit of direction ``(i + 3) % 6`` (from the neighbour back to the cell), per ``i``.
_B0, _B1, _B2, _B3, _B4, _B5 = (1 << ((i + 3) % 6) for i in range(6))
#: The complements of those bits (within 6 bits), to clear them.
_N0, _N1, _N2, _N3, _N4, _N5 = (63 ^ b for b in (_B0, _B1, _B2, _B3, _B4, _B5))
#: What occupying a cell whose occupied neighbours are ``mask`` adds to the hive's
#: Euler characteristic ``cells - adjacencies + triangles`` (one cell, an adjacency per
#: occupied neighbour, a triangle per two adjacent occupied neighbours); vacating it
#: takes as much away.  A connected hive encloses no empty region exactly when the
#: characteristic is 1 (``Board.chi``).
EULER_STEP: tuple[int, ...] = tuple(
    1 - bin(m).count("1") + sum(1 for i in range(6) if m >> i & 1 and m >> (i + 1) % 6 & 1)
    for m in range(64))


def neighbour_masks(cells: Iterable[int]) -> dict[int, int]:
    """For every cell touching one of ``cells`` (packed), the 6-bit mask of its
    neighbours among them (bit ``i``: the neighbour in direction ``i`` of ``DELTAS``)."""
    m: dict[int, int] = {}
    g = m.get
    for c in cells:
        n = c + _D0
        m[n] = g(n, 0) | _B0
        n = c + _D1
        m[n] = g(n, 0) | _B1
        n = c + _D2
        m[n] = g(n, 0) | _B2
        n = c + _D3
        m[n] = g(n, 0) | _B3
        n = c + _D4
        m[n] = g(n, 0) | _B4
        n = c + _D5
        m[n] = g(n, 0) | _B5
    return m


def _occupy(m: dict[int, int], cell: int) -> None:
    """``cell`` became occupied: set its bit in its neighbours' masks (written out:
    every move and undo of a game runs it)."""
    g = m.get
    n = cell + _D0
    m[n] = g(n, 0) | _B0
    n = cell + _D1
    m[n] = g(n, 0) | _B1
    n = cell + _D2
    m[n] = g(n, 0) | _B2
    n = cell + _D3
    m[n] = g(n, 0) | _B3
    n = cell + _D4
    m[n] = g(n, 0) | _B4
    n = cell + _D5
    m[n] = g(n, 0) | _B5


def _vacate(m: dict[int, int], cell: int) -> None:
    """``cell`` became empty: clear its bit in its neighbours' masks (dropping zeros;
    written out like :func:`_occupy`)."""
    n = cell + _D0
    v = m[n] & _N0
    if v:
        m[n] = v
    else:
        del m[n]
    n = cell + _D1
    v = m[n] & _N1
    if v:
        m[n] = v
    else:
        del m[n]
    n = cell + _D2
    v = m[n] & _N2
    if v:
        m[n] = v
    else:
        del m[n]
    n = cell + _D3
    v = m[n] & _N3
    if v:
        m[n] = v
    else:
        del m[n]
    n = cell + _D4
    v = m[n] & _N4
    if v:
        m[n] = v
    else:
        del m[n]
    n = cell + _D5
    v = m[n] & _N5
    if v:
        m[n] = v
    else:
        del m[n]


#: What :meth:`Board.undo` needs: ``(piece, the cell it came from, the previous
#: last-moved piece)``; ``(NO_PIECE, None, last_moved)`` for a pass.  An immutable
#: tuple, so a history of them is shared by copying the list (``HiveState.clone``).
Undo = tuple[int, int | None, int]


class Board:
    """Stacks, piece cells, side to move (0 White, 1 Black), ply, last moved piece,
    ``masks``: :func:`neighbour_masks` of the occupied cells, and ``tops``: per colour,
    :func:`neighbour_masks` of the cells whose top piece is that colour's (the
    placement rule reads them: :func:`.fastgen.placement_cells`), and ``chi``: the
    occupied cells' Euler characteristic (:data:`EULER_STEP`; 1 for a connected hive
    without holes, which :func:`.fastgen.cut_cells` reads)."""

    __slots__ = ("table", "stacks", "pos", "to_move", "ply", "last_moved", "masks", "tops",
                 "chi")

    def __init__(self, table: PieceTable) -> None:
        self.table = table
        self.stacks: dict[int, list[int]] = {}
        self.pos: list[int | None] = [None] * len(table.names)
        self.to_move = 0
        self.ply = 0
        self.last_moved = NO_PIECE
        self.masks: dict[int, int] = {}
        self.tops: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.chi = 0

    def refresh(self) -> None:
        """Recompute ``masks`` and ``tops`` after ``stacks`` was changed by hand (a set-up
        position)."""
        self.masks = m = neighbour_masks(self.stacks)
        # cells - adjacencies + triangles: each adjacency seen from both its cells, each
        # triangle (two adjacent occupied neighbours) from its three
        around = [m.get(c, 0) for c in self.stacks]
        twice_edges = sum(bin(x).count("1") for x in around)
        thrice_triangles = sum(EULER_STEP[x] - 1 + bin(x).count("1") for x in around)
        self.chi = len(around) - twice_edges // 2 + thrice_triangles // 3
        colour = self.table.colour
        self.tops = (neighbour_masks([c for c, s in self.stacks.items() if colour[s[-1]] == 0]),
                     neighbour_masks([c for c, s in self.stacks.items() if colour[s[-1]] == 1]))

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.table = self.table
        other.stacks = {c: list(s) for c, s in self.stacks.items()}
        other.pos = list(self.pos)
        other.to_move = self.to_move
        other.ply = self.ply
        other.last_moved = self.last_moved
        other.masks = self.masks.copy()
        other.tops = (self.tops[0].copy(), self.tops[1].copy())
        other.chi = self.chi
        return other

    # -- queries -----------------------------------------------------------
    def height(self, cell: int) -> int:
        st = self.stacks.get(cell)
        return len(st) if st else 0

    def top(self, cell: int) -> int:
        """The top piece id at ``cell`` or :data:`NO_PIECE`."""
        st = self.stacks.get(cell)
        return st[-1] if st else NO_PIECE

    def player_turn(self) -> int:
        """The side to move's turn number, from 1 (UHP ``White[n]``)."""
        return self.ply // 2 + 1

    def queen_surrounded(self, colour: int) -> bool:
        """Whether ``colour``'s Queen is on the board with all six neighbours occupied."""
        cell = self.pos[self.table.queen[colour]]
        return cell is not None and self.masks.get(cell) == 63

    def key(self) -> tuple[object, ...]:
        """The position for repetition: every stack bottom to top and the side to move."""
        stacks = self.stacks
        return (self.to_move, frozenset(zip(stacks, map(tuple, stacks.values()), strict=True)))

    # -- make / unmake -----------------------------------------------------
    def play(self, action: int) -> Undo:
        """Apply ``action`` without any legality check; returns the :data:`Undo` record."""
        last = self.last_moved
        self.to_move ^= 1
        self.ply += 1
        if action == PASS:
            self.last_moved = NO_PIECE
            return (NO_PIECE, None, last)
        pid, cell = divmod(action, ACTION_STRIDE)  # decode(), written out
        pid -= 1
        cell -= CELL_OFFSET
        source = self.pos[pid]
        stacks = self.stacks
        colour = self.table.colour
        k = colour[pid]
        tops = self.tops
        if source is not None:
            st = stacks[source]
            st.pop()
            _vacate(tops[k], source)
            if st:
                _occupy(tops[colour[st[-1]]], source)
            else:
                del stacks[source]
                _vacate(self.masks, source)
                self.chi -= EULER_STEP[self.masks.get(source, 0)]
        dest = stacks.get(cell)
        if dest is None:
            stacks[cell] = [pid]
            _occupy(self.masks, cell)
            self.chi += EULER_STEP[self.masks.get(cell, 0)]
        else:
            _vacate(tops[colour[dest[-1]]], cell)
            dest.append(pid)
        _occupy(tops[k], cell)
        self.pos[pid] = cell
        self.last_moved = pid
        return (pid, source, last)

    def undo(self, undo: Undo) -> None:
        """Take back the move that returned ``undo`` (moves must be undone in reverse order)."""
        pid, source, self.last_moved = undo
        self.to_move ^= 1
        self.ply -= 1
        if pid == NO_PIECE:
            return
        cell = self.pos[pid]
        assert cell is not None
        stacks = self.stacks
        colour = self.table.colour
        k = colour[pid]
        tops = self.tops
        st = stacks[cell]
        st.pop()
        _vacate(tops[k], cell)
        if st:
            _occupy(tops[colour[st[-1]]], cell)
        else:
            del stacks[cell]
            _vacate(self.masks, cell)
            self.chi -= EULER_STEP[self.masks.get(cell, 0)]
        if source is not None:
            back = stacks.get(source)
            if back is None:
                stacks[source] = [pid]
                _occupy(self.masks, source)
                self.chi += EULER_STEP[self.masks.get(source, 0)]
            else:
                _vacate(tops[colour[back[-1]]], source)
                back.append(pid)
            _occupy(tops[k], source)
        self.pos[pid] = source
