"""``botanik-design perft``: Hive move-generation counts from the start position."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from botanik_design.cli.runs import named


def register(subparsers: Any) -> None:
    """Add the ``perft`` sub-command."""
    p = subparsers.add_parser(
        "perft", help="count Hive move sequences from the start (move-generator check)",
        description="Print the number of legal move sequences of each length 1..DEPTH from "
        "the start position, with the time and nodes per second (UHP conventions: a move is "
        "a (piece, destination) pair; pass only when stuck).",
    )
    src = p.add_mutually_exclusive_group()
    src.add_argument("--game-type", default=None, metavar="GAMETYPE",
                     help="a UHP GameTypeString: Base, Base+M, ..., Base+MLP (default Base)")
    src.add_argument("--variant", default=None, metavar="FILE|NAME", type=named,
                     help="a Hive variant file or bundled name")
    p.add_argument("--depth", type=int, default=4, help="deepest depth in plies (default 4)")


def run(args: argparse.Namespace) -> int:
    from botanik_design.games.hive.engine.game import load_hive
    from botanik_design.games.hive.engine.perft import perft
    from botanik_design.spec.errors import SpecError

    if args.depth < 1 or args.depth > 12:
        print("perft: --depth must be between 1 and 12", file=sys.stderr)
        return 2
    ref = args.variant if args.variant is not None else (args.game_type or "Base")
    try:
        game = load_hive(ref)
    except SpecError as exc:  # a variant file with errors (1) or no such file/name (2)
        print(f"perft: {exc}", file=sys.stderr)
        return exc.exit_code
    except (ValueError, OSError) as exc:
        print(f"perft: {exc}", file=sys.stderr)
        return 2
    state = game.new_initial_state()
    name = game.game_type_string() or game.variant.name
    print(f"perft {name}")
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(state.board, game.variant, depth)
        took = time.perf_counter() - start
        rate = count / took if took > 0 else float("inf")
        print(f"depth {depth}: {count} ({took:.2f} s, {rate:,.0f} nodes/s)", flush=True)
    return 0
