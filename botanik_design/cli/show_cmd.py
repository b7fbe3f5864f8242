"""``botanik-design show TILESET [--image FILE]``: what a tile set contains.

Prints the count table (colours x types, with totals) and, with ``--image``,
draws each distinct tile once with its copy count, grouped by colour and type,
plus the same table.  Exit codes: 0 shown; 1 the tile set is invalid; 2 usage
or I/O (a missing tile set, an unknown extension, an unwritable path).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import named


def register(subparsers: Any) -> None:
    """Add the ``show`` sub-command."""
    from botanik_design.cli.sheet_cmd import dpi_value
    from botanik_design.cli.words import help_of

    p = subparsers.add_parser(
        "show", help="what a tile set contains: counts, and a picture of every distinct tile",
        description="Print a tile set's counts per colour and type; with --image, also draw "
        "each distinct tile once with its copy count, grouped by colour and type, with the "
        "counts table.",
    )
    p.add_argument("tileset", metavar="TILESET", type=named, help=help_of("show.tileset"))
    p.add_argument("--image", metavar="FILE", type=named,
                   help="write the overview picture to FILE (.svg, .png or .pdf; needs the "
                   "pictures extra)")
    p.add_argument("--dpi", type=dpi_value, default=150,
                   help="resolution of a PNG (default 150)")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when shown (and written), 1 for an invalid tile set, 2 for usage or I/O.

    The game whose material ``TILESET`` names shows it (its entry's ``cli`` hooks,
    ``show(ref, out, dpi) -> int | None``; ``None``: not that game's material)."""
    from botanik_design.cli.games import dispatch
    from botanik_design.draw.paths import OutputError, check_target

    out = Path(args.image) if args.image else None
    if out is not None:
        from botanik_design.extras import require

        require("pictures", "--image")
        try:
            check_target(out, (".svg", ".png", ".pdf"))
        except OutputError as exc:
            print(f"show: error: {exc}", file=sys.stderr)
            return 2
    return dispatch("show", args.tileset, out, args.dpi)
