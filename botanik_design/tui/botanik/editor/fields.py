"""The editor's side panel: a preview of one tile, a summary, and its fields.

The panel shows one tile (:attr:`TileFields.tile`) and posts what the user does
as messages: :class:`TileFields.Edited` (a field's new value, for the tile the
fields show, whatever is selected meanwhile), :class:`TileFields.ExitAsked`,
:class:`TileFields.RotateAsked` and :class:`TileFields.Note` (a status line).
Data flows one way while the user types: the focused input is never written from
the document (its value is ahead of it by the keys not handled yet), unless
another tile is shown or ``force`` (undo, redo).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Input, Label, Select, Static

from botanik_design.model.words import plural
from botanik_design.tui.botanik.editor.document import KINDS, TYPES, Face, Problem, TilesetDocument
from botanik_design.tui.botanik.tile_view import (
    LARGE_PREVIEW_SIZE,
    PREVIEW_SIZE,
    TileView,
    render_face,
)
from botanik_design.tui.widgets.keyroute import RoutedInput

NO_COLOUR = "(none)"
#: The blank of the type and kind drop-downs: the file's value is not one of the list.
UNKNOWN = "? (not a known one)"


class NumberInput(RoutedInput):
    """An integer field that says why a key was refused instead of only beeping."""

    class Refused(Message):
        """A character that would not make a whole number was typed."""

        def __init__(self, field: str) -> None:
            super().__init__()
            self.field = field

    def restricted(self) -> None:
        self.app.bell()
        self.post_message(self.Refused((self.id or "").removeprefix("f-")))


def _field(label: str, *widgets: Any, **kwargs: Any) -> Horizontal:
    return Horizontal(Label(label), *widgets, classes="field", **kwargs)


def info_text(face: Face, problems: int) -> Text:
    """The summary beside the preview."""
    name = face.colour if face.colour is not None else ("no colour" if face.kind == "source"
                                                         else "?")
    lines = Text()
    lines.append(f"{face.label or face.id}\n", style="bold")
    lines.append(f"{name} {face.type}\n")
    lines.append(f"kind {face.kind}\n")
    lines.append(f"exits {face.exit_letters or 'none'}\n")
    lines.append(f"✿ {face.flowers}  × {face.copies if face.copies is not None else '?'}\n")
    if problems:
        lines.append(f"✗ {plural(problems, 'problem')}", style="bold red")
    return lines


class TileFields(Vertical):
    """Preview, summary and fields of one tile of a document."""

    #: The tile shown (-1: none).
    tile: reactive[int] = reactive(-1, init=False)

    class Edited(Message):
        """Field ``key`` of tile ``tile`` was set to ``value`` (``None``: removed)."""

        def __init__(self, tile: int, key: str, value: Any) -> None:
            super().__init__()
            self.tile, self.key, self.value = tile, key, value

    class ExitAsked(Message):
        """The exit on ``side`` (``N`` ``E`` ``S`` ``W``) is to be toggled."""

        def __init__(self, side: str) -> None:
            super().__init__()
            self.side = side

    class RotateAsked(Message):
        """The exits are to be turned a quarter turn clockwise."""

    class MenuClosed(Message):
        """A drop-down's menu closed (a choice was made, or escape): the app's keys, which
        the footer shows, apply again once the focus leaves the drop-down."""

    class Note(Message):
        """A line for the status bar (``level``: info, warn or error)."""

        def __init__(self, message: str, level: str = "info") -> None:
            super().__init__()
            self.message, self.level = message, level

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._colour_options: list[tuple[str, str]] = []
        self._faces: dict[int, Face] = {}
        #: Lines of the summary shown (-1: none yet).
        self._info_lines = -1

    def on_mount(self) -> None:
        for select in self.query(Select):
            self.watch(select, "expanded", self._menu_toggled, init=False)

    def _menu_toggled(self, expanded: bool) -> None:
        if not expanded:
            self.post_message(self.MenuClosed())

    def compose(self) -> ComposeResult:
        with Horizontal(id="preview-row"):
            yield TileView(size=PREVIEW_SIZE, id="preview")
            yield Static(id="info")
        yield _field("id", RoutedInput(id="f-id", compact=True))
        # no blank in the colours: "(none)" is the entry for a tile with no colour
        yield _field("colour", Select[str]([(NO_COLOUR, NO_COLOUR)], id="f-colour",
                                           compact=True, allow_blank=False))
        yield _field("type", Select[str]([(t, t) for t in TYPES], id="f-type", compact=True,
                                         allow_blank=True, prompt=UNKNOWN))
        yield _field("kind", Select[str]([(k, k) for k in KINDS], id="f-kind", compact=True,
                                         allow_blank=True, prompt=UNKNOWN))
        yield _field("exits", *(Button(side, id=f"exit-{side}", compact=True)
                                for side in "NESW"),
                     Button("↻ r", id="rotate", compact=True, tooltip="rotate clockwise"),
                     id="exits")
        yield _field("flowers",
                     NumberInput(id="f-flowers", classes="num", type="integer", compact=True),
                     Label("copies", classes="numlabel"),
                     NumberInput(id="f-copies", classes="num", type="integer", compact=True))
        yield _field("label", RoutedInput(id="f-label", compact=True))

    def set_large(self, large: bool) -> None:
        self.query_one("#preview", TileView).set_cells(LARGE_PREVIEW_SIZE if large
                                                       else PREVIEW_SIZE)

    # ------------------------------------------------------------ showing

    def show(self, doc: TilesetDocument, index: int, problems: list[Problem], *,
             force: bool = False) -> None:
        """Show tile ``index`` of ``doc`` (``force``: write the focused field too)."""
        force = force or index != self.tile
        self.tile = index
        preview = self.query_one("#preview", TileView)
        info = self.query_one("#info", Static)
        if not 0 <= index < len(doc):
            preview.show_face(None)
            info.update("no tiles: press a to add one")
            self._info_lines = -1
            return
        face = doc.face(index)
        self._faces = {index: face}
        palette = doc.palette()
        width, height = preview.cells
        preview.show_face(render_face(
            face.type, face.exits, face.flowers, palette.get(face.colour or ""),
            kind=face.kind, width=width, height=height,
            note=f"×{face.copies}" if face.copies is not None else "×?",
        ))
        text = info_text(face, sum(1 for p in problems if p.tile == index))
        # the summary's height is its line count: lay the screen out again only when that
        # changes (a new layout of the whole editor costs more than the key itself)
        lines = text.plain.count("\n")
        info.update(text, layout=lines != self._info_lines)
        self._info_lines = lines
        self._fill(face, list(palette), force=force)

    def _fill(self, face: Face, palette: list[str], *, force: bool) -> None:
        def set_input(widget_id: str, value: str) -> None:
            widget = self.query_one(f"#{widget_id}", Input)
            if widget.has_focus and not force:
                return
            if widget.value != value:
                with widget.prevent(Input.Changed):
                    widget.value = value

        set_input("f-id", face.id)
        set_input("f-flowers", str(face.flowers))
        set_input("f-copies", "" if face.copies is None else str(face.copies))
        set_input("f-label", face.label)
        colour = self.query_one("#f-colour", Select)
        options = [(name, name) for name in palette]
        if face.colour is not None and face.colour not in palette:
            options.append((f"{face.colour} (undeclared)", face.colour))
        options.append((NO_COLOUR, NO_COLOUR))
        with colour.prevent(Select.Changed):
            if options != self._colour_options:
                colour.set_options(options)
                self._colour_options = options
            colour.value = face.colour if face.colour is not None else NO_COLOUR
        for widget_id, value, known in (("f-type", face.type, TYPES), ("f-kind", face.kind, KINDS)):
            select = self.query_one(f"#{widget_id}", Select)
            with select.prevent(Select.Changed):
                if value in known:
                    if select.value != value:
                        select.value = value
                else:
                    select.clear()
        for side in "NESW":
            self.query_one(f"#exit-{side}", Button).set_class(side in face.exit_letters, "on")

    # ------------------------------------------------------------ input

    @on(Input.Changed)
    def _input_changed(self, event: Input.Changed) -> None:
        event.stop()
        key = (event.input.id or "").removeprefix("f-")
        face = self._faces.get(self.tile)
        if face is None:
            return
        value: Any = event.value
        if key in ("flowers", "copies"):
            if value.strip() in ("", "-", "+"):
                self.post_message(self.Note(f"{key}: type a whole number (not applied yet)",
                                            "warn"))
                return
            try:
                value = int(value)
            except ValueError:
                self.post_message(self.Note(
                    f"{key}: {value!r} is not a whole number — not applied", "error"))
                return
        if value != getattr(face, key):
            self.post_message(self.Edited(self.tile, key, value))

    @on(NumberInput.Refused)
    def _number_refused(self, event: NumberInput.Refused) -> None:
        event.stop()
        self.post_message(self.Note(
            f"refused: {event.field} takes a whole number (digits only)", "error"))

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        event.stop()
        face = self._faces.get(self.tile)
        if face is None or event.value is Select.NULL:
            return
        key = (event.select.id or "").removeprefix("f-")
        value: str | None = str(event.value)
        if key == "colour" and value == NO_COLOUR:
            value = None
        if value != getattr(face, key):
            self.post_message(self.Edited(self.tile, key, value))

    @on(Button.Pressed, "#exits Button")
    def _exit_button(self, event: Button.Pressed) -> None:
        event.stop()
        button_id = event.button.id or ""
        if button_id == "rotate":
            self.post_message(self.RotateAsked())
        elif button_id.startswith("exit-"):
            self.post_message(self.ExitAsked(button_id.removeprefix("exit-")))

    @on(Click, "#preview")
    def _preview_clicked(self, event: Click) -> None:
        """A click near a side of the preview toggles that side's exit."""
        width, height = self.query_one("#preview", TileView).cells
        dx = (event.x - width // 2) / max(width / 2, 1)
        dy = (event.y - height // 2) / max(height / 2, 1)
        if abs(dx) < 0.2 and abs(dy) < 0.2:
            return
        side = ("E" if dx > 0 else "W") if abs(dx) >= abs(dy) else ("S" if dy > 0 else "N")
        self.post_message(self.ExitAsked(side))
