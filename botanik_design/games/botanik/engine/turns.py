"""The turn machine of a Botanik game: rounds, picks, release checks, swaps, the end.

:class:`Turns` moves the fields of :class:`~.fields.StateData` on after each action
(see :mod:`botanik_design.games.botanik.engine.state` for the turn structure, ``spec/rules.md``
for the rules as implemented): the current player, the legal actions, applying one,
the task queue of releases and swaps, and the result.  Events are recorded as raw
tuples here (:mod:`.events`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence

from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine import eventcodes as E
from botanik_design.games.botanik.engine.analysis import facts_of, winner_of
from botanik_design.games.botanik.engine.fields import (
    _CHECK,
    PICK,
    PLACE,
    SWAP,
    TERMINAL,
    Task,
)
from botanik_design.games.botanik.engine.geometry import decode_cell
from botanik_design.games.botanik.engine.picklist import PickListing
from botanik_design.games.botanik.engine.placement import legal_placements
from botanik_design.games.botanik.engine.registry import EMPTY

__all__ = ["PICK", "PLACE", "SWAP", "TERMINAL", "Task", "Turns"]

#: the first discard action and the event record of a pick, read once (the hot path)
_DISCARD_BASE = A.DISCARD_BASE
_PICKED = E.PICKED

#: the pickers of a round by Meca holder and number of arrival tiles: alternating,
#: the Meca holder first (brief §3)
_PICKERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(m if k % 2 == 0 else 1 - m for k in range(n)) for n in range(A.MAX_ARRIVAL + 1))
    for m in (0, 1)
)


class Turns(PickListing):
    """The rules that move a Botanik game on (no public API beyond OpenSpiel's hooks)."""

    def current_player(self) -> int:
        """The player to act (0 or 1), or :data:`TERMINAL`.

        The owner of a released tile places it and the owner of a released
        mecha-botanist chooses the swap, so this may differ from the picker.
        """
        d = self.decision
        return TERMINAL if d is None else d[1]

    def _legal_actions(self) -> Sequence[int]:
        return self._legal

    def legal_actions(self) -> list[int]:
        """Sorted legal action integers, a fresh list; empty only when the game is over
        (:meth:`BaseState.legal_actions` without its hook call: asked at every decision)."""
        return list(self._legal)

    def apply_action(self, action: int) -> None:
        """Play ``action``: :meth:`BaseState.apply_action`, whose check and errors apply,
        with a legal ``int`` played at once (the hot path of every game); anything else
        goes through the base class, which refuses it with the same error as ever."""
        legal = self._legal
        if type(action) is int:
            i = bisect_left(legal, action)
            if i != len(legal) and legal[i] == action:
                self._history.append(action)
                d = self.decision
                if d is not None and d[0] == PICK:
                    self._apply_pick(d[1], action)
                else:
                    self._apply_action(action)
                return
        super().apply_action(action)

    def play_random(self, draws: Sequence[Callable[[int], int]], limit: int) -> tuple[int, int]:
        """Random play in one loop (:class:`~botanik_design.games.base.RandomPlayout`):
        each decision ``legal[r]``, ``r`` drawn from ``draws[player]`` as
        :meth:`~botanik_design.bots.random_bot.RandomBot.step` draws it, played as
        :meth:`apply_action` plays a legal action (without its check: the action is one
        of the legal ones); stops at the end, after ``limit`` decisions or at a decision
        with no legal action.  ``tests/bots/test_random_play_out.py`` holds it to the
        stepped game."""
        record = self._history.append
        apply_pick = self._apply_pick
        apply_other = self._apply_action
        decisions = 0
        legal_total = 0
        while decisions < limit:
            d = self.decision
            if d is None:
                break
            legal = self._legal
            n = len(legal)
            if not n:
                break
            player = d[1]
            getrandbits = draws[player]
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            action = legal[r]
            record(action)
            if d[0] == PICK:
                apply_pick(player, action)
            else:
                apply_other(action)
            decisions += 1
            legal_total += n
        return decisions, legal_total

    def _apply_action(self, action: int) -> None:
        d = self.decision
        assert d is not None
        kind = d[0]
        if kind == PICK:
            self._apply_pick(d[1], action)
        elif kind == PLACE:
            cell, r = divmod(action - A.PLACE_BASE, 4)
            tile = d[2]
            m = self.table.masks[tile][r]
            p = d[1]
            machines = self.machines
            if self._mine[p]:
                machines[p].place(cell, tile, r, m, self.table.wild[tile])
            else:
                # shared with a clone, so unchanging: the machine this placement gives
                # is kept on it and shared by every state that makes the same placement
                # there (a search bot's iterations), and so are its analysis and legal
                # placements; never changed in place (this state does not own it)
                shared = machines[p]
                after = shared.after
                if after is None:
                    after = shared.after = {}
                key = (action, tile)
                got = after.get(key)
                if got is None:
                    got = after[key] = shared.copy()
                    got.place(cell, tile, r, m, self.table.wild[tile])
                machines[p] = got
            x, y = decode_cell(cell)
            self._raw.append((E.PLACED, len(self._history) - 1, d[1], tile, x, y, r))
            self._run()
        else:
            self._apply_swap(d, action - A.SWAP_BASE)

    def _returns(self) -> list[float]:
        """``[r0, r1]``: +1 win, -1 loss, 0 shared win (after tie-break); zeros until the end.

        Uses the fast analysis (:mod:`.analysis`); :meth:`scores` gives the breakdown.
        """
        if self._score is not None:
            w = self._score.winner
        else:
            facts = [facts_of(self, 0).facts, facts_of(self, 1).facts]
            w = winner_of((facts[0].score, facts[1].score),
                          (facts[0].largest, facts[1].largest), self.variant)
        if w is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def _discard(self, tiles: list[int], why: E.DiscardReason, player: int = -1) -> None:
        self.discarded.extend(tiles)
        self.discard_why.extend([why] * len(tiles))
        self._raw.append((E.DISCARDED, len(self._history) - 1, player, tuple(tiles), why))

    def _start_round(self) -> None:
        v = self.variant
        n = v.arrival_tiles
        pile = self.pile
        if not pile:
            self._end()
            return
        if len(pile) < n:
            if v.short_last_round == "discard-remaining":
                self._discard(list(reversed(pile)), "short-round")
                pile.clear()
                self._end()
                return
            n = len(pile)
        self.round += 1
        # the top of the pile is its last item: the arrival is the n last, top first
        arrival = pile[-1:-n - 1:-1]
        del pile[-n:]
        self.arrival = arrival
        m = self.meca
        self._raw.append((E.ROUND_STARTED, len(self._history) - 1, self.round, m, tuple(arrival)))
        self.pickers = _PICKERS[m][n]
        self.pick_index = 0
        self._set_pick()

    def _apply_pick(self, player: int, action: int) -> None:
        self.pick_index += 1
        if action >= _DISCARD_BASE:
            tile = self.arrival.pop(action - _DISCARD_BASE)
            self._discard([tile], "arrival", player)
            self._run()
            return
        i = action // 18
        d = action - i * 18
        tile = self.arrival.pop(i)
        reg = self.registry
        if d < 9:
            reg.slots[player][d] = tile
            self._raw.append((_PICKED, len(self._history) - 1, player, tile, d, False))
        else:
            d -= 9
            reg.middle[d].append(tile)
            self._raw.append((_PICKED, len(self._history) - 1, player, tile, d, True))
            slots = reg.slots
            if slots[0][d] != EMPTY or slots[1][d] != EMPTY:
                # the release check of the column (brief §4); no task is pending at a
                # pick, so checking now is resolving it as the first task
                self._check_releases(player, 0, d)
                if self.tasks:
                    self._run()
                    return
        if self.pick_index < len(self.pickers):
            self._set_pick()
        else:
            self.meca = 1 - self.meca
            self.arrival = []
            self._start_round()

    def _apply_swap(self, d: Task, column: int) -> None:
        _, player, mecha, depth, _ = d
        stack = self.registry.middle[column]
        taken = stack.pop()
        stack.append(mecha)
        self._raw.append((E.SWAPPED, len(self._history) - 1, player, mecha, taken, column))
        self._counts[2] += 1
        self.tasks.append((_CHECK, player, -1, depth + 1, column))
        self.tasks.append((PLACE, player, taken, depth, -1))
        self._run()

    def _run(self) -> None:
        """Resolve pending tasks until a decision is needed, then move the game on."""
        tasks = self.tasks
        table = self.table
        v = self.variant
        while tasks:
            task = tasks.pop()
            kind, player, tile, depth, column = task
            if kind == _CHECK:
                self._check_releases(player, depth, column)
            elif kind == PLACE:
                machine = self.machines[player]
                keys = machine.placements.get(tile)
                if keys is None:  # kept until the machine changes (search bots meet it again)
                    keys = machine.placements[tile] = legal_placements(
                        machine, table, tile, v.closure, v.closure_scope, A.PLACE_BASE,
                    )
                if keys:
                    self.decision = task
                    self._legal = keys
                    return
                self._discard([tile], "no-placement", player)
            else:  # SWAP
                reg = self.registry
                targets = []
                for c in range(reg.columns):
                    top = reg.top(c)
                    if top != EMPTY and not table.mecha[top]:
                        targets.append(A.SWAP_BASE + c)
                if targets:
                    self.decision = task
                    self._legal = targets
                    return
                if v.mecha_no_swap_target == "stay-in-slot":
                    reg.slots[player][column] = tile
                    self._raw.append((E.STAYED_IN_SLOT, len(self._history) - 1, player, tile,
                                      column))
                else:
                    self._discard([tile], "mecha-no-target", player)
        # no task left: next pick, next round or the end
        if self.pick_index < len(self.pickers):
            self._set_pick()
        else:
            self.meca = 1 - self.meca
            self.arrival = []
            self._start_round()

    def _check_releases(self, first: int, depth: int, column: int) -> None:
        reg = self.registry
        table = self.table
        stack = reg.middle[column]
        if not stack:
            return
        top = stack[-1]
        links = table.links
        slots = reg.slots
        a = slots[0][column]
        b = slots[1][column]
        if (a == EMPTY or links[a][top]) and (b == EMPTY or links[b][top]):
            return  # both slots empty or linked to the new top: nothing is released
        released: list[tuple[int, int]] = []
        # releases that follow a swap (depth > 0) are capped by mecha_chain_limit
        limit = self.variant.mecha_chain_limit if depth > 0 else None
        cause = "swap" if depth > 0 else "pick"
        for p in (first, 1 - first):
            if limit is not None and len(released) >= limit:
                break
            s = slots[p][column]
            if s != EMPTY and not links[s][top]:  # not linked (brief §4)
                slots[p][column] = EMPTY
                released.append((p, s))
                self._raw.append((E.RELEASED, len(self._history) - 1, p, s, column, top, cause))
                self._counts[p] += 1
        if not released:
            return
        swap_rule = self.variant.mecha_botanist == "swap"
        mecha = table.mecha
        for p, s in reversed(released):
            kind = SWAP if swap_rule and mecha[s] else PLACE
            self.tasks.append((kind, p, s, depth, column))

    def _end(self) -> None:
        reg = self.registry
        left = reg.tiles()
        if left:
            self._discard(left, "registry-end")
        self._raw.append((E.GAME_ENDED, len(self._history) - 1))
        reg.middle = [[] for _ in range(reg.columns)]
        reg.slots = [[EMPTY] * reg.columns, [EMPTY] * reg.columns]
        self.decision = None
        self._legal = []
