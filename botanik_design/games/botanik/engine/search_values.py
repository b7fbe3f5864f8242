"""The hot path of Botanik's heuristic for search bots: :func:`action_values` and
:func:`win_probability` of :mod:`.move_values`, written for speed.

MCTS asks for these at every step of every rollout (``bench/mcts_speed.py``); the
reference functions of :mod:`.move_values` build a :class:`~.move_values.RegistryEvaluator`
and a :class:`~.views.Decision` and call a method per action, and value each placement
through a full ``MachineFacts`` of the grown machine.  The functions here read
the engine's fields once per call, keep the same caches (the machine analysis's
``memo``) and do the same arithmetic in the same order, so they return the *same
floats*; ``tests/botanik/test_search_values_property.py`` proves them equal to the
reference on random positions of every bundled variant.  Default weights only
(:data:`~.heuristic.WEIGHTS`): other weights go to the reference.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp as _exp
from typing import TYPE_CHECKING

from botanik_design.games.botanik.engine.actions import (
    MAX_ARRIVAL,
    MAX_COLUMNS,
    PLACE_BASE,
    SWAP_BASE,
)
from botanik_design.games.botanik.engine.analysis import MachineAnalysis, MachineFacts, facts_of
from botanik_design.games.botanik.engine.heuristic import WEIGHTS, machine_value
from botanik_design.games.botanik.engine.heuristic import tile_value as _tile_value
from botanik_design.games.botanik.engine.move_values import EVAL_SCALE
from botanik_design.games.botanik.engine.registry import EMPTY
from botanik_design.games.botanik.engine.turns import PLACE, SWAP
from botanik_design.games.botanik.model.sides import OFFSETS, pipe_joined, rotate_exits
from botanik_design.games.botanik.model.tileset import Kind, TileDef
from botanik_design.games.botanik.model.variant import Variant

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.state import GameState

#: Actions below this are picks (``actions.decode``): arrival index x 18 + column code.
_ROW = 2 * MAX_COLUMNS
_PICKS = MAX_ARRIVAL * _ROW
_SLOT = WEIGHTS.slot
_HORIZON = WEIGHTS.slot_horizon
#: The analysis memo's key of the machine value (tile values are keyed by instance id,
#: placement values by a tuple).
_MACHINE_VALUE = "machine-value"


def action_values(state: GameState, legal: Sequence[int]) -> list[float]:
    """:func:`.move_values.action_values` with the default weights (same values)."""
    if legal[0] >= PLACE_BASE:
        dec = state.decision
        assert dec is not None
        base = facts_of(state, dec[1])  # the shared analysis (placement_values' memo)
        key = ("place", dec[2], tuple(legal))
        memo = base.memo
        got = memo.get(key)
        if got is None:
            got = memo[key] = _placement_values(base, state.table.defs[dec[2]], state.variant,
                                                legal)
        return list(got)
    return _pick_values(state, legal, False)  # type: ignore[return-value]


def greedy_top(state: GameState, legal: Sequence[int]) -> Sequence[int]:
    """The actions of ``legal`` whose :func:`action_values` are at least the best value
    less ``1e-9``, in the order of ``legal``: the greedy choice's ties
    (``[a for a, v in zip(legal, values) if v >= max(values) - 1e-9]``), without the
    values list where it can: a placement's ties are kept in the analysis's memo beside
    its values, a pick's are found in the pass that values the actions.  Do not change
    the result (it may be the memo's)."""
    if legal[0] >= PLACE_BASE:
        dec = state.decision
        assert dec is not None
        base = facts_of(state, dec[1])
        memo = base.memo
        key = ("place-top", dec[2], tuple(legal))
        got = memo.get(key)
        if got is None:
            got = memo[key] = tuple(_top(legal, action_values(state, legal)))
        return got
    return _pick_values(state, legal, True)  # type: ignore[return-value]


def _top(legal: Sequence[int], values: Sequence[float]) -> list[int]:
    """The actions valued at least the best less ``1e-9``, in order."""
    thr = max(values) - 1e-9
    return [a for a, v in zip(legal, values) if v >= thr]  # noqa: B905


def _pick_values(state: GameState, legal: Sequence[int], top: bool) -> list[float] | list[int]:
    """The pick or swap decision's :func:`action_values`, or with ``top`` its
    :func:`greedy_top`."""
    dec = state.decision
    assert dec is not None
    player = dec[1]
    variant = state.variant
    table = state.table
    defs = table.defs
    links = table.links
    # facts_of's hit (the analysis kept on the machine) inline, else facts_of
    m0_, m1_ = state.machines[0].memo, state.machines[1].memo
    a0 = (m0_[2] if m0_ is not None and m0_[0] is table and m0_[1] is variant
          else facts_of(state, 0))
    a1 = (m1_[2] if m1_ is not None and m1_[0] is table and m1_[1] is variant
          else facts_of(state, 1))
    f0 = a0.facts
    f1 = a1.facts
    m0 = a0.memo
    m1 = a1.memo
    # _SLOT * min(1.0, rounds left / _HORIZON), rounds left = len(pile) / max(1, n): the
    # same floats without the builtins' calls
    n = variant.arrival_tiles
    rounds = len(state.pile) / (n if n > 1 else 1) / _HORIZON
    sf = _SLOT * (rounds if rounds < 1.0 else 1.0)
    keep = 1.0 - sf
    reg = state.registry
    # per column: None when both slots are empty (nothing to release: 0.0), else each
    # player's slot tile and what its release brings the mover (the opponent's counted
    # against), as RegistryEvaluator._releases adds them
    cols: list[tuple[int, float, int, float] | None] = []
    s0, s1 = reg.slots  # always of one length (Registry)
    for t0, t1 in zip(s0, s1):  # noqa: B905 (a keyword makes zip slower here)
        if t0 == EMPTY and t1 == EMPTY:
            cols.append(None)
            continue
        g0 = g1 = 0.0
        if t0 != EMPTY:
            v = m0.get(t0)
            if v is None:
                v = m0[t0] = _tile_value(defs[t0], f0, variant)
            g0 = keep * v if player == 0 else -(keep * v)
        if t1 != EMPTY:
            v = m1.get(t1)
            if v is None:
                v = m1[t1] = _tile_value(defs[t1], f1, variant)
            g1 = keep * v if player == 1 else -(keep * v)
        cols.append((t0, g0, t1, g1))
    own_memo, own_facts = (m0, f0) if player == 0 else (m1, f1)
    if dec[0] == SWAP:
        values = _swap_values(state, legal, cols, own_memo, own_facts, links[dec[2]])
        return _top(legal, values) if top else values
    arrival = state.arrival
    if top:
        return _pick_top(state, legal, cols, own_memo, own_facts, sf)
    out: list[float] = []
    append = out.append
    # one arrival tile's actions are a run of 18 codes (sorted legal: one run per tile):
    # its row of links and own-slot value are read once for the run
    run = end = 0
    row: tuple[bool, ...] = ()
    own = -1.0
    for a in legal:
        if not run <= a < end:
            if a >= _PICKS:  # a discard
                append(0.0)
                continue
            run = a - a % _ROW
            end = run + _ROW
            tile = arrival[run // _ROW]
            row = links[tile]
            v = own_memo.get(tile)
            if v is None:
                v = own_memo[tile] = _tile_value(defs[tile], own_facts, variant)
            own = sf * v
        d = a - run
        if d < MAX_COLUMNS:  # to the own slot
            append(own)
            continue
        col = cols[d - MAX_COLUMNS]
        if col is None:
            append(0.0)
            continue
        t0, g0, t1, g1 = col
        total = 0.0
        if t0 != EMPTY and not row[t0]:
            total += g0
        if t1 != EMPTY and not row[t1]:
            total += g1
        append(total)
    return out


def _pick_top(state: GameState, legal: Sequence[int],
              cols: list[tuple[int, float, int, float] | None],
              own_memo: dict[object, object], own_facts: MachineFacts,
              sf: float) -> list[int]:
    """:func:`greedy_top` of a pick decision: the values of :func:`_pick_values`'s loop
    (the same floats), each compared with the best so far less ``1e-9`` as it comes;
    those that pass are the candidates, filtered by the final best at the end."""
    variant = state.variant
    table = state.table
    defs = table.defs
    links = table.links
    arrival = state.arrival
    cand: list[int] = []
    cvals: list[float] = []
    best = lim = -1e300
    run = end = 0
    row: tuple[bool, ...] = ()
    own = -1.0
    for a in legal:
        if not run <= a < end:
            if a >= _PICKS:  # a discard
                v = 0.0
                if v >= lim:
                    if v > best:
                        best = v
                        lim = v - 1e-9
                    cand.append(a)
                    cvals.append(v)
                continue
            run = a - a % _ROW
            end = run + _ROW
            tile = arrival[run // _ROW]
            row = links[tile]
            tv = own_memo.get(tile)
            if tv is None:
                tv = own_memo[tile] = _tile_value(defs[tile], own_facts, variant)
            own = sf * tv  # type: ignore[operator]
        d = a - run
        if d < MAX_COLUMNS:  # to the own slot
            v = own
        else:
            col = cols[d - MAX_COLUMNS]
            if col is None:
                v = 0.0
            else:
                t0, g0, t1, g1 = col
                v = 0.0
                if t0 != EMPTY and not row[t0]:
                    v += g0
                if t1 != EMPTY and not row[t1]:
                    v += g1
        if v >= lim:
            if v > best:
                best = v
                lim = v - 1e-9
            cand.append(a)
            cvals.append(v)
    if len(cand) > 1:
        return [a for a, v in zip(cand, cvals) if v >= lim]  # noqa: B905
    return cand


def _swap_values(state: GameState, legal: Sequence[int],
                 cols: list[tuple[int, float, int, float] | None],
                 own_memo: dict[object, object], own_facts: MachineFacts,
                 row: tuple[bool, ...]) -> list[float]:
    """The swap decision's :func:`action_values`: the value of the middle top taken
    and the releases the mecha-botanist's arrival on that stack brings (``cols``:
    :func:`action_values`'s per column; ``row``: the mecha-botanist's links)."""
    defs = state.table.defs
    variant = state.variant
    middle = state.registry.middle
    out: list[float] = []
    for a in legal:
        if not SWAP_BASE <= a < SWAP_BASE + MAX_COLUMNS:
            out.append(0.0)
            continue
        column = a - SWAP_BASE
        stack = middle[column]
        gain = 0.0
        if stack:
            v = own_memo.get(stack[-1])
            if v is None:
                v = own_memo[stack[-1]] = _tile_value(defs[stack[-1]], own_facts, variant)
            gain = v  # type: ignore[assignment]
        col = cols[column]
        total = 0.0
        if col is not None:
            t0, g0, t1, g1 = col
            if t0 != EMPTY and not row[t0]:
                total += g0
            if t1 != EMPTY and not row[t1]:
                total += g1
        out.append(gain + total)
    return out


def win_probability(state: GameState) -> float:
    """:func:`.move_values.win_probability` (same value): player 0's estimated result
    in [0, 1] at a non-terminal state."""
    variant = state.variant
    table = state.table
    # _SLOT * min(1.0, rounds left / _HORIZON), rounds left = len(pile) / max(1, n), without
    # the builtins' calls (the same floats)
    n = variant.arrival_tiles
    rounds = len(state.pile) / (n if n > 1 else 1) / _HORIZON
    slot_factor = _SLOT * (rounds if rounds < 1.0 else 1.0)
    dec = state.decision
    holder = held = EMPTY  # the player a released tile waits with (to place or swap), and it
    if dec is not None and (dec[0] == PLACE or dec[0] == SWAP):
        holder, held = dec[1], dec[2]
    slots = state.registry.slots
    machines = state.machines
    m = machines[0].memo
    a0 = m[2] if m is not None and m[0] is table and m[1] is variant else facts_of(state, 0)
    m = machines[1].memo
    a1 = m[2] if m is not None and m[0] is table and m[1] is variant else facts_of(state, 1)
    v0 = _player_value(a0, slots[0], held if holder == 0 else EMPTY, slot_factor,
                       table.defs, variant)
    v1 = _player_value(a1, slots[1], held if holder == 1 else EMPTY, slot_factor,
                       table.defs, variant)
    return 1.0 / (1.0 + _exp(-(v0 - v1) / EVAL_SCALE))


def _player_value(an: MachineAnalysis, slots: list[int], held: int, slot_factor: float,
                  defs: tuple[TileDef, ...], variant: Variant) -> float:
    """One player's value in :func:`win_probability`: the machine's value, its slot tiles'
    values by ``slot_factor`` and the value of the tile ``held`` (released to it, to
    place or swap; ``EMPTY``: none), added in the reference's order."""
    memo = an.memo
    total = memo.get(_MACHINE_VALUE)
    if total is None:
        total = memo[_MACHINE_VALUE] = machine_value(an.facts)
    for t in slots:
        if t != EMPTY:
            tv = memo.get(t)
            if tv is None:
                tv = memo[t] = _tile_value(defs[t], an.facts, variant)
            total += slot_factor * tv
    if held != EMPTY:
        tv = memo.get(held)
        if tv is None:
            tv = memo[held] = _tile_value(defs[held], an.facts, variant)
        total += tv
    return total


#: Per side ``s`` (N, E, S, W): ``s``, ``dx``, ``dy``, the exit bit of ``s`` and the exit
#: bit of the opposite side (as ``analysis._SIDES``).
_SIDES: tuple[tuple[int, int, int, int, int], ...] = tuple(
    (s, OFFSETS[s][0], OFFSETS[s][1], 1 << s, 1 << ((s + 2) & 3)) for s in range(4)
)


def _placement_values(base: MachineAnalysis, d: TileDef, variant: Variant,
                      legal: Sequence[int]) -> list[float]:
    """:func:`.move_values.placement_values` (default weights) of tile ``d`` on the machine
    ``base`` analyses: ``machine_value(base.plus(cell, cell_for(d, r, variant)))`` for each
    placement action of ``legal`` (sorted: one cell's rotations in a row), the same
    floats.  :meth:`.MachineAnalysis._around` and ``_plus`` written inline: the
    neighbours of a cell are looked up once for its rotations, and only the four counts
    the value weighs are kept (no ``MachineFacts``); where ``plus`` walks the whole
    machine again it is called."""
    cells = base.cells
    connected = base.connected
    pairs = base.pairs
    waiting = base.waiting
    group = base.group
    sizes = base.sizes
    f = base.facts
    w = WEIGHTS
    w_score, w_open, cap, w_growth, w_crop = (w.score, w.open_end, w.open_cap, w.growth,
                                              w.crop_waiting)
    colour, kind, fl = d.colour, d.kind, d.flowers
    wild = variant.mecha_botanist == "wildcard" and kind is Kind.MECHA
    masks = [rotate_exits(d.exits, r) for r in range(4)]
    has_source = (0, 0) in cells
    # the value of a placement that joins nothing connected, but for the open ends
    alone = w_score * f.score
    bonus = f.bonus + (variant.mecha_bonus if wild else 0)
    crop_rule = kind is Kind.CROP and variant.crop_flowers == "same-colour-pipe-neighbour"
    fp = variant.flower_points
    piped = variant.colour_groups == "piped"
    least = variant.min_group_size
    per_tile = variant.group_points_per_tile
    # the facts' fields and the value's fixed terms, read once (the same floats: each
    # term is the product machine_value forms, added in its order)
    f_open, f_growth, f_crop, f_flowers, f_groups = (f.open_ends, f.growth, f.crop_waiting,
                                                     f.flowers, f.groups)
    growth_term = w_growth * f_growth
    crop_term = w_crop * f_crop
    out: list[float] = []
    append = out.append
    last = -1
    cell = (0, 0)
    occupied = False
    closed = 0
    near: list[tuple[int, int, int, tuple[int, int], tuple[str | None, Kind, int, int, bool],
                     bool]] = []
    empty_bits = 0
    # the value of the current cell's every rotation when no neighbour is connected
    # (no rotation joins the network), else None
    lone: float | None = None
    for act in legal:
        q = act - PLACE_BASE
        code = q >> 2
        r = q & 3
        if code != last:  # the cell's neighbours, for all its rotations
            last = code
            # decode_cell(code) inline (placement codes are never negative)
            x = (code >> 8) - 128
            y = (code & 255) - 128
            cell = (x, y)
            occupied = cell in cells
            closed = 0
            empty_bits = 0
            near = []
            any_connected = False
            for s, dx, dy, bit, back in _SIDES:
                n = (x + dx, y + dy)
                b = cells.get(n)
                if b is None:
                    empty_bits |= bit
                    continue
                inc = n in connected
                if inc:
                    any_connected = True
                    if not b[4] and b[3] & back:
                        closed += 1
                near.append((s, bit, back, n, b, inc))
            lone = None
            if not any_connected and not occupied and has_source:
                o = f_open - closed
                lone = alone + w_open * (o if o <= cap else cap) + growth_term + crop_term
        if lone is not None:
            append(lone)
            continue
        exits = masks[r]
        if occupied or not has_source:
            append(machine_value(base.plus(cell, (colour, kind, fl, exits, wild))))
            continue
        joins_network = False
        joins_other = False
        nbrs = []
        for s, bit, back, n, b, inc in near:
            be, bw = b[3], b[4]
            if wild or bw:
                joined = pipe_joined(exits, wild, be, bw, s, pairs)
            else:
                joined = bool(exits & bit and be & back)
            if inc:
                if joined:
                    joins_network = True
                nbrs.append((n, b, joined))
            elif joined:
                joins_other = True
        if not joins_network:
            o = f_open - closed
            append(alone + w_open * (o if o <= cap else cap) + growth_term + crop_term)
            continue
        if joins_other:
            append(machine_value(base.plus(cell, (colour, kind, fl, exits, wild))))
            continue
        open_ends = f_open - closed
        if not wild and exits:
            open_ends += bin(exits & empty_bits).count("1")
        flowers = f_flowers
        crop_waiting = f_crop
        if fl > 0:
            if crop_rule and not any(j and b[0] == colour for _, b, j in nbrs):
                crop_waiting += fl
            else:
                flowers += fl * fp
        for n, b, j in nbrs:
            if j and n in waiting and b[0] == colour:
                flowers += waiting[n] * fp
                crop_waiting -= waiting[n]
        groups = f_groups
        growth = f_growth
        if colour is not None:
            merged = {group[n] for n, b, j in nbrs if b[0] == colour and (j or not piped)}
            size = 1
            for g in merged:
                old = sizes[g]
                size += old
                if old >= least:
                    groups -= old * per_tile
                else:
                    growth -= old - 1
            if size >= least:
                groups += size * per_tile
            else:
                growth += size - 1
        append(w_score * (groups + flowers + bonus)
               + w_open * (open_ends if open_ends <= cap else cap)
               + w_growth * growth + w_crop * crop_waiting)
    return out
