"""Hive piece sets for ``sheet`` and ``show`` (shared helpers, not a sub-command).

A piece-set reference is ``hive`` / ``hive-base`` (the base game), a UHP
GameTypeString (``Base+MLP``: the base set plus those expansion bugs), or, once
the spec layer can load piece-set files (``botanik_design.spec.hive``), a
bundled name or path of one.  Anything else is taken for a Botanik tile set.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

BASE_NAMES = ("hive", "hive-base")


def resolve_pieceset(ref: str) -> Any | None:
    """The :class:`~botanik_design.model.hive.PieceSet` ``ref`` names, or ``None`` when it
    names none (then it is a tile set).  Raises ``ValueError`` for a piece-set file
    that does not load."""
    from botanik_design.games.hive.notation import NotationError, parse_game_type
    from botanik_design.games.hive.pieces import BASE_PIECESET, pieceset_with

    if Path(ref).is_file():
        return _from_file(ref)
    if ref.strip().lower() in BASE_NAMES:
        return BASE_PIECESET
    if re.fullmatch(r"base(\+[a-z]*)?", ref.strip().lower()):
        try:
            return pieceset_with(parse_game_type(ref))
        except NotationError as exc:
            raise ValueError(str(exc)) from None
    return None


def _from_file(ref: str) -> Any | None:
    """A piece-set file through the spec layer's loader, when both exist."""
    try:
        module = importlib.import_module("botanik_design.spec.hive")
    except ModuleNotFoundError:
        return None
    loader = getattr(module, "load_pieceset", None)
    if loader is None or not _is_pieceset_file(ref):
        return None
    return loader(ref)


def _is_pieceset_file(ref: str) -> bool:
    path = Path(ref)
    try:
        if not path.is_file():
            return False
        head = path.read_text(encoding="utf-8", errors="replace")[:4096]
    except OSError:
        return False
    return any(line.startswith("pieceset:") for line in head.splitlines())


def pieceset_or_fail(ref: str, command: str) -> tuple[Any | None, int]:
    """``(pieceset or None, 0)``, or ``(None, 1)`` after printing why it does not load."""
    try:
        return resolve_pieceset(ref), 0
    except Exception as exc:  # the spec layer's SpecError or ValueError: a clear message
        print(f"{command}: error: {exc}", file=sys.stderr)
        return None, 1
