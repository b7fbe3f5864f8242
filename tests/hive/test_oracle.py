"""Sliding bugs against an independent oracle on networkx slide graphs (random positions).

The oracle builds, for a lifted piece, the graph of empty cells touching the
hive with an edge wherever a slide is allowed (exactly one of the two cells
flanking the edge occupied); the Ant reaches its connected component, the
Spider the ends of simple paths of exactly three edges, the Queen its
neighbours.  Pinned pieces (networkx articulation points) have no moves.
"""

from __future__ import annotations

import random

import networkx as nx  # type: ignore[import-untyped, unused-ignore]
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.hive.engine.board import decode
from botanik_design.games.hive.engine.coords import DELTAS
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.hivegraph import articulation_points_nx
from botanik_design.games.hive.engine.pieces import ANT, QUEEN, SPIDER
from botanik_design.games.hive.engine.state import HiveState


def slide_graph(occupied: set[int]) -> nx.Graph:
    empty = {c + d for c in occupied for d in DELTAS} - occupied
    graph = nx.Graph()
    graph.add_nodes_from(empty)
    for u in empty:
        for v in (u + d for d in DELTAS):
            if v in empty:
                common = {u + d for d in DELTAS} & {v + d for d in DELTAS}
                if len(common & occupied) == 1:
                    graph.add_edge(u, v)
    return graph


def oracle(occupied: set[int], cell: int, bug: int) -> set[int]:
    rest = occupied - {cell}
    graph = slide_graph(rest)
    graph.add_node(cell)
    for v in (cell + d for d in DELTAS):  # edges out of the start cell
        if v in graph and len({cell + d for d in DELTAS} & {v + d for d in DELTAS} & rest) == 1:
            graph.add_edge(cell, v)
    if bug == QUEEN:
        return set(graph[cell])
    if bug == ANT:
        return set(nx.node_connected_component(graph, cell)) - {cell}
    return {p[-1] for p in _paths(graph, [cell], 3)}


def _paths(graph: nx.Graph, path: list[int], left: int) -> list[list[int]]:
    if left == 0:
        return [path]
    out = []
    for v in graph[path[-1]]:
        if v not in path:
            out += _paths(graph, path + [v], left - 1)
    return out


def check(state: HiveState) -> int:
    board = state.board
    table = board.table
    me = board.to_move
    if board.pos[table.queen[me]] is None or state.is_terminal():
        return 0
    moves: dict[int, set[int]] = {}
    for a in state.legal_actions():
        if a:
            pid, cell = decode(a)
            moves.setdefault(pid, set()).add(cell)
    occupied = set(board.stacks)
    pinned = articulation_points_nx(occupied)
    checked = 0
    for pid, cell in enumerate(board.pos):
        if cell is None or table.colour[pid] != me or table.bug[pid] not in (QUEEN, SPIDER, ANT):
            continue
        if board.stacks[cell][-1] != pid:
            continue
        expected = set() if cell in pinned else oracle(occupied, cell, table.bug[pid])
        assert moves.get(pid, set()) == expected, table.names[pid]
        checked += 1
    return checked


@given(st.integers(0, 100_000))
@settings(max_examples=40, deadline=None)
def test_queen_spider_ant_equal_the_oracle(seed: int) -> None:
    game = load_hive("Base")
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_terminal():
            break
        check(state)
        state.apply_action(rng.choice(state.legal_actions()))
