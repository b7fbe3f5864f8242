"""Perft: the number of move sequences of each length from a position.

Conventions of the reference engines' tables (brief §6): a move is a
(piece, destination) pair, duplicates merged; pass only when nothing else
is legal, counted as one move; a finished game has no moves; depth in
plies.  Leaves are counted in bulk at depth 1 (the move set's size).
"""

from __future__ import annotations

from botanik_design.games.hive.engine.board import PASS, Board
from botanik_design.games.hive.engine.fastgen import legal_moves
from botanik_design.games.hive.model import HiveVariant


def _moves(board: Board, variant: HiveVariant) -> set[int]:
    if board.queen_surrounded(0) or board.queen_surrounded(1):
        return set()
    moves = legal_moves(board, variant)
    if not moves or not variant.pass_only_when_stuck:
        moves.add(PASS)
    return moves


def perft(board: Board, variant: HiveVariant, depth: int) -> int:
    """Leaf count at ``depth`` plies below ``board`` (restored on return)."""
    if depth <= 0:
        return 1
    moves = _moves(board, variant)
    if depth == 1:
        return len(moves)
    total = 0
    for a in moves:
        undo = board.play(a)
        total += perft(board, variant, depth - 1)
        board.undo(undo)
    return total


def perft_table(board: Board, variant: HiveVariant, depth: int) -> list[int]:
    """``[perft(1), ..., perft(depth)]``."""
    return [perft(board, variant, d) for d in range(1, depth + 1)]
