"""What the human player has highlighted on the board, and how keys and clicks move it.

No textual import: the board screen draws from a :class:`Choice` and turns keys
and clicks into calls here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from botanik_design.games.botanik.engine.actions import Pick, Place, Swap
from botanik_design.tui.botanik import render as R
from botanik_design.tui.botanik.controller import Controller, Destination


@dataclass
class Choice:
    """The highlighted choice for the decision waiting (reset when a new one comes).

    ``sel``: pick/discard, the arrival tile (0-based); ``dest``: pick, index into that
    tile's destinations; ``cursor``: place, the machine cell ``(x, y)`` (y grows
    north); ``rot``: place, index into that cell's rotations; ``col``: swap, the
    middle column; ``prefix``: ``s`` or ``m`` typed, waiting for a column digit.
    """

    sel: int = 0
    dest: int = 0
    cursor: R.Cell = (0, 0)
    rot: int = 0
    col: int = 0
    prefix: str = ""
    #: why the last click was refused (shown when :meth:`click` returns ``"refused"``)
    refusal: str = ""
    _key: int = field(default=-1, repr=False)

    def forget(self) -> None:
        """Reset at the next :meth:`sync` (after undo or load)."""
        self._key = -1

    def sync(self, ctl: Controller) -> None:
        """Reset the selection when a new decision is waiting."""
        key = len(ctl.state.history()) * 2 + (1 if ctl.is_over() else 0)
        if key == self._key:
            return
        self._key = key
        self.prefix = ""
        d = ctl.pending()
        if d is None:
            return
        if d.kind == "pick":
            legal = self.arrival_legal(ctl)
            self.sel = min(legal) if legal else 0
            self.dest = 0
        elif d.kind == "place":
            cells = ctl.placements()
            self.cursor = min(cells, key=lambda c: (abs(c[0]) + abs(c[1]), -c[1], c[0]))
            self.rot = 0
        elif d.kind == "swap":
            self.col = min(ctl.swaps())

    @staticmethod
    def arrival_legal(ctl: Controller) -> set[int]:
        """Arrival tiles that may be chosen (discards, or tiles with a destination)."""
        discards = ctl.discards()
        if discards:
            return set(discards)
        n = len(ctl.state.arrival_tiles())
        return {i for i in range(n) if ctl.destinations(i)}

    def dests(self, ctl: Controller) -> list[Destination]:
        return ctl.destinations(self.sel)

    def chosen(self, ctl: Controller) -> int | None:
        """The action the highlighted choice stands for (``None``: not a legal one)."""
        d = ctl.pending()
        if d is None or not ctl.human_to_act():
            return None
        if d.kind == "pick":
            discards = ctl.discards()
            if discards:
                return discards.get(self.sel)
            dests = self.dests(ctl)
            return dests[self.dest % len(dests)].action if dests else None
        if d.kind == "place":
            rots = ctl.placements().get(self.cursor, [])
            return rots[self.rot % len(rots)][1] if rots else None
        return ctl.swaps().get(self.col)

    def move(self, ctl: Controller, dx: int, dy: int) -> None:
        """Arrow keys: another arrival tile / destination, cell, or middle column."""
        d = ctl.pending()
        if d is None:
            return
        if d.kind == "pick":
            n = len(ctl.state.arrival_tiles())
            if dy:
                self.sel = (self.sel - dy) % n
                self.dest = 0
            elif self.dests(ctl):
                self.dest = (self.dest + dx) % len(self.dests(ctl))
        elif d.kind == "place":
            found = R.nearest(ctl.placements(), self.cursor, (dx, dy))
            if found is not None:
                self.cursor = found
                self.rot = 0
        else:
            cols = sorted(ctl.swaps())
            if dx and cols:
                i = cols.index(self.col) if self.col in cols else 0
                self.col = cols[(i + dx) % len(cols)]

    def rotate(self, ctl: Controller, step: int) -> str | None:
        """Next legal rotation on the cell; a message when there is no other one."""
        rots = ctl.placements().get(self.cursor, [])
        if len(rots) <= 1:
            legal = {r for r, _ in rots}
            x, y = self.cursor
            whys = [f"r{r}: {why}" for r in range(4) if r not in legal
                    for why in [ctl.why_not(Place(x, y, r))]
                    if why is not None and "looks the same" not in why]
            return "no other legal rotation on this cell" + (
                f" ({'; '.join(whys)})" if whys else "")
        self.rot = (self.rot + step) % len(rots)
        return None

    def digit(self, ctl: Controller, n: int) -> str | None:
        """Digit ``n`` (1-9): a tile, a column after ``s``/``m``, or a middle stack to
        swap with; a warning when that is not legal."""
        d = ctl.pending()
        i = n - 1
        if d is None:
            return None
        if d.kind == "pick":
            if self.prefix:
                middle = self.prefix == "m"
                self.prefix = ""
                for k, dest in enumerate(self.dests(ctl)):
                    if dest.column == i and dest.middle == middle:
                        self.dest = k
                        return None
                why = ctl.why_not(Pick(self.sel, i, middle))
                return f"{'middle' if middle else 'own slot'} {n} is not legal: {why}"
            if i < len(ctl.state.arrival_tiles()):
                self.sel, self.dest = i, 0
        elif d.kind == "swap":
            if i not in ctl.swaps():
                return f"middle {n} cannot take the swap: {ctl.why_not(Swap(i))}"
            self.col = i
        return None

    def click(self, ctl: Controller, where: str, x: int, y: int,
              layouts: dict[int, R.MachineLayout], scale: R.Scale = R.FULL) -> str:
        """A click at content offset ``(x, y)`` of drawing ``where`` (``arrival``,
        ``registry``, ``machine0``/``machine1``); ``scale``: how the registry and the
        arrival zone are drawn.  Returns ``"confirm"`` (a second
        click on the highlighted choice), ``"moved"``, ``"refused"`` (a place that is not
        legal: :attr:`refusal` says why, from the engine) or ``""`` (nothing to do)."""
        d = ctl.pending()
        if d is None:
            return ""
        if where == "arrival" and d.kind == "pick":
            i = R.arrival_hit(y, len(ctl.state.arrival_tiles()), scale)
            if i is None:
                return ""
            if i == self.sel and ctl.discards():
                return "confirm"
            self.sel, self.dest = i, 0
            return "moved"
        if where == "registry":
            return self._registry_click(ctl, x, y, d.kind, d.player, scale)
        if where == f"machine{d.player}" and d.kind == "place":
            layout = layouts.get(d.player)
            cell = layout.hit(x, y) if layout is not None else None
            if cell is None:
                return ""
            if cell not in ctl.placements():
                self.refusal = f"not on ({cell[0]},{cell[1]}): {ctl.why_not_cell(*cell)}"
                return "refused"
            if cell == self.cursor:
                return "confirm"
            self.cursor, self.rot = cell, 0
            return "moved"
        return ""

    def _registry_click(self, ctl: Controller, x: int, y: int, kind: str, player: int,
                        scale: R.Scale) -> str:
        hit = R.registry_hit(x, y, len(ctl.state.middle_stacks()), scale)
        if hit is None:
            return ""
        row, col = hit
        if kind == "swap":
            if col not in ctl.swaps():
                if row != "middle":
                    return ""
                self.refusal = f"middle {col + 1} cannot take the swap: " \
                    f"{ctl.why_not(Swap(col))}"
                return "refused"
            if row == "middle" and col == self.col:
                return "confirm"
            self.col = col
            return "moved"
        if kind == "pick":
            dests = self.dests(ctl)
            for k, dest in enumerate(dests):
                want = "middle" if dest.middle else f"slot{player}"
                if dest.column == col and want == row:
                    if k == self.dest % max(1, len(dests)):
                        return "confirm"
                    self.dest = k
                    return "moved"
            if row in ("middle", f"slot{player}") and not ctl.discards():
                middle = row == "middle"
                why = ctl.why_not(Pick(self.sel, col, middle))
                self.refusal = f"{'middle' if middle else 'own slot'} {col + 1} is not legal: {why}"
                return "refused"
        return ""
