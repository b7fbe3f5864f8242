"""Cell coordinates and their compact integer codes.

Geometry (DEVELOPING.md, :mod:`botanik_design.games.botanik.model.sides`): a cell is
``(x, y)``, ``x`` grows east, ``y`` grows **north**; the Source is at
``(0, 0)``.  Sides are ``N=0, E=1, S=2, W=3`` and a rotation ``r`` is ``r``
clockwise quarter turns.

For speed the engine stores a cell as one integer, its *code*:
``code = (x + 128) * 256 + (y + 128)`` for ``-BOUND <= x, y <= BOUND``
(``BOUND = 127``).  The neighbour across side ``s`` is ``code + DELTA[s]``.
A placement action is ``PLACE_BASE + code * 4 + rotation`` (see
:mod:`botanik_design.games.botanik.engine.actions`).
"""

from __future__ import annotations

#: Largest ``|x|`` or ``|y|`` a machine cell may have.
BOUND = 127
_OFF = 128
_W = 256

#: Code of the Source cell ``(0, 0)``.
ORIGIN = _OFF * _W + _OFF

#: Code difference to the neighbour across side N, E, S, W.
DELTA: tuple[int, int, int, int] = (1, _W, -1, -_W)


def encode_cell(x: int, y: int) -> int:
    """Integer code of cell ``(x, y)``; ``ValueError`` when ``|x|`` or ``|y|`` exceeds BOUND."""
    if not (-BOUND <= x <= BOUND and -BOUND <= y <= BOUND):
        raise ValueError(f"cell ({x}, {y}) is outside the grid (|x|, |y| <= {BOUND})")
    return (x + _OFF) * _W + (y + _OFF)


def decode_cell(code: int) -> tuple[int, int]:
    """``(x, y)`` of a cell code (inverse of :func:`encode_cell`)."""
    return code // _W - _OFF, code % _W - _OFF


def in_bounds(code: int) -> bool:
    """True when the code names a cell inside the grid."""
    x, y = code // _W - _OFF, code % _W - _OFF
    return -BOUND <= x <= BOUND and -BOUND <= y <= BOUND
