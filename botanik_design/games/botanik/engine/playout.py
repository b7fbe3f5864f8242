"""Seeded random play, shared by golden playthroughs, the dynamic validator and tests.

The *random player* picks uniformly among the legal actions, except that with
probability ``slot_bias`` it restricts a pick to the own-slot picks when there
are any (uniform play puts most tiles on the middle stacks, so machines stay
tiny; the bias gives games closer to real ones).
"""

from __future__ import annotations

import random

from botanik_design.games.botanik.engine.actions import DISCARD_BASE
from botanik_design.games.botanik.engine.state import GameState


def random_action(state: GameState, rng: random.Random, slot_bias: float = 0.6) -> int:
    """One legal action of ``state`` (not terminal) chosen by the random player."""
    legal = state.legal_actions()
    if slot_bias > 0 and legal[0] < DISCARD_BASE and rng.random() < slot_bias:
        own = [a for a in legal if a % 18 < 9]
        if own:
            legal = own
    return legal[rng.randrange(len(legal))]


def play_random(
    state: GameState, rng: random.Random, slot_bias: float = 0.6, max_actions: int = 100_000
) -> GameState:
    """Play ``state`` to the end (or ``max_actions``) in place; returns it."""
    n = 0
    while not state.is_terminal() and n < max_actions:
        state.apply_action(random_action(state, rng, slot_bias))
        n += 1
    return state
