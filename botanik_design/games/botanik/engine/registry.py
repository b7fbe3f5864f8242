"""The registry: middle stacks and each player's slots (brief §3, §4).

``middle[c]`` is the stack of column ``c`` (bottom first, top last);
``slots[p][c]`` the tile in player ``p``'s slot of column ``c`` or ``-1``.
"""

from __future__ import annotations

from botanik_design.games.botanik.engine.tiles import TileTable
from botanik_design.games.botanik.model.variant import Variant

EMPTY = -1


class Registry:
    """Middle stacks and slots; tiles are instance ids."""

    __slots__ = ("middle", "slots")

    def __init__(self, columns: int) -> None:
        self.middle: list[list[int]] = [[] for _ in range(columns)]
        self.slots: list[list[int]] = [[EMPTY] * columns, [EMPTY] * columns]

    def copy(self) -> Registry:
        """An independent copy."""
        r = Registry.__new__(Registry)
        r.middle = [s[:] for s in self.middle]
        r.slots = [self.slots[0][:], self.slots[1][:]]
        return r

    @property
    def columns(self) -> int:
        """Number of columns."""
        return len(self.middle)

    def top(self, column: int) -> int:
        """Top tile of the middle stack of ``column``, or ``-1`` when the stack is empty."""
        stack = self.middle[column]
        return stack[-1] if stack else EMPTY

    def own_slot_ok(self, table: TileTable, player: int, tile: int, column: int) -> bool:
        """Brief §3.2: the slot is empty and ``tile`` is linked to the middle top."""
        if self.slots[player][column] != EMPTY:
            return False
        top = self.top(column)
        return top != EMPTY and table.linked(tile, top)

    def middle_ok(self, table: TileTable, variant: Variant, tile: int, column: int) -> bool:
        """Brief §3.2 middle condition (``middle_condition``, ``middle_condition_empty_slots``)."""
        if variant.middle_condition == "none":
            return True
        a, b = self.slots[0][column], self.slots[1][column]
        if a == EMPTY and b == EMPTY:
            return variant.middle_condition_empty_slots == "allow"
        return (a != EMPTY and table.linked(tile, a)) or (b != EMPTY and table.linked(tile, b))

    def tiles(self) -> list[int]:
        """Every tile on the registry."""
        out = [t for s in self.middle for t in s]
        out.extend(t for row in self.slots for t in row if t != EMPTY)
        return out
