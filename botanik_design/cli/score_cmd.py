"""``botanik-design score POSITION``: the scoring breakdown of a position file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import named


def register(subparsers: Any) -> None:
    """Add the ``score`` sub-command."""
    p = subparsers.add_parser(
        "score", help="score a position file (machines laid out by hand)",
        description="Print the scoring breakdown of a position file (spec/position.schema.json).",
    )
    p.add_argument("position", metavar="POSITION", type=named, help="position file (YAML)")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="output format; json prints an error object on failure too")
    p.add_argument("--board", action=argparse.BooleanOptionalAction, default=True,
                   help="draw the machines (default: yes)")
    p.add_argument("--image", metavar="FILE", type=named,
                   help="also draw the machines to FILE (.svg, .png or .pdf), removed tiles "
                   "greyed, colour groups and flowers marked (needs the pictures extra)")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when scored (and any ``expect`` matches), 1 on an invalid file or a
    failed expectation, 2 when the file cannot be read.  The position's game scores it
    (its entry's ``cli`` hook ``score(path, args) -> int | None``)."""
    from botanik_design.cli.board_images import check_image_path
    from botanik_design.cli.games import dispatch

    path = Path(args.position)
    if args.image and not check_image_path("score", Path(args.image)):
        return 2
    return dispatch("score", path, args)
