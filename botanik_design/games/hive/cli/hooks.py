"""Hive's part of the shared commands (:mod:`botanik_design.cli.games`): ``show`` and
``sheet`` of a piece set (a piece-set file, a bundled one, ``hive`` or a UHP game type
such as ``Base+MLP``; :func:`botanik_design.games.hive.pictures.resolve_pieceset`).
Each returns ``None`` for a reference that names no piece set."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from botanik_design.games.hive.cli.validate import check_docs, check_text_file, effective, simulate
from botanik_design.model.words import plural


def show(ref: str, out: Path | None, dpi: int) -> int | None:
    """``show`` for a Hive piece set: the counts, and each bug once per side."""
    from botanik_design.games.hive.pictures import pieceset_or_fail

    pieceset, code = pieceset_or_fail(ref, "show")
    if code:
        return code
    if pieceset is None:
        return None
    from botanik_design.games.hive.counts import pieceset_counts_text

    n = pieceset.pieces_per_player()
    print(f"{pieceset.name}: {plural(2 * n, 'piece')} ({n} per player)")
    print(pieceset_counts_text(pieceset))
    if out is None:
        return 0
    from botanik_design.cli.games import write_pictures
    from botanik_design.games.hive.draw import write_pieceset_overview

    return write_pictures("show", out,
                          lambda: (write_pieceset_overview(pieceset, out, dpi=dpi), ""))


def sheet(ref: str, out: Path, args: argparse.Namespace) -> int | None:
    """``sheet`` for a Hive piece set: every piece of both sides as a hexagon to cut out."""
    from botanik_design.games.hive.pictures import pieceset_or_fail

    pieceset, code = pieceset_or_fail(ref, "sheet")
    if code:
        return code
    if pieceset is None:
        return None
    from botanik_design.cli.games import write_pictures
    from botanik_design.draw.pages import LayoutError
    from botanik_design.games.hive.draw import (
        DEFAULT_PIECE_MM,
        piece_layout,
        pieces_of,
        write_piece_cards,
        write_piece_sheet,
    )

    if args.backs:
        print("sheet: error: Hive pieces have no backs to print (both faces are the same "
              "piece); leave out --backs", file=sys.stderr)
        return 2
    size = DEFAULT_PIECE_MM if args.tile_size is None else args.tile_size
    gap = args.gap if args.gap else 2.0
    if not args.per_tile:
        try:
            piece_layout(len(pieces_of(pieceset)), args.page, size, args.margin, gap,
                         args.bleed)
        except LayoutError as exc:
            print(f"sheet: error: {exc}", file=sys.stderr)
            return 2

    def cards() -> tuple[list[Path], str]:
        n, files = write_piece_cards(pieceset, out, tile=size, bleed=args.bleed, dpi=args.dpi)
        return files, (f"{pieceset.name}: {plural(n, 'piece')}, one a page, {size:g} mm "
                       f"across the flats + {args.bleed:g} mm bleed")

    def sheet() -> tuple[list[Path], str]:
        n, lay, files = write_piece_sheet(pieceset, out, page=args.page, tile=size,
                                          margin=args.margin, gap=gap, dpi=args.dpi,
                                          bleed=args.bleed)
        page = "A4" if lay.page == "a4" else lay.page.title()
        return files, (f"{pieceset.name}: {plural(n, 'piece')} ({n // 2} per player), "
                       f"{size:g} mm across the flats, {page} ({lay.columns} x {lay.rows} = "
                       f"{lay.per_page} per page): {plural(lay.pages, 'page')}")

    return write_pictures("sheet", out, cards if args.per_tile else sheet)


def replay(path: Path, args: argparse.Namespace, images: Any) -> int | None:
    """``replay`` of a Hive record or a UHP GameString file (``.txt``); ``None`` for any
    other file."""
    from botanik_design.games.hive import files as hive_files
    from botanik_design.games.hive.cli.images import record_images

    if hive_files.is_game_string_file(path) and path.is_file():
        if images is not None:
            print("replay: --image draws records; a GameString file has no pictures yet",
                  file=sys.stderr)
            return 2
        return hive_files.run_replay_game_string(path, args.format)
    hive = hive_files.read_hive_doc(path, ("hive-record",))
    if hive is None:
        return None
    code = hive_files.run_replay(*hive, args.format)
    if code == 0 and images is not None and not record_images(images, *hive):
        return 2
    return code


def score(path: Path, args: argparse.Namespace) -> int | None:
    """``score`` of a Hive position file; ``None`` for any other file."""
    from botanik_design.games.hive import files as hive_files
    from botanik_design.games.hive.cli.images import write_hive_position

    hive = hive_files.read_hive_doc(path, ("hive-position",))
    if hive is None:
        return None
    code = hive_files.run_score(*hive, args.format)
    if code == 0 and args.image and not write_hive_position("score", Path(args.image), *hive):
        return 2
    return code


#: The hooks (``validate``'s come from :mod:`.validate`).
__all__ = ["check_docs", "check_text_file", "effective", "replay", "score", "sheet", "show",
           "simulate"]
