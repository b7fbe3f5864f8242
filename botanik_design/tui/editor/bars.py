"""The editors' one-line bars and lists: title, status, problems (a game's editor adds
its own, e.g. the tile counts of :mod:`botanik_design.tui.botanik.editor.counts`)."""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text
from textual import on
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from botanik_design.model.words import plural
from botanik_design.tui.editor.checking import Problem
from botanik_design.tui.editor.roundtrip import RoundTripText


class StatusBar(Static):
    """The last message, coloured by its level (``info``, ``warn``, ``error``)."""

    message: reactive[str] = reactive("", init=False)
    level: reactive[str] = reactive("info", init=False)

    def say(self, message: str, level: str = "info") -> None:
        self.message, self.level = message, level
        self.update(Text(message), layout=False)  # one line, always: no new layout

    def watch_level(self, level: str) -> None:
        self.set_class(level == "warn", "warn")
        self.set_class(level == "error", "error")


class TitleBar(Static):
    """The file's name, whether it is modified, and the validation verdict."""

    def show(self, doc: RoundTripText, problems: list[Problem], *, checking: bool) -> None:
        errors = sum(1 for p in problems if p.level == "error")
        warnings = len(problems) - errors
        text = Text()
        text.append("botanik-design edit  ", style="bold")
        text.append(doc.name)
        if doc.modified:
            text.append("  ● modified", style="bold yellow")
        if checking:
            text.append("  … checking", style="dim")
        elif errors:
            text.append(f"  ✗ {plural(errors, 'error')}", style="bold red")
        elif warnings:
            text.append(f"  ! {plural(warnings, 'warning')}",
                        style="bold yellow")
        else:
            text.append("  ✓ valid", style="bold green")
        self.update(text, layout=False)  # one line, always: no new layout


class _Item(Protocol):
    @property
    def id(self) -> str: ...


class _Items(Protocol):
    """A document whose items a problem may name (``face(i).id``)."""

    def __len__(self) -> int: ...
    def face(self, index: int) -> _Item: ...


class ProblemList(OptionList):
    """The diagnostics of the document; posts :class:`Highlighted` and :class:`Chosen`."""

    class Highlighted(Message):
        """The user moved onto ``problem`` in the list."""

        def __init__(self, problem: Problem) -> None:
            super().__init__()
            self.problem = problem

    class Chosen(Message):
        """The user chose ``problem`` (enter or a click): go to its tile."""

        def __init__(self, problem: Problem) -> None:
            super().__init__()
            self.problem = problem

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problems: list[Problem] = []

    def show(self, problems: list[Problem], doc: _Items) -> None:
        self.problems = problems
        self.clear_options()
        if not problems:
            self.add_option(Option(Text("✓ no problems found", style="green"), id="none",
                                   disabled=True))
        for n, p in enumerate(problems):
            line = Text()
            line.append(f"{p.location:>7} ", style="bold")
            line.append(p.level, style="bold red" if p.level == "error" else "bold yellow")
            where = doc.face(p.tile).id if p.tile is not None and p.tile < len(doc) else ""
            if where:
                line.append(f" [{where}]", style="cyan")
            line.append(f" {p.message}")
            line.no_wrap = True
            line.overflow = "ellipsis"
            self.add_option(Option(line, id=f"p{n}"))

    def _problem(self, option: Option) -> Problem | None:
        option_id = option.id or ""
        if option_id.startswith("p"):
            return self.problems[int(option_id[1:])]
        return None

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        problem = self._problem(event.option)
        if problem is not None and self.has_focus:
            self.post_message(self.Highlighted(problem))

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        problem = self._problem(event.option)
        if problem is not None:
            self.post_message(self.Chosen(problem))
