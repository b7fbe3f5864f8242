"""Game state with an OpenSpiel-style API (issue 3).

``new_game(tileset, variant, seed)`` builds the state; every random choice
(the shuffle of the piles and, unless given, the first player) comes from
``random.Random(seed)`` at setup, so the same seed and actions always give
the same game.  See ``spec/rules.md`` for the rules as implemented.

Turn structure (brief §3–§7):

* A round: the Meca holder draws ``arrival_tiles`` tiles (fewer in a short
  last round, see ``short_last_round``); picks alternate starting with the
  Meca holder.  A pick puts an arrival tile in the picker's own slot or on a
  middle stack; when no registry move is legal, ``no_registry_move`` decides.
* A tile put on a middle stack triggers a *release check* of that column:
  the player who put it there first, then the other (§4).  Released tiles
  are resolved depth-first: each released tile is placed at once by its
  owner (a decision of the owner; no legal placement: discarded
  automatically, §5.4), and everything a mecha-botanist swap triggers is
  resolved before anything that was pending earlier.  So the active player
  finishes their own releases before the opponent swaps (§6).
* ``mecha_botanist: swap``: a released mecha-botanist is swapped by its owner
  with the top of a middle stack whose top is not a mecha-botanist (a
  decision of the owner); the owner places the tile taken, then the column of
  the swap is checked for releases, swapper first; that check releases at
  most ``mecha_chain_limit`` tiles (``null``: no cap; a tile past the cap
  stays in its slot).  With no middle top to swap with,
  ``mecha_no_swap_target`` applies (discard, or stay in its slot).
* The game ends when a round ends with the piles empty; registry tiles are
  then discarded (§7).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine import events as E
from botanik_design.games.botanik.engine.analysis import facts_of, winner_of
from botanik_design.games.botanik.engine.errors import IllegalActionError
from botanik_design.games.botanik.engine.geometry import ORIGIN, decode_cell
from botanik_design.games.botanik.engine.registry import EMPTY
from botanik_design.games.botanik.engine.setup import deal
from botanik_design.games.botanik.engine.tiles import TileTable
from botanik_design.games.botanik.engine.turns import _KIND_NAMES, PICK, PLACE, SWAP, TERMINAL, Task
from botanik_design.games.botanik.engine.views import Decision, PlacedTile, StateViews
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.model.words import plural

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.game import BotanikGame

__all__ = ["PICK", "PLACE", "SWAP", "TERMINAL", "Decision", "GameState", "PlacedTile", "Task",
           "cell_of", "length_bound", "setup_need", "source_cell"]


class GameState(StateViews):
    """A Botanik game in progress, dealt from ``game`` with ``seed`` at construction
    (``BotanikGame.new_initial_state(seed)`` or :func:`~.game.new_game`; the deal and its
    errors: :func:`~.setup.deal`).  The history, the legality check and ``clone`` come
    from :class:`~botanik_design.games.basestate.BaseState`."""

    illegal_error = IllegalActionError
    #: Whether each machine is this state's own (not shared with a clone); see ``_clone``.
    #: A dealt state's machines are its own; the default is never written (only a
    #: clone's own lists hold ``False``).
    _mine: list[bool] = [True, True]  # noqa: RUF012

    def __init__(self, game: BotanikGame, seed: int = 0) -> None:
        super().__init__()
        deal(self, game, seed)

    # ------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        """The player to act (0 or 1), or :data:`TERMINAL`.

        The owner of a released tile places it and the owner of a released
        mecha-botanist chooses the swap, so this may differ from the picker.
        """
        d = self.decision
        return TERMINAL if d is None else d[1]

    def _legal_actions(self) -> Sequence[int]:
        return self._legal

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
            if not self._mine[p]:  # shared with a clone: copy on write
                self.machines[p] = self.machines[p].copy()
                self._mine[p] = True
            self.machines[p].place(cell, tile, r, m, self.table.wild[tile])
            x, y = decode_cell(cell)
            self._raw.append((E.Placed, len(self._history) - 1, d[1], tile, x, y, r))
            self._run()
        else:
            self._apply_swap(d, action - A.SWAP_BASE)

    def _clone(self) -> GameState:
        """A copy of the fields (the tile table and variant are shared, read-only)."""
        s = GameState.__new__(GameState)
        s.table = self.table
        s.variant = self.variant
        s.seed = self.seed
        s.first_player = self.first_player
        s.pile = self.pile[:]
        s.arrival = self.arrival[:]
        s.registry = self.registry.copy()
        # the machines are shared until one side places a tile (``_mine``): a search
        # bot's clone changes one machine or none, and shares the analyses kept on them
        s.machines = self.machines[:]
        s._mine = [False, False]
        self._mine = [False, False]
        s.discarded = self.discarded[:]
        s.discard_why = self.discard_why[:]
        s.unused = self.unused
        s.deal = self.deal
        s.meca = self.meca
        s.round = self.round
        s.pickers = self.pickers
        s.pick_index = self.pick_index
        s.tasks = self.tasks[:]
        s.decision = self.decision
        s._legal = self._legal
        s._raw = self._raw[:]
        s._built = self._built[:]
        s._game = self._game
        s._score = self._score
        s._counts = self._counts[:]
        return s

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

    def action_to_string(self, action: int) -> str:
        """Readable ``action`` here, e.g. ``pick arrival#1 red-corner -> middle 3``."""
        try:
            act = A.decode(action)
        except ValueError:
            return f"<invalid action {action}>"
        d = self.decision
        if isinstance(act, A.Pick):
            name = self._arrival_name(act.arrival)
            where = "middle" if act.middle else "own slot"
            return f"pick arrival#{act.arrival + 1} {name} -> {where} {act.column + 1}"
        if isinstance(act, A.Discard):
            return f"discard arrival#{act.arrival + 1} {self._arrival_name(act.arrival)}"
        if isinstance(act, A.Swap):
            top = self.registry.top(act.column) if act.column < self.registry.columns else EMPTY
            mecha = self.table.name(d[2]) if d is not None and d[0] == SWAP else "mecha-botanist"
            taken = self.table.name(top) if top != EMPTY else "?"
            return f"swap {mecha} with middle {act.column + 1} ({taken})"
        name = self.table.name(d[2]) if d is not None and d[0] == PLACE else "tile"
        return f"place {name} at ({act.x},{act.y}) r{act.rotation}"

    def string_to_action(self, text: str) -> int:
        """The legal action whose :meth:`action_to_string` is ``text`` (spaces normalised).

        Raises :class:`IllegalActionError` when none matches.
        """
        want = " ".join(text.split())
        for a in self._legal:
            if self.action_to_string(a) == want:
                return a
        raise IllegalActionError(f"no legal action reads {text!r} at step {len(self._history)}")

    # ------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        """Full snapshot as plain data (for comparisons and debugging)."""
        return {
            "seed": self.seed,
            "first_player": self.first_player,
            "pile": list(self.pile),
            "arrival": list(self.arrival),
            "middle": self.middle_stacks(),
            "slots": [list(r) for r in self.registry.slots],
            "machines": [m.cells() for m in self.machines],
            "discarded": list(self.discarded),
            "unused": list(self.unused),
            "meca": self.meca,
            "round": self.round,
            "pickers": list(self.pickers),
            "pick_index": self.pick_index,
            "tasks": [list(t) for t in self.tasks],
            "decision": None if self.decision is None else list(self.decision),
            "legal": list(self._legal),
            "history": list(self._history),
        }

    def serialize(self) -> str:
        """JSON text from which :func:`deserialize` rebuilds this state (given the tile set)."""
        return json.dumps(
            {
                "tileset": self.table.tileset.name,
                "variant": self.variant.name,
                "options": self.variant.options(),
                "seed": self.seed,
                "first_player": self.first_player,
                "deal": self.deal,
                "actions": self._history,
            },
            sort_keys=True, allow_nan=False,
        )

    # ------------------------------------------------------------ internals
    def _illegal(self, action: int) -> IllegalActionError:
        if self.decision is None:
            return IllegalActionError(f"action {action}: the game is over")
        kind = _KIND_NAMES[self.decision[0]]
        return IllegalActionError(
            f"action {action} ({self.action_to_string(action)}) is not legal: "
            f"player {self.decision[1]} must {kind}; {plural(len(self._legal), 'legal action')}"
        )

    def _arrival_name(self, i: int) -> str:
        return self.table.name(self.arrival[i]) if 0 <= i < len(self.arrival) else "?"

    def get_game(self) -> BotanikGame:
        """The :class:`~.game.BotanikGame` this state was dealt from."""
        assert self._game is not None
        return self._game


def setup_need(variant: Variant) -> int:
    """Machine tiles a game needs for the setup and its first round
    (:func:`botanik_design.games.botanik.model.variant.setup_need`)."""
    return variant.setup_need()


def length_bound(table: TileTable) -> int:
    """An upper bound on the decisions of any game dealt from ``table``
    (``GameInfo.max_game_length``; see :func:`~.invariants.decision_bound` for why)."""
    return 3 * table.n_machine + 16


def source_cell() -> int:
    """Cell code of the Source (0, 0)."""
    return ORIGIN


def cell_of(code: int) -> tuple[int, int]:
    """``(x, y)`` of a cell code."""
    return decode_cell(code)
