"""The greedy bot: one-ply look-ahead on the weighted heuristic of
:mod:`botanik_design.bots.heuristic` (weights in :data:`~botanik_design.bots.heuristic.WEIGHTS`).

* **Placing a tile** (released or taken by a swap): every legal cell and
  rotation is scored by :func:`~botanik_design.bots.heuristic.machine_value`
  of the machine with the tile added — score gained, open pipe ends kept,
  colour-group growth, crops waiting for a same-colour neighbour.
* **Picks, swaps and discards**: the move's immediate effect on the registry
  (:class:`RegistryEvaluator`) is valued as what it brings the bot minus what
  it brings the opponent:
  tiles released to a player (or taken by a swap) at their full tile value,
  tiles in a player's own slots at a discounted value (they only score if
  released before the end).  So the bot fills its own slots with tiles that
  suit its machine, releases its own slot tiles, and avoids releasing good
  tiles to the opponent.

Ties are broken with the bot's seeded ``rng``; with ``epsilon > 0`` the bot
plays a uniformly random legal move with that probability.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from botanik_design.bots.base import BaseBot
from botanik_design.bots.heuristic import (
    WEIGHTS,
    MachineFacts,
    Weights,
    analyse,
    analyse_cached,
    cell_for,
    machine_cells,
    machine_value,
    tile_value,
)
from botanik_design.engine.actions import Pick, Swap
from botanik_design.model.tileset import linked

#: Action integers at and above this are placements (``engine.actions.PLACE_BASE``).
_PLACE_BASE = 1024


def _pick_best(scored: list[tuple[float, int]], rng: Any) -> int:
    """The action with the highest value; ties broken at random."""
    best = max(v for v, _ in scored)
    top = [a for v, a in scored if v >= best - 1e-9]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


def placement_values(state: Any, legal: Sequence[int], w: Weights = WEIGHTS) -> list[float]:
    """Heuristic machine value after each legal placement of the pending tile."""
    dec = state.pending()
    player = dec.player
    d = state.tile(dec.tile)
    variant = state.variant
    cells = machine_cells(state, player)
    out = []
    for a in legal:
        act = state.decode(a)
        cell = (act.x, act.y)
        cells[cell] = cell_for(d, act.rotation, variant)
        out.append(machine_value(analyse(cells, variant), w))
        del cells[cell]
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

    def __init__(self, state: Any, w: Weights = WEIGHTS) -> None:
        self.state = state
        self.w = w
        variant = state.variant
        self.variant = variant
        self.facts: list[MachineFacts] = [
            analyse_cached(machine_cells(state, p), variant) for p in (0, 1)
        ]
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
        top_def = self.state.tile(top)
        total = 0.0
        for p in (0, 1):
            s = self.slots[p][column]
            if s is not None and not linked(self.state.tile(s), top_def):
                gain = (1.0 - self.slot_factor) * self.tile_value(p, s)
                total += gain if p == player else -gain
        return total

    def value(self, action: int, player: int) -> float:
        """What ``action`` brings ``player`` minus what it brings the opponent."""
        act = self.state.decode(action)
        if isinstance(act, Pick):
            tile = self.arrival[act.arrival]
            if not act.middle:
                return self.slot_factor * self.tile_value(player, tile)
            return self._releases(act.column, tile, player)
        if isinstance(act, Swap):
            dec = self.state.pending()
            taken = self.tops[act.column]
            gain = 0.0 if taken is None else self.tile_value(player, taken)
            return gain + self._releases(act.column, dec.tile, player)
        return 0.0


class GreedyBot(BaseBot):
    """One-ply greedy bot (see the module docstring).  ``epsilon``: random-move probability."""

    def __init__(
        self, seed: int, name: str = "greedy", epsilon: float = 0.0, weights: Weights = WEIGHTS
    ) -> None:
        super().__init__(name, seed)
        self.epsilon = epsilon
        self.weights = weights

    def step(self, state: Any, legal: Sequence[int] | None = None) -> int:
        """The best legal action by the heuristic; ``ValueError`` when there is none."""
        actions = self._legal(state, legal)
        if len(actions) == 1:
            return actions[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            return actions[self.rng.randrange(len(actions))]
        return choose_greedy(state, actions, self.rng, self.weights)


def choose_greedy(state: Any, actions: Sequence[int], rng: Any, w: Weights = WEIGHTS) -> int:
    """The greedy choice among ``actions`` (shared with MCTS rollouts)."""
    if actions[0] >= _PLACE_BASE:
        values = placement_values(state, actions, w)
        return _pick_best(list(zip(values, actions, strict=True)), rng)
    player = state.current_player()
    ev = RegistryEvaluator(state, w)
    return _pick_best([(ev.value(a, player), a) for a in actions], rng)
