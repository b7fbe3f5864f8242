"""The board screen's dialogs: help, the list of legal actions, the summary, records."""

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


class _Board(Protocol):
    """What these actions need of the board screen."""

    ctl: Controller
    app: Any
    _bot_busy: bool
    _bot_error: bool
    quit_guard: QuitGuard
    _summary_shown: bool

    @property
    def app_(self) -> GameHost: ...

    def say(self, message: str, warn: bool = False) -> None: ...
    def redraw(self) -> None: ...
    def play(self, action: int) -> None: ...
    def after_move(self, lines: list[str], *, human: bool = False) -> None: ...
    def maybe_bot(self) -> None: ...
    def show_summary(self) -> None: ...
    def action_undo(self) -> None: ...
    def action_save(self) -> None: ...
    def action_quit(self) -> None: ...
    def run_worker(self, work: Any, *, thread: bool, exclusive: bool, group: str) -> Any: ...
    def set_timer(self, delay: float, callback: Any) -> Any: ...
    def _call(self, callback: Any, *args: Any) -> None: ...
    def _bot_failed(self, why: str) -> None: ...
    def _bot_done(self, ticket: int, action: int) -> None: ...
    def _summary_closed(self, what: str | None) -> None: ...
    def _list_chosen(self, action: int | None) -> None: ...
    def _save_to(self, value: str | None) -> None: ...
    def _load_from(self, value: str | None) -> None: ...


class BoardMenusMixin:
    """Dialog actions of :class:`~botanik_design.tui.botanik.board.BoardScreen`."""

    def action_help(self: _Board, start: str = "keys") -> None:
        """The help screen: keys, and a tab with the rules of this game's variant."""
        r = self.ctl.rules
        page = rules_markdown(r.variant, r.tileset, overrides=r.overrides)
        self.app.push_screen(HelpScreen(page, start))

    def action_note(self: _Board) -> None:
        """A play-test note on the current move (the record's ``notes``; autosaved)."""
        def keep(text: str | None) -> None:
            if text:
                self.ctl.add_note(text)
                self.app_.autosave(self.ctl)
                self.say(f"note kept on move {len(self.ctl.state.history())}"
                         + (f"; autosave failed: {self.app_.autosave_error}"
                            if self.app_.autosave_error else ""))

        self.app.push_screen(NoteScreen(len(self.ctl.state.history())), keep)

    def action_actions(self: _Board) -> None:
        d = self.ctl.pending()
        if d is None or not (self.ctl.human_to_act() or self._bot_error):
            return
        title = f"P{d.player}: every legal {d.kind} ({len(self.ctl.legal())})"
        self.app.push_screen(ActionListScreen(title, self.ctl.legal()), self._list_chosen)

    def _list_chosen(self: _Board, action: int | None) -> None:
        if action is not None:
            self.play(action)

    def show_summary(self: _Board) -> None:
        if self._summary_shown or not self.ctl.is_over():
            return
        self._summary_shown = True
        self.app.push_screen(SummaryScreen(self.ctl.outcome(), self.ctl.summary()),
                             self._summary_closed)

    def _summary_closed(self: _Board, what: str | None) -> None:
        self._summary_shown = False
        if what == "undo":
            self.action_undo()
        elif what == "save":
            self.action_save()
        elif what == "new":
            self.app_.new_game()
        elif what == "quit":
            self.action_quit()

    def action_save(self: _Board) -> None:
        default = self.app_.record_path or f"botanik-{self.ctl.seed}.yaml"
        self.app.push_screen(PathScreen("Save the game as a record:", str(default)),
                             self._save_to)

    def _save_to(self: _Board, value: str | None) -> None:
        if value is None:
            return
        try:
            self.ctl.save(Path(value))
        except OSError as exc:
            self.say(f"cannot save {value}: {exc.strerror or exc}", warn=True)
            return
        self.say(f"saved {value} ({plural(len(self.ctl.state.history()), 'action')})")

    def action_load(self: _Board) -> None:
        self.app.push_screen(PathScreen("Load a record:", str(self.app_.record_path or "")),
                             self._load_from)

    def _load_from(self: _Board, value: str | None) -> None:
        if value is None:
            return
        try:
            ctl = Controller.from_record(Path(value), self.app_.opponent)
        except (RecordError, OSError) as exc:
            self.say(f"cannot load {value}: {exc}", warn=True)
            return
        self.app_.switch_game(ctl, f"loaded {value} ({plural(len(ctl.state.history()), 'action')})")

    def action_quit(self: _Board) -> None:
        """Quit; ask again when a human move would be lost (not saved, or autosave failed)."""
        error = self.app_.autosave_error
        why = "" if not self.ctl.unsaved() else (
            f"the last autosave failed ({error})" if error else "this game is not saved")
        question = self.quit_guard.ask(why and f"{why}; ctrl+s saves it")
        if question is not None:
            self.say(question, warn=True)
            return
        self.app.exit()
