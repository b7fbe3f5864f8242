"""Clone, undo and the lazily built events keep the State's behaviour (property tests).

A clone shares the immutable parts of its original's history (undo records, marks,
events): playing on one never changes the other; undo gives back exactly the state
before the action; ``events()`` equals the events written out plainly from the board
before each action (the rule of ``state.py``'s module: Placed / Moved with the
destination's height / Thrown for a piece of the other colour / Passed, then
GameEnded).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.base import Event
from botanik_design.games.hive.engine.board import PASS, decode, neighbour_masks
from botanik_design.games.hive.engine.coords import unpack
from botanik_design.games.hive.engine.events import Moved, Passed, Placed, Thrown
from botanik_design.games.hive.engine.game import HiveGame, load_hive
from botanik_design.games.hive.engine.state import HiveState
from botanik_design.games.hive.model import HiveVariant


def _game(game_type: str, repetition: int | None) -> HiveGame:
    base = load_hive(game_type).variant
    options = {k: getattr(base, k) for k in HiveVariant.option_names()}
    return HiveGame(HiveVariant(**{**options, "repetition_draw": repetition,
                                   "name": base.name}))


def expected_event(state: HiveState, action: int) -> Event:
    board = state.board
    step, player = len(state.history()), board.to_move
    if action == PASS:
        return Passed(step, player)
    pid, dest = decode(action)
    source, name = board.pos[pid], board.table.names[pid]
    if source is None:
        return Placed(step, player, name, unpack(dest))
    if board.table.colour[pid] != player:
        return Thrown(step, player, name, unpack(source), unpack(dest))
    return Moved(step, player, name, unpack(source), unpack(dest), board.height(dest))


def snapshot(state: HiveState) -> dict[str, Any]:
    return {
        "history": state.history(), "events": list(state.events()),
        "events3": list(state.events(3)), "notation": state.move_strings(),
        "legal": state.legal_actions(), "returns": state.returns(),
        "terminal": state.is_terminal(), "serial": state.serialize(),
        "key": state.board.key(), "pos": list(state.board.pos),
        "masks": dict(state.board.masks), "tops": [dict(t) for t in state.board.tops],
        "chi": state.board.chi,
        "end": (state.winner, state.end_reason), "board_state": state.board_state(),
    }


@given(st.sampled_from(["Base", "Base+MLP"]), st.sampled_from([None, 2, 3]),
       st.integers(0, 10**6))
@settings(max_examples=25, deadline=None)
def test_clone_undo_and_events(game_type: str, repetition: int | None, seed: int) -> None:
    game = _game(game_type, repetition)
    state = game.new_initial_state()
    rng = random.Random(seed)
    expected: list[Event] = []
    for _ in range(150):
        if state.is_terminal():
            break
        if rng.random() < 0.3:
            state.events()  # build some events early: later ones must still come
        before = snapshot(state)
        copy = state.clone()
        other = state.clone()  # goes another way and builds its events first
        legal = state.legal_actions()
        other.apply_action(rng.choice(legal))
        other.events()
        action = rng.choice(legal)
        expected.append(expected_event(state, action))
        state.apply_action(action)
        assert snapshot(copy) == before  # the clone did not move
        copy.apply_action(action)  # the clone plays on by itself
        assert snapshot(copy) == snapshot(state)
        assert [e for e in state.events() if type(e).__name__ != "GameEnded"] == expected
        state.undo()
        assert snapshot(state) == before
        assert state.board.masks == neighbour_masks(state.board.stacks)
        state.apply_action(action)
    again = game.deserialize_state(state.serialize())
    assert snapshot(again) == snapshot(state)
