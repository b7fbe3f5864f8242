"""Modal screens of the tile-set editor: help, delete confirmation, unsaved changes."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from botanik_design.model.words import plural
from botanik_design.tui.widgets.help import TILE_LEGEND, KeysHelpScreen

#: (keys, what they do), shown by the help screen; the footer shows the main ones.
KEYS: tuple[tuple[str, str], ...] = (
    ("↑ ↓ PgUp PgDn", "move through the tiles (or click a row)"),
    ("tab shift+tab", "table → fields → problems; esc back to the table"),
    ("enter", "table: edit the tile's fields · problems: go to the tile"),
    ("a / d", "add a tile of this one's type after it / duplicate this one"),
    ("x delete", "delete this tile (asks first)"),
    ("n e s w", "toggle the north / east / south / west pipe exit"),
    ("r", "rotate the exits a quarter turn clockwise"),
    ("+ -", "one copy more / one copy less"),
    ("t", "the set: title, description, palette (add, rename, recolour)"),
    ("u ctrl+z", "undo · ctrl+y redo"),
    ("ctrl+s", "save (with errors too: the status bar warns)"),
    ("p", "picture of the set (as `show --image`): NAME-overview.svg beside the file"),
    ("q ctrl+q", "quit (asks first when there are unsaved changes)"),
    ("? f1", "this help"),
    ("mouse", "rows, fields, exit buttons, preview sides, problems"),
)

#: The style sheet beside this module (absolute: subclasses elsewhere find it too).
_STYLES = Path(__file__).with_name("screens.tcss")


class HelpScreen(KeysHelpScreen):
    """The editor's keys and how to read a tile."""

    def __init__(self) -> None:
        legend = Text.assemble(
            ("\nA tile: ", "bold"), TILE_LEGEND, "; pipes run from the exits to the centre.")
        super().__init__("Tile-set editor — keys   (esc closes)", KEYS, legend)


class ChoiceScreen(ModalScreen[str]):
    """A question with a few buttons; dismisses with the chosen button's id.

    ``choices`` are ``(id, label, key)``; ``escape`` dismisses with ``"cancel"``.
    """

    CSS_PATH = _STYLES
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "choose('cancel')", "Cancel")]

    def __init__(self, question: str, choices: list[tuple[str, str, str]],
                 *, default: str | None = None) -> None:
        super().__init__()
        self.question = question
        self.choices = choices
        self.default = default or choices[0][0]
        self._keys = {key: cid for cid, _, key in choices}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question")
            with Horizontal():
                for cid, label, _ in self.choices:
                    yield Button(label, id=f"choice-{cid}", compact=True,
                                 variant="primary" if cid == self.default else "default")

    def on_mount(self) -> None:
        self.query_one(f"#choice-{self.default}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id and event.button.id.startswith("choice-"):
            self.dismiss(event.button.id.removeprefix("choice-"))

    def on_key(self, event: Key) -> None:
        if event.key in self._keys:
            event.stop()
            self.dismiss(self._keys[event.key])

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


def confirm_quit_screen(name: str, errors: int) -> ChoiceScreen:
    """Unsaved changes on quit: save / discard / cancel."""
    extra = f"\nIt has {plural(errors, 'error')}: Save writes it anyway." \
        if errors else ""
    return ChoiceScreen(
        f"[b]{name}[/b] has unsaved changes.{extra}\n"
        "\n[b]s[/b] save and quit · [b]d[/b] discard and quit · [b]esc[/b] go back",
        [("save", "Save", "s"), ("discard", "Discard", "d"), ("cancel", "Cancel", "c")],
        default="save",
    )


def confirm_delete_screen(tile_id: str, copies: int | None) -> ChoiceScreen:
    """Deleting a tile: yes / no."""
    n = f" ({copies} cop{'y' if copies == 1 else 'ies'})" if copies is not None else ""
    return ChoiceScreen(
        f"Delete tile [b]{tile_id}[/b]{n}?  (u undoes it)\n[b]y[/b] delete · [b]n[/b]/esc keep",
        [("yes", "Delete", "y"), ("cancel", "Keep", "n")],
        default="yes",
    )
