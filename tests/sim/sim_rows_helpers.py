"""Hand-made game rows for report and compare tests."""

from __future__ import annotations

from botanik_design.games.botanik.engine.game import METRICS
from botanik_design.sim.rows import GameRow

__all__ = ["METRICS", "row", "rows_from"]


def row(i: int, winner: int, s0: int, s1: int, decisions: int = 70) -> GameRow:
    """A row for game ``i``: seat scores ``s0``/``s1`` (all flowers), ``winner`` 0/1/-1."""
    return GameRow(
        game=i, seed=1000 + i, bots=("A", "B") if i % 2 == 0 else ("B", "A"),
        first_bot=i % 2, winner=winner, decisions=decisions, branching=12.5,
        values=(("score", (s0, s1)), ("groups", (0, 0)), ("flowers", (s0, s1)),
                ("bonus", (0, 0)), ("releases", 10), ("swaps", 1), ("discards", 0),
                ("left_at_end", 50), ("unconnected", (1, 2)), ("stalls", 0)),
    )


def rows_from(results: list[int], base: int = 10) -> list[GameRow]:
    """Rows whose winners follow ``results`` (0, 1 or -1), scores consistent with them."""
    out = []
    for i, w in enumerate(results):
        s0 = base + (1 if w == 0 else 0)
        s1 = base + (1 if w == 1 else 0)
        out.append(row(i, w, s0, s1))
    return out
