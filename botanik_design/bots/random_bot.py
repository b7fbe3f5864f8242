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
