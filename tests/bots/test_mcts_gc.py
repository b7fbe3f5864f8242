"""The MCTS bot pauses Python's cyclic garbage collector during its search: it must
leave the collector as it found it (on or off); a Botanik search must make no reference
cycles (else pausing the collector would keep garbage until the decision ends); where a
game's states do make some (Hive), the search collects them itself every
``collect_every`` iterations, so a long search keeps a fraction of what it made."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from botanik_design.bots.mcts import MCTSBot
from botanik_design.bots.registry import make_bot
from botanik_design.games.base import State
from botanik_design.games.registry import load_game


def _position(game: str, variant: str, seed: int, steps: int) -> State:
    state = load_game(game, variant=variant).new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        if state.is_terminal() or len(legal) < 2:
            break
        state.apply_action(legal[rng.randrange(len(legal))])
    assert not state.is_terminal()
    return state


CASES = [("botanik", "standard", 1, 0), ("botanik", "standard", 2, 40),
         ("botanik", "registre-3", 3, 70), ("botanik", "standard", 4, 70)]


@contextmanager
def _collector(on: bool) -> Iterator[None]:
    was = gc.isenabled()
    (gc.enable if on else gc.disable)()
    try:
        yield
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("on", [True, False])
def test_search_leaves_the_collector_as_it_was(on: bool) -> None:
    state = _position("botanik", "standard", 1, 10)
    with _collector(on):
        make_bot("mcts:iterations=20", 7).step(state)
        assert gc.isenabled() == on


@pytest.mark.parametrize(("game", "variant", "seed", "steps"), CASES)
def test_search_makes_no_reference_cycles(game: str, variant: str, seed: int,
                                          steps: int) -> None:
    state = _position(game, variant, seed, steps)
    make_bot("mcts:iterations=10", seed).step(state.clone())  # warm-up: lazy imports
    with _collector(False):
        gc.collect()
        for spec in ("mcts", "mcts:keep=0:depth=0", "mcts:prior=0:rollout=random"):
            make_bot(spec, seed).step(state.clone())
        assert gc.collect() == 0


def _left_after(state: State, iterations: int, collect_every: int) -> int:
    """Cyclic garbage left by one search of ``iterations`` (the collector on, so the
    bot pauses it, but with thresholds it never reaches: only the bot collects)."""
    bot = make_bot(f"mcts:iterations={iterations}", 3)
    assert isinstance(bot, MCTSBot)
    bot.collect_every = collect_every
    thresholds = gc.get_threshold()
    gc.set_threshold(10**9)
    try:
        with _collector(True):
            gc.collect()
            bot.step(state.clone())
            return gc.collect()
    finally:
        gc.set_threshold(*thresholds)


def test_a_long_hive_search_collects_its_cycles() -> None:
    state = _position("hive", "Base+MLP", 5, 20)
    _left_after(state, 10, 0)  # warm-up: lazy imports
    made = _left_after(state, 1000, 0)
    assert made > 4000  # this position's states make cycles: the case tests the collection
    assert _left_after(state, 1000, MCTSBot.collect_every) < made / 2
