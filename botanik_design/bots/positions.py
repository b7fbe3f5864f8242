"""The positions one MCTS decision reaches while the hidden information is unchanged.

Where the game is :class:`~botanik_design.games.base.HiddenKeyed`, the states along a
line of play from the root that leave ``hidden_key()`` as it was differ between
iterations only in the resampled hidden information, which neither the legal actions
nor the game's :class:`~botanik_design.games.base.Heuristic` read.  So what an
iteration learns there (is it the end, the legal actions, their greedy values, the
best of them, the leaf value, whether an action changes the hidden information) holds
for every later iteration: :class:`Position` keeps it, one per line of play from the
root, in a tree of actions shared by the tree search's kept nodes and the rollouts.

A rollout (:func:`rollout`) then walks known positions without playing them: its
own state (``carrier``, resampled) stays behind and catches up (plays the actions
walked) only where something is not known yet or the hidden information changes.
The same moves, values and draws from the bot's ``rng`` as playing every step: the
choices read only what is kept, and the engine draws nothing from ``rng``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, repeat
from operator import le
from typing import Any

from botanik_design.model.draws import below

#: Not in :attr:`Position.next` yet (``None`` there: the action changes the hidden
#: information).
MISSING: Any = object()


class Position:
    """What is known of one line of play from the root (see the module docstring).

    ``None`` fields are not known yet; ``next`` maps an action to the position after
    it (``None``: the action changes the hidden information, nothing kept past it).
    """

    __slots__ = ("action", "leaf", "legal", "next", "parent", "player", "terminal", "top",
                 "values")

    def __init__(self, parent: Position | None, action: int) -> None:
        self.parent = parent
        self.action = action
        self.terminal: bool | None = None
        self.legal: list[int] | None = None
        self.player = -1
        #: greedy values of ``legal`` and the actions valued within 1e-9 of the best
        self.values: list[float] | None = None
        self.top: list[int] | None = None
        #: player 0's result (the end) or estimated result (a rollout's leaf)
        self.leaf: float | None = None
        self.next: dict[int, Position | None] = {}

    def learn(self, state: Any) -> None:
        """Whether ``state`` (at this position) is the end, its legal actions and player."""
        self.terminal = term = state.is_terminal()
        self.legal = [] if term else state.legal_actions()
        self.player = state.current_player()


class Walk:
    """A rollout's state: the carrier (a state ``lag`` actions behind ``pos``) and
    where the line of play is."""

    __slots__ = ("carrier", "lag", "pos")

    def __init__(self, pos: Position, carrier: Any) -> None:
        self.pos = pos
        self.carrier = carrier
        self.lag: list[int] = []

    def here(self) -> Any:
        """The carrier, caught up with :attr:`pos` (the actions walked are played)."""
        lag = self.lag
        if lag:
            s = self.carrier
            for a in lag:
                s.apply_action(a)
            lag.clear()
        return self.carrier

    def step(self, a: int, key0: object) -> bool:
        """Play ``a``: walk on where the position after it is known, else play it on the
        caught-up carrier and learn whether it changed the hidden information
        (``False``: it did; the carrier is then the rollout's own state)."""
        pos = self.pos
        nxt = pos.next.get(a, MISSING)
        if nxt is not None and nxt is not MISSING:
            self.lag.append(a)
            self.pos = nxt
            return True
        s = self.here()
        s.apply_action(a)
        if nxt is None:
            return False
        if s.hidden_key() == key0:
            child = pos.next[a] = Position(pos, a)
            child.learn(s)
            self.pos = child
            return True
        pos.next[a] = None
        return False


def rollout(walk: Walk, key0: object, depth: int, kind: str, rng: Any,
            values_of: Callable[[Any, list[int]], list[float]],
            leaf_of: Callable[[Any], float], terminal_of: Callable[[Any], float],
            live: Callable[[Any, int], float]) -> float:
    """The rollout's value from ``walk`` (see :meth:`MCTSBot._rollout
    <botanik_design.bots.mcts.MCTSBot._rollout>`: ``depth`` decisions, ``kind``
    greedy / random / none), walking known positions; where the hidden information
    changes, ``live(state, steps)`` finishes it on the carrier."""
    steps = 0
    greedy = kind == "greedy"
    while True:
        pos = walk.pos
        if pos.terminal:
            if pos.leaf is None:
                pos.leaf = terminal_of(walk.here())
            return pos.leaf
        if kind == "none" or (depth and steps >= depth):
            if pos.leaf is None:
                pos.leaf = leaf_of(walk.here())
            return pos.leaf
        legal = pos.legal
        assert legal is not None
        if len(legal) == 1:
            a = legal[0]
        elif greedy:
            top = pos.top
            if top is None:
                values = pos.values
                if values is None:
                    values = pos.values = values_of(walk.here(), legal)
                    assert len(values) == len(legal)
                top = pos.top = list(compress(legal, map(le, repeat(max(values) - 1e-9),
                                                         values)))
            a = top[0] if len(top) == 1 else top[below(rng, len(top))]
        else:
            a = legal[rng.randrange(len(legal))]
        steps += 1
        if not walk.step(a, key0):
            return live(walk.carrier, steps)
