"""The editor's dialog for the set's own details: title, description, palette.

Every field posts :class:`DetailsScreen.Changed` as the user types; ``+`` (or the
button) posts :class:`DetailsScreen.ColourAdded`.  The app applies them to the
document (one undo step per field) and redraws; esc closes the dialog.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from botanik_design.tui.widgets.keyroute import RoutedInput

_STYLES = Path(__file__).with_name("details_screen.tcss")


class DetailsScreen(ModalScreen[None]):
    """Title, description and palette of the set (``texts``: title and description;
    ``palette``: name, symbol and display of each colour)."""

    CSS_PATH = _STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("ctrl+n", "add_colour", "Add a colour"),
    ]

    class Changed(Message):
        """``field`` is ``("title",)``, ``("description",)`` or ``("colour", index, key)``."""

        def __init__(self, field: tuple[Any, ...], value: str) -> None:
            super().__init__()
            self.field, self.value = field, value

    class ColourAdded(Message):
        """A new colour is wanted at the end of the palette (shown by ``screen``)."""

        def __init__(self, screen: DetailsScreen) -> None:
            super().__init__()
            self.screen = screen

    def __init__(self, texts: dict[str, str], palette: list[dict[str, str]]) -> None:
        super().__init__()
        self.texts = texts
        self.palette = palette

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("[b]The tile set[/b] · esc closes · ctrl+n adds a colour · "
                         "renaming a colour renames it in its tiles")
            for key in ("title", "description"):
                with Horizontal(classes="row"):
                    yield Label(key)
                    yield RoutedInput(self.texts.get(key, ""), id=f"d-{key}", compact=True)
            yield Static("[b]palette[/b]  name · symbol · display colour", id="palette-head")
            for i, colour in enumerate(self.palette):
                yield self._colour_row(i, colour)
            yield Button("+ colour", id="add-colour", compact=True)

    @staticmethod
    def _colour_row(i: int, colour: dict[str, str]) -> Horizontal:
        return Horizontal(
            Label(f"{i + 1}"),
            RoutedInput(colour["name"], id=f"c-{i}-name", compact=True, classes="name"),
            RoutedInput(colour["symbol"], id=f"c-{i}-symbol", compact=True, classes="symbol"),
            RoutedInput(colour["display"], id=f"c-{i}-display", compact=True,
                        classes="display"),
            classes="row colour",
        )

    def add_row(self, colour: dict[str, str]) -> None:
        """Show the colour the app added (and move into its name)."""
        i = len(self.palette)
        self.palette.append(colour)
        row = self._colour_row(i, colour)
        self.query_one(VerticalScroll).mount(row, before=self.query_one("#add-colour"))
        self.call_after_refresh(lambda: self.set_focus(self.query_one(f"#c-{i}-name")))

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        parts = (event.input.id or "").split("-")
        if parts[0] == "d":
            self.post_message(self.Changed((parts[1],), event.value))
        elif parts[0] == "c":
            self.post_message(self.Changed(("colour", int(parts[1]), parts[2]), event.value))

    @on(Button.Pressed, "#add-colour")
    def _add_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_add_colour()

    def action_add_colour(self) -> None:
        self.post_message(self.ColourAdded(self))

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(None)
