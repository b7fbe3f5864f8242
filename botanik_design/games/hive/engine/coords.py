"""Hexagonal axial coordinates of the Hive board (pointy-top hexagons).

A cell is ``(q, r)``: ``q`` grows **east**, ``r`` grows **south-east**
(screen coordinates: north is up, ``r`` points down-right).  The first piece
of a game sits at the origin ``(0, 0)``.  The six neighbours, named by the UHP
direction marks of a MoveString ``"<piece> <mark+reference>"`` (Universal Hive
Protocol; the reference piece's cell plus the offset gives the destination):

============  ===========  =========
direction     offset       UHP mark
============  ===========  =========
east          ``(+1, 0)``  ``ref-``
south-east    ``(0, +1)``  ``ref\\``
south-west    ``(-1, +1)`` ``/ref``
west          ``(-1, 0)``  ``-ref``
north-west    ``(0, -1)``  ``\\ref``
north-east    ``(+1, -1)`` ``ref/``
============  ===========  =========

:data:`DIRECTIONS` lists them in that (clockwise) order, so directions
``i - 1`` and ``i + 1`` (mod 6) are the two cells flanking the edge a piece
crosses when it steps in direction ``i`` (the "gate" of the freedom-to-move
rule).

Inside the engine a cell is packed into one int, ``q * STRIDE + r``
(:func:`pack` / :func:`unpack`), so neighbours are additions of
:data:`DELTAS`.  Coordinates must stay within ``|q|, |r| < HALF`` (2048
cells from the origin; a hive of 28 pieces cannot drift that far before any
ply cap, and :func:`pack` raises ``ValueError`` beyond it).
"""

from __future__ import annotations

from typing import Final

#: Packing stride of :func:`pack`.
STRIDE: Final = 4096
#: Coordinates must satisfy ``-HALF < q, r < HALF``.
HALF: Final = STRIDE // 2

#: Axial offsets in clockwise order: E, SE, SW, W, NW, NE.
DIRECTIONS: Final[tuple[tuple[int, int], ...]] = (
    (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1),
)
#: Direction names in :data:`DIRECTIONS` order.
DIRECTION_NAMES: Final = ("east", "south-east", "south-west", "west", "north-west", "north-east")

#: Packed-cell offsets in :data:`DIRECTIONS` order.
DELTAS: Final[tuple[int, ...]] = tuple(dq * STRIDE + dr for dq, dr in DIRECTIONS)

#: For each direction ``i``: ``(step, left flank, right flank)`` packed offsets.
GATES: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (DELTAS[i], DELTAS[(i - 1) % 6], DELTAS[(i + 1) % 6]) for i in range(6)
)

#: UHP mark of each direction: ``(prefix, suffix)`` around the reference piece.
MARKS: Final[tuple[tuple[str, str], ...]] = (
    ("", "-"), ("", "\\"), ("/", ""), ("-", ""), ("\\", ""), ("", "/"),
)

ORIGIN: Final = 0


def pack(q: int, r: int) -> int:
    """The packed cell of ``(q, r)``; raises ``ValueError`` outside ``|q|, |r| < HALF``."""
    if not (-HALF < q < HALF and -HALF < r < HALF):
        raise ValueError(f"cell ({q}, {r}) is too far from the origin (limit {HALF - 1})")
    return q * STRIDE + r


def unpack(cell: int) -> tuple[int, int]:
    """``(q, r)`` of a packed cell (inverse of :func:`pack`)."""
    r = (cell + HALF) % STRIDE - HALF
    return (cell - r) // STRIDE, r


def neighbours(cell: int) -> tuple[int, ...]:
    """The six packed neighbours of ``cell`` in :data:`DIRECTIONS` order."""
    return tuple(cell + d for d in DELTAS)


def direction_between(a: int, b: int) -> int | None:
    """Index ``i`` with ``b == a + DELTAS[i]``, or ``None`` when not adjacent."""
    try:
        return DELTAS.index(b - a)
    except ValueError:
        return None
