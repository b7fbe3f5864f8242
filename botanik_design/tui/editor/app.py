"""The tile-set editor app: a table of tiles, a preview, fields, live diagnostics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual._dispatch_key import dispatch_key
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.events import Click, Resize
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, DataTable, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from botanik_design.model.sides import Side
from botanik_design.model.words import plural
from botanik_design.tui.editor.document import KINDS, TYPES, Face, Problem, TilesetDocument
from botanik_design.tui.editor.screens import (
    ChoiceScreen,
    HelpScreen,
    confirm_delete_screen,
    confirm_quit_screen,
)
from botanik_design.tui.widgets.keyroute import RoutedInput, pass_printable_to_field
from botanik_design.tui.widgets.tile_view import (
    LARGE_PREVIEW_SIZE,
    PREVIEW_SIZE,
    TYPE_LETTERS,
    TileView,
    ink_for,
    render_face,
    valid_display,
)

#: Seconds of quiet after an edit before the text is validated again.
VALIDATE_DELAY = 0.2
NO_COLOUR = "(none)"
_FIELD_OF_KEY = {"id": "f-id", "colour": "f-colour", "type": "f-type", "kind": "f-kind",
                 "flowers": "f-flowers", "copies": "f-copies", "label": "f-label"}


_EXITS = Binding.Group("Exits", compact=True)


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


class TileTable(DataTable[Any]):
    """The table of tiles; enter opens the selected tile's fields at once.

    ``on_open(row)`` is called before the focus moves, synchronously: the keys typed
    right after enter are already queued and must reach that tile's field.
    """

    def __init__(self, on_open: Callable[[int], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_open = on_open

    def action_select_cursor(self) -> None:
        super().action_select_cursor()
        self.on_open(self.cursor_row)


class EditorApp(App[None]):
    """Edit one tile-set document; see the help screen (``?``) for the keys."""

    TITLE = "botanik-design edit"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #titlebar { height: 1; background: $primary-background; color: $text; padding: 0 1; }
    #main { height: 1fr; }
    #tiles { width: 1fr; height: 1fr; }
    #side { width: 34; height: 1fr; padding: 0 0 0 1; }
    #preview-row { height: auto; }
    #preview { margin: 0 1 0 0; }
    #info { width: 1fr; height: auto; }
    .field { height: 1; margin: 0; }
    .field Label { width: 8; color: $text-muted; }
    .field Input { width: 1fr; }
    .field Select { width: 1fr; }
    .field .num { width: 6; }
    .field .numlabel { width: 8; padding: 0 0 0 1; }
    #exits Button { min-width: 3; width: 3; margin: 0 1 0 0; }
    #exits Button.on { background: $success; color: $text; text-style: bold; }
    #exits #rotate { width: 8; }
    #counts { height: 1; padding: 0 1; background: $boost; }
    #problems { height: 4; border: none; padding: 0 1; text-wrap: nowrap;
                text-overflow: ellipsis; }
    #status { height: 1; padding: 0 1; background: $primary-background; }
    #status.warn { background: $warning 40%; }
    #status.error { background: $error 50%; }
    .large #problems { height: 8; }
    .large #side { width: 42; }
    .large #counts { height: auto; max-height: 15; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("a", "add", "Add"),
        Binding("d", "duplicate", "Dup"),
        Binding("x,delete", "delete", "Del"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo", show=False),
        Binding("n", "toggle_exit('N')", "N exit", group=_EXITS),
        Binding("e", "toggle_exit('E')", "E exit", group=_EXITS),
        Binding("s", "toggle_exit('S')", "S exit", group=_EXITS),
        Binding("w", "toggle_exit('W')", "W exit", group=_EXITS),
        Binding("r", "rotate", "Rotate"),
        Binding("plus", "copies(1)", "+copy", show=False),
        Binding("minus", "copies(-1)", "-copy", show=False),
        Binding("question_mark,f1", "help", "Help"),
        Binding("p", "export_picture", "Picture", show=False),
        Binding("escape", "focus_table", "Table", show=False),
        Binding("q", "quit", "Quit"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, document: TilesetDocument, *, validate_delay: float = VALIDATE_DELAY,
                 note: str = "") -> None:
        super().__init__()
        self.doc = document
        self.validate_delay = validate_delay
        self.problems: list[Problem] = []
        self._problem_tiles: set[int] = set()
        self._validate_timer: Timer | None = None
        self._validated_text: str | None = None
        self._initial_note = note
        self.selected = 0
        #: Set while quitting is being asked, so a second ``q`` does not stack dialogs.
        self._asking = False
        self._main_screen: Screen[Any] | None = None
        self._colour_options: list[tuple[str, str]] = []
        #: The tile the fields show (-1: none yet).
        self._fields_tile = -1

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="titlebar")
        with Horizontal(id="main"):
            table = TileTable(self._open_tile, id="tiles", cursor_type="row",
                              zebra_stripes=True)
            yield table
            with Vertical(id="side"):
                with Horizontal(id="preview-row"):
                    yield TileView(size=PREVIEW_SIZE, id="preview")
                    yield Static(id="info")
                with Horizontal(classes="field"):
                    yield Label("id")
                    yield RoutedInput(id="f-id", compact=True)
                with Horizontal(classes="field"):
                    yield Label("colour")
                    yield Select[str]([], id="f-colour", compact=True, allow_blank=True,
                                      prompt="?")
                with Horizontal(classes="field"):
                    yield Label("type")
                    yield Select[str]([(t, t) for t in TYPES], id="f-type", compact=True,
                                      allow_blank=True, prompt="?")
                with Horizontal(classes="field"):
                    yield Label("kind")
                    yield Select[str]([(k, k) for k in KINDS], id="f-kind", compact=True,
                                      allow_blank=True, prompt="?")
                with Horizontal(classes="field", id="exits"):
                    yield Label("exits")
                    for side in "NESW":
                        yield Button(side, id=f"exit-{side}", compact=True)
                    yield Button("↻ r", id="rotate", compact=True, tooltip="rotate clockwise")
                with Horizontal(classes="field"):
                    yield Label("flowers")
                    yield NumberInput(id="f-flowers", classes="num", type="integer",
                                      compact=True)
                    yield Label("copies", classes="numlabel")
                    yield NumberInput(id="f-copies", classes="num", type="integer",
                                      compact=True)
                with Horizontal(classes="field"):
                    yield Label("label")
                    yield RoutedInput(id="f-label", compact=True)
        yield Static(id="counts")
        yield OptionList(id="problems")
        yield Static(id="status")
        yield Footer()

    @property
    def _main(self) -> Screen[Any]:
        """The editor's own screen (``query_one`` on the app would search a dialog on top)."""
        return self._main_screen if self._main_screen is not None else self.screen

    def on_mount(self) -> None:
        self._main_screen = self.screen
        table = self._main.query_one("#tiles", DataTable)
        self._set_columns(large=self._main.has_class("large"))
        self.rebuild_table(0)
        self.refresh_title()
        self.set_status(self._initial_note or "? for help · ctrl+s saves · q quits")
        table.focus()
        # first draw the screen, then validate (the validator's imports take a moment)
        self.call_after_refresh(self.schedule_validation)

    def _set_columns(self, *, large: bool) -> None:
        table = self._main.query_one("#tiles", DataTable)
        table.clear(columns=True)
        columns = [("", "mark"), ("id", "id"), ("exits", "exits"), ("✿", "flowers"),
                   ("×", "copies")]
        if large:
            columns += [("type", "type"), ("kind", "kind"), ("label", "label")]
        for label, key in columns:
            table.add_column(label, key=key)

    def on_resize(self, event: Resize) -> None:
        large = event.size.width >= 110 and event.size.height >= 34
        if large != self._main.has_class("large"):
            self._main.set_class(large, "large")
            self._set_columns(large=large)
            self.rebuild_table(self.selected)
        preview = self._main.query_one("#preview", TileView)
        preview.set_cells(LARGE_PREVIEW_SIZE if large else PREVIEW_SIZE)
        self.refresh_counts()

    # ------------------------------------------------------------ drawing

    def _colour_cell(self, face: Face) -> Text:
        palette = self.doc.palette()
        letter = TYPE_LETTERS.get(face.type, "?")
        if face.kind == "source" or face.type == "source":
            return Text(f"⌂{letter}", style="bold #000000 on #e4e4e4")
        colour = palette.get(face.colour or "")
        if colour is None or not valid_display(colour.display):
            symbol = colour.symbol[:1] if colour is not None else "?"
            return Text(f"{symbol}{letter}", style="bold #ffffff on #7a7a7a")
        return Text(f"{colour.symbol}{letter}", style=f"bold {ink_for(colour.display)} on "
                    f"{colour.display}")

    def _row(self, index: int) -> list[Any]:
        face = self.doc.face(index)
        ident = Text(face.id or "(no id)")
        if index in self._problem_tiles:
            ident.stylize("bold red")
            ident.append(" ✗", style="bold red")
        return [
            self._colour_cell(face),
            ident,
            face.exit_letters or "-",
            str(face.flowers) if face.flowers else "",
            str(face.copies) if face.copies is not None else "?",
            face.type,
            face.kind,
            face.label,
        ][: len(self._main.query_one("#tiles", DataTable).columns)]

    def rebuild_table(self, select: int) -> None:
        table = self._main.query_one("#tiles", DataTable)
        table.clear()
        for i in range(len(self.doc)):
            table.add_row(*self._row(i))
        if len(self.doc):
            self.select_tile(max(0, min(select, len(self.doc) - 1)))
        else:
            self.selected = -1
            self.refresh_side()
        self.refresh_counts()

    def refresh_row(self, index: int) -> None:
        table = self._main.query_one("#tiles", DataTable)
        if not 0 <= index < table.row_count:
            return
        for col, value in enumerate(self._row(index)):
            table.update_cell_at(Coordinate(index, col), value)

    def select_tile(self, index: int) -> None:
        table = self._main.query_one("#tiles", DataTable)
        self.selected = index
        if 0 <= index < table.row_count and table.cursor_row != index:
            table.move_cursor(row=index, animate=False)
        self.refresh_side()

    def refresh_side(self, *, force: bool = False) -> None:
        """Preview, info and fields from the selected tile (``force``: the focused field too)."""
        preview = self._main.query_one("#preview", TileView)
        info = self._main.query_one("#info", Static)
        if not 0 <= self.selected < len(self.doc):
            preview.show_face(None)
            info.update("no tiles: press a to add one")
            return
        face = self.doc.face(self.selected)
        palette = self.doc.palette()
        colour = palette.get(face.colour or "")
        width, height = preview.cells
        preview.show_face(render_face(
            face.type, face.exits, face.flowers, colour, kind=face.kind,
            width=width, height=height,
            note=f"×{face.copies}" if face.copies is not None else "×?",
        ))
        name = face.colour if face.colour is not None else ("no colour" if face.kind == "source"
                                                             else "?")
        lines = Text()
        lines.append(f"{face.label or face.id}\n", style="bold")
        lines.append(f"{name} {face.type}\n")
        lines.append(f"kind {face.kind}\n")
        lines.append(f"exits {face.exit_letters or 'none'}\n")
        lines.append(f"✿ {face.flowers}  × {face.copies if face.copies is not None else '?'}\n")
        here = [p for p in self.problems if p.tile == self.selected]
        if here:
            lines.append(f"✗ {plural(len(here), 'problem')}", style="bold red")
        info.update(lines)
        self._fill_fields(face, palette, force=force)

    def _fill_fields(self, face: Face, palette: dict[str, Any], *, force: bool = False) -> None:
        """Show ``face`` in the fields.

        The data flows one way while the user types: the focused input is never
        written from the model (its value is ahead of the model by the keys not
        yet handled), unless another tile is shown or ``force`` (undo, redo).
        """
        force = force or self._fields_tile != self.selected
        self._fields_tile = self.selected

        def set_input(widget_id: str, value: str) -> None:
            widget = self._main.query_one(f"#{widget_id}", Input)
            if widget.has_focus and not force:
                return
            if widget.value != value:
                with widget.prevent(Input.Changed):
                    widget.value = value

        set_input("f-id", face.id)
        set_input("f-flowers", str(face.flowers))
        set_input("f-copies", "" if face.copies is None else str(face.copies))
        set_input("f-label", face.label)
        colour = self._main.query_one("#f-colour", Select)
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
            select = self._main.query_one(f"#{widget_id}", Select)
            with select.prevent(Select.Changed):
                if value in known:
                    if select.value != value:
                        select.value = value
                else:
                    select.clear()
        for side in "NESW":
            button = self._main.query_one(f"#exit-{side}", Button)
            button.set_class(side in face.exit_letters, "on")

    def _counts_matrix(self) -> Table:
        """Copies per colour (rows) and type (columns), with totals."""
        palette = self.doc.palette()
        matrix = self.doc.count_matrix()
        by_colour, by_type, total = self.doc.counts()
        types = [t for t in TYPES if t != "source" and by_type.get(t)]
        types += sorted(t for t in by_type if t not in TYPES and by_type[t])
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        table.add_column("")
        for t in types:
            table.add_column(t, justify="right")
        table.add_column("all", justify="right", style="bold")
        for name, n in by_colour.items():
            colour = palette.get(name)
            sym = colour.symbol[:1] if colour else "?"
            style = colour.display if colour and valid_display(colour.display) else "red"
            label = Text.assemble((sym, f"bold {style}"), f" {name}")
            table.add_row(label, *(str(matrix.get((name, t), "")) for t in types), str(n))
        sources = by_type.get("source", 0)
        table.add_row(Text("all", style="bold"), *(str(by_type[t]) for t in types),
                      f"{total} + {plural(sources, 'Source')}",
                      style="bold")
        return table

    def refresh_counts(self) -> None:
        large = self._main.has_class("large")
        if large:
            self._main.query_one("#counts", Static).update(self._counts_matrix())
            return
        by_colour, by_type, total = self.doc.counts()
        palette = self.doc.palette()
        text = Text()
        for name, n in by_colour.items():
            colour = palette.get(name)
            sym = colour.symbol[:1] if colour else "?"
            style = colour.display if colour and valid_display(colour.display) else "red"
            text.append(f"{sym}", style=f"bold {style}")
            text.append(f"{name if large else ''}{n} ")
        text.append("\n" if large else "│ ", style="dim")
        for t in TYPES:
            if by_type.get(t):
                text.append(f"{t if large else TYPE_LETTERS[t]}", style="bold")
                text.append(f"{by_type[t]} ")
        other = sum(n for t, n in by_type.items() if t not in TYPES)
        if other:
            text.append(f"?{other} ", style="bold red")
        text.append("\n" if large else "│ ", style="dim")
        text.append(f"{total} machine tiles", style="bold")
        self._main.query_one("#counts", Static).update(text)

    def refresh_title(self) -> None:
        errors = sum(1 for p in self.problems if p.level == "error")
        warnings = len(self.problems) - errors
        text = Text()
        text.append("botanik-design edit  ", style="bold")
        text.append(self.doc.name)
        if self.doc.modified:
            text.append("  ● modified", style="bold yellow")
        if self._validated_text != self.doc.text:
            text.append("  … checking", style="dim")
        elif errors:
            text.append(f"  ✗ {plural(errors, 'error')}", style="bold red")
        elif warnings:
            text.append(f"  ! {plural(warnings, 'warning')}",
                        style="bold yellow")
        else:
            text.append("  ✓ valid", style="bold green")
        self._main.query_one("#titlebar", Static).update(text)

    def set_status(self, message: str, level: str = "info") -> None:
        status = self._main.query_one("#status", Static)
        status.update(Text(message))
        status.set_class(level == "warn", "warn")
        status.set_class(level == "error", "error")

    # ---------------------------------------------------------- validation

    def schedule_validation(self) -> None:
        """Validate after a short quiet spell, in a worker thread (keys stay responsive)."""
        if self._validate_timer is not None:
            self._validate_timer.stop()
        self._validate_timer = self.set_timer(self.validate_delay, self._validate_in_background)

    def _validate_in_background(self) -> None:
        self._validate_timer = None
        text = self.doc.text
        if self._validated_text == text:
            return

        def work() -> None:
            problems = self._problems_of(text)
            try:
                self.call_from_thread(self._show_problems, text, problems)
            except RuntimeError:  # the app has exited meanwhile
                pass

        self.run_worker(work, thread=True, exclusive=True, group="validate")

    def _problems_of(self, text: str) -> list[Problem]:
        try:
            return self.doc.validate(text)
        except Exception as exc:  # a validator bug must not cost the user their edits
            return [Problem(None, None, "error", "validator-crash",
                            f"the validator failed: {exc!r}")]

    def run_validation(self) -> None:
        """Validate the current text now and show the diagnostics (save and quit need them)."""
        if self._validate_timer is not None:
            self._validate_timer.stop()
            self._validate_timer = None
        if self._validated_text == self.doc.text:
            return
        self._show_problems(self.doc.text, self._problems_of(self.doc.text))

    def _show_problems(self, text: str, problems: list[Problem]) -> None:
        """Show the diagnostics of ``text`` (dropped when the document changed since)."""
        if text != self.doc.text or self._validated_text == text:
            return
        if not self._main.query("#problems"):
            return  # shutting down
        self._validated_text = text
        old_tiles = self._problem_tiles
        self.problems = problems
        self._problem_tiles = {p.tile for p in problems if p.tile is not None}
        for index in old_tiles ^ self._problem_tiles:
            self.refresh_row(index)
        listing = self._main.query_one("#problems", OptionList)
        listing.clear_options()
        if not problems:
            listing.add_option(Option(Text("✓ no problems found", style="green"), id="none",
                                      disabled=True))
        for n, p in enumerate(problems):
            line = Text()
            line.append(f"{p.location:>7} ", style="bold")
            line.append(p.level, style="bold red" if p.level == "error" else "bold yellow")
            where = self.doc.face(p.tile).id if p.tile is not None and p.tile < len(
                self.doc) else ""
            if where:
                line.append(f" [{where}]", style="cyan")
            line.append(f" {p.message}")
            line.no_wrap = True
            line.overflow = "ellipsis"
            listing.add_option(Option(line, id=f"p{n}"))
        self.refresh_title()
        if 0 <= self.selected < len(self.doc):
            self.refresh_side()

    @on(OptionList.OptionHighlighted, "#problems")
    def _problem_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        option_id = event.option.id or ""
        if option_id.startswith("p") and self._main.query_one("#problems").has_focus:
            problem = self.problems[int(option_id[1:])]
            hint = f" — {problem.hint}" if problem.hint else ""
            self.set_status(f"{problem.location}: {problem.message}{hint} (enter: go to it)")

    @on(OptionList.OptionSelected, "#problems")
    def _problem_chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        if not option_id.startswith("p"):
            return
        problem = self.problems[int(option_id[1:])]
        if problem.tile is None:
            self.set_status(f"{problem.location}: {problem.message}")
            return
        self.select_tile(problem.tile)
        parts = problem.json_path.strip("/").split("/")
        field = _FIELD_OF_KEY.get(parts[2]) if len(parts) > 2 else None
        if field:
            self._focus(f"#{field}")
        else:
            self._focus("#tiles")
        hint = f" — {problem.hint}" if problem.hint else ""
        self.set_status(f"{problem.location}: {problem.message}{hint}", "warn")

    # ------------------------------------------------------------ editing

    def after_edit(self, select: int, *, structure: bool = False) -> None:
        """Redraw after the document changed, then validate after a short pause."""
        if structure:
            self.rebuild_table(select)
        else:
            self.refresh_row(select)
            self.select_tile(select)
            self.refresh_counts()
        self.refresh_title()
        self.schedule_validation()

    def _sync_selection(self) -> None:
        """Follow the table's cursor now: keys typed fast can arrive before its message."""
        table = self._main.query_one("#tiles", DataTable)
        row = table.cursor_row
        if table.row_count == len(self.doc) and 0 <= row < len(self.doc) and row != self.selected:
            self.doc.break_coalescing()
            self.selected = row
            self.refresh_side()

    def _need_tile(self) -> bool:
        self._sync_selection()
        if 0 <= self.selected < len(self.doc):
            return True
        self.set_status("no tile selected: press a to add one", "warn")
        return False

    @on(DataTable.RowHighlighted, "#tiles")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # keys typed fast queue several of these: only the table's current row counts,
        # a late one must not switch the fields to another tile while the user types
        if event.cursor_row != event.data_table.cursor_row:
            return
        if event.cursor_row != self.selected:
            self.doc.break_coalescing()
            self.selected = event.cursor_row
            self.refresh_side()

    def _open_tile(self, row: int) -> None:
        """Show tile ``row`` in the fields and move into its id field (enter, a click)."""
        self._sync_selection()
        self._focus("#f-id")

    @on(Input.Changed)
    def _input_changed(self, event: Input.Changed) -> None:
        widget_id = event.input.id or ""
        # the value belongs to the tile the fields show, whatever is selected meanwhile
        tile = self._fields_tile
        if not widget_id.startswith("f-") or not 0 <= tile < len(self.doc):
            return
        key = widget_id.removeprefix("f-")
        face = self.doc.face(tile)
        value: Any = event.value
        if key in ("flowers", "copies"):
            if value.strip() in ("", "-", "+"):
                self.set_status(f"{key}: type a whole number (not applied yet)", "warn")
                return
            try:
                value = int(value)
            except ValueError:
                self.set_status(f"{key}: {value!r} is not a whole number — not applied", "error")
                return
        current = getattr(face, key)
        if value == current or (key == "copies" and value == face.copies):
            return
        self.doc.set_field(tile, key, value)
        self.after_edit(tile)
        self.set_status(f"{key} of {face.id or 'tile'} set to {value!r}")

    @on(NumberInput.Refused)
    def _number_refused(self, event: NumberInput.Refused) -> None:
        self.set_status(f"refused: {event.field} takes a whole number (digits only)", "error")

    @on(Input.Submitted)
    def _input_submitted(self, event: Input.Submitted) -> None:
        self.doc.break_coalescing()
        self._focus("#tiles")

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        widget_id = event.select.id or ""
        if not widget_id.startswith("f-") or not self._need_tile():
            return
        if event.value is Select.NULL:
            return
        key = widget_id.removeprefix("f-")
        face = self.doc.face(self.selected)
        value: str | None = str(event.value)
        if key == "colour" and value == NO_COLOUR:
            value = None
        if value == getattr(face, key):
            return
        self.doc.set_field(self.selected, key, value)
        self.after_edit(self.selected)
        after = self.doc.face(self.selected)
        extra = ""
        if key == "type" and (after.kind != face.kind or after.exits != face.exits):
            extra = f" (kind {after.kind}, exits {after.exit_letters or 'none'})"
        self.set_status(f"{key} of {face.id or 'tile'} set to {value or 'none'}{extra}")

    @on(Button.Pressed, "#exits Button")
    def _exit_button(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id == "rotate":
            self.action_rotate()
        elif button_id.startswith("exit-"):
            self.action_toggle_exit(button_id.removeprefix("exit-"))

    @on(Click, "#preview")
    def _preview_clicked(self, event: Click) -> None:
        """A click near a side of the preview toggles that side's exit."""
        preview = self._main.query_one("#preview", TileView)
        width, height = preview.cells
        dx = (event.x - width // 2) / max(width / 2, 1)
        dy = (event.y - height // 2) / max(height / 2, 1)
        if abs(dx) < 0.2 and abs(dy) < 0.2:
            return
        side = ("E" if dx > 0 else "W") if abs(dx) >= abs(dy) else ("S" if dy > 0 else "N")
        self.action_toggle_exit(side)

    def action_toggle_exit(self, side: str) -> None:
        if not self._need_tile():
            return
        face = self.doc.face(self.selected)
        self.doc.toggle_exit(self.selected, Side[side])
        self.after_edit(self.selected)
        state = "removed" if side in face.exit_letters else "added"
        self.set_status(f"{side} exit {state} on {face.id}: exits "
                        f"{self.doc.face(self.selected).exit_letters or 'none'}")

    def action_rotate(self) -> None:
        if not self._need_tile():
            return
        self.doc.rotate(self.selected)
        self.after_edit(self.selected)
        self.set_status(f"exits turned clockwise: {self.doc.face(self.selected).exit_letters}")

    def action_copies(self, delta: int) -> None:
        if not self._need_tile():
            return
        try:
            self.doc.add_copies(self.selected, delta)
        except ValueError as exc:
            self.set_status(f"refused: {exc}", "error")
            self.bell()
            return
        self.after_edit(self.selected)
        self.set_status(f"copies: {self.doc.face(self.selected).copies}")

    def action_add(self) -> None:
        self._sync_selection()
        index = self.doc.add_tile(self.selected if self.selected >= 0 else None)
        self.after_edit(index, structure=True)
        self.set_status(f"added {self.doc.face(index).id}: edit its fields (enter)")

    def action_duplicate(self) -> None:
        if not self._need_tile():
            return
        index = self.doc.duplicate(self.selected)
        self.after_edit(index, structure=True)
        self.set_status(f"duplicated as {self.doc.face(index).id}")

    def action_delete(self) -> None:
        if not self._need_tile():
            return
        index = self.selected
        face = self.doc.face(index)

        def done(choice: str | None) -> None:
            if choice != "yes":
                self.set_status("nothing deleted")
                return
            select = self.doc.delete(index)
            self.after_edit(max(select, 0), structure=True)
            self.set_status(f"deleted {face.id} (u undoes it)")

        self.push_screen(confirm_delete_screen(escape(face.id), face.copies), done)

    def action_undo(self) -> None:
        select = self.doc.undo()
        if select is None:
            self.set_status("nothing to undo", "warn")
            return
        self.after_edit(max(select, 0), structure=True)
        self.refresh_side(force=True)
        self.set_status("undone (ctrl+y redoes)")

    def action_redo(self) -> None:
        select = self.doc.redo()
        if select is None:
            self.set_status("nothing to redo", "warn")
            return
        self.after_edit(max(select, 0), structure=True)
        self.refresh_side(force=True)
        self.set_status("redone")

    async def _on_key(self, event: events.Key) -> None:
        event.prevent_default()  # replaces App._on_key (it would run the bindings again)
        # a text field stops every printable key it gets: one seen here went past it
        if not pass_printable_to_field(self, event) and not await self._check_bindings(
            event.key
        ):
            await dispatch_key(self, event)

    def action_focus_table(self) -> None:
        self.doc.break_coalescing()
        self._focus("#tiles")

    def _focus(self, selector: str) -> None:
        """Move the focus now: ``Widget.focus()`` waits behind keys already queued, which
        would reach the old widget (a fast ``enter`` then typing went to the table)."""
        self._main.set_focus(self._main.query_one(selector))

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_export_picture(self) -> None:
        """Write the overview picture (``show --image``) beside the file: NAME-overview.svg."""
        from botanik_design.tui.editor.export import snapshot, write_picture

        self.run_validation()
        errors = sum(1 for p in self.problems if p.level == "error")
        if errors:
            self.set_status(f"no picture: fix the {plural(errors, 'error')} first", "warn")
            return
        tileset = snapshot(self.doc.data)
        self.set_status("drawing the tile-set picture…")

        def work() -> None:
            try:
                done = f"picture written: {write_picture(tileset, self.doc.path)}"
                level = "info"
            except OSError as exc:
                done, level = f"no picture: {exc.strerror or exc}", "error"
            try:
                self.call_from_thread(self.set_status, done, level)
            except RuntimeError:  # the app has exited meanwhile
                pass

        self.run_worker(work, thread=True, group="export")

    # ------------------------------------------------------ save and quit

    def save(self, *, then_exit: bool = False, force: bool = False) -> bool:
        """Save now; returns False (and keeps the edits) when writing fails or must wait.

        When the file changed on disk since it was read, ask before overwriting it
        (``then_exit``: quit after a confirmed save).
        """
        self.run_validation()
        if not force and self.doc.changed_on_disk():
            def done(choice: str | None) -> None:
                if choice == "overwrite" and self.save(force=True) and then_exit:
                    self.exit()
                elif choice != "overwrite":
                    self.set_status("not saved: the file on disk was left as it is", "warn")

            self.push_screen(ChoiceScreen(
                f"[b]{escape(self.doc.name)}[/b] was changed on disk by another program "
                "since you opened it (or it was removed, or created: --from).\n"
                "[b]o[/b] overwrite it with your version · [b]esc[/b] keep it, do not save",
                [("overwrite", "Overwrite", "o"), ("cancel", "Cancel", "c")],
                default="cancel",
            ), done)
            return False
        try:
            self.doc.save()
        except OSError as exc:
            self.set_status(f"NOT saved: {exc.strerror or exc} ({self.doc.path}) — your edits "
                            "are kept; fix the problem or quit without saving", "error")
            self.bell()
            return False
        self.doc.break_coalescing()
        self.refresh_title()
        errors = sum(1 for p in self.problems if p.level == "error")
        if errors:
            self.set_status(f"saved {self.doc.name} WITH {plural(errors, 'error')}"
                            ": it will not load until fixed "
                            "(see the list above)", "warn")
        else:
            self.set_status(f"saved {self.doc.name}")
        return True

    def action_save(self) -> None:
        self.save()

    async def action_quit(self) -> None:
        if not self.doc.modified:
            self.exit()
            return
        if self._asking:
            return
        self._asking = True
        self.run_validation()
        errors = sum(1 for p in self.problems if p.level == "error")

        def done(choice: str | None) -> None:
            self._asking = False
            if choice == "save":
                if self.save(then_exit=True):
                    self.exit()
            elif choice == "discard":
                self.exit()
            else:
                self.set_status("not quitting: your changes are still here")

        self.push_screen(confirm_quit_screen(escape(self.doc.name), errors), done)
