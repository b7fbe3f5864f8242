"""``botanik-design host``: hold a game that two players join from terminals or browsers."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import named, path_arg


def register(subparsers: Any) -> None:
    """Add the ``host`` sub-command."""
    parser = subparsers.add_parser(
        "host",
        help="host a game of any variant that two players join remotely (join links)",
        description=(
            "Hold one game: check every move, write the record after every move, and print "
            "one join line per seat (and a read-only spectator line).  Ctrl+C stops the "
            "host; `host --load RECORD` resumes the game with the same links."
        ),
    )
    parser.add_argument("--variant", metavar="NAME|FILE", default="standard", type=named,
                        help="rule variant of any game that can be hosted: a bundled name "
                        "or a file (default: standard)")
    parser.add_argument("--tileset", metavar="NAME|FILE", type=named,
                        help="tile set, for a game whose variants name one (default: the "
                        "variant's)")
    parser.add_argument("--seed", type=int, help="seed of the shuffle (default: random, shown)")
    parser.add_argument("--load", metavar="RECORD", type=path_arg,
                        help="resume the game of a record (the links of its tokens file work "
                        "again)")
    parser.add_argument("--record", metavar="FILE", type=path_arg,
                        help="where the record is written after every move (default: the "
                        "--load file, else hosted-SEED.yaml)")
    for seat in (0, 1):
        parser.add_argument(f"--seat{seat}", metavar="BOT",
                            help=f"a bot plays seat {seat} (random, greedy, mcts, ...)")
    parser.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, metavar="N",
                        help="port to listen on (default: the resumed game's, else any free)")
    parser.add_argument("--web", action="store_true",
                        help="also serve each seat's screen to a browser (textual-serve)")
    parser.add_argument("--web-port", type=int, default=0, metavar="N",
                        help="port of the browser pages (default: any free)")
    parser.add_argument("--name", default="hosted game", help="the record's name")


def _fail(message: str, code: int = 2) -> int:
    print(f"error: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    """Host until Ctrl+C; 0 on a normal stop, 1 for an invalid file, 2 for bad arguments."""
    from botanik_design.bots import BotSpecError, parse_bot_spec

    bots: dict[int, str] = {}
    for seat in (0, 1):
        spec = getattr(args, f"seat{seat}")
        if spec is not None:
            try:
                parse_bot_spec(spec)
            except BotSpecError as exc:
                return _fail(f"--seat{seat}: {exc}")
            bots[seat] = spec
    if args.seed is not None and args.seed < 0:
        return _fail(f"--seed: {args.seed} is negative; give a whole number >= 0")
    for opt in ("port", "web_port"):
        value = getattr(args, opt)
        if value is not None and not 0 <= value <= 65535:
            return _fail(f"--{opt.replace('_', '-')}: {value} is not a port (0 to 65535)")
    try:
        import websockets  # noqa: F401
    except ImportError:
        return _fail("host needs the websockets package: pip install 'botanik-design[remote]'")
    from botanik_design.remote.records import RecordLoadError, load_hosted, new_hosted
    from botanik_design.remote.tokens import load_tokens, new_tokens
    from botanik_design.spec.errors import SpecError

    saved_port = None
    if args.load is not None:
        if not args.load.is_file():
            return _fail(f"--load: {args.load}: no such file")
        try:
            hosted = load_hosted(args.load)
        except RecordLoadError as exc:
            return _fail(str(exc), 1)
        record: Path = args.record or args.load
        kept = load_tokens(args.load)
        tokens, saved_port = kept if kept is not None else (new_tokens(), None)
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
        try:
            hosted = new_hosted(args.variant, args.tileset, seed)
        except SpecError as exc:
            return _fail(str(exc), exc.exit_code)
        record = args.record or Path(f"hosted-{seed}.yaml")
        tokens = new_tokens()
    if not (record.parent or Path(".")).is_dir():
        return _fail(f"--record: folder {str(record.parent)!r} does not exist")
    port = args.port if args.port is not None else (saved_port or 0)
    from botanik_design.remote.hosting import serve_forever

    web: Any = None
    if args.web:  # the browser pages serve screens: the TUI layer's part
        from botanik_design.tui.remote.web import start_web

        web = start_web
    return serve_forever(hosted, record, tokens, bots, args.bind, port, args.name,
                         web_port=args.web_port if args.web else None, web=web)
