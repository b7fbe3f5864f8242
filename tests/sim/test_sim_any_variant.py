"""Every bot plays variants drawn from the whole option space the schema allows."""

from __future__ import annotations

import random
from typing import Any

import pytest

from botanik_design.bots import make_bot
from botanik_design.games.botanik.engine import new_game
from botanik_design.games.botanik.engine.heuristic import analyse, machine_cells
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.spec.bundled import schema


def _random_options(rng: random.Random) -> dict[str, Any]:
    props = schema("variant")["properties"]["options"]["properties"]
    options: dict[str, Any] = {}
    for name, spec in props.items():
        if "enum" in spec:
            options[name] = rng.choice(spec["enum"])
        else:
            lo = spec.get("minimum", 0)
            hi = min(spec.get("maximum", 4), lo + 6)
            types = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
            if "null" in types and rng.random() < 0.5:
                options[name] = None
            else:
                options[name] = rng.randint(lo, hi)
    return options


@pytest.mark.parametrize("seed", range(16))
def test_bots_play_random_schema_variants(seed: int, quick3: TileSet, botanik: TileSet) -> None:
    rng = random.Random(seed)
    variant = Variant.from_options(_random_options(rng), name=f"random-{seed}")
    specs = ["random", "greedy", "mcts:iterations=3:depth=2"]
    bots = [make_bot(specs[seed % 3], seed), make_bot(specs[(seed + 1) % 3], seed + 1)]
    state = new_game(quick3 if seed % 2 else botanik, variant, seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bots[state.current_player()].step(state, legal)
        assert action in legal
        state.apply_action(action)
    scores = state.scores()
    for p in (0, 1):
        assert analyse(machine_cells(state, p), variant).score == scores.players[p].total
