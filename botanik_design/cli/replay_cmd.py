"""``botanik-design replay RECORD``: play a game record step by step, then score it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import named


def register(subparsers: Any) -> None:
    """Add the ``replay`` sub-command."""
    p = subparsers.add_parser(
        "replay", help="replay a game record step by step and score it",
        description="Replay a game record (spec/record.schema.json): every decision "
        "(steps numbered from 1), the events it caused, and the final scores.",
    )
    from botanik_design.cli.words import help_of

    p.add_argument("record", metavar="RECORD", type=named,
                   help=help_of("replay.record", "game record file (YAML)", ", or "))
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="output format; json prints an error object on failure too")
    p.add_argument("--board", action=argparse.BooleanOptionalAction, default=None,
                   help="--board: draw both machines after every step; --no-board: draw "
                   "none (default: only at the end)")
    p.add_argument("--image", metavar="PATH", type=named,
                   help="draw the machines: PATH ending in .svg, .png or .pdf: the final "
                   "position; any other PATH: a folder (created if needed) with one picture "
                   "per step, step-0001.png ..., and final.png (needs the pictures extra)")
    p.add_argument("--boards", dest="board", action="store_const", const=True,
                   help=argparse.SUPPRESS)  # the old spelling of --board


def run(args: argparse.Namespace) -> int:
    """Exit 0 on success, 1 on an invalid record (illegal action, failed ``expect``),
    2 when the file cannot be read.  The record's game replays it (its entry's ``cli``
    hook ``replay(path, args, images) -> int | None``)."""
    from botanik_design.cli.board_images import StepImages
    from botanik_design.cli.games import dispatch

    path = Path(args.record)
    images = StepImages.from_option("replay", args.image)
    if images is not None and not images.check():
        return 2
    return dispatch("replay", path, args, images)
