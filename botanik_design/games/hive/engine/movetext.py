"""Reading a UHP MoveString into a legal action of a Hive position.

:func:`read_move` accepts every valid spelling of a legal move: any neighbouring
reference piece with its direction mark (the six marks of
:data:`~.coords.MARKS` around the axial hex deltas of :data:`~.coords.DELTAS`),
``<piece> <top piece>`` for a climb, the bare piece for the first move of the
game, and ``pass``; letter case is free (:func:`~.notation.parse_move`).  The
refusal reasons are :class:`IllegalReason`; the rules (which moves are legal)
come from the position's listed legal actions, never from here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

from botanik_design.games.base import IllegalActionError
from botanik_design.games.hive.engine.board import PASS, Board, encode
from botanik_design.games.hive.engine.coords import DELTAS, ORIGIN
from botanik_design.games.hive.engine.notation import NotationError, parse_move


class IllegalReason(StrEnum):
    """Why an action or MoveString was refused (``IllegalActionError.reason``)."""

    GAME_OVER = "game-over"
    BAD_NOTATION = "bad-notation"
    UNKNOWN_PIECE = "unknown-piece"
    REFERENCE_OFF_BOARD = "reference-off-board"
    NOT_LEGAL = "not-legal"


def read_move(board: Board, legal: Sequence[int], text: str,
              why: Callable[[int, int], str]) -> int:
    """The action among ``legal`` (the position's sorted legal actions) that the
    MoveString ``text`` names on ``board``.

    ``why(piece id, destination cell)`` explains a move that is not legal.  Raises
    ``IllegalActionError`` with the :class:`IllegalReason`: ``bad-notation`` (not a
    MoveString), ``unknown-piece`` (no such piece in this game),
    ``reference-off-board`` (the reference piece is in a hand) or ``not-legal``.
    """
    try:
        mv = parse_move(text)
    except NotationError as exc:
        raise IllegalActionError(str(exc), IllegalReason.BAD_NOTATION) from None
    if mv.piece is None:
        if PASS in legal:
            return PASS
        raise IllegalActionError(
            "pass is legal only when no other move is", IllegalReason.NOT_LEGAL
        )
    table = board.table
    pid = table.by_name.get(mv.piece)
    if pid is None:
        raise IllegalActionError(
            f"no piece {mv.piece} in this game", IllegalReason.UNKNOWN_PIECE
        )
    if mv.reference is None:
        dest = ORIGIN
        if board.stacks:
            raise IllegalActionError(
                f"{text.strip()!r} names no reference piece (only the first move may)",
                IllegalReason.NOT_LEGAL,
            )
    else:
        ref = table.by_name.get(mv.reference)
        if ref is None:
            raise IllegalActionError(
                f"no piece {mv.reference} in this game", IllegalReason.UNKNOWN_PIECE
            )
        ref_cell = board.pos[ref]
        if ref_cell is None:
            raise IllegalActionError(
                f"reference piece {mv.reference} is not on the board",
                IllegalReason.REFERENCE_OFF_BOARD,
            )
        dest = ref_cell if mv.direction is None else ref_cell + DELTAS[mv.direction]
    action = encode(pid, dest)
    if action not in legal:
        raise IllegalActionError(
            f"{text.strip()} is not a legal move: {why(pid, dest)}",
            IllegalReason.NOT_LEGAL,
        )
    return action
