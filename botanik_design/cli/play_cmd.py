"""``botanik-design play``: play-test a variant in a terminal UI, against a bot or a friend."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import named, path_arg

#: The longest pause between bot moves ``--bot-delay`` accepts (seconds).
MAX_BOT_DELAY = 10.0


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return a.resolve() == b.resolve()


def register(subparsers: Any) -> None:
    """Add the ``play`` sub-command."""
    parser = subparsers.add_parser(
        "play",
        help="play a game of any variant in a terminal UI (against a bot or a friend)",
        description=(
            "Play a whole game in a terminal UI: the registry, the arrival zone, both "
            "machines, live scores and a move log.  Against a bot you are player 0.  "
            "Press ? in the game for the keys."
        ),
    )
    parser.add_argument("--tileset", metavar="NAME|FILE", type=named,
                        help="tile set, for a game whose variants name one: a bundled name "
                        "(`botanik-design list` names them) or a file (default: the "
                        "variant's)")
    parser.add_argument("--variant", metavar="NAME|FILE", default="standard", type=named,
                        help="rule variant of any game: a bundled name (`botanik-design "
                        "list` names them: standard ...) or a file "
                        "(default: standard)")
    parser.add_argument("--vs", metavar="OPPONENT", default="greedy",
                        help="random, greedy, mcts (a bot spec such as mcts:iterations=100 "
                        "works too) or human (two players at one keyboard); default greedy")
    parser.add_argument("--seed", type=int, help="seed of the shuffle (default: random, shown)")
    parser.add_argument("--record", metavar="FILE", type=path_arg,
                        help="write the game as a record to FILE after every move")
    parser.add_argument("--load", metavar="RECORD", type=path_arg,
                        help="continue (or look back through) the game of a record file")
    parser.add_argument("--setup", action="store_true",
                        help="open the variant form first (choose and adjust the options)")
    parser.add_argument("--bot-delay", type=float, default=0.5, metavar="SECONDS",
                        help="pause between bot moves, 0 to 10 (default 0.5)")
    parser.add_argument("--force", action="store_true",
                        help="allow --record to name the --load file (it is rewritten after "
                        "your next move: YAML # comments and the moves after an undo are lost)")


def _check_opponent(spec: str) -> str | None:
    from botanik_design.bots import BotSpecError, parse_bot_spec

    if spec == "human":
        return None
    try:
        parse_bot_spec(spec)
    except BotSpecError as exc:
        return f"--vs: {exc} (or human: two players at one keyboard)"
    return None


def run(args: argparse.Namespace) -> int:
    """Start the app; 0 on a normal exit, 1 for an invalid file, 2 for bad arguments."""
    problem = _check_opponent(args.vs)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    if not (math.isfinite(args.bot_delay) and 0 <= args.bot_delay <= MAX_BOT_DELAY):
        print(f"error: --bot-delay: {args.bot_delay} is not a number of seconds from 0 to "
              f"{MAX_BOT_DELAY:g}", file=sys.stderr)
        return 2
    if args.seed is not None and args.seed < 0:
        print(f"error: --seed: {args.seed} is negative; give a whole number >= 0",
              file=sys.stderr)
        return 2
    if args.record is not None and args.load is not None and not args.force \
            and _same_file(args.record, args.load):
        print(f"error: --record {args.record} is the file given to --load: autosaving would "
              "rewrite it (its YAML # comments, and the moves after an undo, would be lost).  "
              "Give another --record file, or add --force to rewrite it after your next move",
              file=sys.stderr)
        return 2
    if args.record is not None and not (args.record.parent or Path(".")).is_dir():
        print(f"error: --record: folder {str(args.record.parent)!r} does not exist",
              file=sys.stderr)
        return 2

    from botanik_design.spec.errors import SpecError
    from botanik_design.tui.plugins import game_of_play, play_launcher

    game = game_of_play(args.variant, args.load)
    launcher = play_launcher(game)
    if launcher is None:
        print(f"error: {game.title} has no play screen: `play` plays the games that have one "
              "(`botanik-design list` names their variants); `simulate` and `compare` play "
              f"{game.title} between bots", file=sys.stderr)
        return 2
    if not (args.setup and args.load is None):
        return launcher.run(args)

    # the variant form: it offers every game with a play screen
    from botanik_design.spec.load import resolve_ref

    try:
        if args.tileset and launcher.material_kind != "tileset":
            print(f"error: --tileset: a {game.title} variant takes its "
                  f"{game.parts.get('material', 'set')} from the variant (the form offers "
                  "them)", file=sys.stderr)
            return 2
        resolve_ref(args.variant, game.variant_kind)
        if args.tileset:
            resolve_ref(args.tileset, "tileset")
    except SpecError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    from botanik_design.games.registry import entry
    from botanik_design.tui.play.app import PlayApp

    app = PlayApp(None, setup=True, bot_delay=args.bot_delay, record_path=args.record,
                  opponent=args.vs, variant_ref=args.variant, tileset_ref=args.tileset,
                  seed=args.seed)
    app.run()
    if app.game_screen is not None and app.game is not None:
        shown = play_launcher(entry(app.game))
        assert shown is not None
        print(shown.summary(app.game_screen, args.record))
    return 0
