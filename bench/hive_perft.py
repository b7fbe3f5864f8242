"""Hive move-generation speed: perft nodes per second (issue 10).

Usage: ``python bench/hive_perft.py [--depth 5] [--game-type Base] [--repeat 1]``

* Counts the perft leaves of the start position at depth 4 and ``--depth``
  (default 5) and divides by the CPU time of this process
  (``time.process_time``).  The bar is 20,000 nodes/s on one core.
* Baseline in the same run: depth 4 by the reference generator
  (``movegen.legal_moves``) with the one-hive rule computed by networkx
  (``articulation_points_nx``, the source of truth); then the reference generator
  with its own articulation points, and the engine's fast generator
  (``fastgen.legal_moves``, proved equal by ``tests/hive/test_fastgen.py``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from botanik_design.games.hive.engine import fastgen, movegen
from botanik_design.games.hive.engine import perft as perft_module
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.hivegraph import articulation_points, articulation_points_nx
from botanik_design.games.hive.engine.perft import perft


def nodes_per_second(game_type: str, depth: int, repeat: int) -> tuple[int, float]:
    game = load_hive(game_type)
    board = game.new_initial_state().board
    best = 0.0
    count = 0
    for _ in range(repeat):
        start = time.process_time()
        count = perft(board, game.variant, depth)
        best = max(best, count / max(time.process_time() - start, 1e-9))
    return count, best


def use(generator: Callable[..., set[int]], articulation: Callable[..., set[int]]) -> None:
    """Make perft count with ``generator`` (and the reference with ``articulation``)."""
    setattr(perft_module, "legal_moves", generator)  # noqa: B010
    setattr(movegen, "articulation_points", articulation)  # noqa: B010


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--game-type", default="Base")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    rows = []
    use(movegen.legal_moves, articulation_points_nx)
    n, base = nodes_per_second(args.game_type, 4, args.repeat)
    rows.append((f"{args.game_type} depth 4 (reference, networkx one-hive: baseline)", n, base))
    use(movegen.legal_moves, articulation_points)
    n, rate = nodes_per_second(args.game_type, 4, args.repeat)
    rows.append((f"{args.game_type} depth 4 (reference generator)", n, rate))
    use(fastgen.legal_moves, articulation_points)
    for depth in sorted({4, args.depth}):
        n, rate = nodes_per_second(args.game_type, depth, args.repeat)
        rows.append((f"{args.game_type} depth {depth}", n, rate))
    n, rate = nodes_per_second("Base+MLP", 4, args.repeat)
    rows.append(("Base+MLP depth 4", n, rate))
    for label, count, rate in rows:
        print(f"{label:55s} {count:>10,d} leaves {rate:>12,.0f} nodes/s  x{rate / base:5.1f}")


if __name__ == "__main__":
    main()
