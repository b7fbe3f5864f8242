"""``blocked_reason``: why a piece has no legal action, one case per reason and a property."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.hive.engine.blocked import Blocked, blocked_reason, movable_pieces
from botanik_design.games.hive.engine.board import PASS, decode
from botanik_design.games.hive.engine.events import Thrown
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.hivegraph import articulation_points

CASES = [
    # (variant, moves, piece, reason)
    ("hive-tournament", [], "wQ", Blocked.QUEEN_NOT_ON_FIRST_TURN),
    ("hive-tournament", [], "wS2", Blocked.NUMBER_ORDER),
    ("hive-tournament", [], "bS1", Blocked.NOT_YOUR_PIECE),
    ("hive-tournament", ["wS1", "bS1 wS1-", "wS2 -wS1", "bS2 bS1-", "wA1 -wS2", "bA1 bS1/"],
     "wA2", Blocked.QUEEN_DEADLINE),
    ("hive-tournament", ["wS1", "bS1 wS1-"], "wS1", Blocked.QUEEN_NOT_PLACED),
    ("hive-tournament", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-"],
     "wQ", Blocked.PINNED),
    ("hive-tournament", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wB1 \\wQ", "bB1 bQ/",
                         "wB1 wQ/", "bB1 bQ", "wB1 wS1", "bB1 bS1"], "wS1", Blocked.COVERED),
]


def test_each_reason() -> None:
    for variant, moves, piece, reason in CASES:
        game = load_hive(variant)
        state = game.replay(moves)
        board = state.board
        got = blocked_reason(board, game.variant, board.table.by_name[piece])
        assert got is reason, (variant, moves, piece, got)
        if got is not None:
            assert got.text


def test_a_thrown_piece_rests_a_turn() -> None:
    game = load_hive("Base+P")
    found = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and len(state.history()) < 120:
            state.apply_action(rng.choice(state.legal_actions()))
            last = state.events()[-1] if state.events() else None
            if isinstance(last, Thrown) and not state.is_terminal():
                pid = state.board.table.by_name[last.piece]
                assert blocked_reason(state.board, game.variant, pid) is Blocked.JUST_THROWN
                found += 1
                break
        if found >= 3:
            break
    assert found >= 3


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.sampled_from(["hive-tournament",
                                                                   "Base+MLP"]))
def test_none_exactly_for_pieces_with_a_legal_action(seed: int, plies: int, variant: str) -> None:
    game = load_hive(variant)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))
    if state.is_terminal():
        return
    board = state.board
    acting = {decode(a)[0] for a in state.legal_actions() if a != PASS}
    assert movable_pieces(board, game.variant) == acting
    art = articulation_points(board.stacks)
    for pid in range(len(board.table.names)):
        reason = blocked_reason(board, game.variant, pid)
        assert (reason is None) == (pid in acting)
        cell = board.pos[pid]
        if reason is Blocked.COVERED:
            assert cell is not None and board.stacks[cell][-1] != pid
        if reason is Blocked.PINNED:
            assert cell is not None and len(board.stacks[cell]) == 1 and cell in art
        if reason is Blocked.NOT_YOUR_PIECE:
            assert board.table.colour[pid] != board.to_move
