"""Counts of the physical tiles of a tile set, kept per tile so that an edit of one tile
updates them without reading the other 499 again (issue 15 item 4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def tile_row(face: Any) -> tuple[str, str, int, bool]:
    """``(colour or "?", type, copies, is a Source)`` of one tile's face (best effort)."""
    source = face.kind == "source" or face.type == "source"
    return face.colour or "?", face.type, face.copies or 0, source


@dataclass
class Tally:
    """One :func:`tile_row` per tile entry, in list order."""

    rows: list[tuple[str, str, int, bool]] = field(default_factory=list)

    @classmethod
    def of(cls, face: Callable[[int], Any], count: int) -> Tally:
        """The tally of ``count`` tiles whose faces ``face(i)`` gives."""
        return cls([tile_row(face(i)) for i in range(count)])

    def set(self, index: int, face: Any) -> None:
        """Tile ``index`` now has ``face``."""
        self.rows[index] = tile_row(face)

    def counts(self) -> tuple[dict[str, int], dict[str, int], int]:
        """Copies per colour and per type, and the machine-tile total (Sources are counted
        per type only)."""
        by_colour: dict[str, int] = {}
        by_type: dict[str, int] = {}
        total = 0
        for colour, kind, n, source in self.rows:
            by_type[kind] = by_type.get(kind, 0) + n
            if source:
                continue
            by_colour[colour] = by_colour.get(colour, 0) + n
            total += n
        return by_colour, by_type, total

    def matrix(self) -> dict[tuple[str, str], int]:
        """Machine-tile copies per ``(colour, type)``."""
        out: dict[tuple[str, str], int] = {}
        for colour, kind, n, source in self.rows:
            if not source:
                out[(colour, kind)] = out.get((colour, kind), 0) + n
        return out
