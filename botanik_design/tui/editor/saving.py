"""Saving and quitting the editor: atomic save, asking before overwriting or losing work.

:class:`Saving` is owned by an editor app (the tile-set and the piece-set editor); the
app's ``save``, ``action_save`` and ``action_quit`` delegate to it.
"""

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

    @property
    def doc(self) -> RoundTripText: ...
    @property
    def problems(self) -> list[Problem]: ...

    def run_validation(self) -> None: ...
    def refresh_title(self) -> None: ...
    def set_status(self, message: str, level: str = "info") -> None: ...
    def push_screen(self, screen: Any, callback: Callable[[Any], None]) -> Any: ...
    def exit(self) -> None: ...
    def bell(self) -> None: ...


class Saving:
    """Saves ``editor``'s document and asks before quitting with unsaved changes."""

    def __init__(self, editor: _Editor) -> None:
        self.editor = editor
        #: Set while quitting is being asked, so a second ``q`` does not stack dialogs.
        self.asking = False

    def save(self, *, then_exit: bool = False, force: bool = False) -> bool:
        """Save now; returns False (and keeps the edits) when writing fails or must wait.

        When the file changed on disk since it was read, ask before overwriting it
        (``then_exit``: quit after a confirmed save).
        """
        ed = self.editor
        ed.run_validation()
        if not force and ed.doc.changed_on_disk():
            def done(choice: str | None) -> None:
                if choice == "overwrite" and self.save(force=True) and then_exit:
                    ed.exit()
                elif choice != "overwrite":
                    ed.set_status("not saved: the file on disk was left as it is", "warn")

            ed.push_screen(ChoiceScreen(
                f"[b]{escape(ed.doc.name)}[/b] was changed on disk by another program "
                "since you opened it (or it was removed, or created: --from).\n"
                "[b]o[/b] overwrite it with your version · [b]esc[/b] keep it, do not save",
                [("overwrite", "Overwrite", "o"), ("cancel", "Cancel", "c")],
                default="cancel",
            ), done)
            return False
        try:
            ed.doc.save()
        except OSError as exc:
            ed.set_status(f"NOT saved: {exc.strerror or exc} ({ed.doc.path}) — your edits "
                          "are kept; fix the problem or quit without saving", "error")
            ed.bell()
            return False
        ed.doc.break_coalescing()
        ed.refresh_title()
        errors = sum(1 for p in ed.problems if p.level == "error")
        if errors:
            ed.set_status(f"saved {ed.doc.name} WITH {plural(errors, 'error')}: "
                          "it will not load until fixed "
                          "(see the list above)", "warn")
        else:
            ed.set_status(f"saved {ed.doc.name}")
        return True

    def quit(self) -> None:
        """Quit now when nothing is unsaved, else ask: save, discard or stay."""
        ed = self.editor
        if not ed.doc.modified:
            ed.exit()
            return
        if self.asking:
            return
        self.asking = True
        ed.run_validation()
        errors = sum(1 for p in ed.problems if p.level == "error")

        def done(choice: str | None) -> None:
            self.asking = False
            if choice == "save":
                if self.save(then_exit=True):
                    ed.exit()
            elif choice == "discard":
                ed.exit()
            else:
                ed.set_status("not quitting: your changes are still here")

        ed.push_screen(confirm_quit_screen(escape(ed.doc.name), errors), done)
