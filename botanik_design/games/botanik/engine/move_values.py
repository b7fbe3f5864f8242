"""Botanik's move values for the greedy bot and MCTS (the game's heuristic).

Built on :mod:`botanik_design.games.botanik.engine.heuristic` (weights in
:data:`~botanik_design.games.botanik.engine.heuristic.WEIGHTS`):

* **Placing a tile** (released or taken by a swap): every legal cell and
  rotation is scored by :func:`~botanik_design.games.botanik.engine.heuristic.machine_value`
  of the machine with the tile added — score gained, open pipe ends kept,
  colour-group growth, crops waiting for a same-colour neighbour.
* **Picks, swaps and discards**: the move's immediate effect on the registry
  (:class:`RegistryEvaluator`) is valued as what it brings the mover minus what
  it brings the opponent: tiles released to a player (or taken by a swap) at
  their full tile value, tiles in a player's own slots at a discounted value
  (they only score if released before the end).

:func:`action_values` gives the values of a decision's legal actions (higher is
better for the player to move); :func:`win_probability` player 0's estimated
result in [0, 1] at a non-terminal state (MCTS leaves).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from botanik_design.games.botanik.engine.actions import (
    MAX_ARRIVAL,
    MAX_COLUMNS,
    PLACE_BASE,
    SWAP_BASE,
    Place,
    decode,
)
from botanik_design.games.botanik.engine.heuristic import (
    WEIGHTS,
    MachineFacts,
    Weights,
    analysis_of,
    cell_for,
    machine_value,
    tile_value,
)
from botanik_design.games.botanik.engine.registry import EMPTY

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.state import GameState

#: :func:`~botanik_design.games.botanik.engine.actions.decode` with a cache: bots decode the same
#: few hundred action integers at every decision.
_decode = functools.lru_cache(maxsize=65536)(decode)

#: Points of heuristic lead that make a leaf's win probability ``1 / (1 + e^-1)`` (~0.73).
EVAL_SCALE = 4.0


def placement_values(state: GameState, legal: Sequence[int], w: Weights = WEIGHTS) -> list[float]:
    """Heuristic machine value after each legal placement of the pending tile.

    Kept in the machine's analysis (``MachineAnalysis.memo``) by tile and actions for
    the default weights: search bots value the same placements of the same machine in
    many iterations."""
    dec = state.decision
    assert dec is not None
    player = dec[1]
    base = analysis_of(state, player)
    key = ("place", dec[2], tuple(legal))
    memo: dict[Any, Any] = base.memo if w is WEIGHTS else {}
    got = memo.get(key)
    if got is None:
        d = state.table.defs[dec[2]]
        variant = state.variant
        rotated = [cell_for(d, r, variant) for r in range(4)]
        plus = base.plus
        got = []
        for a in legal:
            act = _decode(a)
            assert isinstance(act, Place)
            got.append(machine_value(plus((act.x, act.y), rotated[act.rotation]), w))
        memo[key] = got
    return list(got)


def cached_tile_value(state: GameState, player: int, instance: int, w: Weights = WEIGHTS) -> float:
    """:func:`~.heuristic.tile_value` of tile ``instance`` to ``player`` in ``state``, kept in
    the player's machine analysis (``MachineAnalysis.memo``) for the default weights."""
    base = analysis_of(state, player)
    if w is not WEIGHTS:
        return tile_value(state.table.defs[instance], base.facts, state.variant, w)
    got: float | None = base.memo.get(instance)  # tile values: by instance id
    if got is None:
        got = base.memo[instance] = tile_value(state.table.defs[instance], base.facts,
                                               state.variant)
    return got


class RegistryEvaluator:
    """Values picks, swaps and discards for one decision (see the module docstring).

    The immediate effect of a move is computed from the public state, without
    cloning: a pick to the own slot fills it; a pick onto middle stack ``c``
    makes the tile the new top, which releases every slot tile of column ``c``
    not linked to it (brief §4); a swap takes the top of ``c`` (to be placed
    at once) and puts the mecha-botanist there, with the same release check.
    Later consequences (a chain of swaps) are left to later decisions.
    """

    def __init__(self, state: GameState, w: Weights = WEIGHTS) -> None:
        self.state = state
        self.w = w
        variant = state.variant
        self.variant = variant
        analyses = [analysis_of(state, p) for p in (0, 1)]
        self.facts: list[MachineFacts] = [a.facts for a in analyses]
        #: per player, tile values by instance id: the analysis's memo for the default
        #: weights (:func:`cached_tile_value`), else this evaluator's own
        self._tv: list[dict[Any, Any]] = (
            [a.memo for a in analyses] if w is WEIGHTS else [{}, {}])
        # the engine's own fields, read only (the evaluator lives for one decision):
        # slot tiles (EMPTY = -1 when empty), the arrival zone, the middle tops
        reg = state.registry
        self.slots: list[list[int]] = reg.slots
        self.arrival: list[int] = state.arrival
        self.tops: list[int | None] = [stack[-1] if stack else None for stack in reg.middle]
        self.links = state.table.links
        rounds_left = len(state.pile) / max(1, variant.arrival_tiles)
        self.slot_factor: float = w.slot * min(1.0, rounds_left / w.slot_horizon)

    def tile_value(self, player: int, instance: int) -> float:
        """:func:`tile_value` of an instance for a player (cached)."""
        tv = self._tv[player]
        v: float | None = tv.get(instance)
        if v is None:
            v = tv[instance] = tile_value(self.state.table.defs[instance], self.facts[player],
                                          self.variant, self.w)
        return v

    def _releases(self, column: int, top: int, player: int) -> float:
        """Own gain minus the opponent's from the release check of ``column`` under ``top``."""
        links = self.links
        total = 0.0
        for p in (0, 1):
            s = self.slots[p][column]
            if s != EMPTY and not links[s][top]:
                gain = (1.0 - self.slot_factor) * self.tile_value(p, s)
                total += gain if p == player else -gain
        return total

    def value(self, action: int, player: int) -> float:
        """What ``action`` brings ``player`` minus what it brings the opponent."""
        if action < MAX_ARRIVAL * 2 * MAX_COLUMNS:  # a pick (see actions.decode)
            i, d = divmod(action, 2 * MAX_COLUMNS)
            tile = self.arrival[i]
            if d < MAX_COLUMNS:
                return self.slot_factor * self.tile_value(player, tile)
            return self._releases(d - MAX_COLUMNS, tile, player)
        if SWAP_BASE <= action < SWAP_BASE + MAX_COLUMNS:
            column = action - SWAP_BASE
            decision = self.state.decision
            assert decision is not None
            taken = self.tops[column]
            gain = 0.0 if taken is None else self.tile_value(player, taken)
            return gain + self._releases(column, decision[2], player)
        return 0.0


def action_values(state: GameState, legal: Sequence[int], w: Weights = WEIGHTS) -> list[float]:
    """Heuristic value of each of ``legal`` for the player to move (same order)."""
    if legal[0] >= PLACE_BASE:
        return placement_values(state, legal, w)
    player = state.current_player()
    ev = RegistryEvaluator(state, w)
    return [ev.value(a, player) for a in legal]


def win_probability(state: GameState) -> float:
    """Player 0's estimated result in [0, 1] at a non-terminal state:
    ``1 / (1 + exp(-(v_0 - v_1) / EVAL_SCALE))``, ``v`` the machine value plus
    discounted slot tiles and the tile a player is about to place or swap."""
    variant = state.variant
    rounds_left = state.pile_size() / max(1, variant.arrival_tiles)
    slot_factor = WEIGHTS.slot * min(1.0, rounds_left / WEIGHTS.slot_horizon)
    v = [0.0, 0.0]
    dec = state.pending()
    holder = dec.player if dec is not None and dec.kind in ("place", "swap") else -1
    for p in (0, 1):
        total = machine_value(analysis_of(state, p).facts)
        for t in state.registry.slots[p]:
            if t != EMPTY:
                total += slot_factor * cached_tile_value(state, p, t)
        if p == holder:
            assert dec is not None
            total += cached_tile_value(state, p, dec.tile)
        v[p] = total
    return 1.0 / (1.0 + math.exp(-(v[0] - v[1]) / EVAL_SCALE))
