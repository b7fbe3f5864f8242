"""The board screen's dialogs: help, the list of legal actions, the summary, records.

:class:`BoardDialogs` is owned by the board screen; the screen's key actions
(``action_help``, ``action_save``...) call it.  It opens each dialog and acts on its
answer: plays the chosen action, saves or loads a record, keeps a note, quits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from botanik_design.games.botanik.engine import RecordError
from botanik_design.games.botanik.rulespage import rules_markdown
from botanik_design.model.words import plural
from botanik_design.tui.botanik.controller import Controller
from botanik_design.tui.botanik.host import GameHost
from botanik_design.tui.botanik.screens import (
    ActionListScreen,
    HelpScreen,
    PathScreen,
    SummaryScreen,
)
from botanik_design.tui.widgets.note import NoteScreen
from botanik_design.tui.widgets.quitguard import QuitGuard


class _Screen(Protocol):
    """What :class:`BoardDialogs` needs of the board screen."""

    ctl: Controller
    host: GameHost
    quit_guard: QuitGuard

    @property
    def app(self) -> Any: ...

    def say(self, message: str, warn: bool = False) -> None: ...
    def play(self, action: int) -> None: ...
    def action_undo(self) -> None: ...
    def action_save(self) -> None: ...
    def action_quit(self) -> None: ...
    def _summary_closed(self, what: str | None) -> None: ...


class BoardDialogs:
    """The dialogs of ``screen`` (a :class:`~botanik_design.tui.botanik.board.BoardScreen`)."""

    def __init__(self, screen: _Screen) -> None:
        self.screen = screen
        #: The game's summary is open (it is shown once per end of game).
        self.summary_shown = False

    def help(self, start: str = "keys") -> None:
        """The help screen: keys, and a tab with the rules of this game's variant."""
        r = self.screen.ctl.rules
        page = rules_markdown(r.variant, r.tileset, overrides=r.overrides)
        self.screen.app.push_screen(HelpScreen(page, start))

    def note(self) -> None:
        """A play-test note on the current move (the record's ``notes``; autosaved)."""
        screen, ctl, host = self.screen, self.screen.ctl, self.screen.host

        def keep(text: str | None) -> None:
            if text:
                ctl.add_note(text)
                host.autosave(ctl)
                screen.say(f"note kept on move {len(ctl.state.history())}"
                           + (f"; autosave failed: {host.autosave_error}"
                              if host.autosave_error else ""))

        screen.app.push_screen(NoteScreen(len(ctl.state.history())), keep)

    def actions(self, bot_failed: bool) -> None:
        """Every legal action of the pending decision, to choose one (the human's, or
        the bot's when its decision ``bot_failed``)."""
        ctl = self.screen.ctl
        d = ctl.pending()
        if d is None or not (ctl.human_to_act() or bot_failed):
            return
        title = f"P{d.player}: every legal {d.kind} ({len(ctl.legal())})"
        self.screen.app.push_screen(ActionListScreen(title, ctl.legal()), self._list_chosen)

    def _list_chosen(self, action: int | None) -> None:
        if action is not None:
            self.screen.play(action)

    def summary(self) -> None:
        """The summary of the finished game (once; the screen's ``_summary_closed``
        gets its answer)."""
        ctl = self.screen.ctl
        if self.summary_shown or not ctl.is_over():
            return
        self.summary_shown = True
        self.screen.app.push_screen(SummaryScreen(ctl.outcome(), ctl.summary()),
                                    self.screen._summary_closed)

    def summary_closed(self, what: str | None) -> None:
        """Act on the summary's answer: ``undo``, ``save``, ``new``, ``quit`` or ``None``."""
        self.summary_shown = False
        if what == "undo":
            self.screen.action_undo()
        elif what == "save":
            self.screen.action_save()
        elif what == "new":
            self.screen.host.new_game()
        elif what == "quit":
            self.screen.action_quit()

    def save(self) -> None:
        """Ask where to save the game's record, then save it."""
        default = self.screen.host.record_path or f"botanik-{self.screen.ctl.seed}.yaml"
        self.screen.app.push_screen(PathScreen("Save the game as a record:", str(default)),
                                    self._save_to)

    def _save_to(self, value: str | None) -> None:
        if value is None:
            return
        ctl = self.screen.ctl
        try:
            ctl.save(Path(value))
        except OSError as exc:
            self.screen.say(f"cannot save {value}: {exc.strerror or exc}", warn=True)
            return
        self.screen.say(f"saved {value} ({plural(len(ctl.state.history()), 'action')})")

    def load(self) -> None:
        """Ask for a record, then play it on (the host switches to its game)."""
        path = str(self.screen.host.record_path or "")
        self.screen.app.push_screen(PathScreen("Load a record:", path), self._load_from)

    def _load_from(self, value: str | None) -> None:
        if value is None:
            return
        host = self.screen.host
        try:
            ctl = Controller.from_record(Path(value), host.opponent)
        except (RecordError, OSError) as exc:
            self.screen.say(f"cannot load {value}: {exc}", warn=True)
            return
        host.switch_game(ctl, f"loaded {value} ({plural(len(ctl.state.history()), 'action')})")

    def quit(self) -> None:
        """Quit; ask again when a human move would be lost (not saved, or autosave failed)."""
        screen = self.screen
        error = screen.host.autosave_error
        why = "" if not screen.ctl.unsaved() else (
            f"the last autosave failed ({error})" if error else "this game is not saved")
        question = screen.quit_guard.ask(why and f"{why}; ctrl+s saves it")
        if question is not None:
            screen.say(question, warn=True)
            return
        screen.app.exit()
