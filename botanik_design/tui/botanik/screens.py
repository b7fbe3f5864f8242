"""Modal and secondary screens of the play-test app: help, legal-action list,
file prompt, end-of-game summary."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from botanik_design.tui.widgets.help import TILE_LEGEND, KeysHelpScreen

#: (keys, what they do) for the help screen.
KEYS: tuple[tuple[str, str], ...] = (
    ("1-9 ↑ ↓", "pick: choose an arrival tile"),
    ("← →", "pick: next legal destination · swap: next middle stack"),
    ("s 1-9 / m 1-9", "pick: your own slot / the middle stack of that column"),
    ("arrows", "place: move to the next candidate cell (the preview follows)"),
    ("r / shift+r", "place: next / previous legal rotation"),
    ("r", "(not placing) the rules of this variant, as the rules tab here"),
    ("1-9", "swap: the middle stack to swap the mecha-botanist with"),
    ("enter space", "play the highlighted move"),
    ("mouse", "click a tile, a destination or a cell; click it again to play it"),
    ("a", "every legal action as a list (works for any decision)"),
    ("u", "undo: back to your previous decision (bot moves too)"),
    ("n", "a play-test note on the current move (kept in the record; autosaved)"),
    ("shift+arrows c", "scroll the machines · centre them on the Source"),
    ("ctrl+s / ctrl+o", "save the game as a record / load a record"),
    ("? f1 · tab", "this help · its rules tab: the rules of the variant being played"),
    ("q", "quit (asks again when a move is not in a file yet: not saved, or autosave failed)"),
)

#: The style sheet beside this module (absolute: subclasses elsewhere find it too).
_STYLES = Path(__file__).with_name("screens.tcss")


class HelpScreen(KeysHelpScreen):
    """The play app's keys, how to read a tile and the registry; with ``rules`` (the
    variant's rules page, Markdown) a second tab shows them (``start="rules"`` opens it)."""

    def __init__(self, rules: str | None = None, start: str = "keys") -> None:
        legend = Text.assemble(
            ("\nA tile: ", "bold"), TILE_LEGEND, ". "
            "Registry: the top row is player 1's slots, the bottom row player 0's; "
            "the header shows each middle stack's depth (×2). The arrival zone is the "
            "tinted box beside it: a bright number has a legal destination, ▸ the chosen "
            "tile. Under 30 rows, registry and arrival tiles take one line each: colour "
            "symbol, pipe junction, type letter, flowers. ",
            ("›tile‹", "bold #ffd75f"), " a legal destination, ",
            ("▶tile◀", "bold #000000 on #ffd75f"), " the chosen one, ",
            ("+", "bold #ffd75f"), " a candidate cell, ", ("•", "bold"),
            " in a tile's corner: the tile that player placed last. "
            "Pick prompt: how many destinations the chosen tile has, and how many moves "
            "(every tile, every destination) there are in all; in brackets, what the "
            "move would do: the releases of a middle pick, the points and Source "
            "connection of a placement. A place that is not legal says why when chosen. "
            "Press esc to close.",
        )
        super().__init__("botanik-design play: keys", KEYS, legend, rules, start)


class ActionListScreen(ModalScreen[int | None]):
    """Every legal action of the decision, as a list (enter plays, esc cancels)."""

    CSS_PATH = _STYLES
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, actions: list[tuple[int, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.actions = actions

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_subtitle = "↑↓ choose · enter plays it · esc closes"
            yield Static(Text(self.title_text, style="bold"))
            yield OptionList(*[Option(text, id=str(a)) for a, text in self.actions],
                             id="actions")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.dismiss(int(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PathScreen(ModalScreen[str | None]):
    """Ask for a file name (enter accepts, esc cancels)."""

    CSS_PATH = _STYLES
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, value: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            yield Input(self.value, id="path")
            yield Static(Text("enter: OK · esc: cancel", style="#8a8a8a"))

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        self.dismiss(value or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


def wrap_keeping_scores(text: str, width: int) -> str:
    """``text`` with each line longer than ``width`` wrapped under its own indentation
    (plus four), the last word kept with the one before it, so a score (``...: 3``)
    never stands on a line of its own."""
    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip(" "))]
        head, _, last = line.rpartition(" ")
        glued = f"{head}\u00a0{last}" if head.strip() else line
        wrapped = textwrap.wrap(glued.lstrip(" "), width, initial_indent=indent,
                                subsequent_indent=indent + "    ", break_on_hyphens=False,
                                break_long_words=False)
        out.extend(part.replace("\u00a0", " ") for part in wrapped)
    return "\n".join(out)


class SummaryScreen(Screen[str]):
    """End of the game: outcome and both breakdowns.

    Dismisses with ``"back"`` (look at the board), ``"undo"``, ``"save"``, ``"new"`` or ``"quit"``.
    """

    CSS_PATH = _STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,b", "done('back')", "Board"),
        Binding("u", "done('undo')", "Undo"),
        Binding("ctrl+s", "done('save')", "Save"),
        Binding("n", "done('new')", "New game"),
        Binding("q", "done('quit')", "Quit"),
    ]

    def __init__(self, outcome: str, breakdown: str) -> None:
        super().__init__()
        self.outcome = outcome
        self.breakdown = breakdown

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Game over · {self.outcome}", style="bold"), id="outcome")
        with VerticalScroll():
            yield Static(id="breakdown")
        yield Static(Text("esc board · u undo · ctrl+s save record · n new game · q quit"),
                     id="keys")

    def on_resize(self, event: Resize) -> None:
        # padding 0 1 and a scrollbar's two columns
        self.query_one("#breakdown", Static).update(
            Text(wrap_keeping_scores(self.breakdown, max(20, event.size.width - 4))))

    def action_done(self, what: str) -> None:
        self.dismiss(what)
