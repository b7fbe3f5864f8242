"""Shared helpers for the engine tests."""

from __future__ import annotations

import random
from functools import cache

from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.botanik.engine.state import GameState
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec.load import load_tileset, load_variant
from botanik_design.spec.bundled import bundled_tilesets, bundled_variants


@cache
def tileset(name: str) -> TileSet:
    return load_tileset(name)


@cache
def variant(name: str) -> Variant:
    return load_variant(name)


VARIANTS = sorted(bundled_variants())
TILESETS = sorted(bundled_tilesets())


def random_game(
    ts: TileSet, v: Variant, seed: int, check: object = None, slot_bias: float = 0.0
) -> GameState:
    """Play a random game (uniform, or preferring own-slot picks with ``slot_bias``);
    ``check(state)`` is called after each action."""
    s = new_game(ts, v, seed)
    rng = random.Random(seed * 7919 + 1)
    while not s.is_terminal():
        s.apply_action(random_action(s, rng, slot_bias))
        if callable(check):
            check(s)
    return s
