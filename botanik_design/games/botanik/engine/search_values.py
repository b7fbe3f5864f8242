"""The hot path of Botanik's heuristic for search bots: :func:`action_values` and
:func:`win_probability` of :mod:`.move_values`, written for speed.

MCTS asks for these at every step of every rollout (``bench/mcts_speed.py``); the
reference functions of :mod:`.move_values` build a :class:`~.move_values.RegistryEvaluator`
and a :class:`~.views.Decision` and call a method per action.  The functions here read
the engine's fields once per call, keep the same caches (the machine analysis's
``memo``) and do the same arithmetic in the same order, so they return the *same
floats*; ``tests/botanik/test_search_values_property.py`` proves them equal to the
reference on random positions of every bundled variant.  Default weights only
(:data:`~.heuristic.WEIGHTS`): other weights go to the reference.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from botanik_design.games.botanik.engine.actions import (
    MAX_ARRIVAL,
    MAX_COLUMNS,
    PLACE_BASE,
    SWAP_BASE,
)
from botanik_design.games.botanik.engine.analysis import facts_of
from botanik_design.games.botanik.engine.heuristic import WEIGHTS, machine_value
from botanik_design.games.botanik.engine.heuristic import tile_value as _tile_value
from botanik_design.games.botanik.engine.move_values import EVAL_SCALE, placement_values
from botanik_design.games.botanik.engine.registry import EMPTY
from botanik_design.games.botanik.engine.turns import PLACE, SWAP

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.state import GameState

#: Actions below this are picks (``actions.decode``): arrival index x 18 + column code.
_ROW = 2 * MAX_COLUMNS
_PICKS = MAX_ARRIVAL * _ROW
_SLOT = WEIGHTS.slot
_HORIZON = WEIGHTS.slot_horizon
#: The analysis memo's key of the machine value (tile values are keyed by instance id,
#: placement values by a tuple).
_MACHINE_VALUE = "machine-value"


def action_values(state: GameState, legal: Sequence[int]) -> list[float]:
    """:func:`.move_values.action_values` with the default weights (same values)."""
    if legal[0] >= PLACE_BASE:
        dec = state.decision
        assert dec is not None
        facts_of(state, dec[1])  # the shared analysis, where placement_values finds it
        return placement_values(state, legal)
    dec = state.decision
    assert dec is not None
    player = dec[1]
    variant = state.variant
    table = state.table
    defs = table.defs
    links = table.links
    a0 = facts_of(state, 0)
    a1 = facts_of(state, 1)
    f0 = a0.facts
    f1 = a1.facts
    m0 = a0.memo
    m1 = a1.memo
    sf = _SLOT * min(1.0, len(state.pile) / max(1, variant.arrival_tiles) / _HORIZON)
    keep = 1.0 - sf
    reg = state.registry
    arrival = state.arrival
    # per column: each player's slot tile and what its release brings the mover
    # (the opponent's counted against), as RegistryEvaluator._releases adds them
    cols: list[tuple[int, float, int, float]] = []
    for t0, t1 in zip(*reg.slots, strict=True):
        g0 = g1 = 0.0
        if t0 != EMPTY:
            v = m0.get(t0)
            if v is None:
                v = m0[t0] = _tile_value(defs[t0], f0, variant)
            g0 = keep * v if player == 0 else -(keep * v)
        if t1 != EMPTY:
            v = m1.get(t1)
            if v is None:
                v = m1[t1] = _tile_value(defs[t1], f1, variant)
            g1 = keep * v if player == 1 else -(keep * v)
        cols.append((t0, g0, t1, g1))
    own_memo, own_facts = (m0, f0) if player == 0 else (m1, f1)
    out: list[float] = []
    append = out.append
    for a in legal:
        if a < _PICKS:
            i = a // _ROW
            d = a - i * _ROW
            tile = arrival[i]
            if d < MAX_COLUMNS:  # to the own slot
                v = own_memo.get(tile)
                if v is None:
                    v = own_memo[tile] = _tile_value(defs[tile], own_facts, variant)
                append(sf * v)
                continue
            t0, g0, t1, g1 = cols[d - MAX_COLUMNS]
            row = links[tile]
            total = 0.0
            if t0 != EMPTY and not row[t0]:
                total += g0
            if t1 != EMPTY and not row[t1]:
                total += g1
            append(total)
        elif SWAP_BASE <= a < SWAP_BASE + MAX_COLUMNS:
            column = a - SWAP_BASE
            stack = reg.middle[column]
            gain = 0.0
            if stack:
                v = own_memo.get(stack[-1])
                if v is None:
                    v = own_memo[stack[-1]] = _tile_value(defs[stack[-1]], own_facts, variant)
                gain = v
            t0, g0, t1, g1 = cols[column]
            row = links[dec[2]]
            total = 0.0
            if t0 != EMPTY and not row[t0]:
                total += g0
            if t1 != EMPTY and not row[t1]:
                total += g1
            append(gain + total)
        else:
            append(0.0)
    return out


def win_probability(state: GameState) -> float:
    """:func:`.move_values.win_probability` (same value): player 0's estimated result
    in [0, 1] at a non-terminal state."""
    variant = state.variant
    rounds_left = len(state.pile) / max(1, variant.arrival_tiles)
    slot_factor = _SLOT * min(1.0, rounds_left / _HORIZON)
    defs = state.table.defs
    dec = state.decision
    holder = dec[1] if dec is not None and (dec[0] == PLACE or dec[0] == SWAP) else -1
    slots = state.registry.slots
    v0 = 0.0
    for p in (0, 1):
        an = facts_of(state, p)
        memo = an.memo
        facts = an.facts
        total = memo.get(_MACHINE_VALUE)
        if total is None:
            total = memo[_MACHINE_VALUE] = machine_value(facts)
        for t in slots[p]:
            if t != EMPTY:
                tv = memo.get(t)
                if tv is None:
                    tv = memo[t] = _tile_value(defs[t], facts, variant)
                total += slot_factor * tv
        if p == holder:
            assert dec is not None
            t = dec[2]
            tv = memo.get(t)
            if tv is None:
                tv = memo[t] = _tile_value(defs[t], facts, variant)
            total += tv
        if p == 0:
            v0 = total
        else:
            return 1.0 / (1.0 + math.exp(-(v0 - total) / EVAL_SCALE))
    raise AssertionError("unreachable")
