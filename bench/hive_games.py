"""Hive playing speed: random games per second through the public ``State`` API (issue 10).

Usage: ``python bench/hive_games.py [--games 50] [--game-type Base+MLP] [--ply-cap 300]``

* Each game: a uniformly random legal action until the game ends or the ply
  cap (random play seldom surrounds a Queen quickly); rates per second of CPU
  time (``time.process_time``), plus the mean length and how games ended.
* Baseline in the same run: the same games played with the reference move
  generator (``movegen.legal_moves``) and the one-hive rule computed by networkx
  (the source of truth) instead of the fast generator (``fastgen``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from botanik_design.games.hive.engine import fastgen, movegen
from botanik_design.games.hive.engine import state as state_module
from botanik_design.games.hive.engine.game import HiveGame, load_hive
from botanik_design.games.hive.engine.hivegraph import articulation_points, articulation_points_nx
from botanik_design.games.hive.model import HiveVariant


def play(game: HiveGame, games: int) -> tuple[float, float, Counter[str]]:
    start = time.process_time()
    plies = 0
    ends: Counter[str] = Counter()
    for seed in range(games):
        s = game.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
        plies += len(s.history())
        ends[s.end_reason or "?"] += 1
    took = time.process_time() - start
    return games / took, plies / games, ends


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--game-type", default="Base+MLP")
    ap.add_argument("--ply-cap", type=int, default=300)
    args = ap.parse_args()
    base = load_hive(args.game_type).variant
    variant = HiveVariant(**{**{k: getattr(base, k) for k in HiveVariant.option_names()},
                             "ply_cap": args.ply_cap, "name": base.name})
    game = HiveGame(variant)
    # the State lists its actions through fastgen.legal_action_list: swap that
    setattr(movegen, "articulation_points", articulation_points_nx)  # noqa: B010
    setattr(state_module, "legal_action_list",  # noqa: B010
            lambda board, v: sorted(movegen.legal_moves(board, v)))
    slow, _, _ = play(game, max(5, args.games // 5))
    setattr(movegen, "articulation_points", articulation_points)  # noqa: B010
    setattr(state_module, "legal_action_list", fastgen.legal_action_list)  # noqa: B010
    fast, length, ends = play(game, args.games)
    print(f"{args.game_type}, ply cap {args.ply_cap}, {args.games} random games")
    print(f"  reference generator, networkx one-hive (baseline): {slow:8.2f} games/s")
    print(f"  fast generator:                                    {fast:8.2f} games/s  "
          f"x{fast / slow:.1f}")
    print(f"  mean length {length:.0f} plies; ends: "
          + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))


if __name__ == "__main__":
    main()
