"""Hive's facts for OpenSpiel (:mod:`botanik_design.games.openspiel`).

Hive has no chance and no hidden information: ``DETERMINISTIC``,
``PERFECT_INFORMATION``.  Action ids: ``0`` is the pass; a piece ``pid`` going
to axial cell ``(q, r)`` is ``1 + (pid * W + q - q0 + 1) * W + r - r0 + 1``
where ``(q0, r0)`` are the smallest ``q`` and ``r`` of the occupied cells
before the move (``(0, 0)`` on an empty board) and ``W`` is the number of
pieces plus two.  A connected hive of ``n`` cells spans at most ``n - 1`` in
``q`` and in ``r``, and every destination touches it, so the offsets stay in
``0 .. W - 1`` wherever the hive has wandered (absolute cells would need a
board ``2 * 2048`` wide).
"""

from __future__ import annotations

from collections.abc import Sequence

from botanik_design.games.base import Game, State
from botanik_design.games.hive.engine.board import PASS, decode, encode
from botanik_design.games.hive.engine.coords import HALF, STRIDE, pack, unpack
from botanik_design.games.hive.engine.game import HiveGame
from botanik_design.games.hive.engine.state import HiveState
from botanik_design.games.openspiel import SpielFacts


def _frame(state: State) -> tuple[int, int, int]:
    """``(q0, r0, W)`` of ``state``."""
    assert isinstance(state, HiveState)
    board = state.board
    stacks = board.stacks
    if not stacks:
        return 0, 0, len(board.table.names) + 2
    # packed cells order by q first (|r| < HALF): the smallest has the smallest q
    q0 = unpack(min(stacks))[0]
    r0 = min((c + HALF) % STRIDE for c in stacks) - HALF
    return q0, r0, len(board.table.names) + 2


def num_actions(game: Game) -> int:
    """Distinct action ids under ``game``'s piece set."""
    assert isinstance(game, HiveGame)
    n = len(game.table.names)
    return 1 + n * (n + 2) ** 2


def to_spiel(state: State, actions: Sequence[int]) -> list[int]:
    """The OpenSpiel ids of engine ``actions``; ``ValueError`` for a cell off the frame."""
    q0, r0, w = _frame(state)
    out = []
    for action in actions:
        if action == PASS:
            out.append(0)
            continue
        pid, cell = decode(action)
        q, r = unpack(cell)
        dq, dr = q - q0 + 1, r - r0 + 1
        if not (0 <= dq < w and 0 <= dr < w):
            raise ValueError(f"cell ({q}, {r}) is not next to the hive")
        out.append(1 + (pid * w + dq) * w + dr)
    return out


def from_spiel(state: State, action: int) -> int:
    """The engine action of OpenSpiel id ``action`` (inverse of :func:`to_spiel`)."""
    if action == 0:
        return PASS
    q0, r0, w = _frame(state)
    rest, dr = divmod(action - 1, w)
    pid, dq = divmod(rest, w)
    return encode(pid, pack(q0 + dq - 1, r0 + dr - 1))


FACTS = SpielFacts(
    short_name="python_hive",
    long_name="Hive (botanik-design)",
    default_variant="hive-tournament",
    dealer=None,
    imperfect=False,
    num_actions=num_actions,
    to_spiel=to_spiel,
    from_spiel=from_spiel,
)
