"""Every registered game keeps the State contract on seeded random playouts, under each
of its variants: to the end, legal actions sorted and never empty before it, illegal
actions refused with the state unchanged, clones independent, serialisation round
trips, observations JSON, and the history replaying to the same state and events."""

from __future__ import annotations

import json

import pytest
from conformance_cases import SEEDS, Case, cases, played

from botanik_design.games.base import TERMINAL, IllegalActionError, State

CASES = cases()
IDS = [c.id for c in CASES]

#: steps at which the expensive checks run (every step would make Hive's long games slow)
CHECKED = {0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233}


def _snapshot(state: State) -> tuple[object, ...]:
    return (state.serialize(), state.legal_actions(), state.current_player(),
            state.history(), list(state.events(-1)), state.returns(), state.is_terminal())


def _illegal(legal: list[int]) -> list[int]:
    present = set(legal)
    gap = next(a for a in range(len(legal) + 1) if a not in present)
    return [-1, max(legal, default=0) + 1, gap]


def _check_step(state: State) -> None:
    game = state.get_game()
    legal = state.legal_actions()
    before = _snapshot(state)
    for bad in _illegal(legal):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
        assert _snapshot(state) == before, f"illegal action {bad} changed the state"
    copy = game.deserialize_state(state.serialize())
    assert _snapshot(copy) == before
    for p in range(game.info.num_players):
        seen = state.observation(p)
        assert json.loads(json.dumps(seen)) == seen
        assert copy.observation(p) == seen
    if legal:
        twin = state.clone()
        twin.apply_action(legal[-1])
        assert _snapshot(state) == before, "playing on a clone changed the original"
        twin = state.clone()
        kept = _snapshot(twin)
        state.apply_action(legal[0])
        assert _snapshot(twin) == kept, "playing on the original changed a clone"
        assert twin.serialize() == before[0]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_random_playout_keeps_the_contract_to_the_end(case: Case, seed: int) -> None:
    game = case.load()
    info = game.info
    state = game.new_initial_state(seed)
    reference = played(case, seed).history()
    for step, action in enumerate(reference):
        legal = state.legal_actions()
        assert legal, f"no legal action at step {step} before the end"
        assert legal == sorted(set(legal)), "legal_actions must be sorted, without repeats"
        assert 0 <= state.current_player() < info.num_players
        assert not state.is_terminal()
        if step in CHECKED:
            _check_step(state.clone())
        state.apply_action(action)
    if state.is_terminal():
        assert state.legal_actions() == [] and state.current_player() == TERMINAL
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
        metrics = game.final_metrics(state)
        assert {"winner", "end_reason"} <= set(metrics)
        with pytest.raises(IllegalActionError):
            state.apply_action(0)
    else:  # stopped where simulations stop: only a game without a length limit may
        assert info.length_cutoff and len(state.history()) == info.max_game_length
    assert len(state.history()) <= info.max_game_length
    _check_step(state)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_history_replays_to_the_same_state_and_events(case: Case, seed: int) -> None:
    end = played(case, seed)
    game = case.load()
    again = game.new_initial_state(seed)
    for action in end.history():
        again.apply_action(action)
    assert _snapshot(again) == _snapshot(end)
    steps = [e.step for e in end.events(-1)]
    assert steps == sorted(steps) and all(-1 <= s < len(end.history()) for s in steps)
    assert list(end.events(0)) == [e for e in end.events(-1) if e.step >= 0]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_initial_state_round_trips(case: Case) -> None:
    game = case.load()
    state = game.new_initial_state(5)
    copy = game.deserialize_state(state.serialize())
    assert _snapshot(copy) == _snapshot(state)
    with pytest.raises(ValueError):
        game.deserialize_state("not a serialised state")
