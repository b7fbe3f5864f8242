"""The bot interface.

A bot chooses one action for the player to move::

    bot = make_bot("mcts:iterations=200", seed=7)
    action = bot.step(state)            # an int from state.legal_actions()

Bots are *seeded*: each owns a :class:`random.Random` built from its seed and
uses no other source of randomness, so the same seed and the same states give
the same choices.  A bot may keep state between calls (e.g. search trees) but
must not mutate the ``state`` it is given (it works on clones).

``step`` takes an optional ``legal`` argument: the caller's already computed
``state.legal_actions()`` (the simulation runner computes it anyway for the
branching-factor statistic); when omitted the bot asks the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


class GameState(Protocol):
    """The part of the engine's OpenSpiel-style ``GameState`` every bot relies on."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def clone(self) -> Any: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...


@runtime_checkable
class Bot(Protocol):
    """A seeded player.  ``name`` is the spec it was built from (e.g. ``greedy``)."""

    name: str

    def step(self, state: Any, legal: Sequence[int] | None = None) -> int:
        """The action to play in ``state`` (one of ``legal`` / ``state.legal_actions()``).

        Raises ``ValueError`` when the state is terminal (no legal action).
        """
        ...


class BaseBot:
    """Common plumbing: ``name``, ``seed`` and the bot's own ``rng``."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.seed = seed
        self.rng = random.Random(seed)

    def _legal(self, state: Any, legal: Sequence[int] | None) -> Sequence[int]:
        actions: Sequence[int] = state.legal_actions() if legal is None else legal
        if not actions:
            raise ValueError(f"{self.name}: no legal action (terminal state?)")
        return actions

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, seed={self.seed})"
