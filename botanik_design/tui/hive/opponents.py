"""The ``--vs`` bots for Hive.

``random`` is the project's generic :class:`~botanik_design.bots.random_bot.RandomBot`.
The project's ``greedy`` and ``mcts`` bots read Botanik decisions (``pending()``), so
for Hive they are stood in for by the Hive engine's own capabilities until those bots
learn the game interface:

- ``greedy``: the best action by ``HiveGame.action_values`` (cells filled and emptied
  around the Queens), ties broken by the bot's seeded :class:`random.Random`;
- ``mcts``: alpha-beta search with ``HiveGame.evaluate``
  (:func:`botanik_design.bots.hive_search.best_action`), ``depth`` plies (default 2),
  or iterative deepening for ``time`` seconds when ``time > 0``.

The spec is checked by :func:`~botanik_design.bots.parse_bot_spec` as for Botanik.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from botanik_design.bots import Bot, make_bot, parse_bot_spec
from botanik_design.bots.hive_search import best_action
from botanik_design.games.hive.game import HiveGame


class HiveGreedy:
    """Play the action with the highest ``action_values`` (seeded ties)."""

    def __init__(self, game: HiveGame, seed: int, name: str) -> None:
        self.name = name
        self._game = game
        self._rng = random.Random(seed)

    def step(self, state: Any, legal: Sequence[int] | None = None) -> int:
        moves = list(state.legal_actions() if legal is None else legal)
        values = self._game.action_values(state, moves)
        best = max(values)
        return int(self._rng.choice([a for a, v in zip(moves, values, strict=True)
                                     if v == best]))


class HiveSearch:
    """Alpha-beta with the game's ``evaluate``: ``depth`` plies, or ``seconds`` when set."""

    def __init__(self, seed: int, name: str, depth: int = 2, seconds: float = 0.0) -> None:
        self.name = name
        self._rng = random.Random(seed)
        self._depth = depth
        self._seconds = seconds

    def step(self, state: Any, legal: Sequence[int] | None = None) -> int:
        seed = self._rng.randrange(2**31)
        if self._seconds > 0:
            return best_action(state, seconds=self._seconds, seed=seed)
        return best_action(state, depth=self._depth, seed=seed)


def hive_bot(spec: str, seed: int, game: HiveGame) -> Bot:
    """The bot ``--vs spec`` names, for ``game``; raises ``BotSpecError`` for a bad spec."""
    name, params = parse_bot_spec(spec)
    label = spec.strip()
    if name == "greedy":
        return HiveGreedy(game, seed, label)
    if name == "mcts":
        time = float(params.get("time", 0.0))
        return HiveSearch(seed, label, depth=2, seconds=time)
    return make_bot(spec, seed)
