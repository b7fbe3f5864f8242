"""``random_bot.play_out`` (the runner's random-vs-random loop) plays move for move the
game two random bots' ``step`` calls play: the same actions, decision counts, legal
action totals and generator states, for every bundled variant, any seeds and any
decision limit (it stops there, as the runner asks)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.bots.random_bot import RandomBot, play_out
from botanik_design.games.base import Game
from botanik_design.games.loading import load_from_variant

VARIANTS = ["standard", "no-loops", "registre-3", "hive-box", "hive-mlp", "hive-tournament"]


@cache
def _game(variant: str) -> Game:
    return load_from_variant(variant)


def _stepped(game: Game, seed: int, seats: tuple[int, int], limit: int) -> tuple[
        list[int], int, int, list[object]]:
    """The reference: each decision ``bots[player].step(state, state.legal_actions())``."""
    state = game.new_initial_state(seed)
    bots = [RandomBot(s) for s in seats]
    decisions = legal_total = 0
    while decisions < limit and not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(bots[state.current_player()].step(state, legal))
        decisions += 1
        legal_total += len(legal)
    return state.history(), decisions, legal_total, [b.rng.getstate() for b in bots]


def _fast(game: Game, seed: int, seats: tuple[int, int], limit: int) -> tuple[
        list[int], int, int, list[object]]:
    state = game.new_initial_state(seed)
    bots = (RandomBot(seats[0]), RandomBot(seats[1]))
    decisions, legal_total = play_out(state, bots, limit)
    return state.history(), decisions, legal_total, [b.rng.getstate() for b in bots]


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**63 - 1),
       seats=st.tuples(st.integers(0, 2**63 - 1), st.integers(0, 2**63 - 1)),
       limit=st.one_of(st.integers(1, 80), st.just(400)))
def test_play_out_is_the_stepped_game(variant: str, seed: int, seats: tuple[int, int],
                                      limit: int) -> None:
    game = _game(variant)
    assert _fast(game, seed, seats, limit) == _stepped(game, seed, seats, limit)


@pytest.mark.parametrize("variant", VARIANTS)
def test_whole_games_end_terminal(variant: str) -> None:
    game = _game(variant)
    for seed in range(3):
        state = game.new_initial_state(seed)
        decisions, legal_total = play_out(state, (RandomBot(seed), RandomBot(seed + 1)), 3000)
        assert state.is_terminal() or decisions == 3000
        assert decisions == len(state.history()) and legal_total >= decisions


class _Stuck:
    """A state that is not terminal and has no legal action."""

    def is_terminal(self) -> bool:
        return False

    def legal_actions(self) -> list[int]:
        return []

    def current_player(self) -> int:
        return 1

    def apply_action(self, action: int) -> None:  # pragma: no cover - never reached
        raise AssertionError(action)


def test_no_legal_action_raises_the_bots_error() -> None:
    with pytest.raises(ValueError, match="^seat-one: no legal action"):
        play_out(_Stuck(), (RandomBot(1, "seat-zero"), RandomBot(2, "seat-one")), 10)


class _StuckFast(_Stuck):
    """A state with its own random loop (``games.base.RandomPlayout``) that stops at a
    decision with no legal action."""

    def play_random(self, draws: object, limit: int) -> tuple[int, int]:
        return 0, 0


def test_a_games_own_loop_stopped_without_legal_action_raises_the_bots_error() -> None:
    with pytest.raises(ValueError, match="^seat-one: no legal action"):
        play_out(_StuckFast(), (RandomBot(1, "seat-zero"), RandomBot(2, "seat-one")), 10)


def test_botanik_states_play_through_their_own_loop() -> None:
    """The property test above covers the game's loop, not only the generic one."""
    assert callable(getattr(_game("standard").new_initial_state(0), "play_random", None))
