"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from botanik_design.bots.base import BaseBot
from botanik_design.model.draws import below


class RandomBot(BaseBot):
    """Picks uniformly among the legal actions with its seeded ``rng``."""

    def __init__(self, seed: int, name: str = "random") -> None:
        super().__init__(name, seed)

    def step(self, state: Any, legal: Sequence[int] | None = None) -> int:
        """A uniformly random legal action; ``ValueError`` when there is none."""
        actions = self._legal(state, legal)
        return actions[below(self.rng, len(actions))]  # rng.randrange, the same draw
