"""Typed read-only views of a Botanik game state (what the TUI, bots and reports read).

:class:`StateViews` reads the fields of :class:`~.fields.StateData` and never changes
them (``determinize`` excepted: it reshuffles a clone's pile for search bots)."""

from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from botanik_design.games.base import observation_text
from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine.fields import _CHECK, _KIND_NAMES, StateData
from botanik_design.games.botanik.engine.geometry import decode_cell
from botanik_design.games.botanik.engine.placement import legal_placements
from botanik_design.games.botanik.engine.registry import EMPTY
from botanik_design.games.botanik.model.tileset import TileDef
from botanik_design.model.draws import shuffle

if TYPE_CHECKING:
    from botanik_design.games.base import Event
    from botanik_design.games.botanik.engine.network import Placed
    from botanik_design.games.botanik.engine.scoring import GameScore


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision the state waits for.

    ``kind``: ``"pick"`` (an arrival tile to the registry, or a discard),
    ``"place"`` (a released tile into ``player``'s machine) or ``"swap"`` (a
    released mecha-botanist: which middle stack).  ``tile`` is the instance
    id being placed or swapped (``-1`` for picks); ``tile_id`` its definition id.
    """

    kind: str
    player: int
    tile: int
    tile_id: str


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile in a machine: cell ``(x, y)``, instance id, definition, rotation, rotated exits."""

    x: int
    y: int
    tile: int
    definition: TileDef
    rotation: int
    exits: int



class StateViews(StateData):
    """Typed accessors of :class:`~.state.GameState` (read-only)."""

    def pending(self) -> Decision | None:
        """The decision waited for, or ``None`` at the end."""
        d = self.decision
        if d is None:
            return None
        tile_id = self.table.name(d[2]) if d[2] >= 0 else ""
        return Decision(_KIND_NAMES[d[0]], d[1], d[2], tile_id)

    def tile(self, instance: int) -> TileDef:
        """Tile definition of an instance id."""
        return self.table.defs[instance]

    def arrival_tiles(self) -> list[int]:
        """Instance ids in the arrival zone, in arrival-index order."""
        return list(self.arrival)

    def middle_stacks(self) -> list[list[int]]:
        """Per column, the middle stack bottom to top (instance ids)."""
        return [s[:] for s in self.registry.middle]

    def slots(self, player: int) -> list[int | None]:
        """Per column, ``player``'s slot tile (instance id) or ``None``."""
        return [None if t == EMPTY else t for t in self.registry.slots[player]]

    def machine(self, player: int) -> list[PlacedTile]:
        """``player``'s machine, Source included, sorted by cell."""
        mac = self.machines[player]
        return [
            PlacedTile(x, y, t, self.table.defs[t], r, mac.mask[(x + 128) * 256 + y + 128])
            for x, y, t, r in mac.cells()
        ]

    def placements(self, player: int, tile: int) -> list[A.Place]:
        """Where instance ``tile`` could go in ``player``'s machine now (for previews).

        The same rule as a placement decision; empty when it could not be placed.
        """
        v = self.variant
        keys = legal_placements(self.machines[player], self.table, tile, v.closure,
                                v.closure_scope)
        out = []
        for k in keys:
            x, y = decode_cell(k // 4)
            out.append(A.Place(x, y, k % 4))
        return out

    def machine_view(self, player: int) -> dict[tuple[int, int], Placed]:
        """``player``'s machine as ``{(x, y): Placed}`` for the networkx views and rendering."""
        from botanik_design.games.botanik.engine.placement import machine_view

        return machine_view(self.machines[player])

    def pile_size(self) -> int:
        """Tiles left in the face-down piles."""
        return len(self.pile)

    def stats(self) -> dict[str, int]:
        """Counters of the game so far: ``releases_p0``, ``releases_p1`` (tiles released
        to each player), ``swaps`` (mecha-botanist swaps) and ``no_registry_move``
        (picks where ``no_registry_move`` applied).  Discards: :meth:`discard_reasons`."""
        r0, r1, swaps, stalls = self._counts
        return {"releases_p0": r0, "releases_p1": r1, "swaps": swaps,
                "no_registry_move": stalls}

    def determinize(self, rng: random.Random) -> None:
        """Re-shuffle the face-down pile in place with ``rng``: the hidden information.

        For search bots (information-set MCTS) working on a :meth:`clone`: what a
        player can see (registry, arrival zone, machines, pile size) is unchanged,
        but the future draws no longer follow the game's seed, so do not record or
        serialise a determinised state.  The shuffle is ``rng.shuffle``'s
        (:func:`botanik_design.model.draws.shuffle`: the same draws, faster).
        """
        shuffle(rng, self.pile)

    def hidden_key(self) -> int:
        """The pile's size (``games.base.HiddenKeyed``): actions change the pile only by
        drawing from it, so along a line of play an unchanged size is an unchanged pile."""
        return len(self.pile)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: everything but the pile's order and content
        (:func:`~.observation.observe`); ``ValueError`` for a seat not 0 or 1."""
        from botanik_design.games.botanik.engine.observation import observe

        return observe(self, player)

    def observation_string(self, player: int) -> str:
        """:meth:`observation` as deterministic text (``games.base.observation_text``)."""
        return observation_text(self.observation(player))

    def meca_holder(self) -> int:
        """Player holding the Meca pawn (first picker of the round)."""
        return self.meca

    def discarded_tiles(self) -> list[int]:
        """Instance ids removed from the game, in order."""
        return list(self.discarded)

    def discard_reasons(self) -> list[tuple[int, str]]:
        """``(instance id, reason)`` for each discarded tile, in order.

        Reasons: ``arrival`` (no legal registry move, ``discard-chosen``),
        ``no-placement`` (§5.4), ``mecha-no-target`` (§6, ``mecha_no_swap_target``),
        ``short-round`` (``short_last_round: discard-remaining``), ``registry-end`` (§7).
        """
        return list(zip(self.discarded, self.discard_why, strict=True))

    def events(self, since: int = 0) -> list[Event]:
        """Typed events (:mod:`botanik_design.games.botanik.engine.events`) of the actions at steps
        ``>= since`` (0-based indices in :meth:`history`); ``since < 0`` adds the setup."""
        built = self._built
        if len(built) < len(self._raw):
            from botanik_design.games.botanik.engine.events import build  # not when playing

            built.extend(build(self._raw[len(built):]))
        lo = bisect_left([e.step for e in built], since)
        return built[lo:]

    def event_text(self, event: Event) -> str | None:
        """The one-line text of ``event`` as :meth:`log` words it (``None``: picks,
        placements and the end have none); for display only, never to be parsed."""
        from botanik_design.games.botanik.engine.events import describe

        return describe(event, self.table)

    def log(self) -> list[tuple[int, str]]:
        """Event lines (releases, discards, ...) with the number of actions applied
        before them: the text of golden playthroughs.  Read :meth:`events` instead."""
        from botanik_design.games.botanik.engine.events import describe

        table = self.table
        out = []
        for e in self.events(-1):
            text = describe(e, table)
            if text is not None:
                out.append((e.step + 1, text))
        return out

    def queued(self) -> list[Decision]:
        """Placements and mecha-botanist swaps waiting after the current decision,
        in the order they will be asked (release checks are not decisions)."""
        out = []
        for t in reversed(self.tasks):
            if t[0] != _CHECK:
                out.append(Decision(_KIND_NAMES[t[0]], t[1], t[2], self.table.name(t[2])))
        return out

    def totals(self) -> list[int]:
        """Both players' current totals from the fast analysis (no breakdown)."""
        from botanik_design.games.botanik.engine.analysis import analyse, cells_of

        return [analyse(cells_of(m, self.table), self.variant).score for m in self.machines]

    def scores(self) -> GameScore:
        """The scoring breakdown (:class:`~.scoring.GameScore`) of the
        machines as they stand (final once terminal)."""
        if self._score is not None and self.is_terminal():
            return self._score
        from botanik_design.games.botanik.engine.scoring import score_game

        result = score_game(self)
        if self.is_terminal():
            self._score = result
        return result
