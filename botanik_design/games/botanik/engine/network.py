"""Botanik views of a machine as networkx graphs: the source of truth.

A *machine view* maps a cell ``(x, y)`` to a :class:`Placed` tile.  From it:

* :func:`pipe_graph`: nodes are cells; two orthogonal neighbours are joined
  when both have a pipe exit on the shared side, or when one is a wildcard
  mecha-botanist and the other has a pipe exit facing it (``mecha_botanist:
  wildcard``, seed 003: a universal connector).  Two neighbouring wildcards
  join only with ``wildcard_pairs: joined`` (``wild_pairs=True``).
* :func:`adjacency_graph`: every pair of orthogonal neighbours.
* :func:`open_ends`: pipe exits facing an empty cell.  A wildcard
  mecha-botanist has no pipes, so its free sides are never open ends.
* :func:`closure_holds`: the closure rule (``closure``, ``closure_scope``).

networkx is imported when a graph is first built, not with this module: play
(``legal_placements``, ``final_metrics``) never builds one, so ``simulate`` starts
without it (``tests/test_startup_imports.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, NamedTuple

from botanik_design.games.botanik.model import sides
from botanik_design.games.botanik.model.sides import OFFSETS

if TYPE_CHECKING:
    import networkx as nx  # type: ignore[import-untyped, unused-ignore]

Cell = tuple[int, int]


class Placed(NamedTuple):
    """A tile in a machine: instance id, rotation, rotated exit mask, wildcard flag."""

    tile: int
    rotation: int
    mask: int
    wild: bool = False


MachineView = Mapping[Cell, Placed]


def neighbours(cell: Cell) -> Iterator[Cell]:
    """The four orthogonal neighbours, in side order N, E, S, W."""
    x, y = cell
    for dx, dy in OFFSETS:
        yield (x + dx, y + dy)


def _side(a: Cell, b: Cell) -> int:
    return OFFSETS.index((b[0] - a[0], b[1] - a[1]))


def pipe_joined(view: MachineView, a: Cell, b: Cell, wild_pairs: bool = False) -> bool:
    """Whether neighbouring cells ``a`` and ``b`` are joined by a pipe
    (:func:`botanik_design.games.botanik.model.sides.pipe_joined`; ``wild_pairs``: option
    ``wildcard_pairs: joined``)."""
    pa, pb = view[a], view[b]
    return sides.pipe_joined(pa.mask, pa.wild, pb.mask, pb.wild, _side(a, b), wild_pairs)


def _forward_pairs(view: MachineView) -> list[tuple[Cell, Cell, int]]:
    """Each pair of touching cells once, as ``(a, b, side of a facing b)`` (N or E)."""
    out = []
    for a in view:
        x, y = a
        for s, b in ((0, (x, y + 1)), (1, (x + 1, y))):
            if b in view:
                out.append((a, b, s))
    return out


def pipe_graph(view: MachineView, wild_pairs: bool = False) -> nx.Graph:
    """Graph of pipe connections (see the module docstring; ``wild_pairs``: option
    ``wildcard_pairs: joined``)."""
    from botanik_design.games.botanik.engine import graph as g  # networkx: only when used

    edges = []
    for a, b, s in _forward_pairs(view):
        pa, pb = view[a], view[b]
        if sides.pipe_joined(pa.mask, pa.wild, pb.mask, pb.wild, s, wild_pairs):
            edges.append((a, b))
    return g.build_graph(view, edges)


def adjacency_graph(view: MachineView) -> nx.Graph:
    """Graph of touching tiles (orthogonal neighbours)."""
    from botanik_design.games.botanik.engine import graph as g

    return g.build_graph(view, [(a, b) for a, b, _ in _forward_pairs(view)])


def open_ends(view: MachineView, cells: Iterable[Cell] | None = None) -> int:
    """Number of pipe exits facing an empty cell, over ``cells`` (default: all)."""
    total = 0
    for c in view if cells is None else cells:
        m = view[c].mask
        if view[c].wild:
            continue
        for s, n in enumerate(neighbours(c)):
            if m >> s & 1 and n not in view:
                total += 1
    return total


def has_pipes(view: MachineView, cells: Iterable[Cell]) -> bool:
    """Whether any of ``cells`` has a pipe exit."""
    return any(view[c].mask for c in cells)


def closure_holds(
    view: MachineView, closure: str, scope: str, source: Cell = (0, 0),
    wild_pairs: bool = False,
) -> bool:
    """Whether the machine satisfies the closure rule (brief §5.3).

    ``open-end``: the scoped network(s) keep at least one open pipe end;
    under ``every-network`` a component without any pipe exit (a lone
    wildcard mecha-botanist) is exempt.  ``no-cycle``: no cycle in the pipe
    graph within the scope.  ``both``: the two rules at once.  Scopes:
    ``source-network`` (the component of the Source), ``every-network``
    (each component), ``whole-machine``.  ``wild_pairs``: option
    ``wildcard_pairs: joined``.
    """
    if closure == "none":
        return True
    if closure == "both":
        return all(closure_holds(view, rule, scope, source, wild_pairs)
                   for rule in ("open-end", "no-cycle"))
    from botanik_design.games.botanik.engine import graph as g

    pg = pipe_graph(view, wild_pairs)
    if scope == "whole-machine":
        if closure == "open-end":
            return open_ends(view) >= 1
        return not g.has_cycle(pg)
    comps = [g.component_of(pg, source)] if scope == "source-network" else g.components(pg)
    for comp in comps:
        cells = [c for c in comp if isinstance(c, tuple)]
        if closure == "open-end":
            if has_pipes(view, cells) and open_ends(view, cells) < 1:
                return False
        elif g.has_cycle(pg, cells):
            return False
    return True


def matches_neighbours(view: MachineView, cell: Cell, placed: Placed) -> bool:
    """Side matching (brief §5.2): pipe against pipe, blank against blank.

    A wildcard mecha-botanist on either side matches anything.
    """
    if placed.wild:
        return True
    for s, n in enumerate(neighbours(cell)):
        other = view.get(n)
        if other is None or other.wild:
            continue
        if bool(placed.mask >> s & 1) != bool(other.mask >> ((s + 2) % 4) & 1):
            return False
    return True


def touches(view: MachineView, cell: Cell) -> bool:
    """Whether ``cell`` shares a side with a tile of the machine (brief §5.1)."""
    return any(n in view for n in neighbours(cell))
