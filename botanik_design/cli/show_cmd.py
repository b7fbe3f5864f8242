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
from botanik_design.model.words import plural


def register(subparsers: Any) -> None:
    """Add the ``show`` sub-command."""
    from botanik_design.cli.sheet_cmd import dpi_value

    p = subparsers.add_parser(
        "show", help="what a tile set contains: counts, and a picture of every distinct tile",
        description="Print a tile set's counts per colour and type; with --image, also draw "
        "each distinct tile once with its copy count, grouped by colour and type, with the "
        "counts table. Exit status: 0 shown, 1 invalid tile set, 2 usage or I/O error.",
    )
    p.add_argument("tileset", metavar="TILESET", type=named,
                   help="bundled tile set name or path; or a Hive piece set: hive (the base "
                   "game) or a UHP game type such as Base+MLP")
    p.add_argument("--image", metavar="FILE", type=named,
                   help="write the overview picture to FILE (.svg, .png or .pdf)")
    p.add_argument("--dpi", type=dpi_value, default=150,
                   help="resolution of a PNG (default 150)")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when shown (and written), 1 for an invalid tile set, 2 for usage or I/O."""
    from botanik_design.cli.sheet_cmd import load_tileset_or_fail
    from botanik_design.draw.paths import OutputError, check_target

    out = Path(args.image) if args.image else None
    if out is not None:
        try:
            check_target(out, (".svg", ".png", ".pdf"))
        except OutputError as exc:
            print(f"show: error: {exc}", file=sys.stderr)
            return 2
    from botanik_design.games.hive.pictures import pieceset_or_fail

    pieceset, code = pieceset_or_fail(args.tileset, "show")
    if code:
        return code
    if pieceset is not None:
        return _show_pieceset(pieceset, out, args.dpi)
    tileset, code = load_tileset_or_fail(args.tileset, "show")
    if tileset is None:
        return code
    from botanik_design.games.botanik.model.tileset import Kind

    sources = sum(t.copies for t in tileset.tiles if t.kind is Kind.SOURCE)
    machine = tileset.machine_tile_count()
    print(f"{tileset.name}: {plural(machine + sources, 'tile')} "
          f"({plural(machine, 'machine tile')} in {plural(len(tileset.colours), 'colour')} + "
          f"{plural(sources, 'Source')}), {len(tileset.tiles)} distinct")
    from botanik_design.games.botanik.draw.overview import counts_text

    print(counts_text(tileset))
    if out is None:
        return 0
    from botanik_design.games.botanik.draw.overview import write_overview

    try:
        files = write_overview(tileset, out, dpi=args.dpi)
    except OSError as exc:
        print(f"show: error: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote {files[0]}")
    return 0


def _show_pieceset(pieceset: Any, out: Path | None, dpi: int) -> int:
    """``show`` for a Hive piece set: the counts, and each bug once per side."""
    from botanik_design.games.hive.draw import pieceset_counts_text

    n = pieceset.pieces_per_player()
    print(f"{pieceset.name}: {plural(2 * n, 'piece')} ({n} per player)")
    print(pieceset_counts_text(pieceset))
    if out is None:
        return 0
    from botanik_design.games.hive.draw import write_pieceset_overview

    try:
        files = write_pieceset_overview(pieceset, out, dpi=dpi)
    except OSError as exc:
        print(f"show: error: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote {files[0]}")
    return 0
