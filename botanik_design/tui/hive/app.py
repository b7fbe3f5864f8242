"""The Hive play app: the hex board, both hands, a status line, a MoveString prompt.

Keys (also on the help screen, ``?``): arrows move the board cursor, or cycle
the destinations of the selected piece; enter selects the piece under the
cursor or plays the destination under it; tab cycles your pieces; Q S B G A
M L P (upper case) take that bug from your hand; ``:`` types a UHP MoveString;
``p`` passes (only when nothing else is legal); ``u`` undoes; shift+arrows
scroll, ``c`` recentres; ``q`` quits.  The bot thinks in a worker thread.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from botanik_design.games.base import IllegalActionError
from botanik_design.games.hive.board import PASS, encode
from botanik_design.games.hive.pieces import COLOUR_NAME
from botanik_design.model.words import plural
from botanik_design.tui.hive.help import HiveHelpMixin
from botanik_design.tui.hive.render import View, cell_at, render_board
from botanik_design.tui.hive.selection import HiveSelection
from botanik_design.tui.hive.session import HandGroup, HiveSession

BUG_KEYS = "QSBGAMLP"


class HexBoard(Static):
    """The board (see :mod:`~botanik_design.tui.hive.render`); clicks go to the app."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.view = View()

    def render(self) -> Text:
        app = self.app
        assert isinstance(app, HiveApp)
        return render_board(app.session.state.board, self.view, self.size.width,
                            self.size.height)

    def on_click(self, event: events.Click) -> None:
        app = self.app
        assert isinstance(app, HiveApp)
        cell = cell_at(app.session.state.board, self.view, self.size.width, self.size.height,
                       event.x, event.y)
        if cell is not None:
            app.click_cell(cell)


class HandPanel(Static):
    """One player's pieces in hand, one bug per line (click a line to take that bug)."""

    def __init__(self, colour: int, **kw: Any) -> None:
        super().__init__(**kw)
        self.colour = colour
        self.groups: list[HandGroup] = []

    def refresh_hand(self, session: HiveSession, selected: int | None) -> None:
        self.groups = session.hand(self.colour)
        who = "human"
        if session.bot is not None:
            who = "you" if self.colour in session.humans else session.bot.name
        text = Text(COLOUR_NAME[self.colour] + "\n", style="bold")
        text.append(f"({who[:8]})\n", style="dim")
        text.append("in hand:\n")
        for g in self.groups:
            name = session.state.board.table.names[g.pids[0]][:2]
            mark = "▶" if selected in g.pids else " "
            text.append(f"{mark}{name} ×{len(g.pids)}\n",
                        style="reverse" if selected in g.pids else "")
        if not self.groups:
            text.append(" (none)\n", style="dim")
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        index = event.y - 3
        if 0 <= index < len(self.groups):
            app = self.app
            assert isinstance(app, HiveApp)
            app.take_from_hand(self.groups[index])


class EndScreen(ModalScreen[str]):
    """Who won and why; u undoes, q quits, escape looks at the board."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "done('undo')", "Undo"), Binding("q", "done('quit')", "Quit"),
        Binding("escape,enter", "done('look')", "Look at the board"),
    ]

    def __init__(self, outcome: str, moves: int) -> None:
        super().__init__()
        self._text = Text.assemble(("Game over\n\n", "bold"), (outcome + "\n", "bold"),
                                   f"after {plural(moves, 'move')}\n\n",
                                   ("u undo · escape look at the board · q quit", "dim"))

    def compose(self) -> ComposeResult:
        yield Static(self._text)

    def action_done(self, what: str) -> None:
        self.dismiss(what)


class HiveApp(HiveHelpMixin, HiveSelection, App[None]):
    """Play one Hive game (``session``); ``record_path``: autosave after every move."""

    CSS_PATH = "hive.tcss"
    AUTO_FOCUS = None
    TITLE = "botanik-design play: Hive"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", "Help"),
        Binding("r", "help('rules')", "Rules"),
        Binding("u", "undo", "Undo"),
        Binding("colon", "prompt", "MoveString"),
        Binding("p", "pass_turn", "Pass"),
        Binding("tab", "cycle(1)", "Next piece", priority=True),
        Binding("shift+tab", "cycle(-1)", show=False, priority=True),
        Binding("enter,space", "confirm", "Select/Play"),
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
        Binding("q", "quit", "Quit"),
        *[Binding(k, f"bug('{k}')", show=False) for k in BUG_KEYS],
    ]

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
        self.bot_busy = False
        self.end_shown = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield HandPanel(0, id="hand-white")
            yield HexBoard(id="board")
            yield HandPanel(1, id="hand-black")
        yield Static(id="status")
        yield Input(placeholder="MoveString, e.g. wA1 -bQ (enter plays, escape closes)",
                    id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#prompt", Input).display = False
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
        self.query_one("#status", Static).update(self.status_text())

    def status_text(self) -> Text:
        s = self.session
        head = f"Turn {s.state.board.player_turn()} · {COLOUR_NAME[s.to_move]} to move"
        if s.is_over():
            head = f"Game over · {s.outcome()}"
        elif s.bot_to_act():
            head += " · the bot is thinking…"
        text = Text(head, style="bold")
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
        self.query_one("#status", Static).update(self.status_text())

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

    def action_prompt(self) -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.display = True
        prompt.value = ""
        prompt.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        prompt = self.query_one("#prompt", Input)
        text = event.value.strip()
        prompt.display = False
        self.set_focus(None)
        if not text or not self.can_act():
            return
        try:
            action = self.session.state.string_to_action(text)
        except IllegalActionError as exc:
            self.say(str(exc), warn=True)
            return
        self.play(self.session.play(action))

    def on_key(self, event: events.Key) -> None:
        prompt = self.query_one("#prompt", Input)
        if event.key == "escape" and prompt.display:
            prompt.display = False
            self.set_focus(None)
            event.stop()

    def action_undo(self) -> None:
        if self.bot_busy and not self.session.human_to_act():
            pass  # the bot's answer will be dropped (its ticket is stale)
        n = self.session.undo()
        self.selected, self.targets = None, []
        self.end_shown = False
        self.message, self.warn = (f"undid {plural(n, 'move')}" if n else "nothing to undo"), False
        self.after_change()

    def after_change(self) -> None:
        s = self.session
        if self.record_path is not None:
            try:
                s.save(self.record_path)
            except OSError as exc:
                self.message, self.warn = f"autosave failed: {exc.strerror or exc}", True
        self.redraw()
        if s.is_over():
            self.show_end()
        else:
            self.maybe_bot()

    def show_end(self) -> None:
        if self.end_shown:
            return
        self.end_shown = True
        self.push_screen(EndScreen(self.session.outcome(), len(self.session.state.history())),
                         self._end_closed)

    def _end_closed(self, what: str | None) -> None:
        if what == "undo":
            self.action_undo()
        elif what == "quit":
            self.exit()

    # -- the bot ---------------------------------------------------------------
    def maybe_bot(self) -> None:
        s = self.session
        if self.bot_busy or not s.bot_to_act():
            return
        self.bot_busy = True
        ticket, snap = s.bot_snapshot()

        def think() -> None:
            try:
                action = s.think(snap)
            except Exception as exc:  # noqa: BLE001 - a bot bug must not take the game down
                self._call(self._bot_failed, f"{type(exc).__name__}: {exc}")
                return
            self._call(self._bot_done, ticket, action)

        def start() -> None:
            self.run_worker(think, thread=True, exclusive=False, group="bot")

        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, start)
        else:
            start()

    def _call(self, callback: Any, *args: Any) -> None:
        try:
            self.call_from_thread(callback, *args)
        except RuntimeError:
            pass

    def _bot_failed(self, why: str) -> None:
        self.bot_busy = False
        self.say(f"the bot failed ({why}); u undoes", warn=True)

    def _bot_done(self, ticket: int, action: int) -> None:
        self.bot_busy = False
        move = self.session.apply_bot(ticket, action)
        if move is None:
            self.redraw()
            self.maybe_bot()
            return
        self.message, self.warn = f"the bot played {move}", False
        self.after_change()

