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
from typing import TYPE_CHECKING

from botanik_design.games.botanik.engine.actions import PLACE_BASE, Pick, Place, Swap, decode
from botanik_design.games.botanik.engine.heuristic import (
    WEIGHTS,
    MachineFacts,
    Weights,
    analysis_of,
    cell_for,
    machine_value,
    tile_value,
)

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.state import GameState

#: :func:`~botanik_design.games.botanik.engine.actions.decode` with a cache: bots decode the same
#: few hundred action integers at every decision.
_decode = functools.lru_cache(maxsize=65536)(decode)

#: Points of heuristic lead that make a leaf's win probability ``1 / (1 + e^-1)`` (~0.73).
EVAL_SCALE = 4.0


def placement_values(state: GameState, legal: Sequence[int], w: Weights = WEIGHTS) -> list[float]:
    """Heuristic machine value after each legal placement of the pending tile."""
    dec = state.pending()
    assert dec is not None
    player = dec.player
    d = state.tile(dec.tile)
    variant = state.variant
    base = analysis_of(state, player)
    rotated = [cell_for(d, r, variant) for r in range(4)]
    out = []
    for a in legal:
        act = _decode(a)
        assert isinstance(act, Place)
        out.append(machine_value(base.plus((act.x, act.y), rotated[act.rotation]), w))
    return out


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
        self.facts: list[MachineFacts] = [analysis_of(state, p).facts for p in (0, 1)]
        self.slots: list[list[int | None]] = [state.slots(0), state.slots(1)]
        self.arrival: list[int] = state.arrival_tiles()
        self.tops: list[int | None] = [
            stack[-1] if stack else None for stack in state.middle_stacks()
        ]
        rounds_left = state.pile_size() / max(1, variant.arrival_tiles)
        self.slot_factor: float = w.slot * min(1.0, rounds_left / w.slot_horizon)
        self._tv: dict[tuple[int, int], float] = {}

    def tile_value(self, player: int, instance: int) -> float:
        """Cached :func:`tile_value` of an instance for a player."""
        key = (player, instance)
        v = self._tv.get(key)
        if v is None:
            v = tile_value(self.state.tile(instance), self.facts[player], self.variant, self.w)
            self._tv[key] = v
        return v

    def _releases(self, column: int, top: int, player: int) -> float:
        """Own gain minus the opponent's from the release check of ``column`` under ``top``."""
        table = self.state.table
        total = 0.0
        for p in (0, 1):
            s = self.slots[p][column]
            if s is not None and not table.linked(s, top):
                gain = (1.0 - self.slot_factor) * self.tile_value(p, s)
                total += gain if p == player else -gain
        return total

    def value(self, action: int, player: int) -> float:
        """What ``action`` brings ``player`` minus what it brings the opponent."""
        act = _decode(action)
        if isinstance(act, Pick):
            tile = self.arrival[act.arrival]
            if not act.middle:
                return self.slot_factor * self.tile_value(player, tile)
            return self._releases(act.column, tile, player)
        if isinstance(act, Swap):
            dec = self.state.pending()
            assert dec is not None
            taken = self.tops[act.column]
            gain = 0.0 if taken is None else self.tile_value(player, taken)
            return gain + self._releases(act.column, dec.tile, player)
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
        facts = analysis_of(state, p).facts
        total = machine_value(facts)
        for t in state.slots(p):
            if t is not None:
                total += slot_factor * tile_value(state.tile(t), facts, variant)
        if p == holder:
            assert dec is not None
            total += tile_value(state.tile(dec.tile), facts, variant)
        v[p] = total
    return 1.0 / (1.0 + math.exp(-(v[0] - v[1]) / EVAL_SCALE))
