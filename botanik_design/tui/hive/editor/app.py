"""The piece-set editor (``botanik-design edit PIECESET.yaml``): copies per bug, the set's
name and title, live problems from the project's validator.

Saving, quitting, undo and the rescue file work as in the tile-set editor
(:mod:`.saving`, :class:`~.roundtrip.RoundTripText`, ``edit_cmd``); the document is
a :class:`~.document.PiecesetDocument`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from botanik_design.model.words import plural
from botanik_design.tui.editor.bars import StatusBar, TitleBar
from botanik_design.tui.editor.changewords import change_words, plain
from botanik_design.tui.editor.checker import Checker
from botanik_design.tui.editor.checking import Problem
from botanik_design.tui.editor.saving import Saving
from botanik_design.tui.hive.editor.document import META_KEYS, PiecesetDocument, bug_infos
from botanik_design.tui.widgets.help import KeysHelpScreen
from botanik_design.tui.widgets.keyroute import KeyRoutingMixin, RoutedInput

#: Seconds of quiet after an edit before the text is validated again.
VALIDATE_DELAY = 0.2

KEYS: tuple[tuple[str, str], ...] = (
    ("↑ ↓", "move through the bugs (or click a row)"),
    ("+ - / 0 … 9", "one copy more / less of the bug / that many copies per player"),
    ("tab shift+tab", "bugs → name, title, description → problems; esc back to the bugs"),
    ("enter", "bugs: into the name field · problems: go to the bug"),
    ("u ctrl+z", "undo · ctrl+y redo"),
    ("ctrl+s", "save (with errors too: the status bar warns)"),
    ("q ctrl+q", "quit (asks first when there are unsaved changes)"),
    ("? f1", "this help"),
)
LEGEND = Text.assemble(
    ("\nA piece set ", "bold"), "gives the copies of each bug every player starts with "
    "(both players get the same). 0 leaves a bug out; the expansion bugs (M, L, P) take "
    "at most 1 and the variant's `expansions` must list exactly those in the set; every "
    "set needs one Queen. Problems come from `botanik-design validate`.")


class PiecesetApp(KeyRoutingMixin, App[None]):
    """Edit one piece-set document; see the help screen (``?``) for the keys."""

    TITLE = "botanik-design edit"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = "editor.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("plus", "copies(1)", "+copy"),
        Binding("minus", "copies(-1)", "-copy"),
        *[Binding(str(n), f"set_count({n})", show=False) for n in range(10)],
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo", show=False),
        Binding("question_mark,f1", "help", "Help"),
        Binding("escape", "focus_table", "Bugs", show=False),
        Binding("q", "quit", "Quit"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, document: PiecesetDocument, *, validate_delay: float = VALIDATE_DELAY,
                 note: str = "") -> None:
        super().__init__()
        self.doc = document
        self.problems: list[Problem] = []
        self._checker = Checker(self, lambda: self.doc.text, self.doc.validate,
                                self._show_problems, validate_delay)
        self._note = note
        self._saver = Saving(self)

    def save(self, *, then_exit: bool = False, force: bool = False) -> bool:
        """Save now (see :meth:`Saving.save`); False when writing fails or must wait."""
        return self._saver.save(then_exit=then_exit, force=force)

    def action_save(self) -> None:
        self._saver.save()

    async def action_quit(self) -> None:
        self._saver.quit()

    def compose(self) -> ComposeResult:
        yield TitleBar(id="titlebar")
        with Horizontal(id="main"):
            yield DataTable(cursor_type="row", zebra_stripes=True, id="bugs")
            with Vertical(id="side"):
                for key in META_KEYS:
                    with Horizontal(classes="field"):
                        yield Label("name" if key == "pieceset" else key)
                        yield RoutedInput(self.doc.meta(key), compact=True, id=f"f-{key}")
                yield Static(id="about")
        yield Static(id="summary")
        yield OptionList(id="problems")
        yield StatusBar(id="status")
        yield Footer()

    @property
    def table(self) -> DataTable[Any]:
        return self.query_one("#bugs", DataTable)

    @property
    def selected(self) -> int:
        return max(0, self.table.cursor_row)

    def on_mount(self) -> None:
        table = self.table
        for label, key in (("bug", "bug"), ("letter", "letter"), ("copies", "copies"),
                           ("max", "max"), ("", "kind")):  # kind: base or exp(ansion)
            table.add_column(label, key=key)
        for i in range(len(self.doc)):
            table.add_row(*self._cells(i))
        table.focus()
        self.refresh_all()
        self.set_status(self._note or "+ - or a digit sets the copies · ? for help · "
                        "ctrl+s saves · q quits")
        self.call_after_refresh(self._checker.schedule)

    # ------------------------------------------------------------ drawing

    def _cells(self, row: int) -> list[Any]:
        info = bug_infos()[row]
        n = self.doc.count(info.name)
        bad = any(p.tile == row and p.level == "error" for p in self.problems)
        copies = Text("?" if n is None else str(n), style="bold red" if bad else "bold")
        if bad:
            copies.append(" ✗", style="bold red")
        name = Text(info.name, style="" if n else "dim")
        return [name, info.letter, copies, str(info.maximum),
                "exp." if info.expansion else "base"]

    def refresh_all(self, *, fields: bool = False) -> None:
        for row in range(len(self.doc)):
            for col, value in enumerate(self._cells(row)):
                self.table.update_cell_at(Coordinate(row, col), value)
        if fields:
            for key in META_KEYS:
                box = self.query_one(f"#f-{key}", Input)
                if box.value != self.doc.meta(key):
                    box.value = self.doc.meta(key)
        self._show_about()
        total = self.doc.total()
        extra = self.doc.expansions()
        summary = Text(f"{plural(total, 'piece')} per player ({2 * total} in all)", style="bold")
        summary.append(" · expansion bugs: " + (", ".join(extra) if extra else "none"))
        if self.doc.others():
            summary.append(" · not bugs: " + ", ".join(self.doc.others()), style="bold red")
        self.query_one("#summary", Static).update(summary)
        self.query_one("#titlebar", TitleBar).show(self.doc, self.problems,
                                                    checking=not self._checker.current)

    def _show_about(self) -> None:
        info = bug_infos()[self.selected]
        self.query_one("#about", Static).update(Text.assemble(
            (f"{info.name} ({info.letter})\n", "bold"), info.description))

    def set_status(self, message: str, level: str = "info") -> None:
        self.query_one("#status", StatusBar).say(message, level)

    def refresh_title(self) -> None:
        self.query_one("#titlebar", TitleBar).show(self.doc, self.problems,
                                                    checking=not self._checker.current)

    @on(DataTable.RowHighlighted)
    def _moved(self) -> None:
        self.doc.break_coalescing()
        self._show_about()

    @on(DataTable.RowSelected)
    def _opened(self) -> None:
        self.query_one("#f-pieceset", Input).focus()

    # ---------------------------------------------------------- validation

    def run_validation(self) -> None:
        self._checker.now()

    def _show_problems(self, text: str, problems: list[Problem]) -> None:
        if text != self.doc.text or self._checker.validated_text == text:
            return
        if not self.query("#problems"):
            return  # shutting down
        self._checker.validated_text = text
        self.problems = problems
        box = self.query_one("#problems", OptionList)
        box.clear_options()
        if not problems:
            box.add_option(Option(Text("✓ no problems found", style="green"), disabled=True))
        for n, p in enumerate(problems):
            line = Text(f"{p.location:>7} ", style="bold")
            line.append(p.level, style="bold red" if p.level == "error" else "bold yellow")
            if p.tile is not None:
                line.append(f" [{bug_infos()[p.tile].name}]", style="cyan")
            line.append(f" {p.message}")
            line.no_wrap, line.overflow = True, "ellipsis"
            box.add_option(Option(line, id=f"p{n}"))
        self.refresh_all()

    @on(OptionList.OptionSelected, "#problems")
    def _problem_chosen(self, event: OptionList.OptionSelected) -> None:
        problem = self.problems[int((event.option.id or "p0")[1:])]
        if problem.tile is not None:
            self.table.move_cursor(row=problem.tile)
            self.table.focus()
        hint = f" — {problem.hint}" if problem.hint else ""
        self.set_status(f"{problem.location}: {problem.message}{hint}", "warn")

    # ------------------------------------------------------------ editing

    def after_edit(self, *, fields: bool = False) -> None:
        self.refresh_all(fields=fields)
        self._checker.schedule()

    def action_copies(self, delta: int) -> None:
        self._count(lambda: self.doc.add_copies(self.selected, delta))

    def action_set_count(self, count: int) -> None:
        self._count(lambda: self.doc.set_count(self.selected, count))

    def _count(self, edit: Any) -> None:
        info = bug_infos()[self.selected]
        try:
            edit()
        except ValueError as exc:
            self.set_status(f"refused: {exc}", "error")
            self.bell()
            return
        self.after_edit()
        self.set_status(f"{info.name}: {plural(self.doc.count(info.name) or 0, 'copy', 'copies')} "
                        "per player")

    @on(Input.Changed)
    def _field_changed(self, event: Input.Changed) -> None:
        key = (event.input.id or "").removeprefix("f-")
        if key not in META_KEYS or event.value == self.doc.meta(key):
            return
        self.doc.set_meta(key, event.value, self.selected)
        self.after_edit()

    @on(Input.Submitted)
    def _field_done(self) -> None:
        self.action_focus_table()

    def action_undo(self) -> None:
        before = plain(self.doc.data)
        self._history(self.doc.undo(), "undone", "nothing to undo", before)

    def action_redo(self) -> None:
        before = plain(self.doc.data)
        self._history(self.doc.redo(), "redone", "nothing to redo", before)

    def _history(self, row: int | None, done: str, nothing: str, before: Any) -> None:
        if row is None:
            self.set_status(nothing)
            return
        self.table.move_cursor(row=max(0, row))
        self.after_edit(fields=True)
        self.set_status(f"{done}: {change_words(before, self.doc.data)}")

    def action_focus_table(self) -> None:
        self.doc.break_coalescing()
        self.table.focus()

    def action_help(self) -> None:
        self.push_screen(KeysHelpScreen("Piece-set editor — keys   (esc closes)", KEYS, LEGEND))
