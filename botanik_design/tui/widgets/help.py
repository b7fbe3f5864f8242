"""A modal help screen: a table of keys and a legend, shared by the editor and the play app."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

#: How to read a drawn tile (see ``tile_view.render_tile``).
TILE_LEGEND = (
    "colour symbol top-left, flowers ✿ top-right, type bottom-left (I straight, "
    "L corner, T tee, X cross, P plant, V vegetable, M mecha-botanist ☻, S Source ◎)"
)

#: The style sheet beside this module (absolute: subclasses elsewhere find it too).
_STYLES = Path(__file__).with_name("help.tcss")


class KeysHelpScreen(ModalScreen[None]):
    """``title`` in bold, then ``keys`` as ``(keys, what they do)`` rows, then ``legend``.

    Closed by esc, q, ?, f1, enter or a click.
    """

    CSS_PATH = _STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1,enter", "close", "Close", show=True),
    ]

    def __init__(self, title: str, keys: tuple[tuple[str, str], ...], legend: Text) -> None:
        super().__init__()
        self._title = title
        self._keys = keys
        self._legend = legend

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for keys, what in self._keys:
            table.add_row(keys, what)
        with VerticalScroll():
            yield Static(Text(self._title, style="bold"))
            yield Static(table)
            yield Static(self._legend)

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
