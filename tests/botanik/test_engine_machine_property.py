"""Property tests: the incremental machine (hot path) agrees with the networkx views."""

from __future__ import annotations

from dataclasses import replace

import networkx as nx  # type: ignore[import-untyped, unused-ignore]
from engine_helpers import tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine import graph as g
from botanik_design.games.botanik.engine.analysis import analyse, cells_of
from botanik_design.games.botanik.engine.geometry import DELTA, ORIGIN, decode_cell
from botanik_design.games.botanik.engine.machine import Machine
from botanik_design.games.botanik.engine.network import open_ends, pipe_graph
from botanik_design.games.botanik.engine.placement import (
    legal_placements,
    machine_view,
    reference_placements,
)
from botanik_design.games.botanik.engine.scoring import score_machine
from botanik_design.games.botanik.engine.tiles import TileTable, compile_tiles
from botanik_design.games.botanik.model.sides import pipe_joined
from botanik_design.games.botanik.model.variant import Variant

CLOSURES = ["open-end", "no-cycle", "both", "none"]
SCOPES = ["source-network", "every-network", "whole-machine"]


@settings(max_examples=150, deadline=None)
@given(
    closure=st.sampled_from(CLOSURES),
    scope=st.sampled_from(SCOPES),
    wildcard=st.booleans(),
    pairs=st.booleans(),
    fixed=st.booleans(),
    picks=st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), st.booleans()),
        min_size=5,
        max_size=40,
    ),
    crop_bias=st.booleans(),
)
def test_fast_placements_agree_with_networkx(
    closure: str, scope: str, wildcard: bool, pairs: bool, fixed: bool,
    picks: list[tuple[int, int, bool]], crop_bias: bool,
) -> None:
    """Random machines grown by legal placements; compact growth (most touching
    neighbours first) and crop-heavy draws make closure and cycles matter."""
    v = replace(
        variant("standard"), closure=closure, closure_scope=scope,  # type: ignore[arg-type]
        mecha_botanist="wildcard" if wildcard else "swap",
        wildcard_pairs="joined" if pairs else "not-joined",
        rotation="fixed" if fixed else "free",
    )
    table = compile_tiles(tileset("botanik"), v)
    src = table.source_id(0)
    m = Machine(src, table.masks[src][0], v.wild_pairs)
    crops = [i for i in range(table.n_machine) if table.defs[i].kind.value in ("crop", "mecha")]
    for tile_pick, place_pick, compact in picks:
        pool = crops if crop_bias and tile_pick % 2 else range(table.n_machine)
        tile = pool[tile_pick // 2 % len(pool)]
        fast = legal_placements(m, table, tile, closure, scope)
        view = machine_view(m)
        assert fast == reference_placements(view, table, tile, closure, scope, v.wild_pairs)
        _check_connections(m, table, tile, fast)
        if not fast:
            continue
        if compact:
            fast = sorted(fast, key=lambda k: (-_facing(m, k // 4), -_touching(m, k // 4), k))[:3]
        key = fast[place_pick % len(fast)]
        cell, r = divmod(key, 4)
        m.place(cell, tile, r, table.masks[tile][r], table.wild[tile])
        _check_components(m)
        _check_fast_score(m, table, v)


def _check_fast_score(m: Machine, table: TileTable, v: Variant) -> None:
    for opts in (
        {}, {"colour_groups": "piped"}, {"crop_flowers": "always"}, {"min_group_size": 2},
        {"mecha_botanist": "wildcard", "mecha_bonus": 3},
    ):
        w = replace(v, **opts)
        ref = score_machine(machine_view(m), table.defs, w)
        facts = analyse(cells_of(m, table), w)
        assert (facts.score, facts.largest, facts.groups, facts.flowers, facts.bonus) == (
            ref.total, ref.largest_group, ref.group_points, ref.flower_points, ref.mecha_points
        ), opts
        assert facts.unconnected == len(ref.removed), opts


def _facing(m: Machine, cell: int) -> int:
    return bin(m.frontier[cell] & 15).count("1")


def _touching(m: Machine, cell: int) -> int:
    return sum(cell + d in m.tile for d in (1, -1, 256, -256))


def _check_components(m: Machine) -> None:
    view = machine_view(m)
    pg = pipe_graph(view, m.wild_pairs)
    assert m.total_open == open_ends(view)
    for comp in nx.connected_components(pg):
        cells = list(comp)
        codes = [(x + 128) * 256 + y + 128 for x, y in cells]
        roots = {m.find(c) for c in codes}
        assert len(roots) == 1, "union-find splits a pipe component"
        root = roots.pop()
        assert m.open[root] == open_ends(view, cells)
        assert m.cyc[root] == g.has_cycle(pg, cells)
    # different components have different roots
    assert len({m.find(c) for c in m.tile}) == nx.number_connected_components(pg)
    assert decode_cell(ORIGIN) == (0, 0)


def _check_connections(m: Machine, table: TileTable, tile: int, legal: list[int]) -> None:
    """The machine's inline joins (its hot path) are the one rule,
    :func:`botanik_design.games.botanik.model.sides.pipe_joined`, at every legal placement."""
    wild = table.wild[tile]
    for key in legal:
        cell, r = divmod(key, 4)
        mask = table.masks[tile][r]
        joined, closed, _ = m.connections(cell, mask, wild)
        expected = [cell + DELTA[s] for s in range(4)
                    if cell + DELTA[s] in m.mask
                    and pipe_joined(mask, wild, m.mask[cell + DELTA[s]],
                                    cell + DELTA[s] in m.wild, s, m.wild_pairs)]
        assert joined == expected
        assert closed == sum(1 for n in joined if n not in m.wild)
