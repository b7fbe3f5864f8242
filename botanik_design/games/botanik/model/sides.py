"""Sides of a square tile, rotation and grid offsets.

Conventions used everywhere in botanik-design:

* A machine is a grid of cells ``(x, y)`` (integers).  ``x`` grows to the
  **east**, ``y`` grows to the **north**.  The player's Source tile sits at
  ``(0, 0)``.
* Sides are numbered clockwise from north: ``N=0, E=1, S=2, W=3``.
* A rotation ``r`` (0–3) is a number of **clockwise quarter turns**.  Rotating
  a tile by ``r`` moves the pipe exit drawn on side ``s`` to side ``(s + r) % 4``;
  e.g. a corner with exits N and E, rotated once, has exits E and S.
* Pipe exits are stored as a 4-bit mask: bit ``s`` is set when side ``s`` has a
  pipe exit.
"""

from __future__ import annotations

from enum import IntEnum


class Side(IntEnum):
    """A side (edge) of a tile, clockwise from north."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def opposite(self) -> Side:
        """The side facing this one on the neighbouring tile."""
        return Side((self + 2) % 4)


SIDES: tuple[Side, ...] = (Side.N, Side.E, Side.S, Side.W)

#: ``(dx, dy)`` from a cell to its neighbour across each side (y grows north).
OFFSETS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))


def side_offset(side: int) -> tuple[int, int]:
    """Return ``(dx, dy)`` to the neighbouring cell across ``side`` (0=N … 3=W)."""
    return OFFSETS[side]


def pipe_joined(mask_a: int, wild_a: bool, mask_b: int, wild_b: bool, side: int,
                wild_pairs: bool = False) -> bool:
    """Whether tile ``a`` and its neighbour ``b`` across ``side`` (a side of ``a``) are
    joined by a pipe — the one pipe-join rule of the engine, scoring and bots.

    ``mask_*``: 4-bit pipe-exit masks (bit ``s`` = side ``s``, N E S W), already rotated.
    Normally both tiles need an exit on the shared edge (``a`` on ``side``, ``b`` on the
    opposite side).  Under ``mecha_botanist: wildcard`` a wildcard mecha-botanist
    (``wild_*``) joins any pipe end that faces it; two neighbouring wildcards join only
    when ``wild_pairs`` (option ``wildcard_pairs: joined``; brief §6, ``spec/rules.md``).
    """
    opp = (side + 2) & 3
    if wild_a:
        if wild_b:
            return wild_pairs
        return bool(mask_b >> opp & 1)
    if wild_b:
        return bool(mask_a >> side & 1)
    return bool(mask_a >> side & 1) and bool(mask_b >> opp & 1)


def exits_mask(sides: list[Side] | tuple[Side, ...] | set[Side]) -> int:
    """4-bit mask of pipe exits from a collection of sides."""
    mask = 0
    for s in sides:
        mask |= 1 << int(s)
    return mask


def mask_sides(mask: int) -> tuple[Side, ...]:
    """The sides whose bit is set in ``mask``, in N, E, S, W order."""
    return tuple(s for s in SIDES if mask >> s & 1)


def rotate_exits(mask: int, rotation: int) -> int:
    """Rotate a 4-bit exit mask by ``rotation`` clockwise quarter turns."""
    r = rotation % 4
    return ((mask << r) | (mask >> (4 - r))) & 0xF


def distinct_rotations(mask: int) -> tuple[int, ...]:
    """Rotations (0–3) that give distinct exit masks, smallest rotation first.

    A cross has one, a straight two, a corner or tee four.
    """
    seen: dict[int, int] = {}
    for r in range(4):
        seen.setdefault(rotate_exits(mask, r), r)
    return tuple(sorted(seen.values()))
