"""The editor's actions on the list of tiles: add, duplicate, delete, undo, redo.

:class:`ListActions` is owned by the editor app; the app's ``action_*`` methods
delegate to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.markup import escape

from botanik_design.tui.botanik.editor.document import TilesetDocument
from botanik_design.tui.editor.changewords import change_words, plain
from botanik_design.tui.editor.screens import confirm_delete_screen


class _Editor(Protocol):
    """What the list actions need of the editor app."""

    @property
    def doc(self) -> TilesetDocument: ...
    @property
    def selected(self) -> int: ...

    def _sync_selection(self) -> None: ...
    def _need_tile(self) -> bool: ...
    def after_edit(self, select: int, *, structure: bool = False) -> None: ...
    def refresh_side(self, *, force: bool = False) -> None: ...
    def set_status(self, message: str, level: str = "info") -> None: ...
    def push_screen(self, screen: Any, callback: Callable[[Any], None]) -> Any: ...


class ListActions:
    """``a``, ``d``, ``x``, ``u`` and ``ctrl+y`` of ``editor`` (an :class:`EditorApp`)."""

    def __init__(self, editor: _Editor) -> None:
        self.editor = editor

    def add(self) -> None:
        ed = self.editor
        ed._sync_selection()
        index = ed.doc.add_tile(ed.selected if ed.selected >= 0 else None)
        ed.after_edit(index, structure=True)
        ed.set_status(f"added {ed.doc.face(index).id}: edit its fields (enter)")

    def duplicate(self) -> None:
        ed = self.editor
        if not ed._need_tile():
            return
        index = ed.doc.duplicate(ed.selected)
        ed.after_edit(index, structure=True)
        ed.set_status(f"duplicated as {ed.doc.face(index).id}")

    def delete(self) -> None:
        ed = self.editor
        if not ed._need_tile():
            return
        index = ed.selected
        face = ed.doc.face(index)

        def done(choice: str | None) -> None:
            if choice != "yes":
                ed.set_status("nothing deleted")
                return
            select = ed.doc.delete(index)
            ed.after_edit(max(select, 0), structure=True)
            ed.set_status(f"deleted {face.id} (u undoes it)")

        ed.push_screen(confirm_delete_screen(escape(face.id), face.copies), done)

    def undo(self) -> None:
        ed = self.editor
        before = plain(ed.doc.data)
        select = ed.doc.undo()
        if select is None:
            ed.set_status("nothing to undo", "warn")
            return
        ed.after_edit(max(select, 0), structure=True)
        ed.refresh_side(force=True)
        ed.set_status(f"undone: {change_words(before, ed.doc.data)} (ctrl+y redoes)")

    def redo(self) -> None:
        ed = self.editor
        before = plain(ed.doc.data)
        select = ed.doc.redo()
        if select is None:
            ed.set_status("nothing to redo", "warn")
            return
        ed.after_edit(max(select, 0), structure=True)
        ed.refresh_side(force=True)
        ed.set_status(f"redone: {change_words(before, ed.doc.data)}")
