"""The random bot draws exactly as ``rng.randrange(len(legal))`` always did: the same
choices for every seed, list size and variant (its draw is written out in place for
speed, so this pins it to the library's)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.bots.base import BaseBot
from botanik_design.bots.random_bot import RandomBot
from botanik_design.bots.registry import bot_maker, make_bot
from botanik_design.games.loading import load_from_variant
from botanik_design.sim.seeding import derive

#: every bundled variant (Botanik and Hive): a random game of each, seat by seat
VARIANTS = ["standard", "no-loops", "registre-3", "hive-box", "hive-mlp", "hive-tournament"]


class _Legal:
    """A stand-in state whose ``legal_actions()`` is a given list."""

    def __init__(self, actions: list[int]) -> None:
        self.actions = actions

    def legal_actions(self) -> list[int]:
        return self.actions


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**63 - 1),
       sizes=st.lists(st.integers(1, 5000), min_size=1, max_size=60))
def test_choices_are_randrange(seed: int, sizes: list[int]) -> None:
    bot = RandomBot(seed)
    ref = random.Random(seed)
    for n in sizes:
        actions = list(range(100, 100 + n))
        assert bot.step(None, actions) == actions[ref.randrange(n)]
        # asking the state instead of being given the list: the same draw
        assert bot.step(_Legal(actions)) == actions[ref.randrange(n)]
    assert bot.rng.getstate() == ref.getstate()  # not one bit more or less drawn


def test_no_legal_action_is_refused() -> None:
    bot = RandomBot(3, name="random")
    with pytest.raises(ValueError, match="random: no legal action"):
        bot.step(None, [])
    with pytest.raises(ValueError, match="no legal action"):
        bot.step(_Legal([]))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("index", [0, 1, 5])
def test_whole_games_are_the_reference_games(variant: str, index: int) -> None:
    """A random-vs-random game with the bots the runner builds is move for move the game
    ``rng.randrange`` bots play from the same seeds (the simulation's seeds)."""
    game = load_from_variant(variant)
    seeds = [derive(0, index, f"seat{s}") for s in (0, 1)]
    bots = [bot_maker("random")(seeds[0]), make_bot("random", seeds[1])]
    assert all(isinstance(b, RandomBot) for b in bots)
    refs = [random.Random(s) for s in seeds]
    mine = game.new_initial_state(derive(0, index, "game"))
    theirs = game.new_initial_state(derive(0, index, "game"))
    moves = 0
    while not mine.is_terminal() and moves < 400:
        legal = mine.legal_actions()
        player = mine.current_player()
        action = bots[player].step(mine, legal)
        expected = theirs.legal_actions()
        assert legal == expected
        assert action == expected[refs[player].randrange(len(expected))]
        mine.apply_action(action)
        theirs.apply_action(action)
        moves += 1
    assert moves > 0
    assert [b.rng.getstate() for b in bots if isinstance(b, RandomBot)] == [
        r.getstate() for r in refs]


def test_maker_builds_the_bot_make_bot_builds() -> None:
    for spec in ("random", " random ", "greedy:epsilon=0.25", "mcts:iterations=3"):
        a, b = bot_maker(spec)(11), make_bot(spec, 11)
        assert type(a) is type(b) and a.name == b.name == spec.strip()
        assert repr(a) == repr(b)
        assert isinstance(a, BaseBot) and isinstance(b, BaseBot)
        assert a.rng.getstate() == b.rng.getstate()
