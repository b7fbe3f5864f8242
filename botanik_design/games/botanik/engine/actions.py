"""Integer encoding of actions, and the typed actions bots and the TUI use.

Every decision is one integer; the ranges are disjoint by decision kind, so
``legal_actions()`` is one sorted list of ints at every decision point:

=============  ===============================  ====================================
kind           integer                          meaning
=============  ===============================  ====================================
pick           ``i * 18 + c`` (0–161)           arrival tile ``i`` to the picker's own
                                                slot of column ``c`` (``c`` < 9)
pick           ``i * 18 + 9 + c``               arrival tile ``i`` onto middle stack ``c``
discard        ``200 + i``                      discard arrival tile ``i`` (only when no
                                                registry move is legal and
                                                ``no_registry_move: discard-chosen``)
swap           ``300 + c``                      swap the released mecha-botanist with the
                                                top of middle stack ``c``
place          ``1024 + cell * 4 + r``          put the released tile at ``cell`` (a cell
                                                code, :mod:`.geometry`) with rotation ``r``
=============  ===============================  ====================================

Indices in typed actions are 0-based; ``action_to_string`` shows arrival
indices and columns 1-based ("arrival#1", "middle 3").  For a tile whose
rotations coincide (a straight turned twice, a cross) only the smallest
equivalent ``r`` is offered.
"""

from __future__ import annotations

from dataclasses import dataclass

from botanik_design.games.botanik.engine.geometry import decode_cell, encode_cell

MAX_COLUMNS = 9
MAX_ARRIVAL = 9
PICK_BASE = 0
DISCARD_BASE = 200
SWAP_BASE = 300
PLACE_BASE = 1024
_PICK_STRIDE = 2 * MAX_COLUMNS


@dataclass(frozen=True, slots=True)
class Pick:
    """Arrival tile ``arrival`` to the picker's own slot of ``column``, or its middle stack."""

    arrival: int
    column: int
    middle: bool


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard arrival tile ``arrival`` (no legal registry move, ``discard-chosen``)."""

    arrival: int


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the released mecha-botanist with the top tile of middle stack ``column``."""

    column: int


@dataclass(frozen=True, slots=True)
class Place:
    """Put the released tile at cell ``(x, y)`` with ``rotation`` clockwise quarter turns."""

    x: int
    y: int
    rotation: int


Action = Pick | Discard | Swap | Place


def encode(action: Action) -> int:
    """Integer of a typed action; ``ValueError`` when a field is out of range."""
    if isinstance(action, Pick):
        if not (0 <= action.arrival < MAX_ARRIVAL and 0 <= action.column < MAX_COLUMNS):
            raise ValueError(f"pick out of range: {action}")
        return (
            PICK_BASE + action.arrival * _PICK_STRIDE + action.column
            + (MAX_COLUMNS if action.middle else 0)
        )
    if isinstance(action, Discard):
        if not 0 <= action.arrival < MAX_ARRIVAL:
            raise ValueError(f"discard out of range: {action}")
        return DISCARD_BASE + action.arrival
    if isinstance(action, Swap):
        if not 0 <= action.column < MAX_COLUMNS:
            raise ValueError(f"swap out of range: {action}")
        return SWAP_BASE + action.column
    if not 0 <= action.rotation < 4:
        raise ValueError(f"rotation out of range: {action}")
    return PLACE_BASE + encode_cell(action.x, action.y) * 4 + action.rotation


def decode(value: int) -> Action:
    """Typed action of an integer; ``ValueError`` when it encodes nothing."""
    if PICK_BASE <= value < PICK_BASE + MAX_ARRIVAL * _PICK_STRIDE:
        i, d = divmod(value - PICK_BASE, _PICK_STRIDE)
        return Pick(i, d % MAX_COLUMNS, d >= MAX_COLUMNS)
    if DISCARD_BASE <= value < DISCARD_BASE + MAX_ARRIVAL:
        return Discard(value - DISCARD_BASE)
    if SWAP_BASE <= value < SWAP_BASE + MAX_COLUMNS:
        return Swap(value - SWAP_BASE)
    if value >= PLACE_BASE:
        cell, r = divmod(value - PLACE_BASE, 4)
        x, y = decode_cell(cell)
        try:
            encode_cell(x, y)
        except ValueError:
            pass
        else:
            return Place(x, y, r)
    raise ValueError(f"{value} is not an action")
