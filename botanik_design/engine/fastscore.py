"""Fast totals for the hot path (``returns()``, bots' rollouts).

Computes the same totals and largest colour group as
:func:`botanik_design.engine.scoring.score_machine` (the networkx source of
truth, which also gives the breakdown) directly from the incremental
:class:`~botanik_design.engine.machine.Machine`: its union-find components are
exactly the pipe components.  Property tests check the two agree.
"""

from __future__ import annotations

from botanik_design.engine.geometry import DELTA, ORIGIN
from botanik_design.engine.machine import Machine
from botanik_design.engine.tiles import TileTable
from botanik_design.model.tileset import Kind
from botanik_design.model.variant import Variant


def _joined(m: Machine, a: int, s: int, b: int) -> bool:
    wild = m.wild
    if a in wild:
        if b in wild:
            return m.wild_pairs
        return bool(m.mask[b] >> ((s + 2) & 3) & 1)
    if b in wild:
        return bool(m.mask[a] >> s & 1)
    return bool(m.mask[a] >> s & 1) and bool(m.mask[b] >> ((s + 2) & 3) & 1)


def fast_score(m: Machine, table: TileTable, variant: Variant) -> tuple[int, int]:
    """``(total, largest colour group)`` of a machine (brief §8 with the variant's options)."""
    find = m.find
    root = find(ORIGIN)
    tile = m.tile
    connected = [c for c in tile if find(c) == root]
    conn = set(connected)
    colour = table.colour
    piped = variant.colour_groups == "piped"
    seen: set[int] = set()
    group_points = 0
    largest = 0
    min_size = variant.min_group_size
    for start in connected:
        col = colour[tile[start]]
        if col < 0 or start in seen:
            continue
        seen.add(start)
        stack = [start]
        size = 0
        while stack:
            c = stack.pop()
            size += 1
            for s in range(4):
                n = c + DELTA[s]
                if n in conn and n not in seen and colour[tile[n]] == col and (
                    not piped or _joined(m, c, s, n)
                ):
                    seen.add(n)
                    stack.append(n)
        if size > largest:
            largest = size
        if size >= min_size:
            group_points += size * variant.group_points_per_tile
    flowers = 0
    strict = variant.crop_flowers == "same-colour-pipe-neighbour"
    mechas = 0
    for c in connected:
        t = tile[c]
        if c in m.wild:
            mechas += 1
        d = table.defs[t]
        if d.flowers <= 0:
            continue
        if strict and d.kind is Kind.CROP:
            col = colour[t]
            if not any(
                (n := c + DELTA[s]) in conn and colour[tile[n]] == col and _joined(m, c, s, n)
                for s in range(4)
            ):
                continue
        flowers += d.flowers
    bonus = mechas * variant.mecha_bonus if variant.mecha_botanist == "wildcard" else 0
    return group_points + flowers * variant.flower_points + bonus, largest


def fast_winner(machines: list[Machine], table: TileTable, variant: Variant) -> int | None:
    """Winner (0, 1) or ``None`` for a shared win, as :func:`.scoring.decide` decides."""
    (a, la), (b, lb) = (fast_score(m, table, variant) for m in machines)
    if a != b:
        return 0 if a > b else 1
    if variant.tie_break == "largest-colour-group" and la != lb:
        return 0 if la > lb else 1
    return None
