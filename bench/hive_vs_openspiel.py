"""Hive move generation against OpenSpiel's C++ Hive, on the same positions.

Usage: ``python bench/hive_vs_openspiel.py [--games 40] [--plies 120] [--repeat 3]
[--game-types Base,Base+MLP] [--baseline pre-plugins]``

* Positions: ``--games`` seeded random games of this engine (seed ``0 .. games - 1``,
  a uniformly random legal move each ply, at most ``--plies`` plies), every position
  before a move; each game is replayed in OpenSpiel's ``hive`` (``pyspiel``) move by
  move through the moves' UHP strings, so both engines hold the same positions (a game
  is cut where the two disagree or OpenSpiel's board is too small for it).
* Measure: for each engine, the CPU time (``time.process_time``) of listing the legal
  moves of every position, best of ``--repeat``: this engine's
  ``movegen.legal_moves`` (no cache: the state caches its list), OpenSpiel's
  ``state.legal_actions()`` (C++; it lists a move once per neighbour of its
  destination, so its lists are longer).  Prints microseconds per position and the
  ratio (OpenSpiel's time over this engine's: above 1, this engine is faster).
* Also prints the CPU seconds of whole random games through the public ``State``
  API (``legal_actions`` + ``apply_action``), the figure behind "a random Hive
  game", and the CPU time of ``clone()`` of a state 2,000 plies into a random
  game (``--clone-plies``).  With ``--baseline`` (a folder holding a checkout of another
  version, a name of ``bench/baselines.toml`` such as ``pre-plugins``, or a commit: see
  ``bench/checkout.py``), the same random games and clone are timed there too,
  in a child process right after this engine's (``--engine-only``), with the ratio.

Installs nothing: without ``pyspiel`` (the ``[openspiel]`` extra) only this engine's
figures are printed.  Not a test: timings depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from checkout import baseline_tree  # bench/checkout.py: the script's folder is on sys.path

try:
    from botanik_design.games.hive.engine.game import HiveGame, load_hive
except ImportError:  # an older layout (--baseline): the Hive engine was games/hive/
    from botanik_design.games.hive.game import (  # type: ignore[import-not-found, no-redef]
        HiveGame,
        load_hive,
    )

try:
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError:  # the [openspiel] extra is not installed
    pyspiel = None

#: OpenSpiel's game parameters for each UHP game type measured.
_SPIEL_PARAMS: dict[str, dict[str, Any]] = {
    "Base": {"uses_mosquito": False, "uses_ladybug": False, "uses_pillbug": False},
    "Base+MLP": {"uses_mosquito": True, "uses_ladybug": True, "uses_pillbug": True},
}


def _spiel_action(state: Any, text: str) -> int | None:
    """OpenSpiel's action for a UHP move string, or ``None`` (its notation names the
    same move with any neighbour as reference, so the destinations are compared)."""
    try:
        return int(state.string_to_action(text))
    except Exception:  # noqa: BLE001 - pyspiel raises plain RuntimeErrors
        return None


def positions(game: HiveGame, game_type: str, games: int,
              plies: int) -> tuple[list[Any], list[Any]]:
    """Our boards and OpenSpiel's states of the same positions (see the module docstring)."""
    ours: list[Any] = []
    theirs: list[Any] = []
    spiel = pyspiel.load_game("hive", _SPIEL_PARAMS[game_type]) if pyspiel else None
    for seed in range(games):
        s = game.new_initial_state()
        t = spiel.new_initial_state() if spiel else None
        rng = random.Random(seed)
        while not s.is_terminal() and len(s.history()) < plies:
            if t is not None and t.is_terminal():
                break
            ours.append(s.clone())
            if t is not None:
                theirs.append(t.clone())
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if t is not None:
                a = _spiel_action(t, s.action_to_string(action))
                if a is None or a not in t.legal_actions():
                    ours.pop()
                    theirs.pop()
                    break
                t.apply_action(a)
            s.apply_action(action)
    return ours, theirs


def _time(fn: Any, items: list[Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for x in items:
            fn(x)
        best = min(best, time.process_time() - start)
    return best


def random_games(game: HiveGame, games: int, plies: int) -> float:
    """CPU seconds per random game through the public API (capped at ``plies``)."""
    start = time.process_time()
    for seed in range(games):
        s = game.new_initial_state()
        rng = random.Random(seed)
        played = 0
        while not s.is_terminal() and played < plies:
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
            played += 1
    return (time.process_time() - start) / games


def clone_time(game: HiveGame, plies: int, repeat: int = 200) -> tuple[int, float]:
    """CPU seconds of one ``clone()`` of a state ``plies`` into a random game (seed 0;
    fewer plies when the game ends first), with the plies it has."""
    s = game.new_initial_state()
    rng = random.Random(0)
    while not s.is_terminal() and len(s.history()) < plies:
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    start = time.process_time()
    for _ in range(repeat):
        s.clone()
    return len(s.history()), (time.process_time() - start) / repeat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--game-types", default="Base,Base+MLP")
    ap.add_argument("--clone-plies", type=int, default=2000)
    ap.add_argument("--baseline", help="another version to time the random games and clone "
                    "of: a folder, a name of bench/baselines.toml, or a commit")
    ap.add_argument("--engine-only", action="store_true",
                    help="print only the random-game and clone figures, as 'seconds us'")
    args = ap.parse_args()
    if args.engine_only:
        game = load_hive(args.game_types)
        _, took = clone_time(game, args.clone_plies)
        print(random_games(game, max(5, args.games // 2), 10**6), took * 1e6)
        return
    print(f"{args.games} seeded random games, at most {args.plies} plies; best of {args.repeat}"
          + ("" if pyspiel else "; pyspiel not installed: this engine only"))
    with baseline_tree(args.baseline) if args.baseline else nullcontext() as base:
        for game_type in args.game_types.split(","):
            _measure(args, game_type, base)


def _measure(args: argparse.Namespace, game_type: str, base: Path | None) -> None:
    """Print one game type's figures (``base``: the baseline's checkout, or ``None``)."""
    game = load_hive(game_type)
    variant = game.variant
    ours, theirs = positions(game, game_type, args.games, args.plies)
    n = len(ours)
    from botanik_design.games.hive.engine.fastgen import legal_moves

    mine = _time(lambda s, v=variant: legal_moves(s.board, v), ours, args.repeat) / n
    line = f"{game_type:9s} {n:5d} positions: this engine {mine * 1e6:6.0f} us"
    if theirs:
        spiel = _time(lambda t: t.legal_actions(), theirs, args.repeat) / n
        line += (f", OpenSpiel C++ {spiel * 1e6:6.0f} us; this engine at "
                 f"{spiel / mine:.2f}x OpenSpiel's speed")
    print(line)
    per_game = random_games(game, max(5, args.games // 2), 10**6)
    print(f"{'':9s} a random game to its end through the State API: {per_game:.3f} s CPU")
    at, took = clone_time(game, args.clone_plies)
    print(f"{'':9s} clone() of a state {at} plies into a random game: {took * 1e6:.0f} us CPU")
    if base is not None:
        base_game, base_clone = _baseline(args, game_type, base)
        print(f"{'':9s} baseline {args.baseline}: random game {base_game:.3f} s, this engine "
              f"{base_game / per_game:.2f}x as fast; clone {base_clone:.0f} us, "
              f"{base_clone / (took * 1e6):.1f}x as fast")


def _baseline(args: argparse.Namespace, game_type: str, base: Path) -> tuple[float, float]:
    """The ``--engine-only`` figures of the version checked out in ``base`` (a child
    process with that folder first on the import path)."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath(base)}
    out = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--engine-only", "--game-types", game_type,
         "--games", str(args.games), "--clone-plies", str(args.clone_plies)],
        env=env, cwd=base, check=True, capture_output=True, text=True).stdout.split()
    return float(out[-2]), float(out[-1])


if __name__ == "__main__":
    main()
