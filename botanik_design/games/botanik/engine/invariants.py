"""Invariants of a game state, checked after every action by the tests and
by :mod:`botanik_design.games.botanik.engine.dynamic` (issue 3, item 4).

:func:`check_invariants` returns a list of violated invariants (empty: all hold).
"""

from __future__ import annotations

from collections import Counter

from botanik_design.games.botanik.engine.geometry import ORIGIN
from botanik_design.games.botanik.engine.network import closure_holds, open_ends
from botanik_design.games.botanik.engine.placement import machine_view
from botanik_design.games.botanik.engine.state import PICK, GameState, length_bound
from botanik_design.model.words import plural


def tile_places(state: GameState) -> Counter[int]:
    """How many places hold each machine tile instance (each should be exactly 1)."""
    places: Counter[int] = Counter()
    places.update(state.pile)
    places.update(state.arrival)
    places.update(state.registry.tiles())
    places.update(state.discarded)
    places.update(state.unused)
    n = state.table.n_machine
    for m in state.machines:
        places.update(t for t in m.tile.values() if t < n)
    for task in state.tasks:
        if task[2] >= 0:
            places[task[2]] += 1
    d = state.decision
    if d is not None and d[0] != PICK:
        places[d[2]] += 1
    return places


def check_invariants(state: GameState, deep: bool = True) -> list[str]:
    """Problems with ``state``.  ``deep`` also checks each machine against networkx."""
    problems: list[str] = []
    n = state.table.n_machine
    places = tile_places(state)
    for i in range(n):
        if places[i] != 1:
            problems.append(f"tile {i} ({state.table.name(i)}) is in {plural(places[i], 'place')}")
    extra = [i for i in places if not 0 <= i < n]
    if extra:
        problems.append(f"unknown tile ids {extra}")
    for p, m in enumerate(state.machines):
        if m.tile.get(ORIGIN) != state.table.source_id(p):
            problems.append(f"player {p}: Source missing at (0, 0)")
    if state.is_terminal():
        if state.legal_actions():
            problems.append("terminal state with legal actions")
        if state.pile or state.arrival or state.registry.tiles():
            problems.append("terminal state with tiles left in play")
    else:
        legal = state.legal_actions()
        if not legal:
            problems.append("no legal action before the end")
        elif any(a >= b for a, b in zip(legal, legal[1:], strict=False)):
            problems.append("legal actions not sorted and unique")
    if deep:
        v = state.variant
        for p, m in enumerate(state.machines):
            view = machine_view(m)
            if not closure_holds(view, v.closure, v.closure_scope, wild_pairs=v.wild_pairs):
                problems.append(f"player {p}: closure rule {v.closure}/{v.closure_scope} broken")
            if m.total_open != open_ends(view):
                problems.append(f"player {p}: open-end count {m.total_open} != networkx")
    return problems


def decision_bound(state: GameState) -> int:
    """An upper bound on the decisions of a whole game.

    Every tile is picked or discarded from the arrival zone at most once and
    placed at most once; a swap is charged to a mecha-botanist's release, and
    a mecha-botanist staying in its slot may be released again only after a
    new pick, so ``3 * tiles + 16`` bounds the number of decisions.
    """
    return length_bound(state.table)
