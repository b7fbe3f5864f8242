"""Engine speed (issues 3, 15): random games per second and legal placements per second.

Usage: ``python bench/engine_speed.py [--games N] [--variant standard] [--tileset botanik]
[--baseline COMMIT_OR_PATH [--rounds N]]``

* games/s: full games on one core, each action chosen uniformly at random
  among ``legal_actions()`` through the public API, with and without the
  final scoring (``returns()``, networkx).  The bar (issue 3) is 1,000 games/s
  for the standard variant on the published set.
* Rates are per second of CPU time of this process (``time.process_time``),
  so other load on the machine does not distort them much; the best of
  ``--repeat`` runs is shown.
* placements/s: ``legal_placements`` calls (one tile, every cell and
  rotation) on machines of 10, 30 and 60 tiles grown by random legal moves.
* The engine records its typed events (raw tuples, built on demand) in every
  run: they cannot be switched off.
* ``--baseline``: the same figures for another checkout of the project (a
  directory, or a git commit checked out for the run in a temporary
  ``git worktree``), measured side by side in the same run: this script runs in
  a subprocess for each tree in turn, ``--rounds`` times, and the best of each
  is shown with the ratio new / baseline.  Issue 15's target: random games/s
  at least 1.2x commit be68541.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from checkout import baseline_tree, botanik_module  # bench/: the script's folder is on sys.path

# this tree's modules, or an older checkout's (``--baseline``) at their old places
Machine = botanik_module("engine.machine").Machine
legal_placements = botanik_module("engine.placement").legal_placements
random_action = botanik_module("engine.playout").random_action
_tiles = botanik_module("engine.tiles")
TileTable, compile_tiles = _tiles.TileTable, _tiles.compile_tiles
Variant = botanik_module("model.variant").Variant
load_tileset = botanik_module("spec.load").load_tileset
load_variant = botanik_module("spec.load").load_variant
try:
    new_game = botanik_module("engine.game").new_game
except AttributeError:  # older still: new_game lived in engine.state
    new_game = botanik_module("engine.state").new_game


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


def measure(a: argparse.Namespace) -> dict[str, float]:
    """Every figure of this bench, best of ``a.repeat`` runs, by name."""
    out = {
        "random games/s (no scoring)": max(
            games_per_second(a.tileset, a.variant, a.games, False) for _ in range(a.repeat)),
        "random games/s (with returns)": max(
            games_per_second(a.tileset, a.variant, a.games, True) for _ in range(a.repeat)),
        "slot-biased random player games/s (with returns)": max(
            biased_games_per_second(a.tileset, a.variant, a.games) for _ in range(a.repeat)),
    }
    for size in (10, 30, 60):
        runs = [placements_per_second(a.tileset, a.variant, size, a.calls) for _ in range(a.repeat)]
        rate, got = max(runs)
        out[f"legal placements/s, machine of {got:2d} tiles"] = rate
    return out


def _run_in(tree: Path, a: argparse.Namespace) -> dict[str, float]:
    """:func:`measure` in a subprocess importing the project from ``tree``."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--json", "--games", str(a.games),
           "--calls", str(a.calls), "--repeat", str(a.repeat), "--variant", a.variant,
           "--tileset", a.tileset]
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True, cwd=tree)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def side_by_side(a: argparse.Namespace) -> None:
    """Print this tree's figures against ``a.baseline``'s, alternating runs."""
    here = Path(__file__).resolve().parent.parent
    best: dict[str, dict[str, float]] = {"base": {}, "new": {}}
    with baseline_tree(a.baseline) as base:
        for _ in range(a.rounds):
            for key, tree in (("base", base), ("new", here)):
                for name, rate in _run_in(tree, a).items():
                    best[key][name] = max(rate, best[key].get(name, 0.0))
    print(f"baseline {a.baseline} against this tree, best of {a.rounds} rounds x {a.repeat} runs")
    print(f"{'figure':52s} {'baseline':>10s} {'this tree':>10s} {'ratio':>6s}")
    for name, new in best["new"].items():
        old = best["base"].get(name)
        ratio = f"{new / old:6.2f}" if old else "     -"
        print(f"{name:52s} {old or 0:10.0f} {new:10.0f} {ratio}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--tileset", default="botanik")
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is shown")
    ap.add_argument("--baseline", help="a checkout folder, a name of bench/baselines.toml "
                    "(pre-plugins) or a git commit to measure beside")
    ap.add_argument("--rounds", type=int, default=2, help="alternating rounds with --baseline")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    a = ap.parse_args()
    if a.baseline:
        side_by_side(a)
        return
    figures = measure(a)
    if a.json:
        print(json.dumps(figures))
        return
    print(f"variant {a.variant}, tile set {a.tileset}, best of {a.repeat} runs")
    for name, rate in figures.items():
        bar = "   bar: 1000" if name == "random games/s (with returns)" else ""
        print(f"{name}: {rate:8.0f}{bar}")


if __name__ == "__main__":
    main()
