"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from botanik_design.bots.base import BaseBot


class RandomBot(BaseBot):
    """Picks uniformly among the legal actions with its seeded ``rng``."""

    def __init__(self, seed: int, name: str = "random") -> None:
        super().__init__(name, seed)

    def step(self, state: Any, legal: Sequence[int] | None = None) -> int:
        """A uniformly random legal action; ``ValueError`` when there is none.

        The draw is ``rng.randrange(len(actions))`` written out in place (the same bits
        as :func:`botanik_design.model.draws.below` and CPython's ``_randbelow``: one
        Python call per decision instead of three; ``tests/bots/test_random_bot_draws.py``
        proves the choices unchanged)."""
        actions = state.legal_actions() if legal is None else legal
        n = len(actions)
        if not n:
            raise ValueError(f"{self.name}: no legal action (terminal state?)")
        getrandbits = self.rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return actions[r]


def play_out(state: Any, bots: Sequence[RandomBot], limit: int) -> tuple[int, int]:
    """Play ``state`` on, ``bots[p]`` choosing for player ``p``, until it is terminal or
    ``limit`` decisions are made; return ``(decisions, legal)``: the decisions made and
    their legal actions summed (``len(state.legal_actions())`` at each).

    Move for move the game ``bots[p].step(state, state.legal_actions())`` plays, with the
    same bits drawn from each bot's ``rng``: :meth:`RandomBot.step`'s draw written into the
    loop (the simulation runner plays random-vs-random games through this, one Python
    call fewer a decision; ``tests/bots/test_random_play_out.py`` proves the games and the
    generators' states equal).  A decision with no legal action raises the bot's
    ``ValueError``, as ``step`` does.
    """
    draws = tuple(b.rng.getrandbits for b in bots)
    fast = getattr(state, "play_random", None)
    if fast is not None:  # the game's own loop (games.base.RandomPlayout): the same game
        decisions, legal_total = fast(draws, limit)
        if decisions < limit and not state.is_terminal():  # stopped: no legal action
            bots[state.current_player()].step(state, state.legal_actions())  # its ValueError
            raise AssertionError("unreachable: step refuses an empty legal list")
        return decisions, legal_total
    is_terminal = state.is_terminal
    legal_actions = state.legal_actions
    current_player = state.current_player
    apply_action = state.apply_action
    decisions = 0
    legal_total = 0
    while decisions < limit and not is_terminal():
        legal = legal_actions()
        n = len(legal)
        player = current_player()
        if not n:
            bots[player].step(state, legal)  # raises its ValueError: no legal action
            raise AssertionError("unreachable: step refuses an empty legal list")
        getrandbits = draws[player]
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        apply_action(legal[r])
        decisions += 1
        legal_total += n
    return decisions, legal_total
