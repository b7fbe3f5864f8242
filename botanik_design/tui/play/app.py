"""The play-test app: a board screen driven by a :class:`Controller`.

The board screen shows, top to bottom: a status line (round, pile, Meca pawn,
who must act), the registry with the arrival zone and the move log, both
machines (scrollable, centred on the Source, with live scores and their
breakdown in the border), and a two-line prompt saying what to do and which
keys do it.  Game logic stays in the controller; this module only turns keys
and clicks into the controller's legal actions and draws the result.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.events import Click, Resize
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import RichLog, Static

from botanik_design.engine import IllegalActionError, RecordError
from botanik_design.model.words import plural
from botanik_design.tui.play import render as R
from botanik_design.tui.play.controller import Controller, Destination, Rules
from botanik_design.tui.play.screens import (
    ActionListScreen,
    HelpScreen,
    PathScreen,
    SummaryScreen,
)

#: Seconds between two bot moves (so each one can be seen).
BOT_DELAY = 0.5
#: The smallest terminal that shows everything (columns, rows).
MIN_SIZE = (80, 24)


class _Pane(ScrollableContainer, can_focus=False):
    """A scrolling pane that leaves the arrow keys to the board."""


class _Log(RichLog, can_focus=False):
    """The move log: never focused, so it cannot take the board's arrow keys."""


class _Scroll(VerticalScroll, can_focus=False):
    """A side pane that scrolls with the mouse only."""


class _Clickable(Static):
    """A drawing that reports clicks (content offsets) to the board screen."""

    def on_click(self, event: Click) -> None:
        screen = self.screen
        if isinstance(screen, BoardScreen):
            event.stop()
            screen.clicked(self, event.x, event.y)


class BoardScreen(Screen[None]):
    """The game board; see :data:`~botanik_design.tui.play.screens.KEYS`."""

    DEFAULT_CSS = """
    BoardScreen { layout: vertical; }
    BoardScreen #status { height: 1; background: $primary-background; padding: 0 1;
                          text-wrap: nowrap; text-overflow: ellipsis; }
    BoardScreen #top { height: 10; }
    BoardScreen #registry { width: auto; height: 10; }
    BoardScreen #arrival-box { width: 12; height: 10; padding: 0 0 0 1; overflow-x: hidden;
                               scrollbar-size-vertical: 1; }
    BoardScreen #arrival { width: 11; }
    BoardScreen #log { width: 1fr; height: 10; border-left: vkey $surface-lighten-2;
                       padding: 0 0 0 1; scrollbar-size-vertical: 1; }
    BoardScreen #machines { height: 1fr; }
    BoardScreen .machine { width: 1fr; height: 1fr; border: round $surface-lighten-2;
                           border-title-align: left; border-subtitle-align: right;
                           scrollbar-size: 1 1; align: center middle; }
    BoardScreen .machine.acting { border: round #ffd75f; }
    BoardScreen .machine Static { width: auto; height: auto; }
    BoardScreen #scores-box { display: none; width: 34; height: 1fr;
                              border: round $surface-lighten-2; border-title-align: left; }
    BoardScreen.large #scores-box { display: block; }
    BoardScreen #prompt { height: 2; background: $boost; padding: 0 1; text-wrap: nowrap;
                          text-overflow: ellipsis; }
    BoardScreen #prompt.warn { background: $warning 40%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", "Help"),
        Binding("u", "undo", "Undo"),
        Binding("a", "actions", "Actions"),
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

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.ctl = controller
        self._key = -1  # the decision the interaction state belongs to
        self.sel = 0  # pick / discard: arrival index
        self.dest = 0  # pick: index into the destinations of ``sel``
        self.cursor: R.Cell = (0, 0)  # place: the cell
        self.rot = 0  # place: index into the cell's rotations
        self.col = 0  # swap: middle column
        self.prefix = ""  # "s" or "m" after those keys, waiting for a column
        self.message = ""
        self.warn = False
        self._layouts: dict[int, R.MachineLayout] = {}
        #: Every line of the move log, written again after a resize.
        self._log_lines: list[Text] = []
        self._drawn_size: tuple[int, int] | None = None
        self._bot_busy = False
        self._bot_error = False
        self._quit_armed = False
        self._summary_shown = False
        #: "WxH" when the terminal is smaller than :data:`MIN_SIZE` (parts are hidden).
        self.too_small = ""

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            yield _Clickable(id="registry")
            with _Scroll(id="arrival-box"):
                yield _Clickable(id="arrival")
            yield _Log(id="log", wrap=True, markup=False, highlight=False, auto_scroll=True,
                       min_width=8)
        with Horizontal(id="machines"):
            for p in (0, 1):
                with _Pane(id=f"pane{p}", classes="machine"):
                    yield _Clickable(id=f"machine{p}")
            with _Scroll(id="scores-box"):
                yield Static(id="scores")
        yield Static(id="prompt")

    def on_resize(self, event: Resize) -> None:
        width, height = event.size
        self.set_class(width >= 110 and height >= 34, "large")
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.too_small = f"{width}x{height}" if small else ""
        if self.is_mounted:
            self.query_one("#status", Static).update(self._status())
            if (width, height) != self._drawn_size:
                # the log was wrapped at the old width and the machines centred for it
                self._drawn_size = (width, height)
                self.call_after_refresh(self._after_resize)

    def _after_resize(self) -> None:
        self._replay_log()
        self.action_centre()

    def on_mount(self) -> None:
        self.query_one("#scores-box").border_title = "scores"
        self.rewrite_log()
        self.redraw()
        self.call_after_refresh(self.action_centre)
        self.maybe_bot()

    @property
    def app_(self) -> PlayApp:
        app = self.app
        assert isinstance(app, PlayApp)
        return app

    # ------------------------------------------------------------ interaction state

    def _sync(self) -> None:
        """Reset the selection when a new decision is waiting."""
        key = len(self.ctl.state.history()) * 2 + (1 if self.ctl.is_over() else 0)
        if key == self._key:
            return
        self._key = key
        self.prefix = ""
        d = self.ctl.pending()
        if d is None:
            return
        if d.kind == "pick":
            legal = self._arrival_legal()
            self.sel = min(legal) if legal else 0
            self.dest = 0
        elif d.kind == "place":
            cells = self.ctl.placements()
            self.cursor = min(cells, key=lambda c: (abs(c[0]) + abs(c[1]), -c[1], c[0]))
            self.rot = 0
        elif d.kind == "swap":
            self.col = min(self.ctl.swaps())

    def _arrival_legal(self) -> set[int]:
        discards = self.ctl.discards()
        if discards:
            return set(discards)
        n = len(self.ctl.state.arrival_tiles())
        return {i for i in range(n) if self.ctl.destinations(i)}

    def _dests(self) -> list[Destination]:
        return self.ctl.destinations(self.sel)

    def _chosen(self) -> int | None:
        """The action the highlighted choice stands for."""
        d = self.ctl.pending()
        if d is None or not self.ctl.human_to_act():
            return None
        if d.kind == "pick":
            discards = self.ctl.discards()
            if discards:
                return discards.get(self.sel)
            dests = self._dests()
            return dests[self.dest % len(dests)].action if dests else None
        if d.kind == "place":
            rots = self.ctl.placements().get(self.cursor, [])
            return rots[self.rot % len(rots)][1] if rots else None
        return self.ctl.swaps().get(self.col)

    # ------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw everything from the controller's state."""
        self._sync()
        if not self.message.startswith("press q again"):
            self._quit_armed = False
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
            arrival_legal = self._arrival_legal()
            arrival_sel = self.sel
            dests = [] if ctl.discards() else self._dests()
            for k, dest in enumerate(dests):
                key = ("middle" if dest.middle else f"slot{d.player}", dest.column)
                legal.add(key)
                if k == self.dest % len(dests):
                    cursor = key
        elif d is not None and human and d.kind == "swap":
            legal = {("middle", c) for c in ctl.swaps()}
            cursor = ("middle", self.col)
        self.query_one("#registry", Static).update(
            R.registry_text(s, R.RegistryMarks(frozenset(legal), cursor), names))
        self.query_one("#arrival", Static).update(R.arrival_text(s, arrival_sel, arrival_legal))
        # machines
        for p in (0, 1):
            cands: list[R.Cell] = []
            cur: R.Cell | None = None
            preview = None
            if d is not None and d.kind == "place" and d.player == p and human:
                cells = ctl.placements()
                cands = list(cells)
                cur = self.cursor
                rots = cells.get(cur, [])
                if rots:
                    preview = (s.tile(d.tile), rots[self.rot % len(rots)][0])
            text, layout = R.machine_text(s, p, cands, cur, preview, ctl.last.get(p))
            self._layouts[p] = layout
            self.query_one(f"#machine{p}", Static).update(text)
            pane = self.query_one(f"#pane{p}", _Pane)
            meca = " · Meca pawn" if s.meca_holder() == p and not ctl.is_over() else ""
            pane.border_title = f"{ctl.label(p)}{meca}"
            pane.border_subtitle = ctl.score_line(p)
            pane.set_class(d is not None and d.player == p, "acting")
            if cur is not None:
                x, y = layout.offset(cur)
                region = Region(x, y, R.W, R.H)
                self.call_after_refresh(pane.scroll_to_region, region, animate=False,
                                        immediate=True)
        self.query_one("#scores", Static).update(self._scores())
        self.query_one("#status", Static).update(self._status())
        prompt = self.query_one("#prompt", Static)
        prompt.update(self._prompt())
        prompt.set_class(self.warn, "warn")

    def _scores(self) -> Text:
        """Both live breakdowns, compact (shown at large sizes)."""
        out = Text()
        for ps in self.ctl.scores().players:
            p = ps.player
            out.append(f"{self.ctl.label(p)}: {ps.total}\n", style="bold")
            out.append(f" groups {ps.group_points}\n")
            for g in ps.groups:
                if g.size > 1 or g.points:
                    out.append(f"  {g.colour} ×{g.size}: {g.points}\n",
                               style="" if g.points else "#8a8a8a")
            out.append(f" flowers {ps.flower_points}\n")
            for f in ps.flowers:
                mark = "✓" if f.counted else "✗"
                out.append(f"  {mark} {f.tile}: {f.points}\n",
                           style="" if f.counted else "#8a8a8a")
            if ps.mechas or ps.mecha_points or self.ctl.rules.variant.mecha_botanist == "wildcard":
                out.append(f" mecha bonus {ps.mecha_points}\n")
            if ps.removed:
                out.append(f" {plural(len(ps.removed), 'tile')} off the Source network\n",
                           style="#d7875f")
            out.append("\n")
        out.rstrip()
        return out

    def _status(self) -> Text:
        ctl = self.ctl
        s = ctl.state
        r = ctl.rules
        head = f"round {s.round} · pile {s.pile_size()} · Meca P{s.meca_holder()}"
        p = ctl.to_act()
        if ctl.is_over():
            head = f"round {s.round} · game over"
        else:
            head += f" · to act: {ctl.label(p)}"
        changed = "*" if r.overrides else ""
        tail = f" · {r.tileset.name}/{r.variant.name}{changed} · seed {ctl.seed}"
        out = Text(head, style="bold")
        if self.too_small:
            out = Text(f"terminal {self.too_small}: enlarge it to {MIN_SIZE[0]}x{MIN_SIZE[1]} "
                       "or more to see the move log and the machines · ",
                       style="bold #ffffff on #875f00") + out
        if self.app_.autosave_error:
            out.append(" · ✗ autosave failed", style="bold #ffffff on #af0000")
        waiting = ctl.waiting_swaps()
        if waiting:
            out.append(" · then: " + ", ".join(f"{ctl.label(w)} swaps {t}" for w, t in waiting),
                       style="bold #ffd75f")
        return out + Text(tail, style="#8a8a8a")

    def _prompt(self) -> Text:
        ctl = self.ctl
        s = ctl.state
        d = ctl.pending()
        keys = "a list · u undo · ? help"
        if self.message:
            first = self.message
        elif d is None:
            first = "Game over: " + ctl.outcome()
            keys = "enter summary · u undo · ctrl+s save · q quit"
        elif not ctl.human_to_act():
            first = f"{ctl.label(d.player)} is thinking ({d.kind})…"
            keys = "u undo · ? help · q quit"
        elif d.kind == "pick":
            who = ctl.label(d.player)
            tiles = s.arrival_tiles()
            name = s.tile(tiles[self.sel]).id if self.sel < len(tiles) else "?"
            if ctl.discards():
                first = (f"{who}: no legal registry move; discard a tile: "
                         f"{self.sel + 1} {name}")
                keys = "↑↓/1-9 tile · enter discard · " + keys
            else:
                dests = self._dests()
                if dests:
                    dd = dests[self.dest % len(dests)]
                    where = (f"mid {dd.column + 1}" if dd.middle
                             else f"own slot {dd.column + 1}")
                    n, total = len(dests), len(ctl.state.legal_actions())
                    first = (f"{who} picks: {self.sel + 1} {name} → {where} "
                             f"({plural(n, 'destination')} for this tile · "
                             f"{plural(total, 'move')})")
                else:
                    first = f"{who} picks: {self.sel + 1} {name} has no legal destination"
                keys = "↑↓/1-9 tile · ←→ or s/m+col where · enter play · " + keys
                if self.prefix:
                    keys = f"{'own slot' if self.prefix == 's' else 'middle'} of column 1-9? · " \
                        + keys
        elif d.kind == "place":
            cells = ctl.placements()
            rots = cells.get(self.cursor, [])
            r = rots[self.rot % len(rots)][0] if rots else 0
            first = (f"{ctl.label(d.player)} places {d.tile_id} at "
                     f"{self.cursor} r{r} ({len(rots)} rot. here, "
                     f"{R.placements_summary(cells)})")
            keys = "arrows cell · r rotate · enter place · " + keys
        else:
            swaps = ctl.swaps()
            top = s.middle_stacks()[self.col][-1]
            first = (f"{ctl.label(d.player)} swaps {d.tile_id} with middle "
                     f"{self.col + 1} (takes {s.tile(top).id}); "
                     f"{plural(len(swaps), 'stack')}")
            keys = "←→/1-9 stack · enter swap · " + keys
        # one line each, cut with an ellipsis: the key hints must stay on screen
        return Text(first, style="bold") + Text("\n" + keys, style="#b0b0b0")

    def rewrite_log(self) -> None:
        self._log_lines = [Text(line, style="#8a8a8a" if line.startswith(" ") else "")
                           for line in self.ctl.lines]
        self._replay_log()

    def _replay_log(self) -> None:
        """Write the whole log again (it wraps at the width it is written at)."""
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in self._log_lines:
            log.write(line)

    def _write_log(self, line: Text) -> None:
        self._log_lines.append(line)
        self.query_one("#log", RichLog).write(line)

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

    def maybe_bot(self) -> None:
        """Start the bot's next decision in a worker thread, if it must act."""
        if self._bot_busy or not self.ctl.bot_to_act():
            return
        self._bot_busy = True
        ticket, snap = self.ctl.bot_snapshot()
        delay = self.app_.bot_delay

        def think() -> None:
            try:
                action = self.ctl.think(snap)
            except Exception as exc:  # a bot bug must not take the game down
                self._call(self._bot_failed, f"{type(exc).__name__}: {exc}")
                return
            self._call(self._bot_done, ticket, action)

        def start() -> None:
            if self.app_.board is not self:  # another game was opened meanwhile
                self._bot_busy = False
                return
            self.run_worker(think, thread=True, exclusive=False, group="bot")

        if delay > 0:
            self.set_timer(delay, start)
        else:
            start()

    def _call(self, callback: Any, *args: Any) -> None:
        """Run ``callback`` on the app's thread (nothing once the app has exited)."""
        try:
            self.app.call_from_thread(callback, *args)
        except RuntimeError:
            pass

    def _bot_failed(self, why: str) -> None:
        self._bot_busy = False
        self._bot_error = True
        self.say(f"the bot failed ({why}); press a to choose its move from the list",
                 warn=True)

    def _bot_done(self, ticket: int, action: int) -> None:
        self._bot_busy = False
        if self.app_.board is not self:  # another game was opened meanwhile
            return
        lines = self.ctl.apply_bot(ticket, action)
        if lines is None:  # undone or loaded meanwhile
            self.redraw()
            self.maybe_bot()
            return
        self.after_move(lines)

    def show_summary(self) -> None:
        if self._summary_shown or not self.ctl.is_over():
            return
        self._summary_shown = True
        self.app.push_screen(SummaryScreen(self.ctl.outcome(), self.ctl.summary()),
                             self._summary_closed)

    def _summary_closed(self, what: str | None) -> None:
        self._summary_shown = False
        if what == "undo":
            self.action_undo()
        elif what == "save":
            self.action_save()
        elif what == "new":
            self.app_.new_game()
        elif what == "quit":
            self.action_quit()

    # ------------------------------------------------------------ actions

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_undo(self) -> None:
        if self.ctl.undo():
            self._key = -1
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

    def action_actions(self) -> None:
        d = self.ctl.pending()
        if d is None or not (self.ctl.human_to_act() or self._bot_error):
            return
        title = f"P{d.player}: every legal {d.kind} ({len(self.ctl.legal())})"
        self.app.push_screen(ActionListScreen(title, self.ctl.legal()), self._list_chosen)

    def _list_chosen(self, action: int | None) -> None:
        if action is not None:
            self.play(action)

    def action_confirm(self) -> None:
        if self.ctl.is_over():
            self.show_summary()
            return
        action = self._chosen()
        if action is None:
            if self.ctl.human_to_act():
                self.say("that is not a legal move: choose a highlighted one", warn=True)
            return
        self.play(action)

    def action_cancel(self) -> None:
        self.prefix = ""
        self.message = ""
        self.warn = False
        self.redraw()

    def action_move(self, dx: int, dy: int) -> None:
        d = self.ctl.pending()
        if d is None or not self.ctl.human_to_act():
            return
        self.message = ""
        if d.kind == "pick":
            n = len(self.ctl.state.arrival_tiles())
            if dy:
                self.sel = (self.sel - dy) % n
                self.dest = 0
            elif self._dests():
                self.dest = (self.dest + dx) % len(self._dests())
        elif d.kind == "place":
            found = R.nearest(self.ctl.placements(), self.cursor, (dx, dy))
            if found is not None:
                self.cursor = found
                self.rot = 0
        else:
            cols = sorted(self.ctl.swaps())
            if dx and cols:
                i = cols.index(self.col) if self.col in cols else 0
                self.col = cols[(i + dx) % len(cols)]
        self.redraw()

    def action_rotate(self, step: int) -> None:
        d = self.ctl.pending()
        if d is None or d.kind != "place" or not self.ctl.human_to_act():
            return
        rots = self.ctl.placements().get(self.cursor, [])
        if len(rots) <= 1:
            self.say("no other legal rotation on this cell")
            return
        self.rot = (self.rot + step) % len(rots)
        self.message = ""
        self.redraw()

    def action_prefix(self, which: str) -> None:
        d = self.ctl.pending()
        if d is not None and d.kind == "pick" and self.ctl.human_to_act():
            self.prefix = which
            self.message = ""
            self.redraw()

    def action_digit(self, n: int) -> None:
        d = self.ctl.pending()
        if d is None or not self.ctl.human_to_act():
            return
        i = n - 1
        if d.kind == "pick":
            if self.prefix:
                middle = self.prefix == "m"
                self.prefix = ""
                for k, dest in enumerate(self._dests()):
                    if dest.column == i and dest.middle == middle:
                        self.dest = k
                        self.message = ""
                        break
                else:
                    where = "middle" if middle else "own slot"
                    self.say(f"{where} {n} is not legal for this tile", warn=True)
                    return
            elif i < len(self.ctl.state.arrival_tiles()):
                self.sel = i
                self.dest = 0
                self.message = ""
        elif d.kind == "swap":
            if i in self.ctl.swaps():
                self.col = i
                self.message = ""
            else:
                self.say(f"middle {n} cannot take the swap", warn=True)
                return
        self.redraw()

    def action_centre(self) -> None:
        for p in (0, 1):
            layout = self._layouts.get(p)
            if layout is None:
                continue
            pane = self.query_one(f"#pane{p}", _Pane)
            x, y = R.centre_offset(layout)
            pane.scroll_to(max(0, x - pane.scrollable_content_region.width // 2),
                           max(0, y - pane.scrollable_content_region.height // 2),
                           animate=False, immediate=True)

    def action_scroll(self, dx: int, dy: int) -> None:
        for p in (0, 1):
            pane = self.query_one(f"#pane{p}", _Pane)
            pane.scroll_relative(dx, dy, animate=False, immediate=True)

    def action_save(self) -> None:
        default = self.app_.record_path or f"botanik-{self.ctl.seed}.yaml"
        self.app.push_screen(PathScreen("Save the game as a record:", str(default)),
                             self._save_to)

    def _save_to(self, value: str | None) -> None:
        if value is None:
            return
        try:
            self.ctl.save(Path(value))
        except OSError as exc:
            self.say(f"cannot save {value}: {exc.strerror or exc}", warn=True)
            return
        self.say(f"saved {value} ({plural(len(self.ctl.state.history()), 'action')})")

    def action_load(self) -> None:
        self.app.push_screen(PathScreen("Load a record:", str(self.app_.record_path or "")),
                             self._load_from)

    def _load_from(self, value: str | None) -> None:
        if value is None:
            return
        try:
            ctl = Controller.from_record(Path(value), self.app_.opponent)
        except (RecordError, OSError) as exc:
            self.say(f"cannot load {value}: {exc}", warn=True)
            return
        self.app_.switch_game(ctl, f"loaded {value} ({plural(len(ctl.state.history()), 'action')})")

    def action_quit(self) -> None:
        """Quit; ask again when a human move would be lost (not saved, or autosave failed)."""
        if self.ctl.unsaved() and not self._quit_armed:
            self._quit_armed = True
            error = self.app_.autosave_error
            why = (f"the last autosave failed ({error})" if error
                   else "this game is not saved")
            self.say(f"press q again to quit: {why}; ctrl+s saves it", warn=True)
            return
        self.app.exit()

    # ------------------------------------------------------------ mouse

    def clicked(self, widget: Static, x: int, y: int) -> None:
        d = self.ctl.pending()
        if d is None or not self.ctl.human_to_act():
            return
        wid = widget.id or ""
        if wid == "arrival" and d.kind == "pick":
            i = R.arrival_hit(y, len(self.ctl.state.arrival_tiles()))
            if i is None:
                return
            if i == self.sel and self.ctl.discards():
                self.action_confirm()
                return
            self.sel, self.dest = i, 0
        elif wid == "registry":
            hit = R.registry_hit(x, y, len(self.ctl.state.middle_stacks()))
            if hit is None:
                return
            row, col = hit
            if d.kind == "swap":
                if col not in self.ctl.swaps():
                    return
                if row == "middle" and col == self.col:
                    self.action_confirm()
                    return
                self.col = col
            elif d.kind == "pick":
                for k, dest in enumerate(self._dests()):
                    want = "middle" if dest.middle else f"slot{d.player}"
                    if dest.column == col and want == row:
                        if k == self.dest % max(1, len(self._dests())):
                            self.action_confirm()
                            return
                        self.dest = k
                        break
                else:
                    return
        elif wid.startswith("machine") and d.kind == "place" and wid == f"machine{d.player}":
            layout = self._layouts.get(d.player)
            cell = layout.hit(x, y) if layout is not None else None
            if cell is None or cell not in self.ctl.placements():
                return
            if cell == self.cursor:
                self.action_confirm()
                return
            self.cursor, self.rot = cell, 0
        else:
            return
        self.message = ""
        self.redraw()


class PlayApp(App[None]):
    """``botanik-design play``: one game against a bot or a friend.

    ``controller``: start on the board with this game; ``None`` (or
    ``setup=True``) opens the variant form first.  ``bot_delay``: seconds
    between bot moves (0 in tests).  ``record_path``: the record is written
    there after every move.
    """

    TITLE = "botanik-design play"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, controller: Controller | None = None, *, setup: bool = False,
                 bot_delay: float = BOT_DELAY, record_path: Path | None = None,
                 opponent: str = "greedy", variant_ref: str = "standard",
                 tileset_ref: str | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.controller = controller
        self.setup = setup or controller is None
        self.bot_delay = bot_delay
        self.record_path = record_path
        self.opponent = controller.opponent if controller is not None else opponent
        self.variant_ref = variant_ref
        self.tileset_ref = tileset_ref
        self.seed = seed
        #: Why the last autosave failed ("" when it worked or none was made).
        self.autosave_error = ""
        #: False while ``record_path`` is the record the game was loaded from and no
        #: new move was made: that file is not rewritten before the user plays on.
        self.record_live = True

    def on_mount(self) -> None:
        if self.setup:
            from botanik_design.tui.play.setup import SetupScreen

            self.push_screen(SetupScreen(self.variant_ref, self.tileset_ref, self.opponent,
                                         self.seed))
        else:
            assert self.controller is not None
            self.switch_game(self.controller, "")

    @property
    def board(self) -> BoardScreen | None:
        """The board screen, when a game is open."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, BoardScreen):
                return screen
        return None

    def start_game(self, rules: Rules, seed: int, opponent: str) -> None:
        """Start a new game (from the variant form)."""
        self.opponent = opponent
        self.switch_game(Controller(rules, seed, opponent), "")

    def switch_game(self, controller: Controller, message: str) -> None:
        self.controller = controller
        self.opponent = controller.opponent
        src = controller.source
        self.record_live = not (self.record_path is not None and src is not None
                                and same_file(src.path, self.record_path))
        if not self.record_live:
            message = (f"{message} · --record is this file: it is rewritten after your "
                       "next move, not before").lstrip(" ·")
        board = BoardScreen(controller)
        board.message = message
        self.autosave(controller)
        if self.autosave_error:
            board.message = f"autosave failed: {self.autosave_error} (ctrl+s saves elsewhere)"
            board.warn = True
        self.switch_screen(board) if len(self.screen_stack) > 1 else self.push_screen(board)

    def new_game(self) -> None:
        """Same rules, opponent and record file, a new random seed."""
        assert self.controller is not None
        seed = random.SystemRandom().randrange(1_000_000)
        self.switch_game(Controller(self.controller.rules, seed, self.opponent),
                         f"new game, seed {seed}")

    def autosave(self, controller: Controller, *, moved: bool = False) -> str:
        """Write the record file given with ``--record`` (errors kept in
        :attr:`autosave_error`, never raised).

        ``moved``: a new move was just made.  While the file is the record the
        game was loaded from, nothing is written until then; the first write
        returns a note saying so (else "").
        """
        if self.record_path is None:
            return ""
        note = ""
        if not self.record_live:
            if not moved:
                return ""
            self.record_live = True
            note = (f"autosaving to {self.record_path} from now on (its description and the "
                    "comments of the moves kept are written back; YAML # comments are not)")
        try:
            controller.save(self.record_path)
            self.autosave_error = ""
        except OSError as exc:
            self.autosave_error = f"cannot write {self.record_path}: {exc.strerror or exc}"
            return ""
        return note


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name the same file (an existing one, or the same resolved path)."""
    try:
        return a.samefile(b)
    except OSError:
        return a.resolve() == b.resolve()
