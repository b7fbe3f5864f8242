"""Leaving the Hive game: the end screen, and quitting: with moves in no file it asks
again first, as the Botanik board does
(:class:`~botanik_design.tui.widgets.quitguard.QuitGuard`).

:class:`Leave` is owned by the screen; its ``q`` action calls it, and so does the end
of the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from botanik_design.model.words import plural
from botanik_design.tui.hive.session import HiveSession
from botanik_design.tui.hive.widgets import EndScreen
from botanik_design.tui.widgets.quitguard import QuitGuard


class _Screen(Protocol):
    """What :class:`Leave` needs of the Hive screen."""

    session: HiveSession
    record_path: Path | None
    saved_history: tuple[Any, ...]
    quit_guard: QuitGuard

    def say(self, message: str, warn: bool = False) -> None: ...
    def action_undo(self) -> None: ...
    def action_leave(self) -> None: ...
    @property
    def app(self) -> Any: ...


class Leave:
    """The end screen and ``q`` for ``screen`` (a :class:`~.screen.HiveScreen`)."""

    def __init__(self, screen: _Screen) -> None:
        self.screen = screen
        #: The end screen was shown for this game over (undo shows it again next time).
        self.end_shown = False

    def show_end(self) -> None:
        """The end screen (once per game over): undo, or quit."""
        if self.end_shown:
            return
        self.end_shown = True
        s = self.screen.session
        self.screen.app.push_screen(EndScreen(s.outcome(), len(s.state.history())),
                                    self._end_closed)

    def _end_closed(self, what: str | None) -> None:
        if what == "undo":
            self.screen.action_undo()
        elif what == "quit":
            self.screen.action_leave()

    def unsaved_note(self) -> str:
        """What quitting now would lose ("" nothing): the moves since the game started
        or was last autosaved."""
        screen = self.screen
        history = tuple(screen.session.state.history())
        saved = screen.saved_history
        if not history or history == saved:
            return ""
        n = len(history) - len(saved) if history[:len(saved)] == saved else len(history)
        if screen.record_path is not None:
            return f"the last autosave failed ({plural(n, 'move')} not saved)"
        return f"{plural(n, 'move')} not saved (start with --record FILE to keep them)"

    def leave(self) -> None:
        """Quit; ask again first when a move is in no file (no ``--record``, or its last
        autosave failed)."""
        question = self.screen.quit_guard.ask(self.unsaved_note())
        if question is not None:
            self.screen.say(question, warn=True)
            return
        self.screen.app.exit()
