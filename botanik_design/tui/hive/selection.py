"""Selecting a piece and moving the cursor in the Hive play app.

:class:`HiveSelection` is the part of :class:`~botanik_design.tui.hive.app.HiveApp`
that keeps the selected piece, its destinations and the board cursor: tab and the
bug letters select, the arrows move the cursor or cycle the destinations, enter
selects or plays.  The session answers every rule question (whose piece, why it is
blocked, where it may go).
"""

from __future__ import annotations

from typing import Any, Protocol

from botanik_design.games.hive.coords import pack, unpack
from botanik_design.games.hive.pieces import COLOUR_NAME
from botanik_design.tui.hive.render import View, cell_xy
from botanik_design.tui.hive.session import HandGroup, HiveSession


class _Board(Protocol):
    """What the selection needs of the board widget."""

    view: View

    def refresh(self, *args: Any, **kwargs: Any) -> Any: ...


class HiveSelection:
    """The selection and cursor of the Hive app (a mixin: the app supplies the board
    widget, :meth:`redraw`, :meth:`say` and :meth:`play`)."""

    session: HiveSession
    selected: int | None
    targets: list[int]
    target_index: int
    message: str
    warn: bool

    @property
    def board_widget(self) -> _Board:
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    def say(self, message: str, warn: bool = False) -> None:
        raise NotImplementedError

    def play(self, move: str) -> None:
        raise NotImplementedError

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
                self.targets = sorted(s.destinations(pid), key=self._reading_order)
                cur = self.board_widget.view.cursor
                if cur in self.targets:
                    self.target_index = self.targets.index(cur)
        self.redraw()

    @staticmethod
    def _reading_order(cell: int) -> tuple[int, int]:
        x, y = cell_xy(cell)
        return y, x

    def selectable(self) -> list[int]:
        """Your pieces to cycle with tab: board tops in reading order, then one per hand bug."""
        s = self.session
        board = s.state.board
        me = s.to_move
        on_board = sorted((c for c, st in board.stacks.items()
                           if board.table.colour[st[-1]] == me), key=self._reading_order)
        tops = [board.stacks[c][-1] for c in on_board]
        return tops + [s.hand_choice(g) for g in s.hand(me)]

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
        pieces = self.selectable()
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

    def action_arrow(self, dx: int, dy: int) -> None:
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

    def action_scroll(self, dx: int, dy: int) -> None:
        view = self.board_widget.view
        view.scroll = (view.scroll[0] + dx, view.scroll[1] + dy)
        self.board_widget.refresh()

    def action_centre(self) -> None:
        self.board_widget.view.scroll = (0, 0)
        self.board_widget.refresh()
