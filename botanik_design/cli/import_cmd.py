"""``botanik-design import TABLE``: a tile set or a Hive piece set from a spreadsheet.

TABLE is a ``.csv`` file (or ``.xlsx`` / ``.ods`` with the ``spreadsheets``
extra): one row a tile (``id, colour, type, kind, exits, flowers, copies,
label``) or one row a bug (``bug, copies``).  The YAML is checked by the same
validator as ``validate``, with the problems of a row at ``TABLE:ROW:COLUMN``.
An existing output file keeps everything but its list (its comments too); a
comment inside the old list is refused rather than lost.

Exit codes: 0 written; 1 the result is invalid (nothing written); 2 usage or
I/O (unreadable table, unknown extension, a file of another kind, a comment that
would be lost).  Imports nothing heavy at module level.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import fill, named
from botanik_design.model.words import plural


def register(subparsers: Any) -> None:
    """Add the ``import`` sub-command."""
    p = subparsers.add_parser(
        "import", help="write a tile set or piece set YAML from a spreadsheet (CSV, xlsx, ods)",
        description=fill(
            "Read a spreadsheet with one tile a row (columns id, colour, type, kind, exits, "
            "flowers, copies, label; kind may be left out: it follows the type) or one bug a "
            "row (bug, copies), check the result with the validator (problems at "
            "TABLE:ROW:COLUMN) and write it. An existing output file keeps everything but "
            "its tile list (or bug list), comments included; a comment inside that list is "
            "refused rather than lost. .xlsx and .ods need the spreadsheets extra (pip "
            "install 'botanik-design[spreadsheets]')."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("table", metavar="TABLE", type=named, help="the spreadsheet (.csv, .xlsx, "
                   ".ods; its first sheet)")
    p.add_argument("--output", "-o", metavar="FILE", type=named,
                   help="the YAML to write or update (default: TABLE with .yaml)")
    from botanik_design.cli.words import default_ref

    palette = default_ref("tileset")
    p.add_argument("--palette", metavar="REF", type=named, default=palette,
                   help="for a new tile set: the tile set whose palette it takes (default "
                   f"{palette}); an existing output keeps its own")
    p.add_argument("--name", metavar="NAME", type=named,
                   help="for a new file: the set's name (default: from the file name)")
    p.add_argument("--drop-comments", action="store_true",
                   help="allow losing the comments inside the old list of an existing output")


def _name_from(path: Path) -> str:
    name = re.sub(r"[^a-z0-9-]+", "-", path.stem.lower()).strip("-")
    return name or "imported"


def run(args: argparse.Namespace) -> int:
    """Exit 0 written, 1 invalid result, 2 usage or I/O error."""
    from botanik_design.spec.report import format_text
    from botanik_design.spec.tables import TableError, read_table
    from botanik_design.spec.tabular import (
        SpliceRefused,
        block_start,
        list_block,
        table_kind,
        table_positions,
    )
    from botanik_design.spec.validate import validate_text

    source = Path(args.table)
    out = Path(args.output) if args.output else source.with_suffix(".yaml")
    if out.suffix.lower() not in (".yaml", ".yml"):
        return _fail(f"--output {out}: the file name must end in .yaml or .yml", 2)
    if out.exists() and source.exists() and out.resolve() == source.resolve():
        return _fail(f"--output {out}: names the spreadsheet itself", 2)
    try:
        table = read_table(source, args.table)
    except TableError as exc:
        return _fail(str(exc), 2)
    from botanik_design.spec.errors import SpecError

    kind = table_kind(table)
    block = list_block(kind, table)
    try:
        text = _document(out, kind, block, args)
    except SpecError as exc:
        return _fail(f"--palette {args.palette}: {exc}", exc.exit_code)
    except (SpliceRefused, ValueError) as exc:
        return _fail(f"{out}: {exc}", 2)
    except OSError as exc:
        return _fail(f"cannot read {out}: {exc.strerror or exc}", 2)
    diagnostics = validate_text(text, str(out), kind, base=out.parent)
    diagnostics = table_positions(diagnostics, table, kind, block_start(text, block))
    errors = [d for d in diagnostics if d.level == "error"]
    if diagnostics:
        sys.stderr.write(format_text(diagnostics))
    if errors:
        print(f"import: {plural(len(errors), 'error')}; {out} was not written", file=sys.stderr)
        return 1
    from botanik_design.spec.atomic import write_atomic

    try:
        write_atomic(out, text)
    except OSError as exc:
        return _fail(f"cannot write {exc.filename or out}: {exc.strerror or exc}", 2)
    what = plural(len(table.rows), "tile definition" if kind == "tileset" else "bug")
    print(f"wrote {out}: {what} from {args.table}")
    return 0


def _document(out: Path, kind: str, block: str, args: argparse.Namespace) -> str:
    """The new text of ``out``: the existing file with its list replaced, or a new file."""
    from botanik_design.spec.tabular import LIST_KEY, new_document, splice

    if out.exists():
        from ruamel.yaml import YAML
        from ruamel.yaml.error import YAMLError

        from botanik_design.spec.userfiles import read_text

        old = read_text(out)
        try:
            data = YAML(typ="rt").load(old)
        except YAMLError as exc:
            raise ValueError(f"not readable YAML ({str(exc).splitlines()[0]}); fix it or "
                             "write to a new file") from None
        other = "pieceset" if kind == "tileset" else "tileset"
        if not isinstance(data, dict) or kind not in data:
            found = "a piece set" if isinstance(data, dict) and other in data else "not a " \
                + ("tile set" if kind == "tileset" else "piece set")
            raise ValueError(f"{found}: the spreadsheet holds "
                             f"{'tiles' if kind == 'tileset' else 'bugs'}")
        return str(splice(old, LIST_KEY[kind], block, drop_comments=args.drop_comments))
    name = args.name or _name_from(out)
    palette: tuple[Any, ...] = ()
    if kind == "tileset":
        from types import SimpleNamespace

        from botanik_design.spec.load import checked_ref

        if args.palette is None:
            raise ValueError("no tile set to take the palette of: give --palette")
        _, doc = checked_ref(args.palette, "tileset")  # validate's checks (a SpecError)
        palette = tuple(SimpleNamespace(**c) for c in doc.data["palette"])
    return new_document(kind, name, palette) + block


def _fail(message: str, code: int) -> int:
    print(f"import: error: {message}", file=sys.stderr)
    return code
