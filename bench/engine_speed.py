"""Engine speed (issue 3): random games per second and legal placements per second.

Usage: ``python bench/engine_speed.py [--games N] [--variant standard] [--tileset botanik]``

* games/s: full games on one core, each action chosen uniformly at random
  among ``legal_actions()`` through the public API, with and without the
  final scoring (``returns()``, networkx).  The bar (issue 3) is 1,000 games/s
  for the standard variant on the published set.
* Rates are per second of CPU time of this process (``time.process_time``),
  so other load on the machine does not distort them much; the best of
  ``--repeat`` runs is shown.
* placements/s: ``legal_placements`` calls (one tile, every cell and
  rotation) on machines of 10, 30 and 60 tiles grown by random legal moves.
"""

from __future__ import annotations

import argparse
import random
import time

from botanik_design.engine.machine import Machine
from botanik_design.engine.placement import legal_placements
from botanik_design.engine.playout import random_action
from botanik_design.engine.tiles import TileTable, compile_tiles
from botanik_design.model.variant import Variant
from botanik_design.spec.load import load_tileset, load_variant

try:
    from botanik_design.engine.game import new_game
except ImportError:  # an older checkout (``--baseline``): new_game lived in engine.state
    from botanik_design.engine.state import new_game  # type: ignore[attr-defined,no-redef]


def games_per_second(tileset: str, variant: str, games: int, score: bool) -> float:
    """Random games per second (uniform random player, public API)."""
    ts, v = load_tileset(tileset), load_variant(variant)
    new_game(ts, v, 0)  # warm the compiled tile table
    start = time.process_time()
    for seed in range(games):
        s = new_game(ts, v, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            la = s.legal_actions()
            s.apply_action(la[rng.randrange(len(la))])
        if score:
            s.returns()
    return games / (time.process_time() - start)


def biased_games_per_second(tileset: str, variant: str, games: int) -> float:
    """Games per second with the slot-biased random player (bigger machines), with returns."""
    ts, v = load_tileset(tileset), load_variant(variant)
    start = time.process_time()
    for seed in range(games):
        s = new_game(ts, v, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(random_action(s, rng, 0.6))
        s.returns()
    return games / (time.process_time() - start)


def grown_machine(
    tileset: str, variant: str, size: int, seed: int
) -> tuple[Machine, TileTable, Variant]:
    ts, v = load_tileset(tileset), load_variant(variant)
    table = compile_tiles(ts, v)
    rng = random.Random(seed)
    src = table.source_id(0)
    m = Machine(src, table.masks[src][0])
    tries = 0
    while len(m) < size + 1 and tries < 10_000:
        tries += 1
        tile = rng.randrange(table.n_machine)
        keys = legal_placements(m, table, tile, v.closure, v.closure_scope)
        if keys:
            cell, r = divmod(rng.choice(keys), 4)
            m.place(cell, tile, r, table.masks[tile][r], table.wild[tile])
    return m, table, v


def placements_per_second(tileset: str, variant: str, size: int, calls: int) -> tuple[float, int]:
    """``legal_placements`` calls per second on a machine grown to ``size`` tiles."""
    m, table, v = grown_machine(tileset, variant, size, size)
    n = table.n_machine
    start = time.process_time()
    for i in range(calls):
        legal_placements(m, table, i % n, v.closure, v.closure_scope)
    return calls / (time.process_time() - start), len(m) - 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--tileset", default="botanik")
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is shown")
    a = ap.parse_args()
    print(f"variant {a.variant}, tile set {a.tileset}, best of {a.repeat} runs")
    g0 = max(games_per_second(a.tileset, a.variant, a.games, False) for _ in range(a.repeat))
    g1 = max(games_per_second(a.tileset, a.variant, a.games, True) for _ in range(a.repeat))
    print(f"random games/s (no scoring):   {g0:8.0f}")
    print(f"random games/s (with returns): {g1:8.0f}   bar: 1000")
    g2 = max(biased_games_per_second(a.tileset, a.variant, a.games) for _ in range(a.repeat))
    print(f"slot-biased random player games/s (with returns): {g2:8.0f}")
    for size in (10, 30, 60):
        runs = [placements_per_second(a.tileset, a.variant, size, a.calls) for _ in range(a.repeat)]
        rate, got = max(runs)
        print(f"legal placements/s, machine of {got:2d} tiles: {rate:8.0f}")


if __name__ == "__main__":
    main()
