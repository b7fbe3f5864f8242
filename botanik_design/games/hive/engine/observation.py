"""What a Hive player sees (``State.observation``): everything (perfect information).

Hive has no hidden information and no chance, so both seats observe the whole
position; the observation still carries the MoveStrings played, because the
repetition draw depends on the positions seen, not on the board alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botanik_design.games.base import check_seat
from botanik_design.games.hive.engine.coords import unpack

if TYPE_CHECKING:
    from botanik_design.games.hive.engine.state import HiveState


def observe(state: HiveState, player: int) -> dict[str, Any]:
    """The observation of ``player`` (0 White, 1 Black) as JSON-serialisable data.

    Keys: ``player``, ``pieceset`` and ``variant`` (names), ``to_move`` (seat or
    -4 at the end), ``turn`` (UHP ``White[3]``), ``board_state`` (UHP),
    ``stacks`` (``[q, r, [piece names bottom to top]]`` sorted by cell),
    ``hands`` (per colour, the names of the pieces not yet placed, in id order),
    ``last_moved`` (name or ``None``), ``moves`` (the MoveStrings played),
    ``legal_actions``, ``winner`` and ``end_reason`` (``None`` until the end).
    Raises ``ValueError`` for a seat other than 0 or 1.
    """
    check_seat(player, 2)
    board = state.board
    names = board.table.names
    stacks = sorted((*unpack(cell), [names[p] for p in st]) for cell, st in board.stacks.items())
    hands = [[names[p] for p, cell in enumerate(board.pos)
              if cell is None and board.table.colour[p] == c] for c in (0, 1)]
    last = board.last_moved
    return {
        "player": player,
        "pieceset": board.table.pieceset.name,
        "variant": state.get_game().variant.name,
        "to_move": state.current_player(),
        "turn": state.turn_string(),
        "board_state": state.board_state(),
        "stacks": [list(s) for s in stacks],
        "hands": hands,
        "last_moved": names[last] if 0 <= last < len(names) else None,
        "moves": state.move_strings(),
        "legal_actions": state.legal_actions(),
        "winner": state.winner,
        "end_reason": state.end_reason,
    }
