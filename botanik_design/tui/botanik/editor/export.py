"""The editor's picture export: the tile-set overview of ``botanik-design show --image``.

The picture goes beside the tile-set file as ``NAME-overview.svg``.  The
:class:`~botanik_design.model.TileSet` is built on the UI thread (a snapshot of
the edits); drawing and writing (about a second) may then run in a worker thread.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botanik_design.games.botanik.model.tileset import TileSet


def overview_path(path: Path) -> Path:
    """Where the overview of the tile set at ``path`` is written."""
    return path.with_name(f"{path.stem}-overview.svg")


def snapshot(data: Any) -> TileSet:
    """The tile set the document holds now (it must have no errors).

    Raises ``KeyError`` or ``ValueError`` on data the schema would reject.
    """
    from botanik_design.games.botanik.spec.load import tileset_from_data

    return tileset_from_data(data)


def write_picture(tileset: TileSet, path: Path) -> Path:
    """Write the overview of ``tileset`` for the file at ``path``; returns the picture's
    path.  Raises ``OSError`` when it cannot be written (nothing is left half-written)."""
    from botanik_design.games.botanik.draw.overview import write_overview

    return write_overview(tileset, overview_path(path))[0]
