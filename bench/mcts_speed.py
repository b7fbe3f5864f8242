"""MCTS speed (issue 15 item 3): iterations per CPU second of the default ``mcts`` bot.

Usage: ``python bench/mcts_speed.py [--variants standard,registre-3] [--games 6]
[--bot-seeds 4] [--baseline PATH [--rounds 3]]``

* Positions: ``--games`` seeded games of greedy against greedy; from each,
  the decisions at 10%, 50% and 85% of the game (early, mid, late; the next
  decision with more than one legal action).  The same seeds give the same
  positions in every version of the engine.
* Measure: for each position and each bot seed ``0 .. --bot-seeds - 1``, a
  fresh default bot (``make_bot("mcts", seed)``: 50 iterations) decides once;
  the rate is the iterations run (``last_iterations``) over the CPU time of
  the decisions (``time.process_time``), so other load on the machine
  distorts it little.
* ``--baseline PATH``: the same measurement of an old checkout (a folder, or a git
  commit checked out in a temporary ``git worktree``; run with
  ``PYTHONPATH=PATH`` in a subprocess) and of this one (``--new``, default:
  this script's checkout, also in a subprocess), alternated ``--rounds``
  times (baseline, new, baseline, new, ...) so both see the same machine
  load.  Prints both rates per round, the best of each, their ratio, the
  median of the rounds' own ratios (each round's two sides ran back to back, so
  it follows the machine's swings in speed less than the best of each does), and
  whether both versions chose the same moves (``same choices: yes``: the
  speed-up did not change the search).

Only API present in both versions is used (``botanik_design.games.botanik.engine.new_game``,
``botanik_design.bots.registry.make_bot``, ``botanik_design.spec.load``).
Not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from checkout import baseline_tree  # bench/checkout.py: the script's folder is on sys.path

PHASES = (("early", 0.10), ("mid", 0.50), ("late", 0.85))


def positions(variant: str, tileset: str, games: int) -> list[tuple[str, Any]]:
    """``(label, state)`` for each game seed and phase (see the module docstring)."""
    from checkout import botanik_module

    from botanik_design.bots.registry import make_bot

    new_game = botanik_module("engine").new_game
    load_tileset = botanik_module("spec.load").load_tileset
    load_variant = botanik_module("spec.load").load_variant

    ts, v = load_tileset(tileset), load_variant(variant)
    out: list[tuple[str, Any]] = []
    for seed in range(1, games + 1):
        s = new_game(ts, v, seed)
        bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1000)]
        seen: list[Any] = []
        while not s.is_terminal():
            legal = s.legal_actions()
            if len(legal) > 1:
                seen.append(s.clone())
            s.apply_action(bots[s.current_player()].step(s, legal))
        for phase, at in PHASES:
            out.append((f"game {seed} {phase}", seen[int(at * (len(seen) - 1))]))
    return out


def measure(variant: str, tileset: str, games: int, bot_seeds: int) -> dict[str, Any]:
    """Iterations, CPU seconds and the chosen actions over all positions and bot seeds."""
    from botanik_design.bots.registry import make_bot

    states = positions(variant, tileset, games)
    iterations = 0
    cpu = 0.0
    choices: list[int] = []
    for _label, state in states:
        for seed in range(bot_seeds):
            bot = make_bot("mcts", seed)
            start = time.process_time()
            action = bot.step(state.clone())
            cpu += time.process_time() - start
            iterations += bot.last_iterations  # type: ignore[attr-defined]
            choices.append(action)
    return {"positions": len(states), "iterations": iterations, "cpu": cpu,
            "rate": iterations / cpu, "choices": choices}


def _run_in(path: str, a: argparse.Namespace) -> dict[str, Any]:
    """:func:`measure` in a subprocess with ``PYTHONPATH=path``."""
    env = dict(os.environ, PYTHONPATH=path)
    cmd = [sys.executable, __file__, "--worker", "--variants", a.variants, "--tileset",
           a.tileset, "--games", str(a.games), "--bot-seeds", str(a.bot_seeds)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"measurement with PYTHONPATH={path} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variants", default="standard,registre-3")
    ap.add_argument("--tileset", default="botanik")
    ap.add_argument("--games", type=int, default=6, help="seeded games positions come from")
    ap.add_argument("--bot-seeds", type=int, default=4, help="bot seeds per position")
    ap.add_argument("--baseline", metavar="PATH_OR_COMMIT",
                    help="old checkout (a folder, a name of bench/baselines.toml such as "
                    "pre-plugins, or a git commit checked out for the run)")
    ap.add_argument("--new", metavar="PATH", default=str(Path(__file__).resolve().parent.parent),
                    help="checkout measured against the baseline (default: this one)")
    ap.add_argument("--rounds", type=int, default=3, help="baseline/new alternations")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    variants = a.variants.split(",")
    if a.worker:
        print(json.dumps({v: measure(v, a.tileset, a.games, a.bot_seeds) for v in variants}))
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"default mcts bot, tile set {a.tileset}, {a.games} seeded greedy games x "
          f"{len(PHASES)} phases, {a.bot_seeds} bot seeds per position; "
          f"{os.cpu_count()} CPUs, load average {load:.2f} before the run")
    if not a.baseline:
        for v in variants:
            r = _run_in(a.new, a)[v]
            print(f"{v}: {r['positions']} positions, {r['iterations']} iterations, "
                  f"{r['rate']:.0f} iterations/s")
        return
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "new": []}
    with baseline_tree(a.baseline) as base:
        for i in range(a.rounds):
            for side, path in (("baseline", str(base)), ("new", a.new)):
                got = _run_in(path, a)
                runs[side].append(got)
                rates = ", ".join(f"{v} {got[v]['rate']:.0f}" for v in variants)
                print(f"round {i + 1} {side:8s}: iterations/s {rates}")
    for v in variants:
        old = max(r[v]["rate"] for r in runs["baseline"])
        new = max(r[v]["rate"] for r in runs["new"])
        same = all(r[v]["choices"] == runs["baseline"][0][v]["choices"]
                   for r in runs["baseline"] + runs["new"])
        n = len(runs["new"][0][v]["choices"])
        paired = statistics.median(
            r[v]["rate"] / b[v]["rate"] for b, r in zip(runs["baseline"], runs["new"], strict=True)
        )
        print(f"{v}: baseline {old:.0f} iterations/s, new {new:.0f} iterations/s, "
              f"ratio {new / old:.2f} (best of {a.rounds} each; {n} decisions); "
              f"median of the rounds' ratios {paired:.2f}")
        print(f"{v}: same choices: {'yes' if same else 'no'}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.2f} after the run")


if __name__ == "__main__":
    main()
