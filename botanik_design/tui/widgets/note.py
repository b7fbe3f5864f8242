"""The play-test note box (key ``n`` in the play screens): Enter keeps it, Esc drops it."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class NoteScreen(ModalScreen[str | None]):
    """Ask for a note on move ``move``; dismissed with the text (``None``: dropped)."""

    CSS_PATH = Path(__file__).with_name("note.tcss")
    BINDINGS = [Binding("escape", "drop", "Drop")]
    #: Longest note (characters), as the record schema allows.
    MAX = 2000

    def __init__(self, move: int) -> None:
        super().__init__()
        self.move = move

    def compose(self) -> ComposeResult:
        where = "before the first move" if self.move == 0 else f"after move {self.move}"
        yield Static(f"Play-test note {where} (written to the record). Enter keeps it, "
                     "Esc drops it.")
        yield Input(placeholder="what you noticed", max_length=self.MAX, id="note")

    @on(Input.Submitted, "#note")
    def _keep(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_drop(self) -> None:
        self.dismiss(None)
