"""``botanik-design report``: wins, scores, lengths, times and notes of recorded games."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from botanik_design.cli.runs import path_arg, whole_number


def register(subparsers: Any) -> None:
    """Add the ``report`` sub-command."""
    from botanik_design.cli.words import titles

    parser = subparsers.add_parser(
        "report",
        help=f"report on recorded games (files or folders, {titles('and')}) beside bot games",
        description="Wins by seat and by player, scores and their parts, game length, time "
        "per move and every note, for each record; per variant, the same numbers for bot "
        "games of that variant.",
    )
    parser.add_argument("records", nargs="+", type=path_arg, metavar="RECORDS",
                        help="record files, or folders searched for them")
    parser.add_argument("--games", type=whole_number(0, 100_000), default=20, metavar="N",
                        help="bot games per variant for the comparison (default 20; 0: none)")
    parser.add_argument("--bots", default="greedy,greedy", metavar="A,B",
                        help="the two bots of the comparison games (default greedy,greedy)")
    parser.add_argument("--seed", type=whole_number(0), default=1, help="seed of the bot games")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace) -> int:
    """0 on success, 1 for a record that does not load, 2 for a missing path or bad bots."""
    from botanik_design.bots import BotSpecError, parse_bot_spec
    from botanik_design.remote.records import RecordLoadError
    from botanik_design.remote.report import build, format_text

    bots = tuple(b.strip() for b in args.bots.split(","))
    if len(bots) != 2:
        print("error: --bots: give two bot specs, A,B", file=sys.stderr)
        return 2
    try:
        for b in bots:
            parse_bot_spec(b)
    except BotSpecError as exc:
        print(f"error: --bots: {exc}", file=sys.stderr)
        return 2
    try:
        report = build(list(args.records), args.games, (bots[0], bots[1]), args.seed)
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RecordLoadError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.format == "json":
        print(json.dumps(report, indent=2, allow_nan=False))
    else:
        sys.stdout.write(format_text(report))
    return 0
