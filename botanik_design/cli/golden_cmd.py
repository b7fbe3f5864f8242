"""``botanik-design golden``: regenerate (or ``--check``) the golden playthroughs."""

from __future__ import annotations

import argparse
import difflib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``golden`` sub-command."""
    p = subparsers.add_parser(
        "golden", help="regenerate or check the golden playthroughs of the bundled variants",
        description="Write one seeded playthrough per bundled variant to "
        "tests/engine/golden/<variant>.txt, or compare them (--check).",
    )
    p.add_argument(
        "--check", action="store_true", help="compare instead of writing; exit 1 on a diff"
    )
    p.add_argument("--dir", type=Path, default=None, help="folder of the golden files")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when written / identical, 1 when ``--check`` finds a difference, 2 on I/O errors."""
    from botanik_design.engine.golden import GOLDEN_DIR, golden_files, golden_text

    folder: Path = args.dir or GOLDEN_DIR
    differ = 0
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
            fd, tmp = tempfile.mkstemp(prefix=".golden-", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
        except OSError as exc:
            print(f"golden: {path}: cannot write: {exc.strerror}", file=sys.stderr)
            return 2
        print(f"wrote {path}")
    return 1 if differ else 0
