"""The board screen's top row: the registry, the arrival zone and the move log.

:class:`TopRow` draws the registry and the arrival zone from a :class:`Controller`
(the acting human's legal picks and swaps marked, the highlighted one kept in view)
and keeps the move log (:class:`~.widgets.MoveLog`).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.widgets import Static

from botanik_design.tui.botanik import render as R
from botanik_design.tui.botanik.choice import Choice
from botanik_design.tui.botanik.controller import Controller
from botanik_design.tui.botanik.widgets import Drawing, MoveLog, SidePane


def log_line(line: str) -> Text:
    """A controller's move-log line as shown: indented lines (details) greyed."""
    return Text(line, style="#8a8a8a" if line.startswith(" ") else "")


class TopRow(Horizontal):
    """``#registry``, the ``#arrival`` zone (in ``#arrival-box``) and the ``#log``."""

    def compose(self) -> ComposeResult:
        yield Drawing(id="registry")
        with SidePane(id="arrival-box"):
            yield Drawing(id="arrival")
        yield MoveLog(id="log")

    def draw(self, ctl: Controller, choice: Choice, scale: R.Scale) -> None:
        """Draw the registry and the arrival zone at ``scale`` (tile sizes in cells)."""
        s = ctl.state
        d = ctl.pending()
        human = ctl.human_to_act()
        legal: set[tuple[str, int]] = set()
        cursor: tuple[str, int] | None = None
        arrival_sel: int | None = None
        arrival_legal: set[int] = set()
        if d is not None and human and d.kind == "pick":
            arrival_legal = choice.arrival_legal(ctl)
            arrival_sel = choice.sel
            dests = [] if ctl.discards() else choice.dests(ctl)
            for k, dest in enumerate(dests):
                key = ("middle" if dest.middle else f"slot{d.player}", dest.column)
                legal.add(key)
                if k == choice.dest % len(dests):
                    cursor = key
        elif d is not None and human and d.kind == "swap":
            legal = {("middle", c) for c in ctl.swaps()}
            cursor = ("middle", choice.col)
        names = ("P0", "P1")
        self.query_one("#registry", Static).update(
            R.registry_text(s, R.RegistryMarks(frozenset(legal), cursor), names, scale))
        self.query_one("#arrival", Static).update(
            R.arrival_text(s, arrival_sel, arrival_legal, scale))
        if arrival_sel is not None:  # keep the chosen tile in view (more tiles than fit)
            box = self.query_one("#arrival-box", SidePane)
            top = 1 + arrival_sel * scale.h
            self.call_after_refresh(box.scroll_to_region, Region(0, top, 1, scale.h),
                                    animate=False, immediate=True)

    def show_log(self, lines: list[str]) -> None:
        """Replace the move log by the controller's ``lines``."""
        self.query_one("#log", MoveLog).show([log_line(line) for line in lines])

    def write_log(self, line: Text) -> None:
        """Add ``line`` at the end of the move log."""
        self.query_one("#log", MoveLog).add(line)
