"""Property test: the engine's pick actions (``picklist.PickListing._set_pick``, written inline for
speed) equal the picks built from the registry's rule functions
(``Registry.own_slot_ok``, ``Registry.middle_ok``) and ``no_registry_move``, at every
pick decision of random games under every middle-condition option."""

from __future__ import annotations

import random
from dataclasses import replace

from engine_helpers import VARIANTS, tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.botanik.engine.state import PICK, GameState


def reference_picks(state: GameState) -> list[int]:
    """The legal picks from the rule functions, one arrival tile and column at a time."""
    assert state.decision is not None
    p = state.decision[1]
    reg, table, v = state.registry, state.table, state.variant
    legal = []
    for i, tile in enumerate(state.arrival):
        for c in range(reg.columns):
            if reg.own_slot_ok(table, p, tile, c):
                legal.append(A.encode(A.Pick(i, c, False)))
        for c in range(reg.columns):
            if reg.middle_ok(table, v, tile, c):
                legal.append(A.encode(A.Pick(i, c, True)))
    if not legal:
        if v.no_registry_move == "discard-chosen":
            return [A.encode(A.Discard(i)) for i in range(len(state.arrival))]
        legal = [A.encode(A.Pick(i, c, True)) for i in range(len(state.arrival))
                 for c in range(reg.columns)]
    return sorted(legal)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       condition=st.sampled_from(["none", "linked-to-slot"]),
       empty=st.sampled_from(["allow", "forbid"]),
       stuck=st.sampled_from(["discard-chosen", "ignore-middle-condition"]),
       columns=st.integers(1, 6), bias=st.sampled_from([0.0, 0.8]))
def test_picks_equal_the_rule_functions(
    name: str, seed: int, condition: str, empty: str, stuck: str, columns: int, bias: float,
) -> None:
    v = replace(variant(name), middle_condition=condition, middle_condition_empty_slots=empty,
                no_registry_move=stuck, registry_columns=columns)
    state = new_game(tileset(v.tileset or "botanik"), v, seed)
    rng = random.Random(seed)
    picks = 0
    while not state.is_terminal():
        assert state.decision is not None
        if state.decision[0] == PICK:
            assert state.legal_actions() == reference_picks(state)
            picks += 1
        state.apply_action(random_action(state, rng, bias))
    assert picks > 0
