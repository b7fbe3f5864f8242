"""``botanik-design golden``: regenerate (or ``--check``) the golden playthroughs."""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import path_arg
from botanik_design.spec.atomic import OutputSet


def register(subparsers: Any) -> None:
    """Add the ``golden`` sub-command."""
    p = subparsers.add_parser(
        "golden", help="regenerate or check the golden playthroughs of the bundled variants",
        description="Write one seeded playthrough per bundled variant to "
        "tests/botanik/golden/<variant>.txt of the source checkout found from the working "
        "directory (or --dir), or compare them (--check).",
    )
    p.add_argument(
        "--check", action="store_true", help="compare instead of writing; exit 1 on a diff"
    )
    p.add_argument("--dir", type=path_arg, default=None,
                   help="folder of the golden files (default: tests/botanik/golden of the "
                   "checkout that holds the working directory)")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when written / identical, 1 when ``--check`` finds a difference, 2 on I/O errors."""
    from botanik_design.games.botanik.engine.golden import (
        find_golden_dir,
        golden_files,
        golden_text,
        inside_installation,
    )

    found = args.dir or find_golden_dir()
    if found is None:
        print("golden: no tests/botanik/golden here: run it inside a botanik-design source "
              "checkout (a folder with pyproject.toml and tests/botanik/golden), or name the "
              "folder with --dir", file=sys.stderr)
        return 2
    folder: Path = found
    if not args.check and inside_installation(folder):
        print(f"golden: {folder}: inside an installed package; not writing there "
              "(use --dir with a folder of your checkout)", file=sys.stderr)
        return 2
    differ = 0
    written: list[Path] = []
    out = OutputSet()  # the golden files are rewritten all or none
    for name, (tileset, variant) in golden_files().items():
        text = golden_text(tileset, variant)
        path = folder / name
        if args.check:
            try:
                old = path.read_text(encoding="utf-8")
            except OSError as exc:
                print(f"golden: {path}: cannot read: {exc.strerror}", file=sys.stderr)
                differ += 1
                continue
            if old != text:
                differ += 1
                diff = difflib.unified_diff(
                    old.splitlines(), text.splitlines(), str(path), "regenerated", lineterm="", n=1
                )
                print("\n".join(list(diff)[:60]))
            else:
                print(f"{path}: ok")
            continue
        try:
            folder.mkdir(parents=True, exist_ok=True)
            out.add_text(path, text)
        except OSError as exc:
            out.discard()
            print(f"golden: {path}: cannot write: {exc.strerror}; no golden file was changed",
                  file=sys.stderr)
            return 2
        written.append(path)
    try:
        out.commit()
    except OSError as exc:
        print(f"golden: {exc.filename}: cannot write: {exc.strerror}; no golden file was "
              "changed", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    return 1 if differ else 0
