"""Widgets of the play screen that know nothing of the game: panes, drawings, the log."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import ScrollableContainer, VerticalScroll
from textual.events import Click, Resize
from textual.message import Message
from textual.widgets import RichLog, Static


class Pane(ScrollableContainer, can_focus=False):
    """A scrolling pane that leaves the arrow keys to the board."""


class SidePane(VerticalScroll, can_focus=False):
    """A side pane that scrolls with the mouse only."""


class Drawing(Static):
    """A drawing that reports clicks (content offsets) with :class:`Drawing.Clicked`."""

    class Clicked(Message):
        """The drawing ``where`` (its id) was clicked at content offset ``(x, y)``."""

        def __init__(self, where: str, x: int, y: int) -> None:
            super().__init__()
            self.where, self.x, self.y = where, x, y

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.id or "", event.x, event.y))


class MoveLog(RichLog, can_focus=False):
    """The move log; never focused, so it cannot take the board's arrow keys.

    It keeps every line and writes them again when its width changes (a rich log
    wraps a line at the width it had when the line was written).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True,
                         min_width=8, **kwargs)
        #: Every line of the log, in order.
        self.entries: list[Text] = []
        self._width = 0

    def show(self, lines: list[Text]) -> None:
        """Replace the whole log by ``lines``."""
        self.entries = list(lines)
        self._replay()

    def add(self, line: Text) -> None:
        self.entries.append(line)
        self.write(line)

    def _replay(self) -> None:
        self.clear()
        for line in self.entries:
            self.write(line)

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width:
            self._width = event.size.width
            self.call_after_refresh(self._replay)
