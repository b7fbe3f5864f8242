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
from textual.widgets import Markdown, Static, TabbedContent, TabPane

#: How to read a drawn tile (see ``tile_view.render_tile``).
TILE_LEGEND = (
    "colour symbol top-left, flowers ✿ top-right, type bottom-left (I straight, "
    "L corner, T tee, X cross, P plant, V vegetable, M mecha-botanist ☻, S Source ◎)"
)

#: Shown in the help box's bottom border, so it stays in view at any size.
CLOSE_HINT = "↑↓ pgup pgdn scroll · esc closes"

#: The style sheet beside this module (absolute: subclasses elsewhere find it too).
_STYLES = Path(__file__).with_name("help.tcss")


class KeysHelpScreen(ModalScreen[None]):
    """``title`` in bold, then ``keys`` as ``(keys, what they do)`` rows, then ``legend``.

    With ``rules`` (a Markdown page, see :mod:`botanik_design.model.rulespage`) the
    screen has two tabs, keys and rules; tab (or ← →) switches, ``start="rules"``
    opens on the rules.  Closed by esc, q, ?, f1 or enter; without tabs a click
    closes it too.
    """

    CSS_PATH = _STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1,enter", "close", "Close", show=True),
        Binding("tab,shift+tab,left,right", "switch", "Keys/rules", show=False, priority=True),
        Binding("up", "scroll(-1)", show=False, priority=True),
        Binding("down", "scroll(1)", show=False, priority=True),
        Binding("pageup", "scroll(-10)", show=False, priority=True),
        Binding("pagedown,space", "scroll(10)", show=False, priority=True),
    ]

    def __init__(self, title: str, keys: tuple[tuple[str, str], ...], legend: Text,
                 rules: str | None = None, start: str = "keys") -> None:
        super().__init__()
        self._title = title
        self._keys = keys
        self._legend = legend
        self._rules = rules
        self._start = start if rules is not None else "keys"

    def _keys_part(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for keys, what in self._keys:
            table.add_row(keys, what)
        yield Static(Text(self._title, style="bold"))
        yield Static(table)
        yield Static(self._legend)

    def compose(self) -> ComposeResult:
        if self._rules is None:
            with VerticalScroll() as box:
                box.border_subtitle = CLOSE_HINT
                yield from self._keys_part()
            return
        with TabbedContent(initial=self._start) as tabs:
            tabs.border_subtitle = f"tab keys/rules · {CLOSE_HINT}"
            with TabPane("keys", id="keys"), VerticalScroll(id="keys-scroll"):
                yield from self._keys_part()
            with TabPane("rules", id="rules"), VerticalScroll(id="rules-scroll"):
                yield Static(Text("tab: keys/rules · ↑↓ pgup pgdn: scroll · esc: close",
                                  style="#8a8a8a"))
                yield Markdown(self._rules, id="rules-page")

    @property
    def tab(self) -> str:
        """The tab shown: ``"keys"`` or ``"rules"``."""
        if self._rules is None:
            return "keys"
        return self.query_one(TabbedContent).active or self._start

    def action_switch(self) -> None:
        if self._rules is not None:
            self.query_one(TabbedContent).active = "keys" if self.tab == "rules" else "rules"

    def action_scroll(self, lines: int) -> None:
        scroll = self.query(VerticalScroll).first() if self._rules is None else \
            self.query_one(f"#{self.tab}-scroll", VerticalScroll)
        scroll.scroll_relative(y=lines, animate=False)

    def on_click(self) -> None:
        if self._rules is None:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
