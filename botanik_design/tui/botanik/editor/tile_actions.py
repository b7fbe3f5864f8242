"""The editor's actions on the selected tile: its exits, a turn, its copies.

:class:`TileActions` is owned by the editor app; the app's ``action_*`` methods
delegate to it.
"""

from __future__ import annotations

from typing import Protocol

from botanik_design.games.botanik.model.sides import Side
from botanik_design.tui.botanik.editor.document import TilesetDocument


class _Editor(Protocol):
    """What the tile actions need of the editor app."""

    @property
    def doc(self) -> TilesetDocument: ...
    @property
    def selected(self) -> int: ...

    def _need_tile(self) -> bool: ...
    def after_edit(self, select: int, *, structure: bool = False) -> None: ...
    def set_status(self, message: str, level: str = "info") -> None: ...
    def bell(self) -> None: ...


class TileActions:
    """``n e s w``, ``r``, ``+`` and ``-`` of ``editor`` (an :class:`EditorApp`)."""

    def __init__(self, editor: _Editor) -> None:
        self.editor = editor

    def toggle_exit(self, side: str) -> None:
        """Add or remove the exit on ``side`` (a letter N, E, S or W) of the selected tile."""
        ed = self.editor
        if not ed._need_tile():
            return
        face = ed.doc.face(ed.selected)
        ed.doc.toggle_exit(ed.selected, Side[side])
        ed.after_edit(ed.selected)
        state = "removed" if side in face.exit_letters else "added"
        ed.set_status(f"{side} exit {state} on {face.id}: exits "
                      f"{ed.doc.face(ed.selected).exit_letters or 'none'}")

    def rotate(self) -> None:
        ed = self.editor
        if not ed._need_tile():
            return
        ed.doc.rotate(ed.selected)
        ed.after_edit(ed.selected)
        ed.set_status(f"exits turned clockwise: {ed.doc.face(ed.selected).exit_letters}")

    def copies(self, delta: int) -> None:
        """Change the selected tile's copies by ``delta`` (refused below the minimum)."""
        ed = self.editor
        if not ed._need_tile():
            return
        try:
            ed.doc.add_copies(ed.selected, delta)
        except ValueError as exc:
            ed.set_status(f"refused: {exc}", "error")
            ed.bell()
            return
        ed.after_edit(ed.selected)
        ed.set_status(f"copies: {ed.doc.face(ed.selected).copies}")
