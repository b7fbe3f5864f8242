"""``botanik-design uhp``: a Universal Hive Protocol engine on stdin/stdout.

Hive viewers and arenas (MzingaViewer and others) start the command and
drive it line by line; see :mod:`botanik_design.games.hive.engine.uhp` for the
commands.  ``--variant`` sets the game ``newgame`` starts without argument
(a GameTypeString such as ``Base+MLP``, or a Hive variant name / file);
variants UHP cannot express (other piece sets or rule options) are refused.
"""

from __future__ import annotations

import argparse
import io
import sys
from typing import Any

from botanik_design.cli.runs import named


def register(subparsers: Any) -> None:
    """Add the ``uhp`` sub-command."""
    p = subparsers.add_parser(
        "uhp", help="speak the Universal Hive Protocol on stdin/stdout (Hive engine mode)",
        description="Run as a UHP engine: read commands on stdin, answer on stdout "
        "(each answer ends with `ok`).",
    )
    p.add_argument("--variant", default="Base", metavar="GAMETYPE|FILE|NAME", type=named,
                   help="game of a bare `newgame`: a GameTypeString (default Base) or a "
                        "Hive variant file / bundled name")


def run(args: argparse.Namespace) -> int:
    from botanik_design import __version__
    from botanik_design.games.hive.engine.game import load_hive
    from botanik_design.games.hive.engine.uhp import UhpSession
    from botanik_design.spec.errors import SpecError

    try:
        game = load_hive(args.variant)
    except SpecError as exc:  # a variant file with errors (1) or no such file/name (2)
        print(f"uhp: cannot load variant {args.variant!r}: {exc}", file=sys.stderr)
        return exc.exit_code
    except (ValueError, OSError) as exc:
        print(f"uhp: cannot load variant {args.variant!r}: {exc}", file=sys.stderr)
        return 2
    if game.game_type_string() is None:
        print(f"uhp: variant {game.variant.name!r} cannot be played over UHP: UHP expresses "
              "only the base piece set plus Mosquito/Ladybug/Pillbug under the reference "
              "rules (tournament opening, Queen by turn 4, numbered placement, no "
              "repetition draw or ply cap)", file=sys.stderr)
        return 2
    session = UhpSession(f"botanik-design {__version__}", choose_move, game)
    _emit(session.startup())
    # undecodable bytes become U+FFFD (an `err` answer), never a traceback
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    for line in stdin:
        _emit(session.handle(line))
        if session.finished:
            break
    return 0


def _emit(lines: list[str]) -> None:
    for line in lines:
        sys.stdout.write(line + "\n")
    sys.stdout.flush()


def choose_move(state: Any, seconds: float | None, depth: int | None,
                options: dict[str, int]) -> int:
    """``bestmove``: the project's MCTS bot (issue 10), seeded by the ``Seed`` option.

    ``bestmove time T``: MCTS for ``T`` seconds (``mcts:time=T``);
    ``bestmove depth N``: ``MaxIterations`` iterations whose rollouts look ``N`` decisions
    ahead before the Hive heuristic judges them (``mcts:iterations=I:depth=N``).
    With the option ``AlphaBeta`` set to 1: alpha-beta with the game's ``evaluate``
    (:mod:`botanik_design.bots.alphabeta`) for ``T`` seconds or ``N`` plies.
    """
    seed = options.get("Seed", 0)
    if options.get("AlphaBeta", 0):
        from botanik_design.bots.alphabeta import best_action

        return best_action(state, seconds=seconds, depth=depth, seed=seed)
    from botanik_design.bots import make_bot

    if seconds is not None:
        bot = make_bot("mcts", seed, time=max(seconds, 0.001))
    else:
        bot = make_bot("mcts", seed, iterations=options.get("MaxIterations", 400),
                       depth=depth if depth is not None else 3)
    return bot.step(state)
