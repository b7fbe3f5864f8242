"""The Hive play screen: the hex board, both hands, a status line, a MoveString prompt.

Keys (also on the help screen, ``?``): arrows move the board cursor, or cycle
the destinations of the selected piece; enter selects the piece under the
cursor or plays the destination under it; tab cycles your pieces; Q S B G A
M L P (upper case) take that bug from your hand; ``:`` types a UHP MoveString;
``p`` passes (only when nothing else is legal); ``u`` undoes; shift+arrows
scroll, ``c`` recentres; ``q`` quits.  The bot thinks in a worker thread
(:mod:`.botturn`).  The help, the cursor keys, the bot and quitting are
components the screen owns (:class:`~.help.HiveHelp`,
:class:`~.navigation.Navigation`, :class:`~.botturn.BotTurn`,
:class:`~.leaving.Leave`); its key actions call them.  The screen is shown by
:class:`~.app.HiveApp` (``play --variant hive-...``) and by the play app after
the variant form.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Static

from botanik_design.games.hive.engine.board import PASS, encode
from botanik_design.games.hive.engine.pieces import COLOUR_NAME
from botanik_design.model.words import plural
from botanik_design.tui.hive.botturn import BotTurn
from botanik_design.tui.hive.help import HiveHelp
from botanik_design.tui.hive.leaving import Leave
from botanik_design.tui.hive.navigation import Navigation, reading_order
from botanik_design.tui.hive.session import HandGroup, HiveSession
from botanik_design.tui.hive.widgets import HandPanel, HexBoard
from botanik_design.tui.widgets.footer import SteadyFooter
from botanik_design.tui.widgets.quitguard import QuitGuard

#: The style sheet beside this module (absolute: the play app shows this screen too).
_STYLES = Path(__file__).with_name("hive.tcss")

BUG_KEYS = "QSBGAMLP"

#: The Hive screen's keys (see :data:`~.help.KEYS`).
HIVE_BINDINGS: list[BindingType] = [
    Binding("question_mark,f1", "help", "Help"),
    Binding("r", "help('rules')", "Rules"),
    Binding("u", "undo", "Undo"),
    Binding("n", "note", "Note", show=False),
    Binding("colon", "prompt", "MoveString"),
    Binding("p", "pass_turn", "Pass"),
    Binding("tab", "cycle(1)", "Next", priority=True),
    Binding("shift+tab", "cycle(-1)", show=False, priority=True),
    Binding("enter,space", "confirm", "Select"),
    Binding("escape", "cancel", show=False),
    Binding("up", "arrow(0, -1)", show=False, priority=True),
    Binding("down", "arrow(0, 1)", show=False, priority=True),
    Binding("left", "arrow(-1, 0)", show=False, priority=True),
    Binding("right", "arrow(1, 0)", show=False, priority=True),
    Binding("shift+up", "scroll(0, -2)", show=False),
    Binding("shift+down", "scroll(0, 2)", show=False),
    Binding("shift+left", "scroll(-6, 0)", show=False),
    Binding("shift+right", "scroll(6, 0)", show=False),
    Binding("c", "centre", show=False),
    Binding("q", "leave", "Quit"),
    *[Binding(k, f"bug('{k}')", show=False) for k in BUG_KEYS],
]


class HiveScreen(Screen[None]):
    """Play one Hive game (``session``); ``record_path``: autosave after every move.

    ``q`` (or quitting from the end screen) exits the app.
    """

    CSS_PATH = _STYLES
    AUTO_FOCUS = ""  # nothing: keys go to the screen (an Input would swallow them)
    BINDINGS: ClassVar[list[BindingType]] = HIVE_BINDINGS

    def __init__(self, session: HiveSession, *, record_path: Path | None = None,
                 bot_delay: float = 0.5) -> None:
        super().__init__()
        self.session = session
        self.record_path = record_path
        self.bot_delay = bot_delay
        self.selected: int | None = None
        self.targets: list[int] = []
        self.target_index = 0
        self.message = ""
        self.warn = False
        self.quit_guard = QuitGuard()
        #: The moves in a file: the game as it started (new, or loaded from a record),
        #: then as the last successful autosave wrote it; quitting with others asks first.
        self.saved_history = tuple(session.state.history())
        #: Rows the status shows (it grows to show a long message whole, up to 4).
        self._status_rows = 2
        #: The help and notes, the cursor and prompt keys, the bot's turns, quitting.
        self.help = HiveHelp(self)
        self.nav = Navigation(self)
        self.bot = BotTurn(self)
        self.leaving = Leave(self)

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield HandPanel(0, self.take_from_hand, id="hand-white")
            yield HexBoard(lambda: self.session.state.board, self.click_cell, id="board")
            yield HandPanel(1, self.take_from_hand, id="hand-black")
        yield Static(id="status")
        yield Input(placeholder=": types a UHP MoveString here, e.g. wA1 -bQ (enter plays, "
                    "escape leaves)", compact=True, id="prompt")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.redraw()
        self.after_change()

    # -- drawing ---------------------------------------------------------------
    @property
    def board_widget(self) -> HexBoard:
        return self.query_one(HexBoard)

    def redraw(self) -> None:
        s = self.session
        view = self.board_widget.view
        view.selected = None if self.selected is None else s.state.board.pos[self.selected]
        view.targets = frozenset(self.targets)
        view.last = s.last_move()
        if self.targets:
            view.cursor = self.targets[self.target_index]
        self.board_widget.refresh()
        for panel in self.query(HandPanel):
            panel.refresh_hand(s, self.selected)
        self._show_status()

    def _show_status(self) -> None:
        """Update the status; the layout is redone only when its number of rows changes
        (a long message wraps whole instead of being cut)."""
        self.quit_guard.shown(self.message)
        text = self.status_text()
        width = max(1, self.size.width - 2)  # padding 0 1
        rows = min(4, sum(max(1, -(-len(line) // width)) for line in text.plain.split("\n")))
        rows = max(2, rows)
        self.query_one("#status", Static).update(text, layout=rows != self._status_rows)
        self._status_rows = rows

    def status_text(self) -> Text:
        s = self.session
        head = f"Turn {s.state.board.player_turn()} · {COLOUR_NAME[s.to_move]} to move"
        if s.is_over():
            head = f"Game over · {s.outcome()}"
        elif s.bot_to_act():
            head += " · the bot is thinking…"
        text = Text(head, style="bold")
        last = s.last_move()
        legend = " · *piece: the last move, ∙: where it came from"
        if last is not None and last[0] is not None and last[0] not in s.state.board.stacks \
                and len(head) + len(legend) <= (self.size.width or 80) - 2:  # one row
            text.append(legend, style="#8a8a8a")
        line = self.message or self.hint()
        text.append("\n" + line, style="bold red" if self.warn else "")
        return text

    def hint(self) -> str:
        s = self.session
        if s.is_over() or not s.human_to_act():
            return ""
        if s.only_pass():
            return (f"{COLOUR_NAME[s.to_move]} has no legal placement or movement: "
                    "press p to pass")
        if self.selected is None:
            return "tab or a bug letter (Q S B G A…) selects a piece; ? shows the keys"
        name = s.state.board.table.names[self.selected]
        if not self.targets:
            return ""
        cell = self.targets[self.target_index]
        move = s.state.action_to_string(encode(self.selected, cell))
        return (f"{name}: destination {self.target_index + 1}/{len(self.targets)} ({move}) "
                "· arrows cycle, enter plays, escape drops")

    def say(self, message: str, warn: bool = False) -> None:
        self.message, self.warn = message, warn
        self._show_status()

    # -- selection -------------------------------------------------------------
    def select(self, pid: int | None) -> None:
        s = self.session
        self.selected, self.targets, self.target_index = pid, [], 0
        self.message, self.warn = "", False
        if pid is not None:
            name = s.state.board.table.names[pid]
            reason = s.why_blocked(pid)
            if reason is not None:
                self.message, self.warn = f"{name} cannot move: {reason.text}", True
            else:
                self.targets = sorted(s.destinations(pid), key=reading_order)
                cur = self.board_widget.view.cursor
                if cur in self.targets:
                    self.target_index = self.targets.index(cur)
        self.redraw()

    def can_act(self) -> bool:
        if self.session.is_over():
            self.say("the game is over: u undoes, q quits", warn=True)
            return False
        if not self.session.human_to_act():
            self.say("wait: it is the bot's turn", warn=True)
            return False
        return True

    def action_cycle(self, step: int) -> None:
        if not self.can_act():
            return
        pieces = self.nav.selectable()
        if not pieces:
            return
        i = pieces.index(self.selected) + step if self.selected in pieces else (
            0 if step > 0 else -1)
        pid = pieces[i % len(pieces)]
        cell = self.session.state.board.pos[pid]
        if cell is not None:
            self.board_widget.view.cursor = cell
        self.select(pid)

    def action_bug(self, letter: str) -> None:
        if not self.can_act():
            return
        for g in self.session.hand(self.session.to_move):
            if g.letter == letter:
                self.take_from_hand(g)
                return
        self.say(f"no {letter} left in {COLOUR_NAME[self.session.to_move]}'s hand", warn=True)

    def take_from_hand(self, group: HandGroup) -> None:
        if not self.can_act():
            return
        if group.colour != self.session.to_move:
            self.say("those pieces are the other player's", warn=True)
            return
        self.select(self.session.hand_choice(group))

    def click_cell(self, cell: int) -> None:
        view = self.board_widget.view
        if self.selected is not None and cell in self.targets:
            view.cursor = cell
            self.target_index = self.targets.index(cell)
            self.action_confirm()
            return
        view.cursor = cell
        self.pick_at_cursor()

    def pick_at_cursor(self) -> None:
        if not self.can_act():
            return
        board = self.session.state.board
        cursor = self.board_widget.view.cursor
        st = board.stacks.get(cursor) if cursor is not None else None
        if not st:
            self.select(None)
            self.say("no piece there")
            return
        pid = st[-1]
        if board.table.colour[pid] != self.session.to_move and pid not in self.session.movable():
            self.select(None)
            self.say(f"{board.table.names[pid]} is {COLOUR_NAME[board.table.colour[pid]]}'s",
                     warn=True)
            return
        self.select(pid)

    def action_confirm(self) -> None:
        if self.selected is not None and self.targets:
            if not self.can_act():
                return
            self.play(self.session.play_to(self.selected, self.targets[self.target_index]))
        else:
            self.pick_at_cursor()

    def action_cancel(self) -> None:
        self.select(None)

    # -- moves -----------------------------------------------------------------
    def play(self, move: str) -> None:
        self.selected, self.targets, self.target_index = None, [], 0
        self.message, self.warn = f"played {move}", False
        self.after_change()

    def action_pass_turn(self) -> None:
        if not self.can_act():
            return
        s = self.session
        if not s.only_pass():
            n = len(s.state.legal_actions())
            self.say(f"you cannot pass: pass is allowed only when nothing else is legal "
                     f"({plural(n, 'legal move')})", warn=True)
            return
        self.play(s.play(PASS))

    def action_undo(self) -> None:
        if self.bot_busy and not self.session.human_to_act():
            pass  # the bot's answer will be dropped (its ticket is stale)
        n = self.session.undo()
        self.selected, self.targets = None, []
        self.leaving.end_shown = False
        self.message, self.warn = (f"undid {plural(n, 'move')}" if n else "nothing to undo"), False
        self.after_change()

    def after_change(self) -> None:
        s = self.session
        if self.record_path is not None:
            try:
                s.save(self.record_path)
                self.saved_history = tuple(s.state.history())
            except OSError as exc:
                self.message, self.warn = f"autosave failed: {exc.strerror or exc}", True
        self.redraw()
        if s.is_over():
            self.leaving.show_end()
        else:
            self.maybe_bot()

    # -- components ------------------------------------------------------------
    @property
    def bot_busy(self) -> bool:
        """The bot is thinking (or waits for ``bot_delay``)."""
        return self.bot.busy

    def maybe_bot(self) -> None:
        self.bot.maybe()

    def action_leave(self) -> None:
        self.leaving.leave()

    def action_help(self, start: str = "keys") -> None:
        self.help.help(start)

    def action_note(self) -> None:
        self.help.note()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.help.allows(action)

    def action_arrow(self, dx: int, dy: int) -> None:
        self.nav.arrow(dx, dy)

    def action_scroll(self, dx: int, dy: int) -> None:
        self.nav.scroll(dx, dy)

    def action_centre(self) -> None:
        self.nav.centre()

    def action_prompt(self) -> None:
        self.nav.prompt()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.nav.submitted(event)

    def on_key(self, event: events.Key) -> None:
        self.nav.key(event)
