"""Saving and quitting the editor: atomic save, asking before overwriting or losing work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.markup import escape

from botanik_design.model.words import plural
from botanik_design.tui.editor.checking import Problem
from botanik_design.tui.editor.roundtrip import RoundTripText
from botanik_design.tui.editor.screens import ChoiceScreen, confirm_quit_screen


class _Editor(Protocol):
    """What saving needs of the editor app."""

    doc: RoundTripText
    problems: list[Problem]
    _asking: bool

    def save(self, *, then_exit: bool = False, force: bool = False) -> bool: ...
    def run_validation(self) -> None: ...
    def refresh_title(self) -> None: ...
    def set_status(self, message: str, level: str = "info") -> None: ...
    def push_screen(self, screen: Any, callback: Callable[[Any], None]) -> Any: ...
    def exit(self) -> None: ...
    def bell(self) -> None: ...


class SavingMixin:
    """``save``, ``action_save`` and ``action_quit`` of :class:`EditorApp`."""

    def save(self: _Editor, *, then_exit: bool = False, force: bool = False) -> bool:
        """Save now; returns False (and keeps the edits) when writing fails or must wait.

        When the file changed on disk since it was read, ask before overwriting it
        (``then_exit``: quit after a confirmed save).
        """
        self.run_validation()
        if not force and self.doc.changed_on_disk():
            def done(choice: str | None) -> None:
                if choice == "overwrite" and self.save(force=True) and then_exit:
                    self.exit()
                elif choice != "overwrite":
                    self.set_status("not saved: the file on disk was left as it is", "warn")

            self.push_screen(ChoiceScreen(
                f"[b]{escape(self.doc.name)}[/b] was changed on disk by another program "
                "since you opened it (or it was removed, or created: --from).\n"
                "[b]o[/b] overwrite it with your version · [b]esc[/b] keep it, do not save",
                [("overwrite", "Overwrite", "o"), ("cancel", "Cancel", "c")],
                default="cancel",
            ), done)
            return False
        try:
            self.doc.save()
        except OSError as exc:
            self.set_status(f"NOT saved: {exc.strerror or exc} ({self.doc.path}) — your edits "
                            "are kept; fix the problem or quit without saving", "error")
            self.bell()
            return False
        self.doc.break_coalescing()
        self.refresh_title()
        errors = sum(1 for p in self.problems if p.level == "error")
        if errors:
            self.set_status(f"saved {self.doc.name} WITH {plural(errors, 'error')}: "
                            "it will not load until fixed "
                            "(see the list above)", "warn")
        else:
            self.set_status(f"saved {self.doc.name}")
        return True

    def action_save(self: _Editor) -> None:
        self.save()

    async def action_quit(self: _Editor) -> None:
        if not self.doc.modified:
            self.exit()
            return
        if self._asking:
            return
        self._asking = True
        self.run_validation()
        errors = sum(1 for p in self.problems if p.level == "error")

        def done(choice: str | None) -> None:
            self._asking = False
            if choice == "save":
                if self.save(then_exit=True):
                    self.exit()
            elif choice == "discard":
                self.exit()
            else:
                self.set_status("not quitting: your changes are still here")

        self.push_screen(confirm_quit_screen(escape(self.doc.name), errors), done)
