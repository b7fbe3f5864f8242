"""The two machines of the board screen, and the scores beside them.

:class:`MachinesView` owns the machines' layouts (which cell is drawn where, per
player: the clicks and the centring read them) and draws each machine, its border
(name, Meca pawn, live score) and the scores' breakdown from a :class:`Controller`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.widgets import Static

from botanik_design.tui.botanik import render as R
from botanik_design.tui.botanik.choice import Choice
from botanik_design.tui.botanik.controller import Controller
from botanik_design.tui.botanik.texts import scores_text
from botanik_design.tui.botanik.widgets import Drawing, Pane, SidePane


class MachinesView(Horizontal):
    """Both machines (``#pane0``/``#pane1``, scrollable) and the scores box (``#scores-box``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: Where each player's cells are drawn, as of the last :meth:`draw` (by player 0/1).
        self.layouts: dict[int, R.MachineLayout] = {}

    def compose(self) -> ComposeResult:
        for p in (0, 1):
            with Pane(id=f"pane{p}", classes="machine"):
                yield Drawing(id=f"machine{p}")
        with SidePane(id="scores-box"):
            yield Static(id="scores")

    def on_mount(self) -> None:
        self.query_one("#scores-box").border_title = "scores"

    def draw(self, ctl: Controller, choice: Choice) -> None:
        """Draw both machines from ``ctl``: the acting human's legal placements, the
        highlighted cell with a preview of the tile (kept in view), the last move."""
        s = ctl.state
        d = ctl.pending()
        human = ctl.human_to_act()
        for p in (0, 1):
            cands: list[R.Cell] = []
            cur: R.Cell | None = None
            preview = None
            if d is not None and d.kind == "place" and d.player == p and human:
                cells = ctl.placements()
                cands = list(cells)
                cur = choice.cursor
                rots = cells.get(cur, [])
                if rots:
                    preview = (s.tile(d.tile), rots[choice.rot % len(rots)][0])
            text, layout = R.machine_text(s, p, cands, cur, preview, ctl.last.get(p))
            self.layouts[p] = layout
            self.query_one(f"#machine{p}", Static).update(text)
            pane = self.query_one(f"#pane{p}", Pane)
            meca = " · Meca pawn" if s.meca_holder() == p and not ctl.is_over() else ""
            pane.border_title = Text(f"{ctl.label(p)}{meca}")  # a name as written: no markup
            pane.border_subtitle = ctl.score_line(p)
            pane.set_class(d is not None and d.player == p, "acting")
            if cur is not None:
                x, y = layout.offset(cur)
                region = Region(x, y, R.W, R.H)
                self.call_after_refresh(pane.scroll_to_region, region, animate=False,
                                        immediate=True)
        self.query_one("#scores", Static).update(scores_text(ctl))

    def centre(self) -> None:
        """Scroll each drawn machine so that its Source is in the middle of its pane."""
        for p in (0, 1):
            layout = self.layouts.get(p)
            if layout is None:
                continue
            pane = self.query_one(f"#pane{p}", Pane)
            x, y = R.centre_offset(layout)
            pane.scroll_to(max(0, x - pane.scrollable_content_region.width // 2),
                           max(0, y - pane.scrollable_content_region.height // 2),
                           animate=False, immediate=True)

    def scroll(self, dx: int, dy: int) -> None:
        """Scroll both machines by ``(dx, dy)`` cells of the terminal."""
        for p in (0, 1):
            self.query_one(f"#pane{p}", Pane).scroll_relative(dx, dy, animate=False,
                                                              immediate=True)
