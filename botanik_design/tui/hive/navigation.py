"""Keys of the Hive screen that move things around it: the board cursor, scrolling,
and the UHP MoveString prompt."""

from __future__ import annotations

from typing import Any, Protocol

from textual import events
from textual.widgets import Input

from botanik_design.games.base import IllegalActionError
from botanik_design.games.hive.engine.coords import pack, unpack
from botanik_design.tui.hive.render import cell_xy
from botanik_design.tui.hive.session import HiveSession
from botanik_design.tui.hive.widgets import HexBoard


class _Host(Protocol):
    session: HiveSession
    targets: list[int]
    target_index: int
    message: str

    @property
    def board_widget(self) -> HexBoard: ...
    def redraw(self) -> None: ...
    def can_act(self) -> bool: ...
    def say(self, message: str, warn: bool = False) -> None: ...
    def play(self, move: str) -> None: ...
    def query_one(self, selector: str, expect_type: type[Input]) -> Input: ...
    def set_focus(self, widget: Any) -> None: ...


class NavigationMixin:
    """Cursor, scrolling and prompt actions of :class:`~.screen.HiveScreen`."""

    def action_arrow(self: _Host, dx: int, dy: int) -> None:
        view = self.board_widget.view
        if self.targets:
            self.target_index = (self.target_index + (dx or dy)) % len(self.targets)
            self.redraw()
            return
        board = self.session.state.board
        if view.cursor is None:
            view.cursor = next(iter(sorted(board.stacks)), 0)
        q, r = unpack(view.cursor)
        if dy == 0:
            view.cursor = pack(q + dx, r)
        else:  # up/down: the neighbour row's cell nearest the cursor's column
            x = cell_xy(view.cursor)[0]
            options = [pack(q, r + dy), pack(q - dy, r + dy)]
            view.cursor = min(options, key=lambda c: (abs(cell_xy(c)[0] - x), c))
        self.message = ""
        self.redraw()

    def action_scroll(self: _Host, dx: int, dy: int) -> None:
        view = self.board_widget.view
        view.scroll = (view.scroll[0] + dx, view.scroll[1] + dy)
        self.board_widget.refresh()

    def action_centre(self: _Host) -> None:
        self.board_widget.view.scroll = (0, 0)
        self.board_widget.refresh()

    # The prompt line is always on screen: showing and hiding it re-laid the whole
    # screen out (100-250 ms a key with 22 pieces on the board, bench/hive_tui_speed.py).
    def action_prompt(self: _Host) -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.value = ""
        prompt.focus()

    def on_input_submitted(self: _Host, event: Input.Submitted) -> None:
        prompt = self.query_one("#prompt", Input)
        text = event.value.strip()
        prompt.value = ""
        self.set_focus(None)
        if not text or not self.can_act():
            return
        try:
            action = self.session.state.string_to_action(text)
        except IllegalActionError as exc:
            self.say(str(exc), warn=True)
            return
        self.play(self.session.play(action))

    def on_key(self: _Host, event: events.Key) -> None:
        prompt = self.query_one("#prompt", Input)
        if event.key == "escape" and prompt.has_focus:
            prompt.value = ""
            self.set_focus(None)
            event.stop()

