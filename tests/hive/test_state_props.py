"""Random games keep the engine's invariants (property tests over seeded random play)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.base import TERMINAL, IllegalActionError, State
from botanik_design.games.basestate import BaseState
from botanik_design.games.hive.engine.board import PASS, Board, decode
from botanik_design.games.hive.engine.coords import DELTAS
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.hivegraph import is_one_hive
from botanik_design.games.hive.engine.pieces import BEETLE, MOSQUITO, PILLBUG
from botanik_design.games.hive.engine.state import HiveState
from botanik_design.games.registry import load_game

GAME_TYPES = ("Base", "Base+M", "Base+L", "Base+P", "Base+MLP")


@given(st.sampled_from(GAME_TYPES), st.integers(0, 10_000))
@settings(max_examples=12, deadline=None)
def test_random_play_keeps_invariants(game_type: str, seed: int) -> None:
    game = load_hive(game_type)
    state = game.new_initial_state()
    assert isinstance(state, State)
    rng = random.Random(seed)
    for _ in range(70):
        if state.is_terminal():
            assert state.current_player() == TERMINAL and state.legal_actions() == []
            break
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and legal
        assert (PASS in legal) == (legal == [PASS])
        for a in legal:  # every action's MoveString parses back to it
            assert state.string_to_action(state.action_to_string(a)) == a
            _check_result_of(state, a)
        action = rng.choice(legal)
        before = state.clone()
        state.apply_action(action)
        assert before.history() == state.history()[:-1]  # the clone is independent
        assert is_one_hive(state.board.stacks)
        for pid, cell in enumerate(state.board.pos):
            if cell is not None:
                assert pid in state.board.stacks[cell]
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert again.board.key() == state.board.key()
    assert [type(e).__name__ for e in again.events()] == [type(e).__name__ for e in state.events()]
    if game.game_type_string() is not None and not state.is_terminal():
        replayed = game.state_from_game_string(state.game_string())
        assert replayed.history() == state.history()


def _check_result_of(state: HiveState, action: int) -> None:
    """Playing ``action`` keeps one hive (networkx) and only climbers above the ground."""
    board = state.board
    if action == PASS:
        return
    pid, dest = decode(action)
    source = board.pos[pid]
    undo = board.play(action)
    try:
        assert is_one_hive(board.stacks)
        stack = board.stacks[dest]
        if len(stack) > 1:
            assert board.table.bug[pid] in (BEETLE, MOSQUITO)
            assert source is not None
        if source is not None and board.table.colour[pid] != undo_player(board):
            # a throw: the piece lands next to a pillbug or a mosquito of the thrower
            bugs = {board.table.bug[board.stacks[dest + d][-1]] for d in DELTAS
                    if dest + d in board.stacks}
            assert bugs & {PILLBUG, MOSQUITO}
    finally:
        board.undo(undo)


def undo_player(board: Board) -> int:
    """The player who made the last move (the side not to move now)."""
    return 1 - board.to_move


def test_registry_loads_hive_with_a_game_type_string() -> None:
    game = load_game("hive", variant="Base+MLP")
    assert game.info.name == "hive" and game.info.num_players == 2
    state = game.new_initial_state()
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "wS1", "wB1", "wG1", "wA1", "wM", "wL", "wP",
    ]
    first = state.legal_actions()[0]
    assert decode(first)[1] == 0


@given(st.sampled_from(GAME_TYPES), st.integers(0, 10_000),
       st.lists(st.sampled_from(["play", "undo", "ask", "clone"]), min_size=1, max_size=80))
@settings(max_examples=30, deadline=None)
def test_move_strings_are_those_of_the_positions_they_were_played_in(
        game_type: str, seed: int, steps: list[str]) -> None:
    """The MoveStrings are written only when asked for (from the undo records): after any
    mix of plays, undos, clones and questions they equal the strings each action had in
    its position (``action_to_string`` just before it was played)."""
    state = load_hive(game_type).new_initial_state()
    rng = random.Random(seed)
    expected: list[str] = []
    for step in steps:
        if step == "play" and not state.is_terminal():
            action = rng.choice(state.legal_actions())
            expected.append(state.action_to_string(action))
            state.apply_action(action)
        elif step == "undo" and expected:
            state.undo()
            expected.pop()
        elif step == "ask":
            assert state.move_strings() == expected
        elif step == "clone":
            other = state.clone()
            assert other.move_strings() == expected
            if expected:
                other.undo()  # the clone's own history, the original unchanged
    assert state.move_strings() == expected
    assert state.game_string().split(";")[3:] == expected


@given(st.sampled_from(GAME_TYPES), st.integers(0, 10_000))
@settings(max_examples=6, deadline=None)
def test_random_games_end_exactly_when_a_queen_is_surrounded(game_type: str, seed: int) -> None:
    """To the end of a random game (no repetition or ply-cap rule in these game types):
    after every action the state is over exactly when a Queen is surrounded (both: a
    draw) or two passes in a row were played, with that reason and winner."""
    game = load_hive(game_type)
    assert game.variant.repetition_draw is None and game.variant.ply_cap is None
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(rng.choice(legal))
        board, history = state.board, state.history()
        w, b = board.queen_surrounded(0), board.queen_surrounded(1)
        expected: tuple[int | None, str | None] = (None, None)
        if w and b:
            expected = (-1, "both-surrounded")
        elif w or b:
            expected = (1 if w else 0, "queen-surrounded")
        elif history[-2:] == [PASS, PASS]:
            expected = (-1, "no-moves")
        assert (state.winner, state.end_reason) == expected, len(history)
    assert state.returns() in ([0.0, 0.0], [1.0, -1.0], [-1.0, 1.0])


@given(st.sampled_from(GAME_TYPES), st.integers(0, 10_000), st.integers(0, 60))
@settings(max_examples=25, deadline=None)
def test_apply_action_fast_path_equals_the_base_class(game_type: str, seed: int,
                                                      plies: int) -> None:
    """HiveState.apply_action / legal_actions against BaseState's, on the same position,
    for legal actions, illegal ints, a bool and a non-int, with or without the legal
    list asked first: the same outcome (error text, history, position)."""
    game = load_hive(game_type)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    legal = BaseState.legal_actions(state)
    assert state.legal_actions() == legal
    tries: list[object] = [*rng.sample(legal, min(3, len(legal))), 1, -5, True, "7", 10**9]
    for action in tries:
        for asked in (False, True):
            fast, slow = state.clone(), state.clone()
            if not asked:
                fast._legal = slow._legal = None
            outcome = []
            for s, apply in ((fast, HiveState.apply_action), (slow, BaseState.apply_action)):
                try:
                    apply(s, action)  # type: ignore[arg-type]
                    outcome.append(("ok", s.history(), s.board.key(), s.end_reason))
                except IllegalActionError as exc:
                    outcome.append((str(exc), s.history(), s.board.key(), s.end_reason))
            assert outcome[0] == outcome[1]
