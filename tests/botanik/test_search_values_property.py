"""Property tests: the search bots' fast heuristic (:mod:`.search_values`, :func:`facts_of`)
equals its reference (:mod:`.move_values`, :func:`analyse`) exactly.

Along random games of every bundled variant, at every state: the fast action values
(of all legal actions, of a subset and of all in a shuffled order; placements through the fused
``search_values._placement_values``) and win probability are the same floats as
the reference's; :func:`facts_of` (one placement after an analysis, ``Machine.base``:
the grown analysis kept in the analysis before it) equals :func:`analyse` of the
machine; ``returns()`` (read from :func:`facts_of`) equals the winner of the analysed
totals.  The fast paths run on clones first (a clone shares its machines, so what
:func:`facts_of` keeps is then the state's too), the reference on the state itself.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine_helpers import VARIANTS, random_game, tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine import move_values as reference
from botanik_design.games.botanik.engine import search_values as fast
from botanik_design.games.botanik.engine.actions import PLACE_BASE
from botanik_design.games.botanik.engine.analysis import (
    analyse,
    analysis_of,
    facts_of,
    machine_cells,
    winner_of,
)
from botanik_design.games.botanik.engine.heuristic import WEIGHTS
from botanik_design.games.botanik.engine.state import GameState


def _check_state(state: GameState, rng: random.Random, met: dict[str, int]) -> None:
    legal = [] if state.is_terminal() else state.legal_actions()
    subset = sorted(rng.sample(legal, max(1, len(legal) // 2))) if legal else []
    # in any order (the fast pick values read one arrival tile's run of actions at once)
    shuffled = rng.sample(legal, len(legal))
    # the fast paths first, each on its own clone (a clone's machines are copies)
    derived = []
    for p in (0, 1):
        clone = state.clone()
        met["grown"] += clone.machines[p].base is not None and clone.machines[p].memo is None
        derived.append(facts_of(clone, p).facts)
    fast_values = fast.action_values(state.clone(), legal) if legal else []
    fast_subset = fast.action_values(state.clone(), subset) if legal else []
    fast_shuffled = fast.action_values(state.clone(), shuffled) if legal else []
    fast_p0 = fast.win_probability(state.clone()) if legal else None
    # the reference, on the state itself
    facts = [analyse(machine_cells(state, p), state.variant) for p in (0, 1)]
    assert derived == facts
    assert [analysis_of(state, p).facts for p in (0, 1)] == facts
    if legal:
        # equal weights that are not WEIGHTS: the reference keeps nothing in the memos
        fresh = replace(WEIGHTS)
        assert fast_values == reference.action_values(state, legal, fresh)
        assert fast_subset == reference.action_values(state, subset, fresh)
        assert fast_shuffled == reference.action_values(state, shuffled, fresh)
        assert fast_values == reference.action_values(state, legal)
        assert fast_p0 == reference.win_probability(state)
        met["states"] += 1
        met["placements"] += legal[0] >= PLACE_BASE
    else:
        w = winner_of((facts[0].score, facts[1].score), (facts[0].largest, facts[1].largest),
                      state.variant)
        want = [0.0, 0.0] if w is None else ([1.0, -1.0] if w == 0 else [-1.0, 1.0])
        fresh = state.clone()
        fresh._score = None  # the fast analysis, not a cached breakdown
        assert fresh.returns() == want


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       bias=st.sampled_from([0.0, 0.7]))
def test_fast_values_equal_the_reference(name: str, seed: int, bias: float) -> None:
    rng = random.Random(seed)
    met = {"grown": 0, "states": 0, "placements": 0}
    v = variant(name)
    state = random_game(tileset(v.tileset or "botanik"), v, seed,
                        lambda s: _check_state(s, rng, met), bias)
    assert state.is_terminal()
    assert met["states"] > 0
    assert met["grown"] > 0  # the derived facts were met, not only the full analysis
    assert met["placements"] > 0  # the fused placement values were compared


def _lone_cells(state: GameState) -> int:
    """How many cells of the placement decision's legal actions have no neighbour in
    the Source's network (the fused placement values give all their rotations one
    value at once)."""
    connected = facts_of(state.clone(), state.current_player()).connected
    codes = {(a - PLACE_BASE) >> 2 for a in state.legal_actions()}
    lone = 0
    for code in codes:
        x, y = (code >> 8) - 128, (code & 255) - 128
        if not any((x + dx, y + dy) in connected for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))):
            lone += 1
    return lone


def test_placement_values_of_cells_apart_from_the_network() -> None:
    """Placements on cells with no connected neighbour (met in these seeded games) are
    valued as the reference values them, among the other cells' placements."""
    met = {"lone": 0, "states": 0}

    def check(state: GameState) -> None:
        if state.is_terminal():
            return
        legal = state.legal_actions()
        if legal[0] < PLACE_BASE:
            return
        lone = _lone_cells(state)
        if lone:
            met["lone"] += lone
            met["states"] += 1
            assert fast.action_values(state.clone(), legal) == reference.action_values(
                state, legal, replace(WEIGHTS))

    for name in VARIANTS:
        v = variant(name)
        for seed in range(4):
            random_game(tileset(v.tileset or "botanik"), v, seed, check, 0.7 * (seed % 2))
    assert met["states"] > 10
