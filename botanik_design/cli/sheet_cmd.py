"""``botanik-design sheet TILESET -o FILE``: print-and-cut pages of every tile of a set.

Exit codes: 0 written; 1 the tile set is invalid; 2 usage or I/O (a missing
tile set, an unknown page size, a tile that does not fit, an unwritable path).
Imports nothing heavy at module level (matplotlib is imported inside ``run``).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import named, whole_number


def millimetres(text: str) -> float:
    """argparse type: a finite number of millimetres (``45``, ``45mm``, ``4.5cm``)."""
    t = text.strip().lower()
    factor = 1.0
    if t.endswith("mm"):
        t = t[:-2]
    elif t.endswith("cm"):
        t, factor = t[:-2], 10.0
    try:
        value = float(t) * factor
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a length in millimetres: {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"must be a finite length >= 0, got {text!r}")
    return value


def page_name(text: str) -> str:
    """argparse type: a known page size (case-insensitive)."""
    from botanik_design.draw.pages import PAGE_SIZES

    key = text.strip().lower()
    if key not in PAGE_SIZES:
        raise argparse.ArgumentTypeError(
            f"unknown page size {text!r} (known: {', '.join(PAGE_SIZES)})")
    return key


#: argparse type: a PNG resolution between 30 and 1200 dots per inch.
dpi_value = whole_number(30, 1200)


def register(subparsers: Any) -> None:
    """Add the ``sheet`` sub-command."""
    from botanik_design.cli.words import help_of
    from botanik_design.draw.pages import DEFAULT_MARGIN_MM, DEFAULT_TILE_MM

    p = subparsers.add_parser(
        "sheet", help="print-and-cut pages of every tile of a tile set (PDF, SVG, PNG)",
        description="Draw every tile of a tile set as many times as its copies (the Sources "
        "too) at its real size on A4 or Letter pages, with cut marks, for printing, cutting "
        "out and playing. A PDF holds every page; an SVG or PNG one page each (NAME-1.svg, "
        "NAME-2.svg, ... when there are several). Print at actual size: the footer's 50 mm "
        "bar checks it. Needs the pictures extra (pip install \"botanik-design[pictures]\").",
    )
    p.add_argument("tileset", metavar="TILESET", type=named, help=help_of("sheet.tileset"))
    p.add_argument("--output", "-o", required=True, metavar="FILE", type=named,
                   help="file to write: .pdf, .svg or .png")
    p.add_argument("--page", type=page_name, default="a4", metavar="SIZE",
                   help="page size: a4 (default) or letter")
    p.add_argument("--tile-size", type=millimetres, default=None, metavar="MM",
                   help=help_of("sheet.tile_size", f"tile edge in millimetres (default "
                                f"{DEFAULT_TILE_MM:g}, about the published tiles; 4.5cm "
                                "works too)", "; "))
    p.add_argument("--margin", type=millimetres, default=DEFAULT_MARGIN_MM, metavar="MM",
                   help=f"free border on each side of the page (default {DEFAULT_MARGIN_MM:g} "
                   "mm; the cut marks go there)")
    p.add_argument("--gap", type=millimetres, default=0.0, metavar="MM",
                   help="space between tiles (default 0: neighbours share a cut)")
    p.add_argument("--backs", nargs="?", const="long", choices=("long", "short"),
                   default=None, metavar="EDGE",
                   help="follow each page with its back for double-sided printing: "
                   "mirrored left to right for a flip on the long edge (--backs or --backs "
                   "long) or top to bottom for the short edge (--backs short)")
    p.add_argument("--bleed", type=millimetres, default=0.0, metavar="MM",
                   help="run each tile's art MM past its cut lines (print services ask for "
                   "about 3 mm); the cut marks start outside the bleed")
    p.add_argument("--safe", type=millimetres, default=None, metavar="MM",
                   help="keep the symbol, the flowers and the texts MM inside the cut line "
                   "(default 3 with --bleed or --per-tile, else 0: the tile's own margins)")
    p.add_argument("--per-tile", action="store_true",
                   help="one tile per page, the page the tile plus its bleed, for print "
                   "services that take one image per card: a PDF of every card, or one PNG "
                   "or SVG each (NAME-1.png, ...); no cut marks, no footer")
    p.add_argument("--dpi", type=dpi_value, default=150,
                   help="resolution of a PNG (default 150; print services ask for 300); PDF "
                   "and SVG are vector")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when written, 1 for an invalid tile set, 2 for usage or I/O errors.

    The game whose material ``TILESET`` names draws it (its entry's ``cli`` hooks,
    ``sheet(ref, out, args) -> int | None``; ``None``: not that game's material).  Exit 2
    without the ``pictures`` extra (:class:`~botanik_design.extras.MissingExtra`)."""
    from botanik_design.cli.games import dispatch
    from botanik_design.draw.paths import OutputError, check_target
    from botanik_design.extras import require

    require("pictures", "sheet")
    out = Path(args.output)
    try:
        check_target(out)
    except OutputError as exc:
        print(f"sheet: error: {exc}", file=sys.stderr)
        return 2
    return dispatch("sheet", args.tileset, out, args)
