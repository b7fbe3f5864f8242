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
import random
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from botanik_design.engine import actions as A
from botanik_design.engine import events as E
from botanik_design.engine.errors import IllegalActionError
from botanik_design.engine.geometry import ORIGIN, decode_cell
from botanik_design.engine.machine import Machine
from botanik_design.engine.placement import legal_placements
from botanik_design.engine.registry import EMPTY, Registry
from botanik_design.engine.tiles import TileTable, compile_tiles
from botanik_design.model.tileset import TileDef, TileSet
from botanik_design.model.variant import Variant
from botanik_design.model.words import plural

if TYPE_CHECKING:
    from botanik_design.engine.game import BotanikGame
    from botanik_design.engine.network import Placed
    from botanik_design.engine.scoring import GameScore
    from botanik_design.games.base import Event

#: ``current_player()`` once the game is over (OpenSpiel's value).
TERMINAL = -4

PICK = 0
PLACE = 1
SWAP = 2
_CHECK = 3
_KIND_NAMES = {PICK: "pick", PLACE: "place", SWAP: "swap"}

#: middle-stack pick actions per number of columns and arrival index
_MIDDLE_PICKS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(i * 18 + 9 + c for c in range(n)) for i in range(A.MAX_ARRIVAL))
    for n in range(A.MAX_COLUMNS + 1)
)

# a task / decision: (kind, player, tile, depth, column)
Task = tuple[int, int, int, int, int]


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


class GameState:
    """A Botanik game in progress; create with :func:`new_game`."""

    def __init__(self) -> None:  # use new_game / clone
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
        self.pickers: list[int] = []
        self.pick_index = 0
        self.tasks: list[Task] = []
        self.decision: Task | None = None
        self._legal: list[int] = []
        self._history: list[int] = []
        #: raw event records (:mod:`.events`), built into typed events on demand
        self._raw: list[E.Raw] = []
        self._built: list[Event] = []
        self._game: BotanikGame | None = None
        self._score: GameScore | None = None
        #: releases to player 0, to player 1, mecha-botanist swaps, no-registry-move picks
        self._counts = [0, 0, 0, 0]

    # ------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        """The player to act (0 or 1), or :data:`TERMINAL`.

        The owner of a released tile places it and the owner of a released
        mecha-botanist chooses the swap, so this may differ from the picker.
        """
        d = self.decision
        return TERMINAL if d is None else d[1]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.decision is None

    def legal_actions(self) -> list[int]:
        """Sorted legal action integers; empty only when the game is over."""
        return list(self._legal)

    def apply_action(self, action: int) -> None:
        """Play ``action``; raises :class:`IllegalActionError` (state unchanged) if illegal."""
        if not isinstance(action, int):
            raise IllegalActionError(f"action {action!r} is not an integer")
        legal = self._legal
        i = bisect_left(legal, action)
        if i == len(legal) or legal[i] != action:
            raise IllegalActionError(self._illegal_message(action))
        self._history.append(action)
        d = self.decision
        assert d is not None
        kind = d[0]
        if kind == PICK:
            self._apply_pick(d[1], action)
        elif kind == PLACE:
            cell, r = divmod(action - A.PLACE_BASE, 4)
            tile = d[2]
            m = self.table.masks[tile][r]
            self.machines[d[1]].place(cell, tile, r, m, self.table.wild[tile])
            x, y = decode_cell(cell)
            self._raw.append((E.Placed, len(self._history) - 1, d[1], tile, x, y, r))
            self._run()
        else:
            self._apply_swap(d, action - A.SWAP_BASE)

    def clone(self) -> GameState:
        """An independent copy (the tile table and variant are shared, read-only)."""
        s = GameState.__new__(GameState)
        s.table = self.table
        s.variant = self.variant
        s.seed = self.seed
        s.first_player = self.first_player
        s.pile = self.pile[:]
        s.arrival = self.arrival[:]
        s.registry = self.registry.copy()
        s.machines = [m.copy() for m in self.machines]
        s.discarded = self.discarded[:]
        s.discard_why = self.discard_why[:]
        s.unused = self.unused
        s.deal = self.deal
        s.meca = self.meca
        s.round = self.round
        s.pickers = self.pickers[:]
        s.pick_index = self.pick_index
        s.tasks = self.tasks[:]
        s.decision = self.decision
        s._legal = self._legal[:]
        s._history = self._history[:]
        s._raw = self._raw[:]
        s._built = self._built[:]
        s._game = self._game
        s._score = self._score
        s._counts = self._counts[:]
        return s

    def returns(self) -> list[float]:
        """``[r0, r1]``: +1 win, -1 loss, 0 shared win (after tie-break); zeros until the end.

        Uses the fast scorer (:mod:`.fastscore`); :meth:`scores` gives the breakdown.
        """
        if not self.is_terminal():
            return [0.0, 0.0]
        if self._score is not None:
            w = self._score.winner
        else:
            from botanik_design.engine.fastscore import fast_winner

            w = fast_winner(self.machines, self.table, self.variant)
        if w is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def history(self) -> list[int]:
        """Actions applied since :func:`new_game`, in order."""
        return list(self._history)

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

    # ------------------------------------------------------------ typed helpers
    def decode(self, action: int) -> A.Action:
        """Typed form of an action integer (see :mod:`botanik_design.engine.actions`)."""
        return A.decode(action)

    def encode(self, action: A.Action) -> int:
        """Integer of a typed action (no legality check)."""
        return A.encode(action)

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
        from botanik_design.engine.placement import machine_view

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
        serialise a determinised state.
        """
        rng.shuffle(self.pile)

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
        """Typed events (:mod:`botanik_design.engine.events`) of the actions at steps
        ``>= since`` (0-based indices in :meth:`history`); ``since < 0`` adds the setup."""
        built = self._built
        if len(built) < len(self._raw):
            built.extend(E.build(self._raw[len(built):]))
        lo = bisect_left([e.step for e in built], since)
        return built[lo:]

    def log(self) -> list[tuple[int, str]]:
        """Event lines (releases, discards, ...) with the number of actions applied
        before them: the text of golden playthroughs.  Read :meth:`events` instead."""
        table = self.table
        out = []
        for e in self.events(-1):
            text = E.describe(e, table)
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

    def get_game(self) -> BotanikGame:
        """The :class:`~botanik_design.engine.game.BotanikGame` this state was dealt from
        (built on first use for states made with :func:`new_game`)."""
        if self._game is None:
            from botanik_design.engine.game import BotanikGame

            self._game = BotanikGame(self.table.tileset, self.variant)
        return self._game

    def totals(self) -> list[int]:
        """Both players' current totals from the fast scorer (no breakdown)."""
        from botanik_design.engine.fastscore import fast_score

        return [fast_score(m, self.table, self.variant)[0] for m in self.machines]

    def scores(self) -> GameScore:
        """The scoring breakdown (:class:`~botanik_design.engine.scoring.GameScore`) of the
        machines as they stand (final once terminal)."""
        if self._score is not None and self.is_terminal():
            return self._score
        from botanik_design.engine.scoring import score_game

        result = score_game(self)
        if self.is_terminal():
            self._score = result
        return result

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
            sort_keys=True,
        )

    # ------------------------------------------------------------ internals
    def _illegal_message(self, action: int) -> str:
        if self.decision is None:
            return f"action {action}: the game is over"
        kind = _KIND_NAMES[self.decision[0]]
        return (
            f"action {action} ({self.action_to_string(action)}) is not legal: "
            f"player {self.decision[1]} must {kind}; {len(self._legal)} legal actions"
        )

    def _arrival_name(self, i: int) -> str:
        return self.table.name(self.arrival[i]) if 0 <= i < len(self.arrival) else "?"

    def _discard(self, tiles: list[int], why: E.DiscardReason, player: int = -1) -> None:
        self.discarded.extend(tiles)
        self.discard_why.extend([why] * len(tiles))
        self._raw.append((E.Discarded, len(self._history) - 1, player, tuple(tiles), why))

    def _start_round(self) -> None:
        v = self.variant
        n = v.arrival_tiles
        if not self.pile:
            self._end()
            return
        if len(self.pile) < n:
            if v.short_last_round == "discard-remaining":
                self._discard(list(reversed(self.pile)), "short-round")
                self.pile.clear()
                self._end()
                return
            n = len(self.pile)
        self.round += 1
        self.arrival = [self.pile.pop() for _ in range(n)]
        m = self.meca
        self._raw.append((E.RoundStarted, len(self._history) - 1, self.round, m,
                          tuple(self.arrival)))
        self.pickers = [m if k % 2 == 0 else 1 - m for k in range(n)]
        self.pick_index = 0
        self._set_pick()

    def _set_pick(self) -> None:
        p = self.pickers[self.pick_index]
        self.decision = (PICK, p, -1, 0, -1)
        reg = self.registry
        table = self.table
        v = self.variant
        links = table.links
        slots = reg.slots[p]
        ncols = len(reg.middle)
        own = [(c, st[-1]) for c, st in enumerate(reg.middle) if st and slots[c] == EMPTY]
        free_middle = v.middle_condition == "none"
        mids = _MIDDLE_PICKS[ncols]
        legal: list[int] = []
        append = legal.append
        for i, a in enumerate(self.arrival):
            row = links[a]
            base = i * 18
            for c, top in own:
                if row[top]:
                    append(base + c)
            if free_middle:
                legal.extend(mids[i])
            else:
                for c in range(ncols):
                    if reg.middle_ok(table, v, a, c):
                        append(base + 9 + c)
        if not legal:
            if v.no_registry_move == "discard-chosen":
                legal = [A.DISCARD_BASE + i for i in range(len(self.arrival))]
            else:
                legal = [a for i in range(len(self.arrival)) for a in mids[i]]
            self._raw.append((E.NoRegistryMove, len(self._history) - 1, p, v.no_registry_move))
            self._counts[3] += 1
        self._legal = legal

    def _apply_pick(self, player: int, action: int) -> None:
        self.pick_index += 1
        if action >= A.DISCARD_BASE:
            tile = self.arrival.pop(action - A.DISCARD_BASE)
            self._discard([tile], "arrival", player)
            self._run()
            return
        i, d = divmod(action, 18)
        tile = self.arrival.pop(i)
        if d < 9:
            self.registry.slots[player][d] = tile
            self._raw.append((E.Picked, len(self._history) - 1, player, tile, d, False))
        else:
            c = d - 9
            self.registry.middle[c].append(tile)
            self._raw.append((E.Picked, len(self._history) - 1, player, tile, c, True))
            self.tasks.append((_CHECK, player, -1, 0, c))
        self._run()

    def _apply_swap(self, d: Task, column: int) -> None:
        _, player, mecha, depth, _ = d
        stack = self.registry.middle[column]
        taken = stack.pop()
        stack.append(mecha)
        self._raw.append((E.Swapped, len(self._history) - 1, player, mecha, taken, column))
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
                keys = legal_placements(
                    self.machines[player], table, tile, v.closure, v.closure_scope
                )
                if keys:
                    self.decision = task
                    self._legal = [A.PLACE_BASE + k for k in keys]
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
                    self._raw.append((E.StayedInSlot, len(self._history) - 1, player, tile,
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
        top = reg.top(column)
        if top == EMPTY:
            return
        released: list[tuple[int, int]] = []
        # releases that follow a swap (depth > 0) are capped by mecha_chain_limit
        limit = self.variant.mecha_chain_limit if depth > 0 else None
        cause = "swap" if depth > 0 else "pick"
        for p in (first, 1 - first):
            if limit is not None and len(released) >= limit:
                break
            s = reg.slots[p][column]
            if s != EMPTY and not table.linked(s, top):
                reg.slots[p][column] = EMPTY
                released.append((p, s))
                self._raw.append((E.Released, len(self._history) - 1, p, s, column, top, cause))
                self._counts[p] += 1
        swap_rule = self.variant.mecha_botanist == "swap"
        for p, s in reversed(released):
            kind = SWAP if swap_rule and table.mecha[s] else PLACE
            self.tasks.append((kind, p, s, depth, column))

    def _end(self) -> None:
        reg = self.registry
        left = reg.tiles()
        if left:
            self._discard(left, "registry-end")
        self._raw.append((E.GameEnded, len(self._history) - 1))
        reg.middle = [[] for _ in range(reg.columns)]
        reg.slots = [[EMPTY] * reg.columns, [EMPTY] * reg.columns]
        self.decision = None
        self._legal = []


def setup_need(variant: Variant) -> int:
    """Machine tiles a game needs for the setup and its first round.

    ``registry_columns × initial_middle_tiles`` fill the middle stacks; the first
    round then needs one tile (``short_last_round: play-remaining`` plays a short
    round) or a full ``arrival_tiles`` (``discard-remaining`` would discard a
    short first round and end the game before any decision).
    """
    first_round = variant.arrival_tiles if variant.short_last_round == "discard-remaining" else 1
    return variant.registry_columns * variant.initial_middle_tiles + first_round


def _setup_shortfall(have: int, variant: Variant, what: str, noun_word: str) -> str:
    """Why ``have`` tiles (``what`` with ``{n}`` for the count of ``noun_word``) cannot
    set up a game of ``variant``; ``""`` when they can."""
    need = setup_need(variant)
    if have >= need:
        return ""
    v = variant
    first = (f"{v.arrival_tiles} for a full first round (short_last_round: discard-remaining)"
             if v.short_last_round == "discard-remaining" else "1 for the first round")
    return (f"{what.replace('{n}', plural(have, noun_word))}; a game needs at least {need}: "
            f"{plural(v.registry_columns, 'column')} x {v.initial_middle_tiles} for the middle "
            f"stacks and {first}")


def new_game(
    tileset: TileSet,
    variant: Variant,
    seed: int,
    first_player: int | None = None,
    deal: Sequence[str] | None = None,
) -> GameState:
    """Set up a game (brief §2) and return the state at the first decision.

    ``random.Random(seed)`` shuffles the machine tiles into the pile, then
    (when ``first_player`` is ``None``) chooses the first Meca holder.  Each
    middle stack gets ``initial_middle_tiles`` tiles from the pile (column 1
    first).  ``deal`` (scripted games) replaces the shuffle: the tile
    definition ids in the order they are dealt (middle stacks first, then the
    arrival zone round after round); tiles of the set not named stay out of
    the game (``unused``).  Raises ``ValueError`` when the tiles in play are
    fewer than :func:`setup_need` (the game would end at setup), the tile set has no
    Source or no machine tile, ``deal`` names an unknown tile or too many
    copies, or the variant has more columns / arrival tiles than the encoding
    allows (9).
    """
    if variant.registry_columns > A.MAX_COLUMNS or variant.arrival_tiles > A.MAX_ARRIVAL:
        raise ValueError("at most 9 registry columns and 9 arrival tiles")
    table = compile_tiles(tileset, variant)
    rng = random.Random(seed)
    s = GameState()
    s.table = table
    s.variant = variant
    s.seed = seed
    pile = list(range(table.n_machine))
    rng.shuffle(pile)
    if deal is not None:
        free: dict[str, list[int]] = {}
        for i in range(table.n_machine):
            free.setdefault(table.name(i), []).append(i)
        order: list[int] = []
        for k, name in enumerate(deal):
            if name not in free:
                raise ValueError(f"deal[{k}]: no machine tile {name!r} in {tileset.name!r}")
            if not free[name]:
                raise ValueError(f"deal[{k}]: more {name!r} tiles than the set has")
            order.append(free[name].pop(0))
        used = set(order)
        s.unused = [i for i in range(table.n_machine) if i not in used]
        s.deal = list(deal)
        pile = order[::-1]
    short = _setup_shortfall(
        len(pile), variant,
        "the deal has {n}" if deal is not None else f"tile set {tileset.name!r} has {{n}}",
        "tile" if deal is not None else "machine tile")
    if short:
        raise ValueError(short)
    fp = rng.randrange(2) if first_player is None else first_player
    if fp not in (0, 1):
        raise ValueError(f"first_player must be 0 or 1, not {fp}")
    s.first_player = fp
    s.meca = fp
    s.pile = pile
    s.registry = Registry(variant.registry_columns)
    for _ in range(variant.initial_middle_tiles):
        for c in range(variant.registry_columns):
            if pile:
                s.registry.middle[c].append(pile.pop())
    s.machines = [
        Machine(table.source_id(p), table.masks[table.source_id(p)][0], variant.wild_pairs)
        for p in (0, 1)
    ]
    tops = tuple(st[-1] if st else EMPTY for st in s.registry.middle)
    s._raw.append((E.SetupDone, -1, tops, fp))
    s._start_round()
    return s


def deserialize(text: str, tileset: TileSet) -> GameState:
    """Rebuild a state from :meth:`GameState.serialize` output.

    Raises ``ValueError`` on malformed text and :class:`IllegalActionError`
    when an action no longer applies (e.g. a different tile set).
    """
    data = json.loads(text)
    variant = Variant.from_options(data["options"], name=data["variant"])
    s = new_game(
        tileset, variant, int(data["seed"]), int(data["first_player"]), data.get("deal")
    )
    for a in data["actions"]:
        s.apply_action(int(a))
    return s


def source_cell() -> int:
    """Cell code of the Source (0, 0)."""
    return ORIGIN


def cell_of(code: int) -> tuple[int, int]:
    """``(x, y)`` of a cell code."""
    return decode_cell(code)
