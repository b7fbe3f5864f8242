"""Bots: only legal actions on every bundled variant and tile set; seeded; spec parsing."""

from __future__ import annotations

import random

import pytest

from botanik_design.bots import BotSpecError, make_bot, parse_bot_spec
from botanik_design.bots.base import Bot
from botanik_design.bots.mcts import determinize
from botanik_design.games.botanik.engine import new_game
from botanik_design.games.botanik.engine.heuristic import analyse, machine_cells
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec.load import load_tileset

SPECS = ["random", "greedy", "greedy:epsilon=0.3", "mcts:iterations=4:depth=3",
         "mcts:iterations=3:rollout=greedy:depth=2", "mcts:iterations=3:rollout=none:prior=0"]


def _play(tileset: TileSet, variant: Variant, specs: tuple[str, str], seed: int) -> list[int]:
    state = new_game(tileset, variant, seed, first_player=0)
    bots = [make_bot(specs[p], seed * 10 + p) for p in (0, 1)]
    while not state.is_terminal():
        legal = state.legal_actions()
        before = state.history()
        action = bots[state.current_player()].step(state, legal)
        assert action in legal, f"{specs}: {action} not legal"
        assert state.history() == before  # the bot did not touch the state
        state.apply_action(action)
    return state.history()


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("tileset_name", ["botanik", "quick-3"])
def test_bots_play_only_legal_actions(spec: str, tileset_name: str, variant: Variant) -> None:
    tileset = load_tileset(tileset_name)
    opponent = "random" if spec != "random" else "greedy"
    games = 2 if spec.startswith(("random", "greedy")) else 1
    for seed in range(games):
        _play(tileset, variant, (spec, opponent), seed)


def test_bots_are_seeded(quick3: TileSet, standard: Variant) -> None:
    for spec in ("random", "greedy:epsilon=0.5", "mcts:iterations=4:depth=2"):
        a = _play(quick3, standard, (spec, "random"), 3)
        b = _play(quick3, standard, (spec, "random"), 3)
        assert a == b


def test_bots_without_legal_list_ask_the_state(quick3: TileSet, standard: Variant) -> None:
    state = new_game(quick3, standard, 1, first_player=0)
    for spec in ("random", "greedy", "mcts:iterations=3"):
        bot = make_bot(spec, 1)
        assert isinstance(bot, Bot)
        assert bot.step(state) in state.legal_actions()


def test_bot_on_a_terminal_state_raises(quick3: TileSet, standard: Variant) -> None:
    state = new_game(quick3, standard, 1, first_player=0)
    rng = random.Random(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    with pytest.raises(ValueError):
        make_bot("random", 0).step(state)


def test_heuristic_score_equals_the_engine(variant: Variant, botanik: TileSet) -> None:
    rng = random.Random(5)
    bot = make_bot("greedy:epsilon=0.5", 5)
    for seed in range(3):
        state = new_game(botanik, variant, seed)
        while not state.is_terminal():
            state.apply_action(bot.step(state) if rng.random() < 0.8
                               else rng.choice(state.legal_actions()))
        sc = state.scores()
        for p in (0, 1):
            facts = analyse(machine_cells(state, p), variant)
            ps = sc.players[p]
            assert (facts.score, facts.groups, facts.flowers, facts.bonus, facts.unconnected) == (
                ps.total, ps.group_points, ps.flower_points, ps.mecha_points, len(ps.removed))


def test_determinize_shuffles_only_the_clone(botanik: TileSet, standard: Variant) -> None:
    state = new_game(botanik, standard, 1)
    clone = state.clone()
    assert determinize(clone, random.Random(1))
    assert sorted(clone.pile) == sorted(state.pile) and clone.pile != state.pile
    assert clone.legal_actions() == state.legal_actions()


def test_greedy_beats_random_on_a_few_games(quick3: TileSet, standard: Variant) -> None:
    wins = 0
    for seed in range(6):
        state = new_game(quick3, standard, seed, first_player=seed % 2)
        bots = [make_bot("greedy", seed), make_bot("random", seed)]
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        wins += state.scores().winner == 0
    assert wins >= 5


@pytest.mark.parametrize("spec,message", [
    ("nobot", "unknown bot"),
    ("mcts:iterations=0", "iterations must be from 1 to 1,000,000, got 0"),
    ("mcts:foo=1", "no parameter 'foo'"),
    ("mcts:iterations=ten", "not a valid int"),
    ("greedy:epsilon=2", "epsilon"),
    ("mcts:rollout=smart", "rollout"),
    ("random:x", "KEY=VALUE"),
])
def test_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        parse_bot_spec(spec)


def test_spec_parameters_are_typed() -> None:
    name, params = parse_bot_spec("mcts:iterations=50:c=0.7:rollout=greedy")
    assert name == "mcts" and params == {"iterations": 50, "c": 0.7, "rollout": "greedy"}
    bot = make_bot("mcts:iterations=50", 1)
    assert bot.name == "mcts:iterations=50" and bot.iterations == 50


def test_mcts_time_budget_and_overrides(quick3: TileSet, standard: Variant) -> None:
    state = new_game(quick3, standard, 2, first_player=0)
    bot = make_bot("mcts", 1, time=0.01)
    assert bot.step(state) in state.legal_actions()
    assert bot.last_iterations >= 1
    with pytest.raises(BotSpecError):
        make_bot("greedy", 1, iterations=3)
