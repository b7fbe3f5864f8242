"""The board screen: a game of Botanik drawn from a :class:`Controller`.

It shows, top to bottom: a status line (round, pile, Meca pawn, who must act),
the registry with the arrival zone and the move log (:class:`~.toprow.TopRow`),
both machines (:class:`~.machines.MachinesView`: scrollable, centred on the
Source, with live scores and their breakdown in the border), and a two-line
prompt saying what to do and which keys do it.  Game logic stays in the
controller; the highlighted choice is a :class:`~.choice.Choice`; the bot's
turns are a :class:`~.turns.BotTurns` and the dialogs a
:class:`~.menus.BoardDialogs`, both owned by the screen (its key actions call
them); the texts come from :mod:`.texts`; the move log, panes and drawings are
game-neutral widgets (:mod:`.widgets`).
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Static

from botanik_design.games.botanik.engine import IllegalActionError
from botanik_design.tui.botanik import render as R
from botanik_design.tui.botanik.choice import Choice
from botanik_design.tui.botanik.controller import Controller
from botanik_design.tui.botanik.host import GameHost
from botanik_design.tui.botanik.machines import MachinesView
from botanik_design.tui.botanik.menus import BoardDialogs
from botanik_design.tui.botanik.texts import MIN_SIZE, prompt_text, status_text
from botanik_design.tui.botanik.toprow import TopRow, log_line
from botanik_design.tui.botanik.turns import BotTurns
from botanik_design.tui.botanik.widgets import Drawing
from botanik_design.tui.widgets.quitguard import QuitGuard

#: The style sheet beside this module (absolute: subclasses elsewhere find it too).
_STYLES = Path(__file__).with_name("board.tcss")

#: Below this many rows the registry and the arrival zone draw a tile on one line: at 30
#: rows the full registry (10 lines) still leaves 5 machine rows (15 lines and a border).
COMPACT_BELOW = 30

#: The board's keys (see :data:`~botanik_design.tui.botanik.screens.KEYS`).
BOARD_BINDINGS: list[BindingType] = [
    Binding("question_mark,f1", "help", "Help"),
    Binding("u", "undo", "Undo"),
    Binding("a", "actions", "Actions"),
    Binding("n", "note", "Note", show=False),
    Binding("enter,space", "confirm", "Play"),
    Binding("escape", "cancel", "Cancel", show=False),
    Binding("up", "move(0, 1)", show=False, priority=True),
    Binding("down", "move(0, -1)", show=False, priority=True),
    Binding("left", "move(-1, 0)", show=False, priority=True),
    Binding("right", "move(1, 0)", show=False, priority=True),
    Binding("r", "rotate(1)", "Rotate", show=False),
    Binding("R", "rotate(-1)", show=False),
    Binding("s", "prefix('s')", show=False),
    Binding("m", "prefix('m')", show=False),
    Binding("c", "centre", show=False),
    Binding("shift+up", "scroll(0, -3)", show=False),
    Binding("shift+down", "scroll(0, 3)", show=False),
    Binding("shift+left", "scroll(-7, 0)", show=False),
    Binding("shift+right", "scroll(7, 0)", show=False),
    Binding("ctrl+s", "save", "Save"),
    Binding("ctrl+o", "load", "Load"),
    Binding("q", "quit", "Quit"),
    *[Binding(str(d), f"digit({d})", show=False) for d in range(1, 10)],
]


class BoardScreen(Screen[None]):
    """The board of ``controller`` at ``host``; see :data:`~.screens.KEYS`."""

    CSS_PATH = _STYLES

    BINDINGS: ClassVar[list[BindingType]] = BOARD_BINDINGS

    def __init__(self, controller: Controller, host: GameHost) -> None:
        super().__init__()
        self.ctl = controller
        self.host = host  # where the board is played (autosave, other games)
        #: What the human player has highlighted.
        self.choice = Choice()
        self.message = ""
        self.warn = False
        self._drawn_size: tuple[int, int] | None = None
        self.quit_guard = QuitGuard()
        #: The bot's decisions and the dialogs (save, load, notes, help, the summary).
        self.bot = BotTurns(self)
        self.dialogs = BoardDialogs(self)
        #: The registry, arrival zone and log; the machines and scores.
        self.top = TopRow(id="top")
        self.machines = MachinesView(id="machines")
        #: "WxH" when the terminal is smaller than :data:`MIN_SIZE` (parts are hidden).
        self.too_small = ""

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield self.top
        yield self.machines
        yield Static(id="prompt")

    @property
    def scale(self) -> R.Scale:
        """One-line registry and arrival tiles below :data:`COMPACT_BELOW` rows, so that
        five rows of machine tiles stay in view."""
        return R.COMPACT if self.has_class("compact") else R.FULL

    def on_resize(self, event: Resize) -> None:
        width, height = event.size
        self.set_class(width >= 110 and height >= 34, "large")
        compact = height < COMPACT_BELOW
        if compact != self.has_class("compact"):
            self.set_class(compact, "compact")
            if self.is_mounted:
                self.redraw()
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.too_small = f"{width}x{height}" if small else ""
        if self.is_mounted:
            self.query_one("#status", Static).update(self._status())
            self.query_one("#prompt", Static).update(self._prompt())
            if (width, height) != self._drawn_size:
                # the machines were centred for the old size (the log rewraps itself)
                self._drawn_size = (width, height)
                self.call_after_refresh(self.action_centre)

    def on_mount(self) -> None:
        self.rewrite_log()
        self.redraw()
        self.call_after_refresh(self.action_centre)
        self.maybe_bot()

    @property
    def app_(self) -> GameHost:
        return self.host

    # the highlighted choice, by name (tests and mouse handling read them)
    @property
    def sel(self) -> int:
        return self.choice.sel

    @property
    def cursor(self) -> R.Cell:
        return self.choice.cursor

    @property
    def col(self) -> int:
        return self.choice.col

    def _chosen(self) -> int | None:
        return self.choice.chosen(self.ctl)

    def _status(self) -> Text:
        return status_text(self.ctl, self.too_small, self.app_.autosave_error)

    def _prompt(self) -> Text:
        width = (self.size.width or MIN_SIZE[0]) - 2  # the prompt's padding: 0 1
        return prompt_text(self.ctl, self.choice, self.message, width)

    def rewrite_log(self) -> None:
        """Show the controller's whole move log again."""
        self.top.show_log(self.ctl.lines)

    def _write_log(self, line: Text) -> None:
        self.top.write_log(line)

    # ------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw everything from the controller's state."""
        self.choice.sync(self.ctl)
        c = self.choice
        self.quit_guard.shown(self.message)
        self.top.draw(self.ctl, c, self.scale)
        self.machines.draw(self.ctl, c)
        self.query_one("#status", Static).update(self._status())
        prompt = self.query_one("#prompt", Static)
        prompt.update(self._prompt())
        prompt.set_class(self.warn, "warn")

    def say(self, message: str, warn: bool = False) -> None:
        self.message = message
        self.warn = warn
        self.redraw()

    # ------------------------------------------------------------ moves

    def play(self, action: int) -> None:
        """Apply a human decision and move the game on."""
        try:
            lines = self.ctl.play(action)
        except IllegalActionError as exc:
            self.say(str(exc), warn=True)
            return
        self.after_move(lines, human=True)

    def after_move(self, lines: list[str], *, human: bool = False) -> None:
        self.bot.error = False
        for line in lines:
            self._write_log(log_line(line))
        self.message = ""
        self.warn = False
        note = self.app_.autosave(self.ctl, moved=human)
        if self.app_.autosave_error:
            self._write_log(Text(f"autosave failed: {self.app_.autosave_error}",
                                 style="bold red"))
            self.message = f"autosave failed: {self.app_.autosave_error} (ctrl+s saves elsewhere)"
            self.warn = True
        elif note:
            self._write_log(Text(note, style="#d7875f"))
            self.message = note
        self.redraw()
        if self.ctl.is_over():
            self.show_summary()
        else:
            self.maybe_bot()

    # ------------------------------------------------------------ actions

    def action_undo(self) -> None:
        if self.ctl.undo():
            self.choice.forget()
            self.bot.busy = False
            self.rewrite_log()
            self.app_.autosave(self.ctl)
            if self.app_.autosave_error:
                self.say(f"undone; autosave failed: {self.app_.autosave_error}", warn=True)
            else:
                self.say("undone: back to your previous decision")
            self.maybe_bot()
        else:
            self.say("nothing to undo", warn=True)

    def action_confirm(self) -> None:
        if self.ctl.is_over():
            self.show_summary()
            return
        action = self.choice.chosen(self.ctl)
        if action is None:
            if self.ctl.human_to_act():
                self.say("that is not a legal move: choose a highlighted one", warn=True)
            return
        self.play(action)

    def action_cancel(self) -> None:
        self.choice.prefix = ""
        self.message = ""
        self.warn = False
        self.redraw()

    def _human_decides(self) -> bool:
        return self.ctl.pending() is not None and self.ctl.human_to_act()

    def action_move(self, dx: int, dy: int) -> None:
        if self._human_decides():
            self.choice.move(self.ctl, dx, dy)
            self.message = ""
            self.redraw()

    def action_rotate(self, step: int) -> None:
        """r: the next rotation while you place a tile; at any other time, the rules page."""
        d = self.ctl.pending()
        if d is None or d.kind != "place" or not self.ctl.human_to_act():
            if step == 1:
                self.action_help("rules")
            return
        note = self.choice.rotate(self.ctl, step)
        if note:
            self.say(note)
            return
        self.message = ""
        self.redraw()

    def action_digit(self, n: int) -> None:
        if not self._human_decides():
            return
        warning = self.choice.digit(self.ctl, n)
        if warning:
            self.say(warning, warn=True)
            return
        self.message = ""
        self.redraw()

    @on(Drawing.Clicked)
    def _clicked(self, event: Drawing.Clicked) -> None:
        if not self._human_decides():
            return
        what = self.choice.click(self.ctl, event.where, event.x, event.y, self._layouts,
                                 self.scale)
        if what == "confirm":
            self.action_confirm()
        elif what == "refused":
            self.say(self.choice.refusal, warn=True)
        elif what == "moved":
            self.message = ""
            self.redraw()

    def action_prefix(self, which: str) -> None:
        d = self.ctl.pending()
        if d is not None and d.kind == "pick" and self.ctl.human_to_act():
            self.choice.prefix = which
            self.message = ""
            self.redraw()

    # ------------------------------------------------------------ components

    @property
    def _layouts(self) -> dict[int, R.MachineLayout]:
        """Where each player's cells are drawn (the machines' view owns them)."""
        return self.machines.layouts

    @property
    def _bot_busy(self) -> bool:
        return self.bot.busy

    @property
    def _bot_error(self) -> bool:
        return self.bot.error

    @property
    def _summary_shown(self) -> bool:
        return self.dialogs.summary_shown

    @_summary_shown.setter
    def _summary_shown(self, shown: bool) -> None:
        self.dialogs.summary_shown = shown

    def maybe_bot(self) -> None:
        """Start the bot's next decision in a worker thread, if it must act."""
        self.bot.maybe()

    def action_centre(self) -> None:
        self.machines.centre()

    def action_scroll(self, dx: int, dy: int) -> None:
        self.machines.scroll(dx, dy)

    def action_help(self, start: str = "keys") -> None:
        self.dialogs.help(start)

    def action_note(self) -> None:
        self.dialogs.note()

    def action_actions(self) -> None:
        self.dialogs.actions(self.bot.error)

    def show_summary(self) -> None:
        self.dialogs.summary()

    def _summary_closed(self, what: str | None) -> None:
        self.dialogs.summary_closed(what)

    def action_save(self) -> None:
        self.dialogs.save()

    def action_load(self) -> None:
        self.dialogs.load()

    def action_quit(self) -> None:
        self.dialogs.quit()
