"""A Hive position set up by hand (the ``position`` kind): stacks, side to move, turn.

``stacks`` maps axial cells ``(q, r)`` to piece names bottom to top
(``{(0, 0): ("wQ",), (1, 0): ("bQ", "wB1")}``); ``to_move`` 0 White / 1
Black; ``turn`` the side to move's turn number (UHP ``White[n]``, from 1);
``last_moved``: the piece the previous move moved (it may neither move nor
be thrown), or ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from botanik_design.games.hive.engine.board import NO_PIECE, Board
from botanik_design.games.hive.engine.coords import pack
from botanik_design.games.hive.engine.hivegraph import is_one_hive
from botanik_design.games.hive.engine.pieces import BEETLE, MOSQUITO, PieceTable


@dataclass(frozen=True, slots=True)
class HiveSetup:
    """A hand-built position (see the module docstring)."""

    stacks: tuple[tuple[tuple[int, int], tuple[str, ...]], ...]
    to_move: int = 0
    turn: int = 1
    last_moved: str | None = None

    @classmethod
    def of(cls, stacks: Mapping[tuple[int, int], Sequence[str] | str], to_move: int = 0,
           turn: int = 1, last_moved: str | None = None) -> HiveSetup:
        """Build from a mapping; a single name may stand for a one-piece stack."""
        items = tuple(
            (cell, (names,) if isinstance(names, str) else tuple(names))
            for cell, names in stacks.items()
        )
        return cls(items, to_move, turn, last_moved)

    def to_dict(self) -> dict[str, object]:
        return {
            "stacks": [[q, r, list(names)] for (q, r), names in self.stacks],
            "to_move": self.to_move, "turn": self.turn, "last_moved": self.last_moved,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> HiveSetup:
        raw = data.get("stacks")
        if not isinstance(raw, list):
            raise ValueError("setup: 'stacks' must be a list of [q, r, [pieces]]")
        stacks = []
        for item in raw:
            if (not isinstance(item, list) or len(item) != 3 or not isinstance(item[2], list)
                    or not all(isinstance(x, int) for x in item[:2])):
                raise ValueError(f"setup: bad stack {item!r} (expected [q, r, [pieces]])")
            stacks.append(((item[0], item[1]), tuple(str(n) for n in item[2])))
        to_move, turn, last = data.get("to_move", 0), data.get("turn", 1), data.get("last_moved")
        if (not isinstance(to_move, int) or to_move not in (0, 1) or not isinstance(turn, int)
                or (last is not None and not isinstance(last, str))):
            raise ValueError("setup: to_move must be 0 or 1, turn an int, "
                             "last_moved a piece name or null")
        return cls(tuple(stacks), to_move, turn, last)


def board_from_setup(table: PieceTable, setup: HiveSetup) -> Board:
    """The :class:`Board` of ``setup``; raises ``ValueError`` naming the first problem.

    Checked: known piece names, each piece at most once, no empty stack,
    only Beetles and Mosquitoes above the ground, one hive (networkx),
    ``turn >= 1``, ``last_moved`` on the board.
    """
    board = Board(table)
    if setup.turn < 1:
        raise ValueError(f"turn must be 1 or more (got {setup.turn})")
    for (q, r), names in setup.stacks:
        cell = pack(q, r)
        if cell in board.stacks:
            raise ValueError(f"cell ({q}, {r}) is listed twice")
        if not names:
            raise ValueError(f"cell ({q}, {r}) has an empty stack")
        for level, name in enumerate(names):
            pid = table.by_name.get(name)
            if pid is None:
                raise ValueError(f"unknown piece {name!r} at ({q}, {r}) "
                                 f"(pieces of this set: {', '.join(table.names)})")
            if board.pos[pid] is not None:
                raise ValueError(f"piece {name} appears twice")
            if level > 0 and table.bug[pid] not in (BEETLE, MOSQUITO):
                raise ValueError(f"{name} at ({q}, {r}) is on top of another piece "
                                 "(only beetles and mosquitoes climb)")
            board.pos[pid] = cell
        board.stacks[cell] = [table.by_name[n] for n in names]
    if not is_one_hive(board.stacks):
        raise ValueError("the pieces do not form one hive (one connected group)")
    board.to_move = setup.to_move
    board.ply = (setup.turn - 1) * 2 + setup.to_move
    if setup.last_moved is not None:
        pid = table.by_name.get(setup.last_moved)
        if pid is None or board.pos[pid] is None:
            raise ValueError(f"last_moved {setup.last_moved!r} is not a piece on the board")
        board.last_moved = pid
    else:
        board.last_moved = NO_PIECE
    board.refresh()
    return board
