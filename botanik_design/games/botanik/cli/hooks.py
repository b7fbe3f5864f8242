"""Botanik's part of the shared commands (:mod:`botanik_design.cli.games`): ``show`` and
``sheet`` of a tile set.  Botanik is the default game: its hooks claim every reference
no other game recognises and report one that is not a tile set in their own words
(naming what every game's ``show`` takes, :mod:`botanik_design.cli.words`)."""

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
    from botanik_design.spec.errors import SpecError, SpecNotFoundError

    try:
        return load_tileset(ref), 0
    except SpecNotFoundError:  # no game's material: suggest every game's
        from botanik_design.cli.words import drawn_names, drawn_noun
        from botanik_design.spec.refs import unknown_name

        missing = unknown_name(ref, drawn_noun(), drawn_names())
        print(f"{command}: error: {missing}", file=sys.stderr)
        return None, missing.exit_code
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
    from botanik_design.games.botanik.draw.counts import counts_text

    print(counts_text(tileset))
    if out is None:
        return 0
    from botanik_design.cli.games import write_pictures
    from botanik_design.games.botanik.draw.overview import write_overview

    return write_pictures("show", out, lambda: (write_overview(tileset, out, dpi=dpi), ""))


def sheet(ref: str, out: Path, args: argparse.Namespace) -> int:
    """``sheet``: every physical tile of a tile set on print-and-cut pages, or one tile a
    page (``--per-tile``), with ``--bleed``, ``--safe`` and ``--backs [long|short]``."""
    from botanik_design.cli.games import write_pictures
    from botanik_design.draw.pages import (
        DEFAULT_TILE_MM,
        SERVICE_SAFE_MM,
        LayoutError,
        sheet_layout,
    )

    tileset, code = load_tileset_or_fail(ref, "sheet")
    if tileset is None:
        return code
    if args.tile_size is None:
        args.tile_size = DEFAULT_TILE_MM
    from botanik_design.games.botanik.draw.sheet import physical_tiles, write_sheet

    if args.safe is None:
        args.safe = SERVICE_SAFE_MM if args.bleed or args.per_tile else 0.0
    if 2 * args.safe >= args.tile_size / 2:
        print(f"sheet: error: a {args.safe:g} mm safe zone leaves too little of a "
              f"{args.tile_size:g} mm tile (at most {args.tile_size / 4:g} mm)", file=sys.stderr)
        return 2
    if args.per_tile:
        return _cards(tileset, out, args)
    try:
        sheet_layout(len(physical_tiles(tileset)), args.page, args.tile_size, args.margin,
                     args.gap, args.bleed)
    except LayoutError as exc:
        print(f"sheet: error: {exc}", file=sys.stderr)
        return 2

    def write() -> tuple[list[Path], str]:
        summary = write_sheet(tileset, out, page=args.page, tile=args.tile_size,
                              margin=args.margin, gap=args.gap, backs=args.backs or False,
                              dpi=args.dpi, bleed=args.bleed, safe=args.safe)
        lay = summary.layout
        pages = plural(lay.pages, "page")
        if summary.back_pages:
            pages += f" + {plural(summary.back_pages, 'back page')}"
        page = "A4" if lay.page == "a4" else lay.page.title()
        machine = summary.tiles - summary.sources
        extra = f" + {args.bleed:g} mm bleed" if args.bleed else ""
        flip = f", backs flip on the {args.backs} edge" if args.backs else ""
        return summary.files, (
            f"{tileset.name}: {plural(summary.tiles, 'tile')} "
            f"({plural(machine, 'machine tile')} + {plural(summary.sources, 'Source')}), "
            f"{lay.tile:g} mm{extra}, {page} "
            f"({lay.columns} x {lay.rows} = {lay.per_page} per page): {pages}{flip}")

    return write_pictures("sheet", out, write)


def _cards(tileset: Any, out: Path, args: argparse.Namespace) -> int:
    """``sheet --per-tile``: one card per page at the tile's size plus its bleed."""
    from botanik_design.cli.games import write_pictures
    from botanik_design.games.botanik.draw.sheet import write_cards

    if args.backs == "short":
        print("sheet: error: --per-tile gives each back its own page; a duplex edge means "
              "nothing there (use --backs)", file=sys.stderr)
        return 2

    def write() -> tuple[list[Path], str]:
        count, files = write_cards(tileset, out, tile=args.tile_size, bleed=args.bleed,
                                   safe=args.safe, backs=bool(args.backs), dpi=args.dpi)
        side = args.tile_size + 2 * args.bleed
        what = "cards (front, back, front, ...)" if args.backs else "cards"
        return files, (
            f"{tileset.name}: {count} {what}, {side:g} x {side:g} mm each "
            f"({args.tile_size:g} mm cut + {args.bleed:g} mm bleed, {args.safe:g} mm safe "
            "zone)" + (f", {args.dpi} dpi" if out.suffix.lower() == ".png" else ""))

    return write_pictures("sheet", out, write)


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
