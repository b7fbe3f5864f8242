"""Alpha-beta search over any two-player ``games.base.State`` with the game's ``evaluate``.

Used by ``botanik-design uhp`` for ``bestmove`` when the option ``AlphaBeta`` is 1
(the default is the MCTS bot): ``depth`` plies of full-width
negamax (alpha-beta, moves ordered by a one-ply evaluation), or iterative
deepening until ``seconds`` elapse (the deepest completed depth's choice).
Ties between equal values are broken by a seeded :class:`random.Random`.
"""

from __future__ import annotations

import random
import time
from typing import Any


class _Timeout(Exception):
    pass


def best_action(state: Any, *, seconds: float | None = None, depth: int | None = None,
                seed: int = 0, iterations: int = 0) -> int:
    """The chosen action of the player to move (``ValueError`` when terminal).

    ``iterations`` is accepted for option compatibility and ignored.
    """
    legal = state.legal_actions()
    if not legal:
        raise ValueError("no legal action: the game is over")
    if len(legal) == 1:
        return int(legal[0])
    rng = random.Random(seed)
    order = list(legal)
    rng.shuffle(order)
    deadline = None if seconds is None else time.monotonic() + seconds
    max_depth = depth if depth is not None else 64
    best = order[0]
    for d in range(1, max_depth + 1):
        try:
            best, order = _root(state, order, d, deadline)
        except _Timeout:
            break
        if deadline is None and d >= max_depth:
            break
    return int(best)


def _root(state: Any, order: list[int], depth: int,
          deadline: float | None) -> tuple[int, list[int]]:
    me = state.current_player()
    scored: list[tuple[float, int]] = []
    alpha = -2.0
    for a in order:
        child = state.clone()
        child.apply_action(a)
        v = -_negamax(child, 1 - me, depth - 1, -2.0, -alpha, deadline)
        scored.append((v, a))
        alpha = max(alpha, v)
    scored.sort(key=lambda t: -t[0])  # stable: ties keep the shuffled order
    return scored[0][1], [a for _, a in scored]


def _negamax(state: Any, player: int, depth: int, alpha: float, beta: float,
             deadline: float | None) -> float:
    """Value for ``player``, the side to move at ``state`` (players alternate strictly)."""
    if deadline is not None and time.monotonic() > deadline:
        raise _Timeout
    if state.is_terminal():
        return float(state.returns()[player])
    if depth == 0:
        return float(state.get_game().evaluate(state, player))
    best = -2.0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        v = -_negamax(child, 1 - player, depth - 1, -beta, -alpha, deadline)
        if v > best:
            best = v
        if best > alpha:
            alpha = best
        if alpha >= beta:
            break
    return best
