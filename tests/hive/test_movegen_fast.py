"""Property tests: the fast slide and ant moves of ``movegen`` (a 6-bit neighbourhood
table, the flood fill written inline) equal the gate rule written plainly (brief: a
slide goes to an empty neighbour when exactly one of the two flanking cells is
occupied), on random hives; the recursive articulation points equal networkx's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.hive.engine import movegen
from botanik_design.games.hive.engine.coords import GATES, pack
from botanik_design.games.hive.engine.hivegraph import articulation_points, articulation_points_nx

#: Random sets of occupied cells in a small area (so that gates and holes occur).
_CELLS = st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=30)


def slides_reference(stacks: dict[int, list[int]], cell: int) -> set[int]:
    return {cell + d for d, dl, dr in GATES
            if cell + d not in stacks and ((cell + dl in stacks) != (cell + dr in stacks))}


def ant_reference(stacks: dict[int, list[int]], cell: int) -> set[int]:
    mover = stacks.pop(cell)
    seen, todo = {cell}, [cell]
    while todo:
        for t in slides_reference(stacks, todo.pop()) - seen:
            seen.add(t)
            todo.append(t)
    stacks[cell] = mover
    return seen - {cell}


@settings(max_examples=300, deadline=None)
@given(cells=_CELLS)
def test_slides_and_ant_moves_equal_the_gate_rule(cells: set[tuple[int, int]]) -> None:
    stacks = {pack(q, r): [i] for i, (q, r) in enumerate(sorted(cells))}
    around = {c + d for c in stacks for d, _, _ in GATES} - set(stacks)
    for c in around:
        assert set(movegen._slides(stacks, c)) == slides_reference(stacks, c)
    for c in list(stacks):
        before = {k: list(v) for k, v in stacks.items()}
        assert movegen.ant_moves(stacks, c) == ant_reference(stacks, c)
        assert stacks == before


@settings(max_examples=300, deadline=None)
@given(cells=_CELLS)
def test_articulation_points_equal_networkx(cells: set[tuple[int, int]]) -> None:
    import networkx as nx

    occupied = {pack(q, r) for q, r in cells}
    graph = nx.Graph()
    graph.add_nodes_from(occupied)
    graph.add_edges_from((c, c + d) for c in occupied for d, _, _ in GATES if c + d in occupied)
    # the fast path is defined on one connected hive: take the largest component
    hive = max(nx.connected_components(graph), key=len)
    assert articulation_points(hive) == articulation_points_nx(hive)
