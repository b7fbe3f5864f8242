"""Why one piece has no legal action: a typed reason for players (TUI status lines, reports).

:func:`blocked_reason` asks the same rules as
:mod:`~botanik_design.games.hive.engine.movegen` (the move set itself always comes
from ``legal_moves``) and names the first one that stops the piece, in the
order a player checks them.  It returns ``None`` when the piece has at least
one legal action (a placement, a movement, or a pillbug throw of it).
"""

from __future__ import annotations

from enum import StrEnum

from botanik_design.games.hive.engine.board import PASS, Board, decode
from botanik_design.games.hive.engine.fastgen import legal_moves
from botanik_design.games.hive.engine.hivegraph import articulation_points
from botanik_design.games.hive.engine.movegen import placeable_pieces
from botanik_design.games.hive.model import HiveVariant


class Blocked(StrEnum):
    """Why a piece cannot be played now (value: a stable id; :attr:`text`: a sentence)."""

    NOT_YOUR_PIECE = "not-your-piece"
    QUEEN_NOT_ON_FIRST_TURN = "queen-not-on-first-turn"
    QUEEN_DEADLINE = "queen-deadline"
    NUMBER_ORDER = "number-order"
    NO_PLACEMENT_CELL = "no-placement-cell"
    QUEEN_NOT_PLACED = "queen-not-placed"
    COVERED = "covered"
    JUST_THROWN = "just-thrown"
    PINNED = "pinned"
    NO_ROOM = "no-room"

    @property
    def text(self) -> str:
        return _TEXT[self]


_TEXT = {
    Blocked.NOT_YOUR_PIECE: "it belongs to the other player",
    Blocked.QUEEN_NOT_ON_FIRST_TURN: "the Queen may not be placed on a player's first turn "
                                     "(tournament opening)",
    Blocked.QUEEN_DEADLINE: "the Queen must be placed this turn (Queen deadline)",
    Blocked.NUMBER_ORDER: "pieces of one bug are placed in number order",
    Blocked.NO_PLACEMENT_CELL: "no empty cell touches only your own pieces",
    Blocked.QUEEN_NOT_PLACED: "no piece may move before its player's Queen is placed",
    Blocked.COVERED: "it is covered by a beetle (only the top piece of a stack moves)",
    Blocked.JUST_THROWN: "it was just thrown by a pillbug and may not move this turn",
    Blocked.PINNED: "it is pinned: lifting it would split the hive (one-hive rule)",
    Blocked.NO_ROOM: "it has nowhere to go (blocked by gates or surrounded)",
}


def movable_pieces(board: Board, variant: HiveVariant) -> set[int]:
    """Ids of the pieces that take part in at least one legal action of the side to move."""
    return {decode(a)[0] for a in legal_moves(board, variant) if a != PASS}


def blocked_reason(board: Board, variant: HiveVariant, pid: int,
                   movable: set[int] | None = None) -> Blocked | None:
    """Why piece ``pid`` has no legal action for the side to move, or ``None`` when it has one.

    ``movable``: :func:`movable_pieces` when the caller already has it.
    Sources: seed 002 (one hive, Queen rules, stacks), the variant's options
    (``tournament_opening``, ``queen_deadline``, ``placement_order``,
    ``move_before_queen``) and the pillbug rules of the brief (a thrown piece rests a turn).
    """
    if movable is None:
        movable = movable_pieces(board, variant)
    if pid in movable:
        return None
    table = board.table
    me = board.to_move
    queen = table.queen[me]
    source = board.pos[pid]
    if table.colour[pid] != me:
        return Blocked.NOT_YOUR_PIECE
    if source is None:
        if pid == queen and variant.tournament_opening and board.player_turn() == 1:
            return Blocked.QUEEN_NOT_ON_FIRST_TURN
        if (board.pos[queen] is None and board.player_turn() == variant.queen_deadline
                and pid != queen):
            return Blocked.QUEEN_DEADLINE
        if pid not in placeable_pieces(board, variant):
            return Blocked.NUMBER_ORDER
        return Blocked.NO_PLACEMENT_CELL
    if board.pos[queen] is None and not variant.move_before_queen:
        return Blocked.QUEEN_NOT_PLACED
    stack = board.stacks[source]
    if stack[-1] != pid:
        return Blocked.COVERED
    if pid == board.last_moved:
        return Blocked.JUST_THROWN
    if len(stack) == 1 and source in articulation_points(board.stacks):
        return Blocked.PINNED
    return Blocked.NO_ROOM
