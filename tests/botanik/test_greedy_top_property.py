"""Property test: :func:`.search_values.greedy_top` (the greedy choice's ties, found without
the values list where it can) equals the ties of the reference values exactly.

Along random games of every bundled variant, at every decision: for all the legal
actions, a sorted subset and all of them in a shuffled order, the fast ties (asked
twice: the second answer of a placement comes from the analysis's memo) are the
actions whose :func:`.move_values.action_values` are at least their best less ``1e-9``,
in order; and the game's ``search_functions`` are these functions.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine_helpers import VARIANTS, random_game, tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine import move_values as reference
from botanik_design.games.botanik.engine import search_values as fast
from botanik_design.games.botanik.engine.actions import DISCARD_BASE, PLACE_BASE, SWAP_BASE
from botanik_design.games.botanik.engine.heuristic import WEIGHTS
from botanik_design.games.botanik.engine.state import GameState


def _ties(state: GameState, legal: list[int]) -> list[int]:
    values = reference.action_values(state, legal, replace(WEIGHTS))
    best = max(values)
    return [a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9]


def _check(state: GameState, rng: random.Random, met: dict[str, int]) -> None:
    if state.is_terminal():
        return
    legal = state.legal_actions()
    subset = sorted(rng.sample(legal, max(1, len(legal) // 2)))
    shuffled = rng.sample(legal, len(legal))
    for actions in (legal, subset, shuffled):
        got = [list(fast.greedy_top(state.clone(), actions)) for _ in range(2)]
        want = _ties(state, actions)
        assert got == [want, want]
        met["ties"] += len(want) > 1
    kind = "place" if legal[0] >= PLACE_BASE else "swap" if legal[0] >= SWAP_BASE else "pick"
    met[kind] += 1


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       bias=st.sampled_from([0.0, 0.7]))
def test_greedy_top_equals_the_reference_ties(name: str, seed: int, bias: float) -> None:
    rng = random.Random(seed)
    met = {"ties": 0, "pick": 0, "place": 0, "swap": 0}
    v = variant(name)
    state = random_game(tileset(v.tileset or "botanik"), v, seed,
                        lambda s: _check(s, rng, met), bias)
    assert state.is_terminal()
    assert met["pick"] > 0 and met["place"] > 0
    assert met["ties"] > 0  # ties were met, not only single bests


def test_search_functions_are_the_fast_ones() -> None:
    v = variant("standard")
    state = random_game(tileset("botanik"), v, 1)
    ties, win = state.get_game().search_functions()
    assert ties is fast.greedy_top
    assert win is fast.win_probability


def test_greedy_top_of_discards_and_swaps() -> None:
    """Decisions whose legal actions are discards (``no_registry_move: discard-chosen``,
    met in these seeded ``registre-3`` games) or swaps have the reference's ties too."""
    met = {"discard": 0, "swap": 0}

    def check(state: GameState) -> None:
        if state.is_terminal():
            return
        legal = state.legal_actions()
        if not DISCARD_BASE <= legal[0] < PLACE_BASE:
            return
        met["discard" if legal[0] < SWAP_BASE else "swap"] += 1
        assert list(fast.greedy_top(state.clone(), legal)) == _ties(state, legal)

    for name in ("registre-3", "standard"):
        v = variant(name)
        for seed in range(6):
            random_game(tileset(v.tileset or "botanik"), v, seed, check, 0.7 * (seed % 2))
    assert met["discard"] > 10
    assert met["swap"] > 0
