"""The data of a Botanik game state: its fields, their copy and their plain-data forms.

:class:`StateData` holds what a position is (pile, arrival zone, registry, machines,
discards, the round, the pending decision and tasks, the raw event records) and
knows how to copy it (``_clone``), dump it (``to_dict``) and write the record that
rebuilds it (``serialize``).  The rules that change the fields are
:class:`~.turns.Turns`; the typed read-only views are :class:`~.views.StateViews`;
:class:`~.state.GameState` puts them together.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from botanik_design.games.basestate import BaseState
from botanik_design.games.botanik.engine import eventcodes as E
from botanik_design.games.botanik.engine.machine import Machine
from botanik_design.games.botanik.engine.registry import Registry
from botanik_design.games.botanik.engine.tiles import TileTable
from botanik_design.games.botanik.model.variant import Variant

if TYPE_CHECKING:
    from botanik_design.games.base import Event
    from botanik_design.games.botanik.engine.game import BotanikGame
    from botanik_design.games.botanik.engine.scoring import GameScore

#: ``current_player()`` once the game is over (OpenSpiel's value).
TERMINAL = -4

PICK = 0
PLACE = 1
SWAP = 2
_CHECK = 3
_KIND_NAMES = {PICK: "pick", PLACE: "place", SWAP: "swap"}

# a task / decision: (kind, player, tile, depth, column)
Task = tuple[int, int, int, int, int]


class StateData(BaseState):
    """Fields of a Botanik game state, their copy and plain-data forms (no rules)."""

    def __init__(self) -> None:  # a GameState deals itself (setup.deal); clone copies
        super().__init__()
        self.table: TileTable
        #: The effective rule options (public, read-only: bots read them).
        self.variant: Variant
        self.seed: int
        self.first_player: int
        self.pile: list[int] = []
        self.arrival: list[int] = []
        self.registry: Registry
        self.machines: list[Machine] = []
        self.discarded: list[int] = []
        self.discard_why: list[str] = []
        self.unused: list[int] = []
        self.deal: list[str] | None = None
        self.meca = 0
        self.round = 0
        #: who picks each arrival tile of this round, in order (immutable, shared by clones)
        self.pickers: tuple[int, ...] = ()
        self.pick_index = 0
        self.tasks: list[Task] = []
        self.decision: Task | None = None
        #: the legal actions, sorted; replaced, never changed in place (clones share it)
        self._legal: Sequence[int] = ()
        #: raw event records (:mod:`.events`), built into typed events on demand
        self._raw: list[E.Raw] = []
        self._built: list[Event] = []
        self._game: BotanikGame | None = None
        self._score: GameScore | None = None
        #: releases to player 0, to player 1, mecha-botanist swaps, no-registry-move picks
        self._counts = [0, 0, 0, 0]

    #: Whether each machine is this state's own (not shared with a clone); see ``_clone``.
    #: A dealt state's machines are its own; the default is never written (only a
    #: clone's own lists hold ``False``).
    _mine: list[bool] = [True, True]  # noqa: RUF012

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.decision is None

    def _clone(self) -> Self:
        """A copy of the fields (the tile table and variant are shared, read-only)."""
        s = type(self).__new__(type(self))
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

    def to_dict(self) -> dict[str, Any]:
        """Full snapshot as plain data (for comparisons and debugging)."""
        return {
            "seed": self.seed,
            "first_player": self.first_player,
            "pile": list(self.pile),
            "arrival": list(self.arrival),
            "middle": [s[:] for s in self.registry.middle],
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

    def get_game(self) -> BotanikGame:
        """The :class:`~.game.BotanikGame` this state was dealt from."""
        assert self._game is not None
        return self._game
