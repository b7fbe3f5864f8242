"""Property test: MCTS keeping the states along its tree (where the game is
``HiddenKeyed``) searches exactly as resampling at the root and replaying each path:
the same move, the same visits of every root action and the same generator state
afterwards, from random positions of every bundled Botanik variant (the kept path
also takes a node's priors from the greedy values its first rollout found there,
``_Node.first``; the replaying path computes them afresh); and the position it was
given is left as it was."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.bots.mcts import MCTSBot
from botanik_design.bots.registry import make_bot
from botanik_design.games.base import HiddenKeyed
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.registry import load_game
from botanik_design.spec.bundled import bundled_variants

VARIANTS = sorted(bundled_variants())


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       steps=st.integers(0, 80), bot_seed=st.integers(0, 1000),
       spec=st.sampled_from(["mcts", "mcts:iterations=40:depth=0", "mcts:keep=0:c=1.4"]))
def test_kept_states_search_as_replaying(
    name: str, seed: int, steps: int, bot_seed: int, spec: str,
) -> None:
    state = load_game("botanik", variant=name).new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng, 0.6))
    if state.is_terminal() or len(state.legal_actions()) < 2:
        return
    assert isinstance(state, HiddenKeyed)
    before = state.to_dict()
    kept, replayed = make_bot(spec, bot_seed), make_bot(spec, bot_seed)
    assert isinstance(kept, MCTSBot) and isinstance(replayed, MCTSBot)
    replayed.keep_states = False
    assert kept.step(state) == replayed.step(state)
    assert kept._keep_states and not replayed._keep_states
    assert kept.last_visits == replayed.last_visits
    assert kept.rng.getstate() == replayed.rng.getstate()
    assert state.to_dict() == before
