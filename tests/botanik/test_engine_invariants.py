"""Random games for every bundled variant x tile set: invariants after every action."""

from __future__ import annotations

import pytest
from engine_helpers import TILESETS, VARIANTS, random_game, tileset, variant

from botanik_design.games.botanik.engine.game import deserialize, new_game
from botanik_design.games.botanik.engine.invariants import check_invariants, decision_bound
from botanik_design.games.botanik.engine.state import GameState


@pytest.mark.parametrize("ts_name", TILESETS)
@pytest.mark.parametrize("v_name", VARIANTS)
def test_invariants_hold_after_every_action(v_name: str, ts_name: str) -> None:
    ts, v = tileset(ts_name), variant(v_name)
    for seed in range(4):
        steps = 0

        def check(s: GameState) -> None:
            nonlocal steps
            steps += 1
            problems = check_invariants(s, deep=steps % 3 == 0 or s.is_terminal())
            assert not problems, (steps, problems)

        s = random_game(ts, v, seed, check, slot_bias=0.8 if seed % 2 else 0.0)
        assert s.is_terminal()
        assert len(s.history()) <= decision_bound(s)
        assert s.current_player() == -4
        r = s.returns()  # fast scorer
        assert r in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        fast_totals = s.totals()
        score = s.scores()  # networkx breakdown
        assert fast_totals == score.totals()
        expected = [0.0, 0.0] if score.winner is None else (
            [1.0, -1.0] if score.winner == 0 else [-1.0, 1.0])
        assert r == expected


@pytest.mark.parametrize("v_name", VARIANTS)
def test_same_seed_same_game(v_name: str) -> None:
    ts, v = tileset("botanik"), variant(v_name)
    a = random_game(ts, v, 11)
    b = random_game(ts, v, 11)
    assert a.history() == b.history()
    assert a.to_dict() == b.to_dict()
    assert a.scores().to_dict() == b.scores().to_dict()
    c = random_game(ts, v, 12)
    assert c.to_dict()["pile"] != a.to_dict()["pile"] or c.history() != a.history()


@pytest.mark.parametrize("v_name", VARIANTS)
def test_clone_and_serialise_round_trip(v_name: str) -> None:
    ts, v = tileset("quick-3"), variant(v_name)
    s = new_game(ts, v, 5)
    import random

    rng = random.Random(3)
    while not s.is_terminal():
        c = s.clone()
        assert c.to_dict() == s.to_dict()
        r = deserialize(s.serialize(), ts)
        assert r.to_dict() == s.to_dict()
        la = s.legal_actions()
        a = la[rng.randrange(len(la))]
        s.apply_action(a)
        # the clone is independent
        assert c.history() == s.history()[:-1]
        c.apply_action(a)
        assert c.to_dict() == s.to_dict()
