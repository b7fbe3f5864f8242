"""Property test: the machines that placements on a shared machine keep (``Machine.after``,
used by ``Turns._apply_action``) equal the machines of the same games played without
clones.

Along random games of every bundled variant, groups of clones of one position play the
same random line (so their placements meet the kept machines) and then each its own;
every clone's machines (content, frontier, pipe components), analysis facts, legal
actions and snapshot equal those of a fresh game replaying its history without any
clone (every placement made in place), and the position they were cloned from is left
unchanged.
"""

from __future__ import annotations

import random
from typing import Any

from engine_helpers import VARIANTS, tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine.analysis import facts_of
from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.machine import Machine
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.botanik.engine.state import PLACE, GameState


def _machine(m: Machine) -> tuple[Any, ...]:
    """Everything a machine means: its tiles, frontier and pipe components (the cells of
    each with its open ends, cycle and pipe flags), whatever the union-find's roots."""
    groups: dict[int, list[int]] = {}
    for cell in m.tile:
        groups.setdefault(m.find(cell), []).append(cell)
    comps = sorted((tuple(sorted(cells)), m.open[r], m.cyc[r], m.pipe[r])
                   for r, cells in groups.items())
    return (dict(m.tile), dict(m.rot), dict(m.mask), set(m.wild), dict(m.frontier),
            m.total_open, comps)


def _position(state: GameState) -> tuple[Any, ...]:
    return (state.to_dict(), [_machine(m) for m in state.machines], state.legal_actions(),
            [facts_of(state, p).facts for p in (0, 1)], state.events(-1))


def _replayed(state: GameState, name: str, seed: int) -> GameState:
    v = variant(name)
    fresh = new_game(tileset(v.tileset or "botanik"), v, seed)
    for a in state.history():
        fresh.apply_action(a)  # never cloned: every placement is made in place
    return fresh


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       clones=st.integers(2, 4), line=st.integers(1, 6))
def test_kept_machines_equal_machines_placed_in_place(name: str, seed: int, clones: int,
                                                      line: int) -> None:
    v = variant(name)
    state = new_game(tileset(v.tileset or "botanik"), v, seed)
    rng = random.Random(seed)
    shared = 0
    while not state.is_terminal():
        if rng.random() < 0.3:
            before = _position(state)
            group = [state.clone() for _ in range(clones)]
            line_seed = rng.randrange(10**9)
            for c in group:
                same = random.Random(line_seed)  # the same line for every clone
                for _ in range(line):
                    if c.is_terminal():
                        break
                    c.apply_action(random_action(c, same))
            for p in (0, 1):  # the same placements: the very same machines, kept
                assert all(c.machines[p] is group[0].machines[p] for c in group)
                shared += group[0].machines[p] is not state.machines[p]
            for i, c in enumerate(group):
                own = random.Random(line_seed + 1 + i)  # then each its own
                for _ in range(line):
                    if c.is_terminal():
                        break
                    c.apply_action(random_action(c, own))
            for c in group:
                assert _position(c) == _position(_replayed(c, name, seed))
            assert _position(state) == before
        state.apply_action(random_action(state, rng))
    assert _position(state) == _position(_replayed(state, name, seed))


def test_clones_share_the_machine_of_the_same_placement() -> None:
    v = variant(VARIANTS[0])
    state = new_game(tileset(v.tileset or "botanik"), v, 7)
    rng = random.Random(7)
    while state.decision is not None and state.decision[0] != PLACE:
        state.apply_action(random_action(state, rng))
    assert not state.is_terminal()
    a, b = state.clone(), state.clone()
    p = state.current_player()
    action = state.legal_actions()[0]
    a.apply_action(action)
    b.apply_action(action)
    assert a.machines[p] is b.machines[p] is not state.machines[p]
    assert _position(a) == _position(_replayed(a, VARIANTS[0], 7))
