"""``botanik-design export SET``: a tile set or a Hive piece set as a CSV spreadsheet.

One row a tile (``id, colour, type, kind, exits, flowers, copies, label``) or
one row a bug (``bug, copies``): what ``import`` reads back, value for value.

Exit codes: 0 written; 1 the set is invalid; 2 usage or I/O.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import fill, named


def register(subparsers: Any) -> None:
    """Add the ``export`` sub-command."""
    from botanik_design.spec.refs import kind_noun

    p = subparsers.add_parser(
        "export", help="write a tile set or piece set as a CSV spreadsheet",
        description=fill(
            f"Write every tile of a {kind_noun('tileset')} (or every bug of a "
            f"{kind_noun('pieceset')}) as one CSV row, the columns import reads: id, colour, "
            "type, kind, exits, flowers, copies, label (or bug, copies)."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("set", metavar="SET", type=named,
                   help="bundled tile set or piece set name, or a path")
    p.add_argument("--output", "-o", metavar="FILE", type=named,
                   help="the CSV file to write (default: stdout)")


def _kind(ref: str) -> str:
    from botanik_design.spec.bundled import bundled_piecesets
    from botanik_design.spec.session import Session

    path = Path(ref)
    if path.is_file():
        doc = Session().read_source(path, ref)
        return "pieceset" if doc.kind == "pieceset" else "tileset"
    return "pieceset" if ref in bundled_piecesets() else "tileset"


def run(args: argparse.Namespace) -> int:
    """Exit 0 written, 1 invalid set, 2 usage or I/O error."""
    from botanik_design.spec.errors import SpecError
    from botanik_design.spec.load import checked_ref
    from botanik_design.spec.tabular import pieces_csv, tiles_csv

    if args.output and Path(args.output).suffix.lower() != ".csv":
        print(f"export: error: --output {args.output}: the file name must end in .csv",
              file=sys.stderr)
        return 2
    kind = _kind(args.set)
    try:
        _, doc = checked_ref(args.set, kind, None, "tile set" if kind == "tileset" else
                             "piece set")
    except SpecError as exc:
        print(f"export: error: {exc}", file=sys.stderr)
        return exc.exit_code
    text = tiles_csv(doc.data) if kind == "tileset" else pieces_csv(doc.data)
    if not args.output:
        sys.stdout.write(text)
        return 0
    from botanik_design.spec.atomic import write_atomic

    try:
        write_atomic(args.output, text)
    except OSError as exc:
        print(f"export: error: cannot write {exc.filename or args.output}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 2
    rows = text.count("\n") - 1
    print(f"wrote {args.output}: {rows} rows", file=sys.stderr)
    return 0
