"""The one-hive rule: articulation points of the occupied-cell graph.

networkx is the source of truth (:func:`articulation_points_nx`,
:func:`is_one_hive`); the reference move generator uses :func:`articulation_points`,
a recursive Hopcroft-Tarjan search over packed cells that a hypothesis
property test (``tests/hive/test_hivegraph.py``) proves equal to networkx on
random hives (the fast generator runs the same search over its neighbour masks,
:func:`.fastgen.cut_cells`, tested the same way).  A ground piece alone in its
cell is *pinned* when its cell is an articulation point: lifting it would split
the hive (brief §2).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from botanik_design.games.hive.engine.coords import DELTAS

if TYPE_CHECKING:
    import networkx as nx  # type: ignore[import-untyped, unused-ignore]


def occupied_graph(cells: Iterable[int]) -> nx.Graph:
    """The networkx graph of occupied packed cells, an edge between neighbours."""
    import networkx as nx  # type: ignore[import-untyped, unused-ignore]

    cell_set = set(cells)
    graph = nx.Graph()
    graph.add_nodes_from(cell_set)
    for c in cell_set:
        for d in DELTAS:
            if c + d in cell_set:
                graph.add_edge(c, c + d)
    return graph


def articulation_points_nx(cells: Iterable[int]) -> set[int]:
    """Articulation points by networkx (the reference)."""
    import networkx as nx  # type: ignore[import-untyped, unused-ignore]

    return set(nx.articulation_points(occupied_graph(cells)))


def is_one_hive(cells: Iterable[int]) -> bool:
    """Whether the occupied cells form one connected group (networkx); empty counts as one."""
    import networkx as nx  # type: ignore[import-untyped, unused-ignore]

    graph = occupied_graph(cells)
    return graph.number_of_nodes() == 0 or bool(nx.is_connected(graph))


def articulation_points(cells: Collection[int]) -> set[int]:
    """Articulation points of the occupied-cell graph (fast path, equal to networkx:
    ``tests/hive/test_hivegraph.py``).

    ``cells`` must be a connected hive (or empty); supports ``in`` cheaply
    (a set or a dict keyed by cell).  Tarjan's depth-first search, recursive (a hive
    has at most a few dozen stacks).
    """
    result: set[int] = set()
    if len(cells) < 3:
        return result
    disc: dict[int, int] = {}

    def low_of(cell: int, parent: int | None) -> int:
        """Lowest discovery index reachable from ``cell``'s subtree by one back edge."""
        d = disc[cell] = len(disc)
        low = d
        children = 0
        for delta in DELTAS:
            n = cell + delta
            if n not in cells:
                continue
            dn = disc.get(n)
            if dn is None:
                children += 1
                ln = low_of(n, cell)
                if ln < low:
                    low = ln
                if ln >= d and parent is not None:
                    result.add(cell)
            elif dn < low and n != parent:
                low = dn
        if parent is None and children > 1:
            result.add(cell)
        return low

    low_of(next(iter(cells)), None)
    return result
