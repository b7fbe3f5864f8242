"""Keys of the Hive screen that move things around it: the board cursor, scrolling,
and the UHP MoveString prompt.

:class:`Navigation` is owned by the screen; its key actions and its prompt's and keys'
handlers call it.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual import events
from textual.widgets import Input

from botanik_design.games.base import IllegalActionError
from botanik_design.games.hive.engine.coords import pack, unpack
from botanik_design.tui.hive.render import cell_xy
from botanik_design.tui.hive.session import HiveSession
from botanik_design.tui.hive.widgets import HexBoard


def reading_order(cell: int) -> tuple[int, int]:
    """The sort key of ``cell`` in reading order (its drawn row, then column)."""
    x, y = cell_xy(cell)
    return y, x


class _Screen(Protocol):
    """What :class:`Navigation` needs of the Hive screen."""

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


class Navigation:
    """Cursor, scrolling and prompt actions of ``screen`` (a :class:`~.screen.HiveScreen`)."""

    def __init__(self, screen: _Screen) -> None:
        self.screen = screen

    def selectable(self) -> list[int]:
        """Your pieces to cycle with tab: board tops in reading order, then one per hand bug."""
        s = self.screen.session
        board = s.state.board
        me = s.to_move
        on_board = sorted((c for c, st in board.stacks.items()
                           if board.table.colour[st[-1]] == me), key=reading_order)
        tops = [board.stacks[c][-1] for c in on_board]
        return tops + [s.hand_choice(g) for g in s.hand(me)]

    def arrow(self, dx: int, dy: int) -> None:
        screen = self.screen
        view = screen.board_widget.view
        if screen.targets:
            screen.target_index = (screen.target_index + (dx or dy)) % len(screen.targets)
            screen.redraw()
            return
        board = screen.session.state.board
        if view.cursor is None:
            view.cursor = next(iter(sorted(board.stacks)), 0)
        q, r = unpack(view.cursor)
        if dy == 0:
            view.cursor = pack(q + dx, r)
        else:  # up/down: the neighbour row's cell nearest the cursor's column
            x = cell_xy(view.cursor)[0]
            options = [pack(q, r + dy), pack(q - dy, r + dy)]
            view.cursor = min(options, key=lambda c: (abs(cell_xy(c)[0] - x), c))
        screen.message = ""
        screen.redraw()

    def scroll(self, dx: int, dy: int) -> None:
        screen = self.screen
        view = screen.board_widget.view
        view.scroll = (view.scroll[0] + dx, view.scroll[1] + dy)
        screen.board_widget.refresh()

    def centre(self) -> None:
        screen = self.screen
        screen.board_widget.view.scroll = (0, 0)
        screen.board_widget.refresh()

    # The prompt line is always on screen: showing and hiding it re-laid the whole
    # screen out (100-250 ms a key with 22 pieces on the board, bench/hive_tui_speed.py).
    def prompt(self) -> None:
        screen = self.screen
        prompt = screen.query_one("#prompt", Input)
        prompt.value = ""
        prompt.focus()

    def submitted(self, event: Input.Submitted) -> None:
        screen = self.screen
        prompt = screen.query_one("#prompt", Input)
        text = event.value.strip()
        prompt.value = ""
        screen.set_focus(None)
        if not text or not screen.can_act():
            return
        try:
            action = screen.session.state.string_to_action(text)
        except IllegalActionError as exc:
            screen.say(str(exc), warn=True)
            return
        screen.play(screen.session.play(action))

    def key(self, event: events.Key) -> None:
        screen = self.screen
        prompt = screen.query_one("#prompt", Input)
        if event.key == "escape" and prompt.has_focus:
            prompt.value = ""
            screen.set_focus(None)
            event.stop()

