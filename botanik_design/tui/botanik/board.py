"""The board screen: a game of Botanik drawn from a :class:`Controller`.

It shows, top to bottom: a status line (round, pile, Meca pawn, who must act),
the registry with the arrival zone and the move log, both machines (scrollable,
centred on the Source, with live scores and their breakdown in the border), and
a two-line prompt saying what to do and which keys do it.  Game logic stays in
the controller; the highlighted choice is a :class:`~.choice.Choice`; the texts
come from :mod:`.texts`; the move log, panes and drawings are game-neutral
widgets (:mod:`.widgets`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.events import Resize
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static

from botanik_design.games.botanik.engine import IllegalActionError
from botanik_design.tui.botanik import render as R
from botanik_design.tui.botanik.choice import Choice
from botanik_design.tui.botanik.controller import Controller
from botanik_design.tui.botanik.host import GameHost
from botanik_design.tui.botanik.menus import BoardMenusMixin
from botanik_design.tui.botanik.texts import MIN_SIZE, prompt_text, scores_text, status_text
from botanik_design.tui.botanik.turns import BotTurnsMixin
from botanik_design.tui.botanik.widgets import Drawing, MoveLog, Pane, SidePane
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


class _Panes(Protocol):
    """What :class:`MachineViewMixin` needs of the board screen."""

    _layouts: dict[int, R.MachineLayout]

    def query_one(self, selector: str, expect_type: Any) -> Any: ...


class MachineViewMixin:
    """Scrolling and centring the two machine panes of :class:`BoardScreen`."""

    def action_centre(self: _Panes) -> None:
        for p in (0, 1):
            layout = self._layouts.get(p)
            if layout is None:
                continue
            pane = self.query_one(f"#pane{p}", Pane)
            x, y = R.centre_offset(layout)
            pane.scroll_to(max(0, x - pane.scrollable_content_region.width // 2),
                           max(0, y - pane.scrollable_content_region.height // 2),
                           animate=False, immediate=True)

    def action_scroll(self: _Panes, dx: int, dy: int) -> None:
        for p in (0, 1):
            pane = self.query_one(f"#pane{p}", Pane)
            pane.scroll_relative(dx, dy, animate=False, immediate=True)


class BoardScreen(MachineViewMixin, BotTurnsMixin, BoardMenusMixin, Screen[None]):
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
        self._layouts: dict[int, R.MachineLayout] = {}
        self._drawn_size: tuple[int, int] | None = None
        self._bot_busy = False
        self._bot_error = False
        self.quit_guard = QuitGuard()
        self._summary_shown = False
        #: "WxH" when the terminal is smaller than :data:`MIN_SIZE` (parts are hidden).
        self.too_small = ""

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            yield Drawing(id="registry")
            with SidePane(id="arrival-box"):
                yield Drawing(id="arrival")
            yield MoveLog(id="log")
        with Horizontal(id="machines"):
            for p in (0, 1):
                with Pane(id=f"pane{p}", classes="machine"):
                    yield Drawing(id=f"machine{p}")
            with SidePane(id="scores-box"):
                yield Static(id="scores")
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
        self.query_one("#scores-box").border_title = "scores"
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
        self.query_one("#log", MoveLog).show(
            [Text(line, style="#8a8a8a" if line.startswith(" ") else "")
             for line in self.ctl.lines])

    def _write_log(self, line: Text) -> None:
        self.query_one("#log", MoveLog).add(line)

    # ------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw everything from the controller's state."""
        self.choice.sync(self.ctl)
        c = self.choice
        self.quit_guard.shown(self.message)
        ctl = self.ctl
        s = ctl.state
        d = ctl.pending()
        human = ctl.human_to_act()
        names = ("P0", "P1")
        # registry and arrival zone
        legal: set[tuple[str, int]] = set()
        cursor: tuple[str, int] | None = None
        arrival_sel: int | None = None
        arrival_legal: set[int] = set()
        if d is not None and human and d.kind == "pick":
            arrival_legal = c.arrival_legal(ctl)
            arrival_sel = c.sel
            dests = [] if ctl.discards() else c.dests(ctl)
            for k, dest in enumerate(dests):
                key = ("middle" if dest.middle else f"slot{d.player}", dest.column)
                legal.add(key)
                if k == c.dest % len(dests):
                    cursor = key
        elif d is not None and human and d.kind == "swap":
            legal = {("middle", c) for c in ctl.swaps()}
            cursor = ("middle", c.col)
        scale = self.scale
        self.query_one("#registry", Static).update(
            R.registry_text(s, R.RegistryMarks(frozenset(legal), cursor), names, scale))
        self.query_one("#arrival", Static).update(
            R.arrival_text(s, arrival_sel, arrival_legal, scale))
        if arrival_sel is not None:  # keep the chosen tile in view (more tiles than fit)
            box = self.query_one("#arrival-box", SidePane)
            top = 1 + arrival_sel * scale.h
            self.call_after_refresh(box.scroll_to_region, Region(0, top, 1, scale.h),
                                    animate=False, immediate=True)
        # machines
        for p in (0, 1):
            cands: list[R.Cell] = []
            cur: R.Cell | None = None
            preview = None
            if d is not None and d.kind == "place" and d.player == p and human:
                cells = ctl.placements()
                cands = list(cells)
                cur = c.cursor
                rots = cells.get(cur, [])
                if rots:
                    preview = (s.tile(d.tile), rots[c.rot % len(rots)][0])
            text, layout = R.machine_text(s, p, cands, cur, preview, ctl.last.get(p))
            self._layouts[p] = layout
            self.query_one(f"#machine{p}", Static).update(text)
            pane = self.query_one(f"#pane{p}", Pane)
            meca = " · Meca pawn" if s.meca_holder() == p and not ctl.is_over() else ""
            pane.border_title = f"{ctl.label(p)}{meca}"
            pane.border_subtitle = ctl.score_line(p)
            pane.set_class(d is not None and d.player == p, "acting")
            if cur is not None:
                x, y = layout.offset(cur)
                region = Region(x, y, R.W, R.H)
                self.call_after_refresh(pane.scroll_to_region, region, animate=False,
                                        immediate=True)
        self.query_one("#scores", Static).update(scores_text(ctl))
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
        self._bot_error = False
        for line in lines:
            self._write_log(Text(line, style="#8a8a8a" if line.startswith(" ") else ""))
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
            self._bot_busy = False
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
