"""Property test: what a simulated game reports (``BotanikGame.final_metrics``, from the
fast analysis) equals the numbers of the networkx scoring breakdown (``state.scores()``)
and the state's public counters, for random games of every bundled variant."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine_helpers import VARIANTS, random_game, tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine.events import END_REASONS
from botanik_design.games.botanik.engine.game import BotanikGame
from botanik_design.games.botanik.engine.state import GameState


def reference_metrics(state: GameState) -> Mapping[str, Any]:
    """The numbers from the networkx breakdown and the public accessors."""
    sc = state.scores()
    p0, p1 = sc.players
    counts = state.stats()
    reasons = state.discard_reasons()
    return {
        "score": (p0.total, p1.total),
        "groups": (p0.group_points, p1.group_points),
        "flowers": (p0.flower_points, p1.flower_points),
        "bonus": (p0.mecha_points, p1.mecha_points),
        "releases": counts["releases_p0"] + counts["releases_p1"],
        "swaps": counts["swaps"],
        "discards": sum(1 for _, why in reasons if why not in END_REASONS),
        "left_at_end": sum(1 for _, why in reasons if why in END_REASONS),
        "unconnected": (len(p0.removed), len(p1.removed)),
        "stalls": counts["no_registry_move"],
        "winner": -1 if sc.winner is None else sc.winner,
        "end_reason": "piles-empty",
    }


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       bias=st.sampled_from([0.0, 0.7, 0.95]))
def test_final_metrics_equal_the_breakdown(name: str, seed: int, bias: float) -> None:
    v = variant(name)
    ts = tileset(v.tileset or "botanik")
    state = random_game(ts, v, seed, slot_bias=bias)
    got = BotanikGame(ts, v).final_metrics(state)
    want = reference_metrics(state)
    assert dict(got) == want
    assert json.dumps(got) == json.dumps(want)  # the same text in a report, too
