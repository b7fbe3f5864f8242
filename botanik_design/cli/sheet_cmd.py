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
from botanik_design.model.words import plural


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
    from botanik_design.draw.pages import DEFAULT_MARGIN_MM, DEFAULT_TILE_MM

    p = subparsers.add_parser(
        "sheet", help="print-and-cut pages of every tile of a tile set (PDF, SVG, PNG)",
        description="Draw every tile of a tile set as many times as its copies (the Sources "
        "too) at its real size on A4 or Letter pages, with cut marks, for printing, cutting "
        "out and playing. A PDF holds every page; an SVG or PNG one page each (NAME-1.svg, "
        "NAME-2.svg, ... when there are several). Print at actual size: the footer's 50 mm "
        "bar checks it. Exit status: 0 written, 1 invalid tile set, 2 usage or I/O error.",
    )
    p.add_argument("tileset", metavar="TILESET", type=named,
                   help="bundled tile set name or path; or a Hive piece set: hive (the base "
                   "game) or a UHP game type such as Base+MLP (hexagonal pieces)")
    p.add_argument("--output", "-o", required=True, metavar="FILE", type=named,
                   help="file to write: .pdf, .svg or .png")
    p.add_argument("--page", type=page_name, default="a4", metavar="SIZE",
                   help="page size: a4 (default) or letter")
    p.add_argument("--tile-size", type=millimetres, default=None, metavar="MM",
                   help=f"tile edge in millimetres (default {DEFAULT_TILE_MM:g}, about the "
                   "published tiles; 4.5cm works too); Hive: a piece's width across the flats "
                   "(default 38)")
    p.add_argument("--margin", type=millimetres, default=DEFAULT_MARGIN_MM, metavar="MM",
                   help=f"free border on each side of the page (default {DEFAULT_MARGIN_MM:g} "
                   "mm; the cut marks go there)")
    p.add_argument("--gap", type=millimetres, default=0.0, metavar="MM",
                   help="space between tiles (default 0: neighbours share a cut)")
    p.add_argument("--backs", action="store_true",
                   help="follow each page with its back (mirrored) for double-sided printing "
                   "flipped on the long edge")
    p.add_argument("--dpi", type=dpi_value, default=150,
                   help="resolution of a PNG (default 150); PDF and SVG are vector")


def load_tileset_or_fail(ref: str, command: str) -> tuple[Any, int]:
    """``(tileset, 0)``, or ``(None, exit code)`` after printing why it cannot be loaded."""
    from botanik_design.spec.errors import SpecError
    from botanik_design.spec.load import load_tileset

    try:
        return load_tileset(ref), 0
    except SpecError as exc:
        message = str(exc)
        print(f"{command}: error: {message}", file=sys.stderr)
        return None, exc.exit_code


def run(args: argparse.Namespace) -> int:
    """Exit 0 when written, 1 for an invalid tile set, 2 for usage or I/O errors."""
    from botanik_design.draw.pages import DEFAULT_TILE_MM, LayoutError, sheet_layout
    from botanik_design.draw.paths import OutputError, check_target

    out = Path(args.output)
    try:
        check_target(out)
    except OutputError as exc:
        print(f"sheet: error: {exc}", file=sys.stderr)
        return 2
    from botanik_design.games.hive.pictures import pieceset_or_fail

    pieceset, code = pieceset_or_fail(args.tileset, "sheet")
    if code:
        return code
    if pieceset is not None:
        return _hive_sheet(pieceset, out, args)
    tileset, code = load_tileset_or_fail(args.tileset, "sheet")
    if tileset is None:
        return code
    if args.tile_size is None:
        args.tile_size = DEFAULT_TILE_MM
    from botanik_design.games.botanik.draw.sheet import physical_tiles, write_sheet

    try:
        sheet_layout(len(physical_tiles(tileset)), args.page, args.tile_size, args.margin,
                     args.gap)
    except LayoutError as exc:
        print(f"sheet: error: {exc}", file=sys.stderr)
        return 2
    try:
        summary = write_sheet(tileset, out, page=args.page, tile=args.tile_size,
                              margin=args.margin, gap=args.gap, backs=args.backs, dpi=args.dpi)
    except OSError as exc:
        print(f"sheet: error: cannot write {exc.filename or out}: {exc.strerror or exc}; no "
              "file was written", file=sys.stderr)
        return 2
    lay = summary.layout
    pages = plural(lay.pages, "page")
    if summary.back_pages:
        pages += f" + {plural(summary.back_pages, 'back page')}"
    files = ", ".join(str(f) for f in summary.files)
    if len(summary.files) > 4:
        files = f"{summary.files[0]} ... {summary.files[-1]} ({plural(len(summary.files), 'file')})"
    page = "A4" if lay.page == "a4" else lay.page.title()
    machine = summary.tiles - summary.sources
    print(f"{tileset.name}: {plural(summary.tiles, 'tile')} ({plural(machine, 'machine tile')} "
          f"+ {plural(summary.sources, 'Source')}), {lay.tile:g} mm, {page} "
          f"({lay.columns} x {lay.rows} = {lay.per_page} per page): {pages}")
    print(f"wrote {files}")
    return 0


def _hive_sheet(pieceset: Any, out: Path, args: argparse.Namespace) -> int:
    """``sheet`` for a Hive piece set: every piece of both sides as a hexagon to cut out."""
    from botanik_design.draw.pages import LayoutError, sheet_layout
    from botanik_design.games.hive.draw import (
        DEFAULT_PIECE_MM,
        pieces_of,
        slot_size,
        write_piece_sheet,
    )

    size = DEFAULT_PIECE_MM if args.tile_size is None else args.tile_size
    gap = args.gap if args.gap else 2.0
    try:
        sheet_layout(len(pieces_of(pieceset)), args.page, slot_size(size), args.margin, gap)
    except LayoutError as exc:
        print(f"sheet: error: {exc}", file=sys.stderr)
        return 2
    try:
        n, lay, files = write_piece_sheet(pieceset, out, page=args.page, tile=size,
                                          margin=args.margin, gap=gap, dpi=args.dpi)
    except OSError as exc:
        print(f"sheet: error: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    page = "A4" if lay.page == "a4" else lay.page.title()
    print(f"{pieceset.name}: {plural(n, 'piece')} ({n // 2} per player), {size:g} mm across the "
          f"flats, {page} "
          f"({lay.columns} x {lay.rows} = {lay.per_page} per page): "
          f"{plural(lay.pages, 'page')}")
    print(f"wrote {', '.join(str(f) for f in files)}")
    return 0
