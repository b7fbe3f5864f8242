"""The greedy bot: one-ply look-ahead on the game's heuristic.

The values come from :func:`action_values`: the game's own ranking when the
game has the :class:`~botanik_design.games.base.Heuristic` capability (Botanik:
:mod:`botanik_design.games.botanik.engine.move_values`, built on the machine analysis of
:mod:`botanik_design.games.botanik.engine.heuristic`), else ``Game.evaluate`` of the state
after each action, for the player to move.

Ties are broken with the bot's seeded ``rng``; with ``epsilon > 0`` the bot
plays a uniformly random legal move with that probability.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from botanik_design.bots.base import BaseBot
from botanik_design.games.base import Game, Heuristic

#: Game types seen, and whether they have the Heuristic capability (isinstance on a
#: runtime protocol is slow; rollouts ask at every step).
_HAS_HEURISTIC: dict[type, bool] = {}


def heuristic_of(game: Game) -> Heuristic | None:
    """``game`` as a :class:`Heuristic` when it has that capability, else ``None``."""
    kind = type(game)
    has = _HAS_HEURISTIC.get(kind)
    if has is None:
        has = _HAS_HEURISTIC[kind] = isinstance(game, Heuristic)
    return game if has else None  # type: ignore[return-value]


def action_values(state: Any, legal: Sequence[int]) -> list[float]:
    """A value per action of ``legal`` for the player to move (higher is better)."""
    game = state.get_game()
    own = heuristic_of(game)
    if own is not None:
        return own.action_values(state, legal)
    player = state.current_player()
    out = []
    for a in legal:
        child = state.clone()
        child.apply_action(a)
        out.append(game.evaluate(child, player))
    return out


def _pick_best(scored: list[tuple[float, int]], rng: Any) -> int:
    """The action with the highest value; ties broken at random."""
    best = max(v for v, _ in scored)
    top = [a for v, a in scored if v >= best - 1e-9]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


class GreedyBot(BaseBot):
    """One-ply greedy bot (see the module docstring).  ``epsilon``: random-move probability."""

    def __init__(self, seed: int, name: str = "greedy", epsilon: float = 0.0) -> None:
        super().__init__(name, seed)
        self.epsilon = epsilon

    def step(self, state: Any, legal: Sequence[int] | None = None) -> int:
        """The best legal action by the heuristic; ``ValueError`` when there is none."""
        actions = self._legal(state, legal)
        if len(actions) == 1:
            return actions[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            return actions[self.rng.randrange(len(actions))]
        return choose_greedy(state, actions, self.rng)


def choose_greedy(state: Any, actions: Sequence[int], rng: Any) -> int:
    """The greedy choice among ``actions`` (shared with MCTS rollouts)."""
    values = action_values(state, actions)
    return _pick_best(list(zip(values, actions, strict=True)), rng)
