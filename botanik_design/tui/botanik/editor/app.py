"""The tile-set editor app: a table of tiles, a preview, fields, live diagnostics.

The widgets own what they show and report what the user does with messages
(:mod:`.table`, :mod:`.fields`, :mod:`.bars`); this app turns those into edits
of the :class:`TilesetDocument`, validates in a worker thread, saves and quits.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer, Input

from botanik_design.tui.botanik.editor.counts import CountsBar
from botanik_design.tui.botanik.editor.details_actions import DetailsActions
from botanik_design.tui.botanik.editor.details_screen import DetailsScreen
from botanik_design.tui.botanik.editor.document import Problem, TilesetDocument
from botanik_design.tui.botanik.editor.fields import NumberInput, TileFields
from botanik_design.tui.botanik.editor.list_actions import ListActions
from botanik_design.tui.botanik.editor.picture_action import PictureExport
from botanik_design.tui.botanik.editor.table import TileTable
from botanik_design.tui.botanik.editor.tile_actions import TileActions
from botanik_design.tui.editor.bars import ProblemList, StatusBar, TitleBar
from botanik_design.tui.editor.checker import Checker
from botanik_design.tui.editor.saving import Saving
from botanik_design.tui.editor.screens import HelpScreen
from botanik_design.tui.widgets.keyroute import KeyRoutingMixin

__all__ = ["EditorApp", "NumberInput", "VALIDATE_DELAY"]

#: Seconds of quiet after an edit before the text is validated again.
VALIDATE_DELAY = 0.2
_FIELD_OF_KEY = {"id": "f-id", "colour": "f-colour", "type": "f-type", "kind": "f-kind",
                 "flowers": "f-flowers", "copies": "f-copies", "label": "f-label"}
_EXITS = Binding.Group("Exits", compact=True)


class EditorApp(KeyRoutingMixin, App[None]):
    """Edit one tile-set document; see the help screen (``?``) for the keys."""

    TITLE = "botanik-design edit"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = "editor.tcss"
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
        Binding("t", "details", "Set", show=False),
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
        self.problems: list[Problem] = []
        self._checker = Checker(self, lambda: self.doc.text, self.doc.validate,
                                self._show_problems, validate_delay)
        self._initial_note = note
        self.selected = 0
        self._main_screen: Screen[Any] | None = None
        self._list_actions = ListActions(self)
        self._tile_actions = TileActions(self)
        self._details_actions = DetailsActions(self)
        self._picture = PictureExport(self)
        self._saver = Saving(self)

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TitleBar(id="titlebar")
        with Horizontal(id="main"):
            yield TileTable(self._open_tile, id="tiles")
            yield TileFields(id="side")
        yield CountsBar(id="counts")
        yield ProblemList(id="problems")
        yield StatusBar(id="status")
        yield Footer()

    @property
    def _main(self) -> Screen[Any]:
        """The editor's own screen (``query_one`` on the app would search a dialog on top)."""
        return self._main_screen if self._main_screen is not None else self.screen

    @property
    def _table(self) -> TileTable:
        return self._main.query_one("#tiles", TileTable)

    @property
    def _fields(self) -> TileFields:
        return self._main.query_one("#side", TileFields)

    @property
    def _large(self) -> bool:
        return self._main.has_class("large")

    def on_mount(self) -> None:
        self._main_screen = self.screen
        self._table.set_columns(large=self._large)
        self.rebuild_table(0)
        self.refresh_title()
        self.set_status(self._initial_note or "? for help · ctrl+s saves · q quits")
        self._table.focus()
        # first draw the screen, then validate (the validator's imports take a moment)
        self.call_after_refresh(self.schedule_validation)

    def on_resize(self, event: Resize) -> None:
        large = event.size.width >= 110 and event.size.height >= 34
        if large != self._large:
            self._main.set_class(large, "large")
            self._table.set_columns(large=large)
            self.rebuild_table(self.selected)
        self._fields.set_large(large)
        self.refresh_counts()

    # ------------------------------------------------------------ drawing

    def rebuild_table(self, select: int) -> None:
        self._table.show(self.doc)
        if len(self.doc):
            self.select_tile(max(0, min(select, len(self.doc) - 1)))
        else:
            self.selected = -1
            self.refresh_side()
        self.refresh_counts()

    def refresh_row(self, index: int) -> None:
        self._table.show_row(self.doc, index)

    def select_tile(self, index: int) -> None:
        self.selected = index
        self._table.move_to(index)
        self.refresh_side()

    def refresh_side(self, *, force: bool = False) -> None:
        """Preview, info and fields from the selected tile (``force``: the focused field too)."""
        self._fields.show(self.doc, self.selected, self.problems, force=force)

    def refresh_counts(self, changed: int | None = None) -> None:
        """Redraw the counts (``changed``: only that tile was edited since the last call)."""
        self._main.query_one("#counts", CountsBar).show(self.doc, large=self._large,
                                                         changed=changed)

    def refresh_title(self) -> None:
        self._main.query_one("#titlebar", TitleBar).show(
            self.doc, self.problems, checking=not self._checker.current)

    def set_status(self, message: str, level: str = "info") -> None:
        self._main.query_one("#status", StatusBar).say(message, level)

    # ---------------------------------------------------------- validation

    def schedule_validation(self) -> None:
        """Validate after a short quiet spell, in a worker thread (keys stay responsive)."""
        self._checker.schedule()

    def run_validation(self) -> None:
        """Validate the current text now and show the diagnostics (save and quit need them)."""
        self._checker.now()

    def _show_problems(self, text: str, problems: list[Problem]) -> None:
        """Show the diagnostics of ``text`` (dropped when the document changed since)."""
        if text != self.doc.text or self._checker.validated_text == text:
            return
        if not self._main.query("#problems"):
            return  # shutting down
        self._checker.validated_text = text
        self.problems = problems
        self._table.mark_problems(self.doc, {p.tile for p in problems if p.tile is not None})
        self._main.query_one("#problems", ProblemList).show(problems, self.doc)
        self.refresh_title()
        if 0 <= self.selected < len(self.doc):
            self.refresh_side()

    @on(ProblemList.Highlighted)
    def _problem_highlighted(self, event: ProblemList.Highlighted) -> None:
        problem = event.problem
        hint = f" — {problem.hint}" if problem.hint else ""
        self.set_status(f"{problem.location}: {problem.message}{hint} (enter: go to it)")

    @on(ProblemList.Chosen)
    def _problem_chosen(self, event: ProblemList.Chosen) -> None:
        problem = event.problem
        if problem.tile is None:
            self.set_status(f"{problem.location}: {problem.message}")
            return
        self.select_tile(problem.tile)
        parts = problem.json_path.strip("/").split("/")
        field = _FIELD_OF_KEY.get(parts[2]) if len(parts) > 2 else None
        self._focus(f"#{field}" if field else "#tiles")
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
            self.refresh_counts(select)
        self.refresh_title()
        self.schedule_validation()

    def _sync_selection(self) -> None:
        """Follow the table's cursor now: keys typed fast can arrive before its message."""
        row = self._table.cursor_row
        if self._table.row_count == len(self.doc) and 0 <= row < len(self.doc) and \
                row != self.selected:
            self.doc.break_coalescing()
            self.selected = row
            self.refresh_side()

    def _need_tile(self) -> bool:
        self._sync_selection()
        if 0 <= self.selected < len(self.doc):
            return True
        self.set_status("no tile selected: press a to add one", "warn")
        return False

    @on(TileTable.Moved)
    def _row_moved(self, event: TileTable.Moved) -> None:
        if event.row != self.selected:
            self.doc.break_coalescing()
            self.selected = event.row
            self.refresh_side()

    def _open_tile(self, row: int) -> None:
        """Show tile ``row`` in the fields and move into its id field (enter, a click)."""
        self._sync_selection()
        self._focus("#f-id")

    @on(TileFields.Edited)
    def _field_edited(self, event: TileFields.Edited) -> None:
        if not 0 <= event.tile < len(self.doc):
            return
        face = self.doc.face(event.tile)
        try:
            self.doc.set_field(event.tile, event.key, event.value)
        except ValueError as exc:
            self.set_status(f"refused: {exc}", "error")
            return
        self.after_edit(event.tile)
        after = self.doc.face(event.tile)
        extra = ""
        if event.key == "type" and (after.kind != face.kind or after.exits != face.exits):
            extra = f" (kind {after.kind}, exits {after.exit_letters or 'none'})"
        typed = event.key in ("id", "label", "flowers", "copies")
        shown = repr(event.value) if typed else (event.value or "none")
        self.set_status(f"{event.key} of {face.id or 'tile'} set to {shown}{extra}")

    @on(Input.Submitted)
    def _input_submitted(self, event: Input.Submitted) -> None:
        self.doc.break_coalescing()
        self._focus("#tiles")

    @on(TileFields.Note)
    def _field_note(self, event: TileFields.Note) -> None:
        self.set_status(event.message, event.level)

    @on(TileFields.ExitAsked)
    def _exit_asked(self, event: TileFields.ExitAsked) -> None:
        self.action_toggle_exit(event.side)

    @on(TileFields.MenuClosed)
    def _menu_closed(self) -> None:
        # after the drop-down's own focus() (queued before this message was posted)
        self.call_later(self._focus, "#tiles")

    @on(TileFields.RotateAsked)
    def _rotate_asked(self, event: TileFields.RotateAsked) -> None:
        self.action_rotate()

    def action_focus_table(self) -> None:
        self.doc.break_coalescing()
        self._focus("#tiles")

    def _focus(self, selector: str) -> None:
        """Move the focus now: ``Widget.focus()`` waits behind keys already queued, which
        would reach the old widget (a fast ``enter`` then typing went to the table)."""
        self._main.set_focus(self._main.query_one(selector))

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    # ------------------------------------- actions of the components the app owns

    def save(self, *, then_exit: bool = False, force: bool = False) -> bool:
        """Save now (see :meth:`Saving.save`); False when writing fails or must wait."""
        return self._saver.save(then_exit=then_exit, force=force)

    def action_save(self) -> None:
        self._saver.save()
    async def action_quit(self) -> None:
        self._saver.quit()
    def action_toggle_exit(self, side: str) -> None:
        self._tile_actions.toggle_exit(side)
    def action_rotate(self) -> None:
        self._tile_actions.rotate()
    def action_copies(self, delta: int) -> None:
        self._tile_actions.copies(delta)
    def action_add(self) -> None:
        self._list_actions.add()
    def action_duplicate(self) -> None:
        self._list_actions.duplicate()
    def action_delete(self) -> None:
        self._list_actions.delete()
    def action_undo(self) -> None:
        self._list_actions.undo()
    def action_redo(self) -> None:
        self._list_actions.redo()
    def action_details(self) -> None:
        self._details_actions.open()
    def on_details_screen_changed(self, event: DetailsScreen.Changed) -> None:
        self._details_actions.changed(event)
    def on_details_screen_colour_added(self, event: DetailsScreen.ColourAdded) -> None:
        self._details_actions.colour_added(event)
    def action_export_picture(self) -> None:
        self._picture.export()
