"""Monte Carlo tree search bot: UCT over determinised samples of the hidden piles.

Each decision runs ``iterations`` iterations (or as many as fit in ``time``
seconds — not reproducible, as it depends on the machine's speed):

1. **Determinise**: clone the state and, when ``determinize`` is on and the
   state is :class:`~botanik_design.games.base.Determinizable`, resample its
   hidden information with the bot's ``rng`` (Botanik: re-shuffle the face-down
   pile, the only hidden information), so each iteration plays a world
   consistent with what the player knows.  Without it the clone's pile is the
   real one, and the search sees the future draws (a perfect-information leak).
2. **Select** among the children whose action is legal in this sample, by
   ``mean + c * sqrt(ln(avail) / visits) + bias * prior / (visits + 1)``:
   UCB1 where ``avail`` counts the iterations in which a child was available
   (single-observer ISMCTS: a node's legal actions depend on the tiles
   drawn), plus a progressive-bias term with ``prior`` in [0, 1] from the
   greedy values (:func:`~botanik_design.bots.greedy.action_values`; ``prior=0``
   turns it off).  ``mean`` is the mover's mean
   result in [0, 1].
3. **Expand** one untried legal action: the best by the greedy heuristic
   (at random with ``prior=0``); where the game allows it
   (``Heuristic.may_prune``, Botanik: placements) only the ``keep`` best are searched.
4. **Roll out** with greedy moves (``rollout=greedy``, the default), random
   ones (``random``) or none (``none``) for ``depth`` decisions (``0``: to the
   end), then evaluate: the exact result (win 1, shared 0.5, loss 0) at the
   end of the game, else player 0's estimated result: the game's
   ``Heuristic.win_probability`` (Botanik: a logistic of the heuristic lead),
   or ``(Game.evaluate(state, 0) + 1) / 2``.  A game with ``SearchFunctions``
   gives its greedy ties and win probability as plain functions, called directly
   (the same choices and values, without the values list or the method calls).
5. **Back up** the result along the path.

The move played is the most visited root child (ties: higher mean, then rng).
Defaults (``mcts`` alone): 50 iterations, ``c=0.7``, greedy rollouts of 3
decisions, priors on, 6 placements kept.  Cost: about 0.2 s of CPU time per ``standard``
game on one core at the defaults against greedy (0.18 s measured over 1,000 games on a
quiet 2-core machine, twice that on a machine at half its speed; the engine's moves and
the heuristic take most of it);
``python bench/mcts_speed.py`` reports iterations per second.
"""

from __future__ import annotations

import math
import time as _time
from collections.abc import Callable, Sequence
from typing import Any

from botanik_design.bots.base import BaseBot
from botanik_design.bots.greedy import action_values, heuristic_of
from botanik_design.games.base import Determinizable, Heuristic, HiddenKeyed, SearchFunctions
from botanik_design.model.draws import below


class _Node:
    """A search node: statistics of the action leading here, by the player who took it."""

    __slots__ = ("avail", "cands", "children", "crosses", "first", "kids", "orders", "player",
                 "prior", "state", "value", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        #: The state here before any resampling, kept while the actions from the root
        #: leave the hidden information as it was (``HiddenKeyed``); ``crosses``: the
        #: action leading here changes it (nothing kept).
        self.state: Any = None
        self.crosses = False
        #: At a kept node (fixed legal actions, so fixed candidates): the candidates,
        #: their priors (empty: none count), and the children expanded so far as
        #: ``(action, child, bias * prior)``, in candidate order (expansions take the first
        #: untried one).
        self.cands: list[int] = []
        self.prior: dict[int, float] = {}
        self.kids: list[tuple[int, _Node, float]] | None = None
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 1
        #: Candidate actions (best prior first) and their priors, per legal set seen here.
        self.orders: dict[tuple[int, ...], tuple[list[int], dict[int, float]]] = {}
        #: At a node expanded from a kept one: the legal actions and their greedy values
        #: that its rollout's first step found (a state equal to the one kept here but
        #: for the hidden information, which neither reads), for its priors later.
        self.first: tuple[list[int], list[float]] | None = None


def priors(state: Any, legal: Sequence[int], keep: int,
           own: Heuristic | None | bool = True,
           values: Sequence[float] | None = None) -> tuple[list[int], dict[int, float]]:
    """Candidates ordered by the greedy values (best first, ties: smaller action; ``legal``
    sorted ascending, as ``legal_actions()`` gives them) and priors in [0, 1].

    Cut to the ``keep`` best (``0``: keep all) where the game's
    ``Heuristic.may_prune`` allows (Botanik: placements; picks, swaps and
    discards are all kept); games without the capability keep all.  ``own``: the
    game's :class:`Heuristic` or ``None`` when already known (``True``: ask the game).
    ``values``: the greedy values of ``legal`` here when already known.
    """
    if own is True:
        own = heuristic_of(state.get_game())
    assert own is not False
    if values is None:
        values = (own.action_values(state, legal) if own is not None
                  else action_values(state, legal))
    lo, hi = min(values), max(values)
    span = hi - lo
    # the indices by value, best first; ties keep their order, the actions' (``legal``
    # is sorted): the order of sorting ``(-value, action)`` pairs, with no pairs built
    order = sorted(range(len(legal)), key=values.__getitem__, reverse=True)
    if keep and own is not None and own.may_prune(state, legal):
        del order[keep:]
    cands = [legal[i] for i in order]
    if span > 0:
        prior = {legal[i]: (values[i] - lo) / span for i in order}
    else:
        prior = dict.fromkeys(cands, 0.5)
    return cands, prior


#: State types seen, and whether they are Determinizable (isinstance on a runtime
#: protocol is slow; every iteration asks).
_DETERMINIZABLE: dict[type, bool] = {}


def determinize_able(state: Any) -> bool:
    """Whether ``state`` is :class:`~botanik_design.games.base.Determinizable`."""
    kind = type(state)
    can = _DETERMINIZABLE.get(kind)
    if can is None:
        can = _DETERMINIZABLE[kind] = isinstance(state, Determinizable)
    return can


def determinize(state: Any, rng: Any) -> bool:
    """Resample the hidden information of ``state`` (a clone) in place with ``rng``
    (:class:`~botanik_design.games.base.Determinizable`).  Returns ``False`` when the
    state has none (nothing done)."""
    kind = type(state)
    can = _DETERMINIZABLE.get(kind)
    if can is None:
        can = _DETERMINIZABLE[kind] = isinstance(state, Determinizable)
    if not can:
        return False
    state.determinize(rng)
    return True


#: Game types seen, and their search functions (``games.base.SearchFunctions``) or None.
_SEARCH_FUNCTIONS: dict[type, tuple[Callable[[Any, Sequence[int]], Sequence[int]],
                                    Callable[[Any], float]] | None] = {}


def search_functions(game: Any) -> tuple[Callable[[Any, Sequence[int]], Sequence[int]],
                                         Callable[[Any], float]] | None:
    """The game's ``(ties, win_probability)`` functions (``SearchFunctions``), or None."""
    kind = type(game)
    if kind not in _SEARCH_FUNCTIONS:
        _SEARCH_FUNCTIONS[kind] = (game.search_functions()
                                   if isinstance(game, SearchFunctions) else None)
    return _SEARCH_FUNCTIONS[kind]


def leaf_value(state: Any) -> float:
    """Player 0's estimated result in [0, 1] at a non-terminal state (see module docstring)."""
    game = state.get_game()
    own = heuristic_of(game)
    if own is not None:
        return own.win_probability(state)
    return (float(game.evaluate(state, 0)) + 1.0) / 2.0


def terminal_value(state: Any) -> float:
    """Player 0's result at the end: 1 win, 0.5 shared, 0 loss."""
    return (float(state.returns()[0]) + 1.0) / 2.0


def _keep(node: _Node, cur: Any, action: int, key0: object) -> Any:
    """The state after ``action`` from the kept ``cur``, kept on ``node`` when the
    hidden information is unchanged (else ``None``, and ``node`` marked as crossing)."""
    t = cur.clone()
    t.apply_action(action)
    if t.hidden_key() == key0:
        node.state = t
        return t
    node.crosses = True
    node.first = None
    return None


class MCTSBot(BaseBot):
    """UCT search bot (see the module docstring for the algorithm and parameters)."""

    #: Keep the states along the tree where the game allows (``HiddenKeyed``): the
    #: same search, faster; ``False`` resamples at the root and replays every path.
    keep_states = True

    def __init__(
        self,
        seed: int,
        name: str = "mcts",
        iterations: int = 50,
        time: float = 0.0,
        c: float = 0.7,
        depth: int = 3,
        rollout: str = "greedy",
        determinize: int = 1,
        prior: int = 1,
        keep: int = 6,
        bias: float = 1.0,
    ) -> None:
        super().__init__(name, seed)
        if iterations < 1 or time < 0 or depth < 0 or rollout not in ("random", "greedy", "none"):
            raise ValueError("mcts: need iterations >= 1, time >= 0, depth >= 0, "
                             "rollout random|greedy|none")
        self.iterations = iterations
        self.time = time
        self.c = c
        self.depth = depth
        self.rollout = rollout
        self.determinize = bool(determinize)
        self.prior = bool(prior)
        self.keep = keep
        self.bias = bias
        #: Iterations run by the last :meth:`step` and the visits of each root action
        #: (for diagnostics).
        self.last_iterations = 0
        self.last_visits: dict[int, int] = {}
        #: The game's Heuristic (or None) and whether its states are Determinizable,
        #: found once per :meth:`step`.
        self._own: Heuristic | None = None
        self._can_determinize = False
        self._keep_states = False
        self._hidden0: object = None
        #: The game's search functions (``SearchFunctions``) or None, found once per step.
        self._ties: Callable[[Any, Sequence[int]], Sequence[int]] | None = None
        self._win: Callable[[Any], float] | None = None

    def step(self, state: Any, legal: Sequence[int] | None = None) -> int:
        """The most visited root action after the search; ``ValueError`` when none is legal."""
        actions = self._legal(state, legal)
        if len(actions) == 1:
            return actions[0]
        root = _Node(-1)
        # the game's heuristic, asked once per decision (every clone shares the game)
        game = state.get_game()
        self._own = heuristic_of(game)
        fast = search_functions(game) if self._own is not None else None
        self._ties, self._win = (None, None) if fast is None else fast
        self._can_determinize = self.determinize and determinize_able(state)
        # keep the states along the tree while the hidden information is unchanged
        # (the same samples and draws: see _kept_prefix); with priors only, as the
        # descent must draw nothing from rng before the resampling
        self._keep_states = (self.keep_states and self._can_determinize and self.prior
                             and isinstance(state, HiddenKeyed))
        if self._keep_states:
            root.state = state
            self._hidden0 = state.hidden_key()
        deadline = _time.perf_counter() + self.time if self.time > 0 else None
        n = 0
        while True:
            if deadline is not None:
                if n > 0 and _time.perf_counter() >= deadline:
                    break
            elif n >= self.iterations:
                break
            self._iterate(root, state)
            n += 1
        self.last_iterations = n
        self.last_visits = {a: ch.visits for a, ch in root.children.items()}
        best: tuple[int, float, float] | None = None
        choice = actions[0]
        for a in actions:
            ch = root.children.get(a)
            if ch is None:
                continue
            key = (ch.visits, ch.value / ch.visits if ch.visits else 0.0, self.rng.random())
            if best is None or key > best:
                best, choice = key, a
        return choice

    def _candidates(self, node: _Node, s: Any, legal: list[int]) -> tuple[
        list[int], dict[int, float]
    ]:
        if not self.prior:
            return legal, {}
        key = tuple(legal)
        got = node.orders.get(key)
        if got is None:
            got = priors(s, legal, self.keep, self._own)
            if len(node.orders) < 64:
                node.orders[key] = got
        return got

    def _iterate(self, root: _Node, state: Any) -> None:
        rng = self.rng
        if self._keep_states:
            s, node, path, expanded = self._kept_prefix(root)
            if expanded:
                last = path[-1]
                self._back_up(root, path, self._rollout(s, None if last.crosses else last))
                return
        else:
            s = state.clone()
            if self._can_determinize:
                s.determinize(rng)
            node = root
            path = [root]
        log = math.log
        sqrt = math.sqrt
        c = self.c
        bias = self.bias
        empty: dict[int, float] = {}
        while not s.is_terminal():
            legal = s.legal_actions()
            player = s.current_player()
            if len(legal) > 1:
                cands, prior = self._candidates(node, s, legal)
            else:
                cands, prior = legal, empty
            children = node.children
            untried = []
            for a in cands:
                ch = children.get(a)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried:
                if prior or len(untried) == 1:
                    a = untried[0]
                else:
                    a = untried[rng.randrange(len(untried))]
                child = _Node(player)
                children[a] = child
                s.apply_action(a)
                path.append(child)
                break
            best_a = cands[0]
            best_u = -1e18
            for a in cands:
                ch = children[a]
                visits = ch.visits
                u = ch.value / visits + c * sqrt(log(ch.avail) / visits)
                if prior:
                    u += bias * prior[a] / (visits + 1)
                if u > best_u:
                    best_u, best_a = u, a
            node = children[best_a]
            s.apply_action(best_a)
            path.append(node)
        self._back_up(root, path, self._rollout(s))

    @staticmethod
    def _back_up(root: _Node, path: list[_Node], v0: float) -> None:
        w0 = 1.0 - v0
        for nd in path[1:]:
            nd.visits += 1
            nd.value += v0 if nd.player == 0 else w0
        root.visits += 1

    def _kept_prefix(self, root: _Node) -> tuple[Any, _Node, list[_Node], bool]:
        """The descent of :meth:`_iterate` through the nodes whose states are kept.

        Returns the resampled state where it leaves them, its node, the path, and
        whether it expanded a node.  The same choices as resampling at the root and
        replaying: up to there the actions left the hidden information unchanged, so
        resampling commutes with them, the legal actions and priors do not read it, and
        rng is first used by the resampling (priors on: no random pick of an untried
        action before it).
        """
        rng = self.rng
        key0 = self._hidden0
        log = math.log
        sqrt = math.sqrt
        c = self.c
        bias = self.bias
        empty: dict[int, float] = {}
        node = root
        path = [root]
        cur = root.state
        while not cur.is_terminal():
            kids = node.kids
            if kids is None:
                legal = cur.legal_actions()
                first = node.first
                if first is not None and len(legal) > 1 and first[0] == legal:
                    # the values the rollout found here (see _Node.first)
                    node.first = None
                    cands, prior = priors(cur, legal, self.keep, self._own, first[1])
                elif len(legal) > 1:
                    cands, prior = self._candidates(node, cur, legal)
                else:
                    cands, prior = legal, empty
                assert not node.children  # a kept node's children all come from here
                node.cands = cands
                node.prior = prior
                node.kids = kids = []
            cands = node.cands
            prior = node.prior
            n = len(kids)
            if n < len(cands):
                # the children are the first n candidates: count them available, expand
                # the next one (priors on: the first untried; no rng drawn)
                for _, kid, _ in kids:
                    kid.avail += 1
                s = cur.clone()
                s.determinize(rng)
                a = cands[n]
                child = _Node(cur.current_player())
                node.children[a] = child
                kids.append((a, child, bias * prior[a] if prior else 0.0))
                s.apply_action(a)
                path.append(child)
                # the hidden information changed: nothing to keep there (no _keep later)
                child.crosses = s.hidden_key() != key0
                return s, child, path, True
            best_a, node, _ = kids[0]
            best_u = -1e18
            for a, kid, bp in kids:
                avail = kid.avail + 1
                kid.avail = avail
                visits = kid.visits
                u = kid.value / visits + c * sqrt(log(avail) / visits)
                if prior:
                    u += bp / (visits + 1)  # bias * prior / (visits + 1)
                if u > best_u:
                    best_u, best_a, node = u, a, kid
            path.append(node)
            nxt = node.state
            if nxt is None and not node.crosses:
                nxt = _keep(node, cur, best_a, key0)
            if nxt is None:
                s = cur.clone()
                s.determinize(rng)
                s.apply_action(best_a)
                return s, node, path, False
            cur = nxt
        s = cur.clone()
        s.determinize(rng)
        return s, node, path, False

    def _rollout(self, s: Any, node: _Node | None = None) -> float:
        """The rollout's value from ``s``; ``node``: the node expanded from a kept one
        that ``s`` is at (it keeps the first step's values: :attr:`_Node.first`)."""
        if self.rollout == "none":
            return terminal_value(s) if s.is_terminal() else self._leaf(s)
        rng = self.rng
        depth = self.depth
        greedy = self.rollout == "greedy"
        own = self._own
        values_of = own.action_values if own is not None else None
        ties = self._ties
        steps = 0
        while not s.is_terminal():
            if depth and steps >= depth:
                return self._leaf(s)
            legal = s.legal_actions()
            if len(legal) == 1:
                a = legal[0]
            elif greedy:
                # choose_greedy, inline: the best value, ties broken with rng
                top: Sequence[int]
                if ties is not None and (node is None or steps):
                    # the game's ties function: the same actions, without the values
                    top = ties(s, legal)
                else:
                    values = (values_of(s, legal) if values_of is not None
                              else action_values(s, legal))
                    assert len(values) == len(legal)
                    if node is not None and not steps:
                        node.first = (legal, values)
                    thr = max(values) - 1e-9  # the actions valued >= it, in order
                    top = [x for x, v in zip(legal, values) if v >= thr]  # noqa: B905
                node = None
                a = top[0] if len(top) == 1 else top[below(rng, len(top))]
            else:
                a = legal[rng.randrange(len(legal))]
            s.apply_action(a)
            steps += 1
        return terminal_value(s)

    def _leaf(self, s: Any) -> float:
        win = self._win
        if win is not None:
            return win(s)
        own = self._own
        if own is not None:
            return own.win_probability(s)
        return leaf_value(s)
