"""Hive piece sets for ``sheet`` and ``show`` (shared helpers, not a sub-command).

A piece-set reference is a piece-set file (top-level key ``pieceset:``), a
bundled piece set (``hive-base``, ``hive-full``), ``hive`` (the base game), or a
UHP GameTypeString (``Base+MLP``: the base set plus those expansion bugs).
Anything else is taken for a Botanik tile set.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from botanik_design.spec.userfiles import read_bytes


def resolve_pieceset(ref: str) -> Any | None:
    """The :class:`~botanik_design.games.hive.model.PieceSet` ``ref`` names, or ``None`` when it
    names none (then it is a tile set).  Raises ``SpecError`` for a piece-set file
    that does not load and ``ValueError`` for a malformed GameTypeString or a Hive
    variant file (it is neither a piece set nor a tile set)."""
    from botanik_design.games.hive.engine.notation import NotationError, parse_game_type
    from botanik_design.games.hive.engine.pieces import BASE_PIECESET, pieceset_with
    from botanik_design.games.hive.spec.load import load_pieceset
    from botanik_design.spec.refs import bundled

    if Path(ref).is_file():
        if _is_hive_variant_file(Path(ref)):
            raise ValueError(f"{ref}: is a Hive variant, not a tile set or a piece set; "
                             "give the piece set it names (`pieceset:`), a bundled one "
                             "(hive-base, hive-full) or a UHP game type (Base+MLP)")
        return load_pieceset(ref) if _is_pieceset_file(Path(ref)) else None
    key = ref.strip().lower()
    if key == "hive":
        return BASE_PIECESET
    if ref in bundled("pieceset"):
        return load_pieceset(ref)
    if re.fullmatch(r"base(\+[a-z]*)?", key):
        try:
            return pieceset_with(parse_game_type(ref))
        except NotationError as exc:
            raise ValueError(str(exc)) from None
    return None


def _is_hive_variant_file(path: Path) -> bool:
    from botanik_design.spec.session import Session

    return Session().read_source(path, str(path)).kind == "hive-variant"


def _is_pieceset_file(path: Path) -> bool:
    try:
        head = read_bytes(path)[:65536].decode("utf-8", errors="replace")
    except OSError:
        return False
    return any(line.startswith("pieceset:") for line in head.splitlines())


def pieceset_or_fail(ref: str, command: str) -> tuple[Any | None, int]:
    """``(pieceset or None, 0)``, or ``(None, exit code)`` after printing why it does not
    load (1 invalid, 2 unreadable)."""
    from botanik_design.spec.errors import SpecError

    try:
        return resolve_pieceset(ref), 0
    except (SpecError, ValueError) as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return None, exc.exit_code if isinstance(exc, SpecError) else 1
