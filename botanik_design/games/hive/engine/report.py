"""What a Hive position looks like to a player: the ``score``-like summary of a position.

:func:`position_report` gives the side to move, the turn, every legal move
grouped by piece (UHP MoveStrings), the pinned pieces of the side to move,
and for each Queen how many of her six neighbours are occupied and whether
she is surrounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from botanik_design.games.hive.engine.coords import DELTAS
from botanik_design.games.hive.engine.hivegraph import articulation_points
from botanik_design.games.hive.engine.pieces import COLOUR_NAME
from botanik_design.games.hive.engine.state import HiveState
from botanik_design.model.words import plural


@dataclass(frozen=True, slots=True)
class PositionReport:
    """``to_move``: ``"White"``/``"Black"`` (``None`` when the game is over); ``turn``:
    UHP Turn; ``board_state``: UHP BoardState; ``end_reason``; ``moves``: piece name ->
    MoveStrings; ``pinned``: pieces of the side to move that lifting would split the hive
    from; ``queen_neighbours`` / ``queen_surrounded``: per colour (White, Black)."""

    to_move: str | None
    turn: str
    board_state: str
    end_reason: str | None
    moves: dict[str, tuple[str, ...]]
    pinned: tuple[str, ...]
    queen_neighbours: tuple[int, int]
    queen_surrounded: tuple[bool, bool]

    def to_dict(self) -> dict[str, Any]:
        return {
            "to_move": self.to_move, "turn": self.turn, "board_state": self.board_state,
            "end_reason": self.end_reason,
            "moves": {k: list(v) for k, v in self.moves.items()},
            "move_count": sum(len(v) for v in self.moves.values()),
            "pinned": list(self.pinned),
            "queen_neighbours": {"White": self.queen_neighbours[0],
                                 "Black": self.queen_neighbours[1]},
            "queen_surrounded": {"White": self.queen_surrounded[0],
                                 "Black": self.queen_surrounded[1]},
        }

    def lines(self) -> list[str]:
        """A plain-text rendering, one fact per line."""
        out = [f"{self.board_state}, {self.turn}" + (f" ({self.end_reason})" if self.end_reason
                                                     else "")]
        for c, name in enumerate(COLOUR_NAME):
            state = "surrounded" if self.queen_surrounded[c] else "free"
            out.append(f"{name} Queen: {self.queen_neighbours[c]}/6 neighbours occupied ({state})")
        if self.pinned:
            out.append("pinned: " + ", ".join(self.pinned))
        total = sum(len(v) for v in self.moves.values())
        out.append(plural(total, "legal move") + (f" for {self.to_move}" if self.to_move else ""))
        for piece, moves in self.moves.items():
            out.append(f"  {piece}: {'; '.join(moves)}")
        return out


def position_report(state: HiveState) -> PositionReport:
    board = state.board
    table = board.table
    neighbours = []
    for c in (0, 1):
        cell = board.pos[table.queen[c]]
        neighbours.append(0 if cell is None else sum(1 for d in DELTAS if cell + d in board.stacks))
    art = articulation_points(board.stacks)
    me = board.to_move
    pinned = tuple(table.names[st[0]] for cell, st in sorted(board.stacks.items())
                   if len(st) == 1 and cell in art and table.colour[st[0]] == me)
    return PositionReport(
        to_move=None if state.is_terminal() else COLOUR_NAME[me],
        turn=state.turn_string(), board_state=state.board_state(), end_reason=state.end_reason,
        moves={k: tuple(v) for k, v in state.moves_by_piece().items()},
        pinned=pinned,
        queen_neighbours=(neighbours[0], neighbours[1]),
        queen_surrounded=(board.queen_surrounded(0), board.queen_surrounded(1)),
    )
