"""The Hive screen's widgets: the hex board, a hand panel, the end-of-game dialog.

The widgets draw what they are given and report clicks through callbacks, so they
know nothing of the screen that holds them (:mod:`~botanik_design.tui.hive.screen`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from botanik_design.games.hive.engine.board import Board
from botanik_design.games.hive.engine.pieces import COLOUR_NAME
from botanik_design.model.words import plural
from botanik_design.tui.hive.render import View, cell_at, render_board
from botanik_design.tui.hive.session import HandGroup, HiveSession


class HexBoard(Static):
    """The board (see :mod:`~botanik_design.tui.hive.render`) of ``board()``;
    a click on a cell calls ``on_cell(cell)`` (a packed engine cell)."""

    def __init__(self, board: Callable[[], Board], on_cell: Callable[[int], None],
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.view = View()
        self._board = board
        self._on_cell = on_cell

    def render(self) -> Text:
        return render_board(self._board(), self.view, self.size.width, self.size.height)

    def on_click(self, event: events.Click) -> None:
        cell = cell_at(self._board(), self.view, self.size.width, self.size.height,
                       event.x, event.y)
        if cell is not None:
            self._on_cell(cell)


class HandPanel(Static):
    """One player's pieces in hand, one bug per line; a click on a line calls
    ``on_take(group)``."""

    def __init__(self, colour: int, on_take: Callable[[HandGroup], None], **kw: Any) -> None:
        super().__init__(**kw)
        self.colour = colour
        self.groups: list[HandGroup] = []
        self._on_take = on_take

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
        self.update(text, layout=False)  # the panel is as tall as the board

    def on_click(self, event: events.Click) -> None:
        index = event.y - 3
        if 0 <= index < len(self.groups):
            self._on_take(self.groups[index])


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
