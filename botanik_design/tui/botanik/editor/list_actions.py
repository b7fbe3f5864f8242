"""The editor's actions on the list of tiles: add, duplicate, delete, undo, redo."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.markup import escape

from botanik_design.tui.botanik.editor.document import TilesetDocument
from botanik_design.tui.editor.changewords import change_words, plain
from botanik_design.tui.editor.screens import confirm_delete_screen


class _Editor(Protocol):
    """What the list actions need of the editor app."""

    doc: TilesetDocument
    selected: int

    def _sync_selection(self) -> None: ...
    def _need_tile(self) -> bool: ...
    def after_edit(self, select: int, *, structure: bool = False) -> None: ...
    def refresh_side(self, *, force: bool = False) -> None: ...
    def set_status(self, message: str, level: str = "info") -> None: ...
    def push_screen(self, screen: Any, callback: Callable[[Any], None]) -> Any: ...


class ListActionsMixin:
    """``a``, ``d``, ``x``, ``u`` and ``ctrl+y`` of :class:`EditorApp`."""

    def action_add(self: _Editor) -> None:
        self._sync_selection()
        index = self.doc.add_tile(self.selected if self.selected >= 0 else None)
        self.after_edit(index, structure=True)
        self.set_status(f"added {self.doc.face(index).id}: edit its fields (enter)")

    def action_duplicate(self: _Editor) -> None:
        if not self._need_tile():
            return
        index = self.doc.duplicate(self.selected)
        self.after_edit(index, structure=True)
        self.set_status(f"duplicated as {self.doc.face(index).id}")

    def action_delete(self: _Editor) -> None:
        if not self._need_tile():
            return
        index = self.selected
        face = self.doc.face(index)

        def done(choice: str | None) -> None:
            if choice != "yes":
                self.set_status("nothing deleted")
                return
            select = self.doc.delete(index)
            self.after_edit(max(select, 0), structure=True)
            self.set_status(f"deleted {face.id} (u undoes it)")

        self.push_screen(confirm_delete_screen(escape(face.id), face.copies), done)

    def action_undo(self: _Editor) -> None:
        before = plain(self.doc.data)
        select = self.doc.undo()
        if select is None:
            self.set_status("nothing to undo", "warn")
            return
        self.after_edit(max(select, 0), structure=True)
        self.refresh_side(force=True)
        self.set_status(f"undone: {change_words(before, self.doc.data)} (ctrl+y redoes)")

    def action_redo(self: _Editor) -> None:
        before = plain(self.doc.data)
        select = self.doc.redo()
        if select is None:
            self.set_status("nothing to redo", "warn")
            return
        self.after_edit(max(select, 0), structure=True)
        self.refresh_side(force=True)
        self.set_status(f"redone: {change_words(before, self.doc.data)}")
