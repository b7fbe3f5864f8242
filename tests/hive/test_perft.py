"""Perft from the start position equals the reference engines' tables (brief §6)."""

from __future__ import annotations

import pytest

from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.perft import perft_table

TABLES = {
    "Base": [4, 96, 1440, 21600],
    "Base+MLP": [7, 294, 6678, 151686],
}


@pytest.mark.parametrize("game_type", sorted(TABLES))
def test_perft_start_position(game_type: str) -> None:
    game = load_hive(game_type)
    state = game.new_initial_state()
    assert perft_table(state.board, game.variant, 4) == TABLES[game_type]
    assert state.history() == [] and not state.board.stacks  # board restored


def test_perft_single_expansions_depth_three_are_consistent() -> None:
    # Expansion bugs add placements only in the first plies: each extra bug adds one
    # piece kind per side (Base: 4 kinds at ply 1 without the Queen).
    for game_type, kinds in (("Base+M", 5), ("Base+L", 5), ("Base+P", 5), ("Base+MP", 6)):
        game = load_hive(game_type)
        table = perft_table(game.new_initial_state().board, game.variant, 2)
        assert table == [kinds, kinds * kinds * 6]
