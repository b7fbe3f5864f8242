"""The fast machine analysis: a machine's score and the facts bots weigh, in one pass.

This is the scoring rule (brief §8, ``spec/rules.md``) written for speed on plain
cells, with no networkx: tiles with no pipe path to the Source are left out;
colour groups (``colour_groups``: touching or piped) of at least
``min_group_size`` tiles score ``group_points_per_tile`` each; flowers score
``flower_points`` (a crop's only with a same-colour pipe neighbour under
``crop_flowers: same-colour-pipe-neighbour``); ``mecha_bonus`` per connected
wildcard mecha-botanist.  :mod:`.scoring` gives the same numbers with a full
breakdown on the networkx views; ``tests/botanik/test_engine_machine_property.py``
proves the two equal on random machines.  ``GameState.returns()`` and ``totals()``
use this (``bench/engine_speed.py``: the networkx breakdown would cost more than
the game itself); the bots' heuristic (:mod:`.heuristic`) reads the same facts.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from botanik_design.games.botanik.engine.geometry import decode_cell
from botanik_design.games.botanik.engine.machine import Machine
from botanik_design.games.botanik.engine.tiles import TileTable
from botanik_design.games.botanik.model.sides import OFFSETS, pipe_joined, rotate_exits
from botanik_design.games.botanik.model.tileset import Kind, TileDef
from botanik_design.games.botanik.model.variant import Variant

#: ``(dx, dy)`` across sides N, E, S, W (y grows north).
_STEP = OFFSETS

#: One machine cell: colour, kind, flowers, rotated exit mask, wildcard flag.
Cell = tuple[str | None, Kind, int, int, bool]


def machine_cells(state: Any, player: int) -> dict[tuple[int, int], Cell]:
    """``player``'s machine as ``{(x, y): (colour, kind, flowers, exits, wild)}``
    (``state``: a :class:`~.state.GameState`).

    Read from the engine's machine (:func:`cells_of`): the same cells as from the
    public ``state.machine(player)`` (``tests/botanik/test_engine_analysis_property.py``),
    without building its ``PlacedTile`` list (bots call this at every decision).
    """
    return cells_of(state.machines[player], state.table)


def cell_for(d: TileDef, rotation: int, variant: Variant) -> Cell:
    """The :data:`Cell` a tile definition becomes when placed with ``rotation``."""
    wild = variant.mecha_botanist == "wildcard" and d.kind is Kind.MECHA
    return (d.colour, d.kind, d.flowers, rotate_exits(d.exits, rotation), wild)


def _joined(a: Cell, b: Cell, side: int, wild_pairs: bool) -> bool:
    """Whether ``a`` and its neighbour ``b`` across ``side`` (of ``a``) are joined by a pipe
    (``wild_pairs``: option ``wildcard_pairs: joined``)."""
    return pipe_joined(a[3], a[4], b[3], b[4], side, wild_pairs)


class MachineFacts(NamedTuple):
    """What :func:`analyse` finds in a machine (points and counts).

    A named tuple (immutable, and cheap to build: ``analyse`` runs twice per
    ``returns()`` and once per candidate move of the greedy bot)."""

    score: int
    groups: int
    largest: int
    flowers: int
    bonus: int
    connected: int
    unconnected: int
    open_ends: int
    growth: int
    crop_waiting: int
    colour_count: dict[str, int]


#: Per side ``s`` (N, E, S, W): ``s``, ``dx``, ``dy``, the exit bit of ``s`` and the
#: exit bit of the opposite side (the neighbour's side facing back).
_SIDES: tuple[tuple[int, int, int, int, int], ...] = tuple(
    (s, _STEP[s][0], _STEP[s][1], 1 << s, 1 << ((s + 2) & 3)) for s in range(4)
)


def analyse(cells: dict[tuple[int, int], Cell], variant: Variant) -> MachineFacts:
    """Score and features of a machine (see :class:`Weights` for the features).

    ``cells`` must hold the Source at ``(0, 0)``; without it nothing is connected.
    Two tiles are joined by :func:`~botanik_design.games.botanik.model.sides.pipe_joined`; between
    two tiles that are not wildcards the join is written inline (both exits on the
    shared edge) for speed (``bench/engine_speed.py``, returns);
    ``tests/botanik/test_engine_machine_property.py`` proves the totals equal to
    :mod:`.scoring`'s.
    """
    return _walk(cells, variant).facts


class _Walk(NamedTuple):
    """What one walk of a machine finds: the facts, and the structures
    :class:`MachineAnalysis` keeps (the cells piped to the Source, the colour group
    index of each connected coloured cell and the groups' sizes, and the connected
    crops whose flowers wait for a same-colour pipe neighbour, with their flowers)."""

    facts: MachineFacts
    connected: set[tuple[int, int]]
    group: dict[tuple[int, int], int]
    sizes: list[int]
    waiting: dict[tuple[int, int], int]


def _walk(cells: dict[tuple[int, int], Cell], variant: Variant) -> _Walk:
    """The one walk behind :func:`analyse` and :class:`MachineAnalysis`."""
    pairs = variant.wild_pairs
    open_ends = 0
    flowers = 0
    crop_waiting = 0
    bonus = 0
    same_colour_rule = variant.crop_flowers == "same-colour-pipe-neighbour"
    wildcard = variant.mecha_botanist == "wildcard"
    piped_groups = variant.colour_groups == "piped"
    connected: set[tuple[int, int]] = set()
    waiting: dict[tuple[int, int], int] = {}
    if (0, 0) in cells:
        # one pass over the tiles piped to the Source: open ends, flowers, bonus
        connected.add((0, 0))
        stack = [(0, 0)]
        while stack:
            c = stack.pop()
            x, y = c
            a = cells[c]
            colour, kind, fl, ae, aw = a
            if aw and wildcard:
                bonus += variant.mecha_bonus
            for s, dx, dy, bit, back in _SIDES:
                n = (x + dx, y + dy)
                b = cells.get(n)
                if b is None:
                    if ae & bit and not aw:
                        open_ends += 1
                    continue
                if n in connected:
                    continue
                if aw or b[4]:
                    if not pipe_joined(ae, aw, b[3], b[4], s, pairs):
                        continue
                elif not (ae & bit and b[3] & back):
                    continue
                connected.add(n)
                stack.append(n)
            if fl > 0:
                counted = True
                if kind is Kind.CROP and same_colour_rule:
                    counted = False
                    for s, dx, dy, _bit, _back in _SIDES:
                        b = cells.get((x + dx, y + dy))
                        if b is not None and b[0] == colour and _joined(a, b, s, pairs):
                            counted = True
                            break
                if counted:
                    flowers += fl * variant.flower_points
                else:
                    crop_waiting += fl
                    waiting[c] = fl
    # colour groups among connected tiles
    groups = 0
    growth = 0
    seen: dict[tuple[int, int], int] = {}  # cell -> colour group index
    sizes: list[int] = []
    colour_count: dict[str, int] = {}
    largest = 0
    min_size = variant.min_group_size
    for c in connected:
        colour = cells[c][0]
        if colour is None or c in seen:
            continue
        size = 0
        gid = len(sizes)
        seen[c] = gid
        stack = [c]
        while stack:
            p = stack.pop()
            size += 1
            ap = cells[p]
            x, y = p
            for s, dx, dy, _bit, _back in _SIDES:
                n = (x + dx, y + dy)
                if n in seen or n not in connected:
                    continue
                b = cells[n]
                if b[0] != colour:
                    continue
                if piped_groups and not _joined(ap, b, s, pairs):
                    continue
                seen[n] = gid
                stack.append(n)
        sizes.append(size)
        colour_count[colour] = colour_count.get(colour, 0) + size
        if size > largest:
            largest = size
        if size >= min_size:
            groups += size * variant.group_points_per_tile
        else:
            growth += size - 1
    n_connected = len(connected) - (1 if (0, 0) in connected else 0)
    facts = MachineFacts(
        score=groups + flowers + bonus,
        groups=groups,
        largest=largest,
        flowers=flowers,
        bonus=bonus,
        connected=n_connected,
        unconnected=len(cells) - len(connected),
        open_ends=open_ends,
        growth=growth,
        crop_waiting=crop_waiting,
        colour_count=colour_count,
    )
    return _Walk(facts, connected, seen, sizes, waiting)


#: What a tile meets at an empty cell (:meth:`MachineAnalysis._around`): whether it joins
#: the Source's network, whether it joins a tile outside it, the network's open ends it
#: closes, its exits facing empty cells, and its connected neighbours.
_Around = tuple[bool, bool, int, int, list[tuple[tuple[int, int], Cell, bool]]]


class MachineAnalysis:
    """A machine analysed once, so that the facts of the machine with one more tile
    come cheaply (the greedy values of every legal placement of a tile).

    ``facts`` is :func:`analyse` of ``cells``; :meth:`plus` gives :func:`analyse` of
    ``cells`` with one more cell, by updating the connected network, the open pipe
    ends, the crops waiting for a same-colour neighbour and the colour groups
    around the new cell instead of walking the whole machine again.  When the new
    tile would connect tiles that were not connected before (other than itself),
    or there is no Source at ``(0, 0)``, it falls back to :func:`analyse`.
    ``tests/botanik/test_engine_analysis_property.py`` proves both equal to
    :func:`analyse` on random machines.  ``cells`` must not change while this is used.
    """

    __slots__ = ("_cells", "_connected", "_group", "_pending", "_sizes", "_waiting", "facts",
                 "memo", "pairs", "variant")

    def __init__(self, cells: dict[tuple[int, int], Cell], variant: Variant) -> None:
        self._cells = cells
        self.variant = variant
        walk = _walk(cells, variant)
        self.facts = walk.facts
        self.pairs = variant.wild_pairs
        self._connected = walk.connected
        self._waiting = walk.waiting
        self._group = walk.group
        self._sizes = walk.sizes
        #: A grown analysis whose structures are not built yet (:meth:`grown`): the
        #: analysis grown from, the new cell, its Cell and what it meets there.
        self._pending: tuple[MachineAnalysis, tuple[int, int], Cell, _Around] | None = None
        #: Values the heuristic derives from this machine alone (:mod:`.move_values`:
        #: placement values, tile values), by a key of the caller's: they hold as long
        #: as the analysis does (the machine, tile table and variant fixed).
        self.memo: dict[Any, Any] = {}

    # the structures, built on first use where grown (most grown analyses are only
    # asked for their facts: the values of picks and the leaves' win probability)
    @property
    def cells(self) -> dict[tuple[int, int], Cell]:
        """The machine's cells (the Source at ``(0, 0)``); not to be changed."""
        if self._pending is not None:
            self._build()
        return self._cells

    @property
    def connected(self) -> set[tuple[int, int]]:
        """The cells piped to the Source (the Source included)."""
        if self._pending is not None:
            self._build()
        return self._connected

    @property
    def waiting(self) -> dict[tuple[int, int], int]:
        """Connected crops whose flowers do not count yet: cell -> flowers."""
        if self._pending is not None:
            self._build()
        return self._waiting

    @property
    def group(self) -> dict[tuple[int, int], int]:
        """Colour group index of each connected coloured cell."""
        if self._pending is not None:
            self._build()
        return self._group

    @property
    def sizes(self) -> list[int]:
        """The colour groups' sizes, by index."""
        if self._pending is not None:
            self._build()
        return self._sizes

    def _around(self, cell: tuple[int, int], a: Cell) -> tuple[
            bool, bool, int, int, list[tuple[tuple[int, int], Cell, bool]]]:
        """What ``a`` at the empty ``cell`` meets: whether it joins the Source's network,
        whether it joins a tile outside it, the open ends of the network it closes, its
        exits facing empty cells, and its connected neighbours ``(cell, Cell, joined)``."""
        cells = self.cells
        connected = self.connected
        pairs = self.pairs
        exits, wild = a[3], a[4]
        x, y = cell
        joins_network = False
        joins_other = False
        closed = 0
        empty_exits = 0
        nbrs: list[tuple[tuple[int, int], Cell, bool]] = []
        for s, dx, dy, bit, back in _SIDES:
            n = (x + dx, y + dy)
            b = cells.get(n)
            if b is None:
                if exits & bit:
                    empty_exits += 1
                continue
            be, bw = b[3], b[4]
            if wild or bw:
                joined = pipe_joined(exits, wild, be, bw, s, pairs)
            else:  # pipe_joined of two tiles that are not wildcards, inline
                joined = bool(exits & bit and be & back)
            if n in connected:
                if not bw and be & back:
                    closed += 1
                if joined:
                    joins_network = True
                nbrs.append((n, b, joined))
            elif joined:
                joins_other = True
        return joins_network, joins_other, closed, empty_exits, nbrs

    def plus(self, cell: tuple[int, int], a: Cell) -> MachineFacts:
        """:func:`analyse` of the machine with ``a`` added at the empty ``cell``."""
        return self._plus(cell, a, self._around(cell, a))

    def _plus(self, cell: tuple[int, int], a: Cell, around: tuple[
            bool, bool, int, int, list[tuple[tuple[int, int], Cell, bool]]]) -> MachineFacts:
        cells = self.cells
        variant = self.variant
        colour, kind, fl, exits, wild = a
        joins_network, joins_other, closed, empty_exits, nbrs = around
        f = self.facts
        if cell in cells or (0, 0) not in cells or (joins_network and joins_other):
            grown = dict(cells)
            grown[cell] = a
            return analyse(grown, variant)
        if not joins_network:
            # positional: a named tuple's keywords cost more than its work here
            return MachineFacts(f.score, f.groups, f.largest, f.flowers, f.bonus, f.connected,
                                f.unconnected + 1, f.open_ends - closed, f.growth,
                                f.crop_waiting, f.colour_count)
        open_ends = f.open_ends - closed + (empty_exits if not wild and exits else 0)
        bonus = f.bonus + (variant.mecha_bonus if wild and variant.mecha_botanist == "wildcard"
                           else 0)
        flowers = f.flowers
        crop_waiting = f.crop_waiting
        fp = variant.flower_points
        if fl > 0:
            if (kind is Kind.CROP and variant.crop_flowers == "same-colour-pipe-neighbour"
                    and not any(j and b[0] == colour for _, b, j in nbrs)):
                crop_waiting += fl
            else:
                flowers += fl * fp
        waiting = self.waiting
        for n, b, j in nbrs:
            if j and n in waiting and b[0] == colour:
                flowers += waiting[n] * fp
                crop_waiting -= waiting[n]
        groups = f.groups
        growth = f.growth
        largest = f.largest
        colour_count = f.colour_count
        if colour is not None:
            piped = variant.colour_groups == "piped"
            merged = {self.group[n] for n, b, j in nbrs if b[0] == colour and (j or not piped)}
            least = variant.min_group_size
            per_tile = variant.group_points_per_tile
            size = 1
            for g in merged:
                old = self.sizes[g]
                size += old
                if old >= least:
                    groups -= old * per_tile
                else:
                    growth -= old - 1
            if size >= least:
                groups += size * per_tile
            else:
                growth += size - 1
            largest = max(largest, size)
            colour_count = dict(colour_count)
            colour_count[colour] = colour_count.get(colour, 0) + 1
        return MachineFacts(groups + flowers + bonus, groups, largest, flowers, bonus,
                            f.connected + 1, f.unconnected, open_ends, growth, crop_waiting,
                            colour_count)


    def grown(self, cell: tuple[int, int], a: Cell) -> MachineAnalysis:
        """The analysis of the machine with ``a`` added at the empty ``cell``: equal to
        ``MachineAnalysis(cells + {cell: a})`` (its facts are :meth:`plus`'s), built by
        updating the network, the waiting crops and the colour groups around the new
        cell; a full walk where :meth:`plus` falls back to one.  This analysis is left
        unchanged (the structures the new cell does not touch are shared, never
        changed in place).  ``tests/botanik/test_engine_analysis_property.py`` proves it
        equal to a fresh analysis along random growths."""
        old = self.cells
        if cell in old or (0, 0) not in old:
            cells = dict(old)
            cells[cell] = a
            return MachineAnalysis(cells, self.variant)
        around = self._around(cell, a)
        if around[0] and around[1]:  # joins the network and a tile outside it
            cells = dict(old)
            cells[cell] = a
            return MachineAnalysis(cells, self.variant)
        new = MachineAnalysis.__new__(MachineAnalysis)
        new.variant = self.variant
        new.pairs = self.pairs
        new.facts = self._plus(cell, a, around)
        new.memo = {}
        # the structures when first asked for (_build)
        new._pending = (self, cell, a, around)
        return new

    def _build(self) -> None:
        """The structures of an analysis :meth:`grown` from another: its cells, network,
        waiting crops and colour groups updated around the new cell (the other
        analysis's, shared where the new cell leaves them unchanged)."""
        pending = self._pending
        assert pending is not None
        prev, cell, a, around = pending
        self._pending = None
        cells = dict(prev.cells)
        cells[cell] = a
        new = self
        new._cells = cells
        variant = self.variant
        joins_network, _, _, _, nbrs = around
        new._connected, new._waiting, new._group, new._sizes = (
            prev.connected, prev.waiting, prev.group, prev.sizes)
        if not joins_network:  # an unconnected tile: nothing connected changes
            return
        colour, kind, fl = a[0], a[1], a[2]
        new._connected = prev.connected | {cell}
        waiting = prev.waiting
        freed = [n for n, b, j in nbrs if j and n in waiting and b[0] == colour]
        waits = (fl > 0 and kind is Kind.CROP
                 and variant.crop_flowers == "same-colour-pipe-neighbour"
                 and not any(j and b[0] == colour for _, b, j in nbrs))
        if freed or waits:
            waiting = dict(waiting)
            for n in freed:
                del waiting[n]
            if waits:
                waiting[cell] = fl
            new._waiting = waiting
        if colour is not None:
            piped = variant.colour_groups == "piped"
            group = prev.group
            merged = {group[n] for n, b, j in nbrs if b[0] == colour and (j or not piped)}
            sizes = prev.sizes
            group = dict(group)
            if len(merged) == 1:  # one group grows: it keeps its index (no relabelling)
                (gid,) = merged
                new._sizes = sizes = sizes[:]
                sizes[gid] += 1
            else:  # a new group, or several merged into a new index
                gid = len(sizes)
                new._sizes = sizes + [1 + sum(sizes[g] for g in merged)]
                if merged:
                    for c, g in group.items():
                        if g in merged:
                            group[c] = gid
            group[cell] = gid
            new._group = group


_CACHE: dict[tuple[Variant, frozenset[tuple[tuple[int, int], Cell]]], MachineFacts] = {}
_CACHE_MAX = 4096


def analyse_cached(cells: dict[tuple[int, int], Cell], variant: Variant) -> MachineFacts:
    """:func:`analyse` with a bounded per-process cache keyed by the machine's content.

    Search bots meet the same machines again and again (only placements
    change a machine); the cache is cleared when it holds :data:`_CACHE_MAX`
    entries.  Results never depend on the cache (the same key gives the same facts).
    """
    key = (variant, frozenset(cells.items()))
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        got = _CACHE[key] = analyse(cells, variant)
    return got


#: :func:`analysis_of`'s cache: (table and variant ids, the machine's tiles and exit
#: masks by cell code) -> (table, variant, analysis); the table and variant are kept so
#: their ids stay theirs while the entry lives.
_ANALYSED: dict[
    tuple[int, int, frozenset[tuple[int, int]], frozenset[tuple[int, int]]],
    tuple[TileTable, Variant, MachineAnalysis],
] = {}
#: :func:`analysis_of`'s cache size (an entry holds about 6 kB for a 30-tile machine;
#: a default MCTS decision meets a dozen or two machines).
_ANALYSED_MAX = 1024


def analysis_of(state: Any, player: int) -> MachineAnalysis:
    """The :class:`MachineAnalysis` of ``player``'s machine in ``state`` (a
    :class:`~.state.GameState`), kept on the machine until its next placement
    (``Machine.memo``, shared by clones) and in a bounded per-process cache; after one
    placement, the analysis before it grown by the new tile (:meth:`MachineAnalysis.grown`,
    ``Machine.base``).

    Search bots meet the same machines in every iteration (only placements change a
    machine, and each iteration plays a fresh clone).  The key is the machine's
    content as the engine holds it (instance id and rotated exit mask by cell, with
    the state's tile table and variant), cheaper to build than the cells; its
    :attr:`~MachineAnalysis.facts` equal :func:`analyse` of :func:`machine_cells`
    (``tests/botanik/test_engine_analysis_property.py``).  The cache is cleared when
    it holds :data:`_ANALYSED_MAX` entries; results never depend on it.
    """
    machine = state.machines[player]
    table = state.table
    variant = state.variant
    memo = machine.memo
    if memo is not None:
        m_table, m_variant, result = memo
        if m_table is table and m_variant is variant:
            return result  # type: ignore[no-any-return]
    base = machine.base
    if base is not None:  # one placement since an analysis: grow that one
        (m_table, m_variant, old), code = base
        if m_table is table and m_variant is variant:
            d = table.defs[machine.tile[code]]
            a = (d.colour, d.kind, d.flowers, machine.mask[code], code in machine.wild)
            grown = old.grown(decode_cell(code), a)
            machine.memo = (table, variant, grown)
            machine.base = None
            return grown  # type: ignore[no-any-return]
    key = (id(table), id(variant), frozenset(machine.tile.items()),
           frozenset(machine.mask.items()))
    got = _ANALYSED.get(key)
    if got is None or got[0] is not table or got[1] is not variant:
        if len(_ANALYSED) >= _ANALYSED_MAX:
            _ANALYSED.clear()
        got = _ANALYSED[key] = (table, variant, MachineAnalysis(cells_of(machine, table), variant))
    machine.memo = got
    return got[2]


def facts_of(state: Any, player: int) -> MachineAnalysis:
    """:func:`analysis_of`, shared between the states that make the same placement:
    one placement after an analysis (``Machine.base``), the grown analysis
    (:meth:`MachineAnalysis.grown`) is kept in the previous analysis's ``memo`` by
    the placement, so a search bot's iterations that place the same tile on the same
    machine share it (and the values kept in its own ``memo``: placement and tile
    values) instead of growing their own.  Equal to :func:`analysis_of` (the same
    growth), proved equal to :func:`analyse` in
    ``tests/botanik/test_search_values_property.py``.
    """
    machine = state.machines[player]
    table = state.table
    variant = state.variant
    memo = machine.memo
    if memo is not None:
        if memo[0] is table and memo[1] is variant:
            return memo[2]  # type: ignore[no-any-return]
    else:
        base = machine.base
        if base is not None:
            (m_table, m_variant, old), code = base
            if m_table is table and m_variant is variant:
                tile = machine.tile[code]
                mask = machine.mask[code]
                key = ("grown", code, tile, mask)
                got: MachineAnalysis | None = old.memo.get(key)
                if got is None:
                    d = table.defs[tile]
                    a = (d.colour, d.kind, d.flowers, mask, code in machine.wild)
                    got = old.memo[key] = old.grown(decode_cell(code), a)
                machine.memo = (table, variant, got)
                machine.base = None
                return got
    return analysis_of(state, player)


def winner_of(totals: tuple[int, int], largest: tuple[int, int], variant: Variant) -> int | None:
    """The winner (0, 1) or ``None`` for a shared win (brief §8.5, option ``tie_break``):
    the higher total; equal totals under ``largest-colour-group``: the larger biggest
    colour group; else shared."""
    a, b = totals
    if a != b:
        return 0 if a > b else 1
    if variant.tie_break == "largest-colour-group" and largest[0] != largest[1]:
        return 0 if largest[0] > largest[1] else 1
    return None


def cells_of(machine: Machine, table: TileTable) -> dict[tuple[int, int], Cell]:
    """An engine :class:`Machine` as analysis cells (what :func:`machine_cells` gives
    from a state's public accessors, without building ``PlacedTile`` objects)."""
    defs = table.defs
    mask = machine.mask
    wild = machine.wild
    out: dict[tuple[int, int], Cell] = {}
    for code, t in machine.tile.items():
        d = defs[t]
        # decode_cell(code) inline (codes are never negative)
        out[(code >> 8) - 128, (code & 255) - 128] = (d.colour, d.kind, d.flowers, mask[code],
                                                      code in wild)
    return out
