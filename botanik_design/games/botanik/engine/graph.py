"""Game-independent graph helpers on networkx graphs.

Nothing here knows about Botanik: nodes are any hashable positions, edges are
whatever relation a game defines (pipe connections, touching sides, ...).
A second tile game (e.g. Hive, on a hex grid) can build its graphs and reuse
these helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

import networkx as nx  # type: ignore[import-untyped, unused-ignore]


def build_graph(
    nodes: Iterable[Hashable], edges: Iterable[tuple[Hashable, Hashable]], **graph_attrs: Any
) -> nx.Graph:
    """An undirected simple graph with the given nodes and edges."""
    g = nx.Graph(**graph_attrs)
    g.add_nodes_from(nodes)
    g.add_edges_from(edges)
    return g


def neighbour_edges(
    nodes: Iterable[Hashable],
    neighbours: Callable[[Hashable], Iterable[Hashable]],
    joined: Callable[[Hashable, Hashable], bool],
) -> list[tuple[Hashable, Hashable]]:
    """Edges ``(a, b)`` for every node ``a``, every ``b`` in ``neighbours(a)``
    that is also a node, and ``joined(a, b)`` true (each pair once)."""
    node_set = set(nodes)
    out: list[tuple[Hashable, Hashable]] = []
    seen: set[frozenset[Hashable]] = set()
    for a in node_set:
        for b in neighbours(a):
            if b in node_set and joined(a, b):
                key = frozenset((a, b))
                if key not in seen:
                    seen.add(key)
                    out.append((a, b))
    return out


def component_of(g: nx.Graph, node: Hashable) -> set[Hashable]:
    """Nodes connected to ``node`` (``node`` included); empty when absent."""
    if node not in g:
        return set()
    return set(nx.node_connected_component(g, node))


def components(g: nx.Graph) -> list[set[Hashable]]:
    """Connected components, largest first, ties by sorted node order."""
    comps = [set(c) for c in nx.connected_components(g)]
    comps.sort(key=lambda c: (-len(c), sorted(map(repr, c))))
    return comps


def has_cycle(g: nx.Graph, nodes: Iterable[Hashable] | None = None) -> bool:
    """Whether the (sub)graph induced by ``nodes`` (default: all) contains a cycle."""
    sub = g if nodes is None else g.subgraph(nodes)
    return len(nx.cycle_basis(sub)) > 0


def cycles(g: nx.Graph) -> list[list[Hashable]]:
    """A cycle basis of ``g`` (each cycle a list of nodes)."""
    return [list(c) for c in nx.cycle_basis(g)]


def same_label_components(
    g: nx.Graph, label: Callable[[Hashable], Hashable | None]
) -> list[set[Hashable]]:
    """Components of the subgraph keeping only edges whose ends share a non-None label.

    Nodes with a ``None`` label are left out.  Largest first.
    """
    keep = [n for n in g.nodes if label(n) is not None]
    sub = nx.Graph()
    sub.add_nodes_from(keep)
    sub.add_edges_from(
        (a, b) for a, b in g.edges if label(a) is not None and label(a) == label(b)
    )
    return components(sub)
