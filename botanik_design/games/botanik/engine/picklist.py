"""The legal pick actions of a Botanik decision, listed for the next picker.

:class:`PickListing` is the part of the turn machine (:class:`~.turns.Turns`) that
sets the pick decision of the player whose turn it is to take an arrival tile and
lists its legal actions (brief §3.2): to an empty own slot under a middle stack
whose top links with the tile, or onto a middle stack under the variant's
``middle_condition``, with ``no_registry_move`` when none is legal.  Action ids are
those of :mod:`.actions` (arrival index x 18 + column code).  The hot path of a
random game: ``tests/botanik/test_engine_picks_property.py`` holds it to the
registry's rule functions.
"""

from __future__ import annotations

from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine import eventcodes as E
from botanik_design.games.botanik.engine.fields import PICK, StateData, Task
from botanik_design.games.botanik.engine.registry import EMPTY

__all__ = ["PickListing"]

#: middle-stack pick actions per number of columns and arrival index
_MIDDLE_PICKS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(i * 18 + 9 + c for c in range(n)) for i in range(A.MAX_ARRIVAL))
    for n in range(A.MAX_COLUMNS + 1)
)

#: every middle-stack pick per number of columns and of arrival tiles (sorted)
_ALL_MIDDLE_PICKS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(a for i in range(k) for a in _MIDDLE_PICKS[n][i]) for k in range(A.MAX_ARRIVAL + 1))
    for n in range(A.MAX_COLUMNS + 1)
)

#: the pick decision of each player (shared: tasks are immutable tuples)
_PICK_DECISION: tuple[Task, Task] = ((PICK, 0, -1, 0, -1), (PICK, 1, -1, 0, -1))


class PickListing(StateData):
    """Sets the pick decision and its legal actions (see the module docstring)."""

    def _set_pick(self) -> None:
        """The pick decision of the next picker and its legal actions (brief §3.2)."""
        p = self.pickers[self.pick_index]
        self.decision = _PICK_DECISION[p]
        reg = self.registry
        middle = reg.middle
        ncols = len(middle)
        if self.variant.middle_condition != "none" or not ncols:
            self._set_pick_checked(p)
            return
        # every middle pick is legal; own-slot picks: an empty slot of this player under a
        # non-empty middle stack whose top links with the tile
        slots = reg.slots[p]
        arrival = self.arrival
        own: list[tuple[int, int]] = []
        for c, st in enumerate(middle):
            if st and slots[c] == EMPTY:
                own.append((c, st[-1]))
        if not own:
            self._legal = _ALL_MIDDLE_PICKS[ncols][len(arrival)]
            return
        links = self.table.links
        mids = _MIDDLE_PICKS[ncols]
        legal: list[int] = []
        for i, a in enumerate(arrival):
            row = links[a]
            base = i * 18
            for c, top in own:
                if row[top]:
                    legal.append(base + c)
            legal += mids[i]
        self._legal = legal

    def _set_pick_checked(self, p: int) -> None:
        """:meth:`_set_pick` under a ``middle_condition``, with ``no_registry_move``.

        The middle condition is :meth:`Registry.middle_ok` written inline: each column's
        condition is read once (which slot tiles a tile must link with), then one row of
        links per arrival tile; ``tests/botanik/test_engine_picks_property.py`` holds it
        to the registry's rule functions."""
        reg = self.registry
        v = self.variant
        arrival = self.arrival
        middle = reg.middle
        free = v.middle_condition == "none"
        allow = v.middle_condition_empty_slots == "allow"
        s0, s1 = reg.slots
        # own-slot picks: (column, middle top) of an empty own slot under a non-empty
        # stack; middle picks, per column: (code, x, y) when a tile linked to slot tile x
        # or y may go onto its stack (x == y when one slot is filled), x == -1 when any
        # tile may (no condition, or both slots empty and empty slots allowed); a column
        # no tile may take is left out
        own: list[tuple[int, int]] = []
        specs: list[tuple[int, int, int]] = []
        c = 0
        for st in middle:
            x = s0[c]
            y = s1[c]
            if st and (y if p else x) == EMPTY:
                own.append((c, st[-1]))
            if free:
                specs.append((9 + c, -1, -1))
            elif x != EMPTY:
                specs.append((9 + c, x, x if y == EMPTY else y))
            elif y != EMPTY:
                specs.append((9 + c, y, y))
            elif allow:
                specs.append((9 + c, -1, -1))
            c += 1
        links = self.table.links
        legal: list[int] = []
        append = legal.append
        base = 0
        for a in arrival:
            row = links[a]
            for c, top in own:
                if row[top]:
                    append(base + c)
            for code, x, y in specs:
                if x < 0 or row[x] or row[y]:
                    append(base + code)
            base += 18
        if not legal:
            if v.no_registry_move == "discard-chosen":
                legal = [A.DISCARD_BASE + i for i in range(len(arrival))]
            else:
                mids = _MIDDLE_PICKS[len(middle)]
                legal = [a for i in range(len(arrival)) for a in mids[i]]
            self._raw.append((E.NO_REGISTRY_MOVE, len(self._history) - 1, p, v.no_registry_move))
            self._counts[3] += 1
        self._legal = legal
