"""Botanik's part of the shared commands (:mod:`botanik_design.cli.games`): ``show`` and
``sheet`` of a tile set.  Botanik is the default game: its hooks claim every reference
no other game recognises and report one that is not a tile set in their own words."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from botanik_design.games.botanik.cli.validate import check_docs, effective, simulate
from botanik_design.model.words import plural


def load_tileset_or_fail(ref: str, command: str) -> tuple[Any, int]:
    """``(tileset, 0)``, or ``(None, exit code)`` after printing why it cannot be loaded."""
    from botanik_design.games.botanik.spec.load import load_tileset
    from botanik_design.spec.errors import SpecError

    try:
        return load_tileset(ref), 0
    except SpecError as exc:
        message = str(exc)
        print(f"{command}: error: {message}", file=sys.stderr)
        return None, exc.exit_code


def show(ref: str, out: Path | None, dpi: int) -> int:
    """``show``: a tile set's counts, and with ``out`` its overview picture."""
    tileset, code = load_tileset_or_fail(ref, "show")
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
        files = write_overview(tileset, out, dpi=dpi)
    except OSError as exc:
        print(f"show: error: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote {files[0]}")
    return 0


def sheet(ref: str, out: Path, args: argparse.Namespace) -> int:
    """``sheet``: every physical tile of a tile set on print-and-cut pages."""
    from botanik_design.draw.pages import DEFAULT_TILE_MM, LayoutError, sheet_layout

    tileset, code = load_tileset_or_fail(ref, "sheet")
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


def replay(path: Path, args: argparse.Namespace, images: Any) -> int:
    """``replay`` of a Botanik game record (:mod:`.replay`)."""
    from botanik_design.games.botanik.cli.replay import replay as replay_record

    return replay_record(path, args, images)


def score(path: Path, args: argparse.Namespace) -> int:
    """``score`` of a Botanik position file (:mod:`.score`)."""
    from botanik_design.games.botanik.cli.score import score as score_position

    return score_position(path, args)


#: The hooks (``validate``'s come from :mod:`.validate`).
__all__ = ["check_docs", "effective", "replay", "score", "sheet", "show", "simulate"]
