"""Property test: clones stay independent although they share their machines until one
side places a tile (copy on write, ``GameState._clone``).

Along random games of every bundled variant, a family of clones (clones of clones
and of the original) is played on by turns with
random actions; every member must equal a fresh replay of its own history (its whole
snapshot, ``to_dict``: machines, registry, piles, decision, legal actions) at the end,
and its machines' analysis the analysis of those cells.
"""

from __future__ import annotations

import random

from engine_helpers import VARIANTS, tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine.analysis import analyse, analysis_of, machine_cells
from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.botanik.engine.state import GameState


def _replay(state: GameState) -> GameState:
    fresh = new_game(state.table.tileset, state.variant, state.seed, state.first_player)
    for a in state.history():
        fresh.apply_action(a)
    return fresh


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       moves=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 3)), min_size=5,
                      max_size=120))
def test_clones_sharing_machines_stay_independent(
    name: str, seed: int, moves: list[tuple[int, int]],
) -> None:
    v = variant(name)
    root = new_game(tileset(v.tileset or "botanik"), v, seed, 0)
    rng = random.Random(seed)
    family = [root]
    for who, what in moves:
        s = family[who % len(family)]
        if what == 0 and len(family) < 8:
            family.append(s.clone())
        elif not s.is_terminal():
            for p in (0, 1):  # an analysis kept on a (maybe shared) machine
                analysis_of(s, p)
            s.apply_action(random_action(s, rng, 0.6))
    for s in family:
        if s.is_terminal():
            continue
        want = _replay(s).to_dict()
        assert s.to_dict() == want
        for p in (0, 1):
            assert analysis_of(s, p).facts == analyse(machine_cells(s, p), s.variant)
