"""Helpers of the Hive tests: hand-built positions and (piece, destination) move sets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from botanik_design.games.hive.engine.board import PASS, decode
from botanik_design.games.hive.engine.coords import unpack
from botanik_design.games.hive.engine.game import HiveGame, load_hive
from botanik_design.games.hive.engine.setup import HiveSetup
from botanik_design.games.hive.engine.state import HiveState

Cell = tuple[int, int]


def position(stacks: Mapping[Cell, Sequence[str] | str], *, to_move: int = 0, turn: int = 5,
             last_moved: str | None = None, game_type: str = "Base+MLP",
             game: HiveGame | None = None) -> HiveState:
    g = game if game is not None else load_hive(game_type)
    return g.state_from_setup(HiveSetup.of(stacks, to_move, turn, last_moved))


def move_set(state: HiveState) -> set[tuple[str, Cell]]:
    """Every legal move as (piece name, destination (q, r)); pass as ("pass", (0, 0))."""
    out = set()
    for a in state.legal_actions():
        if a == PASS:
            out.add(("pass", (0, 0)))
        else:
            pid, cell = decode(a)
            out.add((state.board.table.names[pid], unpack(cell)))
    return out


def dests(state: HiveState, piece: str) -> set[Cell]:
    """Destinations of ``piece`` among the legal moves (its own moves and throws of it)."""
    return {cell for name, cell in move_set(state) if name == piece}


def movements(state: HiveState) -> set[tuple[str, Cell]]:
    """The legal moves of pieces already on the board."""
    on_board = {state.board.table.names[p] for p, c in enumerate(state.board.pos) if c is not None}
    return {(n, c) for n, c in move_set(state) if n in on_board}
