"""Quitting the Hive screen: with moves in no file it asks again first, as the Botanik
board does (:class:`~botanik_design.tui.widgets.quitguard.QuitGuard`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from botanik_design.model.words import plural
from botanik_design.tui.hive.session import HiveSession
from botanik_design.tui.widgets.quitguard import QuitGuard


class _Host(Protocol):
    session: HiveSession
    record_path: Path | None
    saved_history: tuple[Any, ...]
    quit_guard: QuitGuard

    def say(self, message: str, warn: bool = False) -> None: ...
    @property
    def app(self) -> Any: ...


class LeaveMixin:
    """``q`` for :class:`~.screen.HiveScreen`."""

    def unsaved_note(self: _Host) -> str:
        """What quitting now would lose ("" nothing): the moves since the game started
        or was last autosaved."""
        history = tuple(self.session.state.history())
        saved = self.saved_history
        if not history or history == saved:
            return ""
        n = len(history) - len(saved) if history[:len(saved)] == saved else len(history)
        if self.record_path is not None:
            return f"the last autosave failed ({plural(n, 'move')} not saved)"
        return f"{plural(n, 'move')} not saved (start with --record FILE to keep them)"

    def action_leave(self: _Host) -> None:
        """Quit; ask again first when a move is in no file (no ``--record``, or its last
        autosave failed)."""
        question = self.quit_guard.ask(LeaveMixin.unsaved_note(self))
        if question is not None:
            self.say(question, warn=True)
            return
        self.app.exit()
