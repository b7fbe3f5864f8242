"""Typed events agree with the engine's counters, discards and history on random games."""

from __future__ import annotations

import random

import pytest
from engine_helpers import tileset, variant

from botanik_design.games.botanik.engine.actions import DISCARD_BASE, PLACE_BASE, SWAP_BASE
from botanik_design.games.botanik.engine.events import (
    Discarded,
    GameEnded,
    NoRegistryMove,
    Picked,
    Placed,
    Released,
    RoundStarted,
    SetupDone,
    Swapped,
    describe,
)
from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.playout import random_action


@pytest.mark.parametrize("name", ["standard", "registre-3", "no-loops"])
@pytest.mark.parametrize("seed", range(4))
def test_events_match_counters_and_history(name: str, seed: int) -> None:
    v = variant(name)
    s = new_game(tileset(v.tileset or "botanik"), v, seed)
    rng = random.Random(seed)
    half = None
    while not s.is_terminal():
        s.apply_action(random_action(s, rng))
        if half is None and len(s.history()) == 10:
            half = s.clone()
    events = s.events(-1)
    history = s.history()
    assert isinstance(events[0], SetupDone) and events[0].step == -1
    assert isinstance(events[-1], GameEnded) and events[-1].step == len(history) - 1
    assert [e.step for e in events] == sorted(e.step for e in events)
    stats = s.stats()
    for p in (0, 1):
        assert sum(isinstance(e, Released) and e.player == p for e in events) == \
            stats[f"releases_p{p}"]
    assert sum(isinstance(e, Swapped) for e in events) == stats["swaps"]
    assert sum(isinstance(e, NoRegistryMove) for e in events) == stats["no_registry_move"]
    assert [(t, e.reason) for e in events if isinstance(e, Discarded) for t in e.tiles] == \
        s.discard_reasons()
    placed = [e.step for e in events if isinstance(e, Placed)]
    assert placed == [i for i, a in enumerate(history) if a >= PLACE_BASE]
    picked = [e.step for e in events if isinstance(e, Picked)]
    assert picked == [i for i, a in enumerate(history) if a < DISCARD_BASE]
    swapped = [e.step for e in events if isinstance(e, Swapped)]
    assert swapped == [i for i, a in enumerate(history) if SWAP_BASE <= a < PLACE_BASE]
    assert [e.round for e in events if isinstance(e, RoundStarted)] == list(
        range(1, s.round + 1))
    assert all(e.step >= 20 for e in s.events(20))
    assert [text for _, text in s.log()] == [
        t for t in (describe(e, s.table) for e in events) if t is not None]
    if half is not None:  # a clone keeps its own events
        assert half.events(-1) == events[:len(half.events(-1))]
        assert not any(isinstance(e, GameEnded) for e in half.events(-1))
