"""Why a (piece, destination) move is not legal: one sentence for players and UHP clients.

Asks the same rules as :mod:`~botanik_design.games.hive.engine.movegen` in the
order a player would check them; used for messages only (the move set
itself always comes from ``legal_moves``).
"""

from __future__ import annotations

from botanik_design.games.hive.engine.board import Board, encode
from botanik_design.games.hive.engine.hivegraph import articulation_points
from botanik_design.games.hive.engine.movegen import legal_moves, placeable_pieces, placement_cells
from botanik_design.games.hive.engine.pieces import COLOUR_NAME
from botanik_design.games.hive.model import HiveVariant


def explain_illegal(board: Board, variant: HiveVariant, pid: int, dest: int) -> str:
    """The first rule the move ``pid`` -> ``dest`` breaks (assumes it is illegal)."""
    table = board.table
    me = board.to_move
    name = table.names[pid]
    turn = board.player_turn()
    queen = table.queen[me]
    source = board.pos[pid]
    if source is None:
        if table.colour[pid] != me:
            return f"{name} is not {COLOUR_NAME[me]}'s: it is {COLOUR_NAME[me]}'s turn"
        if pid == queen and variant.tournament_opening and turn == 1:
            return "the Queen may not be placed on a player's first turn"
        if board.pos[queen] is None and turn == variant.queen_deadline and pid != queen:
            return f"the Queen must be placed on or before turn {variant.queen_deadline}"
        if pid not in placeable_pieces(board, variant):
            return "pieces of one bug are placed in number order"
        if dest in board.stacks:
            return "a piece is placed on an empty cell"
        if dest not in placement_cells(board):
            return "a placed piece must touch the hive and only pieces of its own colour"
        return "that placement is not legal"
    if table.colour[pid] != me:
        other = COLOUR_NAME[table.colour[pid]]
        if pid == board.last_moved:
            return f"{name} ({other}) was moved by the previous move and may not be thrown now"
        return (f"it is {COLOUR_NAME[me]}'s turn: {name} is {other}'s and no pillbug "
                "can throw it there")
    if board.pos[queen] is None and not variant.move_before_queen:
        return "no piece may move before its player's Queen is placed"
    stack = board.stacks[source]
    if stack[-1] != pid:
        return f"{name} is covered by another piece"
    if pid == board.last_moved:
        return f"{name} was moved by the previous move and may not move or be thrown now"
    if dest == source:
        return "a move must change the piece's cell"
    if len(stack) == 1 and source in articulation_points(board.stacks):
        others = legal_moves(board, variant)
        if encode(pid, dest) not in others:
            return f"moving {name} would split the hive"
    return f"{name} cannot reach that cell"
