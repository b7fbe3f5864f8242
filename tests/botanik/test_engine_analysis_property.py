"""Property tests: the bots' fast paths of the machine analysis equal their references.

``MachineAnalysis(cells).plus(cell, a)`` must give exactly ``analyse`` of ``cells``
with ``a`` at ``cell``, for any machine (connected or not, with or without
wildcards) and every rule option the analysis reads; ``grown(cell, a)`` must equal a
fresh ``MachineAnalysis`` of the grown machine along any sequence of placements;
``machine_cells`` (read from the engine's machine) must equal the cells of the public
``state.machine``, and the cached ``analysis_of`` their ``analyse``.
"""

from __future__ import annotations

from dataclasses import replace

from engine_helpers import VARIANTS, random_game, tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine.actions import PLACE_BASE
from botanik_design.games.botanik.engine.analysis import (
    Cell,
    MachineAnalysis,
    analyse,
    analysis_of,
    machine_cells,
)
from botanik_design.games.botanik.engine.state import GameState
from botanik_design.games.botanik.model.tileset import Kind

#: Many pipe exits and few colours, so that networks, crops and groups meet the new cell.
_CELL = st.tuples(
    st.sampled_from([None, "red", "red", "blue"]),
    st.sampled_from([Kind.PIPE, Kind.CROP, Kind.CROP, Kind.MECHA]),
    st.integers(0, 2),
    st.one_of(st.just(15), st.sampled_from([7, 11, 13, 14]), st.integers(0, 15)),
    st.booleans(),
)
#: The cells of a 5 x 5 machine around the Source; each may stay empty.
_GRID = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if (x, y) != (0, 0)]
_SIDES = ((0, 1), (1, 0), (0, -1), (-1, 0))


@settings(max_examples=400, deadline=None)
@given(
    grid=st.lists(st.one_of(st.none(), _CELL, _CELL), min_size=24, max_size=24),
    source=st.one_of(st.none(), st.just(15), st.integers(0, 15)),
    added=st.lists(st.tuples(st.integers(0, 99), _CELL), min_size=1, max_size=8),
    piped=st.booleans(),
    always=st.booleans(),
    wildcard=st.booleans(),
    pairs=st.booleans(),
    least=st.integers(1, 4),
    per_tile=st.integers(1, 2),
    flower_points=st.integers(1, 2),
)
def test_plus_equals_analyse(
    grid: list[Cell | None], source: int | None,
    added: list[tuple[int, Cell]], piped: bool, always: bool, wildcard: bool,
    pairs: bool, least: int, per_tile: int, flower_points: int,
) -> None:
    v = replace(
        variant("standard"),
        colour_groups="piped" if piped else "touching",
        crop_flowers="always" if always else "same-colour-pipe-neighbour",
        mecha_botanist="wildcard" if wildcard else "swap",
        wildcard_pairs="joined" if pairs else "not-joined",
        min_group_size=least, group_points_per_tile=per_tile, flower_points=flower_points,
    )
    cells = {xy: a for xy, a in zip(_GRID, grid, strict=True) if a is not None}
    if source is not None:
        cells[(0, 0)] = (None, Kind.SOURCE, 0, source, False)
    base = MachineAnalysis(cells, v)
    assert base.facts == analyse(cells, v)
    # empty cells next to a tile (where a placement goes), and one far away
    free = sorted({(x + dx, y + dy) for x, y in cells for dx, dy in _SIDES} - set(cells))
    free.append((5, 5))
    for pick, a in added:
        cell = free[pick % len(free)]
        grown = dict(cells)
        grown[cell] = a
        assert base.plus(cell, a) == analyse(grown, v), (cell, a)
    assert base.facts == analyse(cells, v)  # plus() leaves the machine as it was


def _partition(analysis: MachineAnalysis) -> set[tuple[frozenset[tuple[int, int]], int]]:
    """The colour groups of an analysis as ``(cells, recorded size)``, whatever their ids."""
    by_id: dict[int, set[tuple[int, int]]] = {}
    for c, g in analysis.group.items():
        by_id.setdefault(g, set()).add(c)
    return {(frozenset(cs), analysis.sizes[g]) for g, cs in by_id.items()}


def _same_analysis(got: MachineAnalysis, want: MachineAnalysis) -> None:
    assert got.cells == want.cells
    assert got.facts == want.facts
    assert got.connected == want.connected
    assert got.waiting == want.waiting
    assert _partition(got) == _partition(want)
    for cells, size in _partition(got):
        assert len(cells) == size


@settings(max_examples=300, deadline=None)
@given(
    grid=st.lists(st.one_of(st.none(), st.none(), _CELL), min_size=24, max_size=24),
    source=st.one_of(st.just(15), st.integers(0, 15), st.none()),
    added=st.lists(st.tuples(st.integers(0, 99), _CELL), min_size=1, max_size=12),
    piped=st.booleans(),
    always=st.booleans(),
    wildcard=st.booleans(),
    pairs=st.booleans(),
    least=st.integers(1, 4),
)
def test_grown_equals_a_fresh_analysis(
    grid: list[Cell | None], source: int | None, added: list[tuple[int, Cell]],
    piped: bool, always: bool, wildcard: bool, pairs: bool, least: int,
) -> None:
    """Growing an analysis tile by tile (what ``analysis_of`` does after each placement)
    gives the analysis of the grown machine: facts, network, waiting crops and colour
    groups; the analysis grown from is left as it was, and ``plus`` on a grown one still
    equals ``analyse``."""
    v = replace(
        variant("standard"),
        colour_groups="piped" if piped else "touching",
        crop_flowers="always" if always else "same-colour-pipe-neighbour",
        mecha_botanist="wildcard" if wildcard else "swap",
        wildcard_pairs="joined" if pairs else "not-joined",
        min_group_size=least,
    )
    cells = {xy: a for xy, a in zip(_GRID, grid, strict=True) if a is not None}
    if source is not None:
        cells[(0, 0)] = (None, Kind.SOURCE, 0, source, False)
    current = MachineAnalysis(cells, v)
    for pick, a in added:
        free = sorted({(x + dx, y + dy) for x, y in current.cells for dx, dy in _SIDES}
                      - set(current.cells)) or [(5, 5)]
        cell = free[pick % len(free)]
        before = dict(current.cells), current.facts, set(current.connected), \
            dict(current.waiting), _partition(current)
        nxt = current.grown(cell, a)
        assert (current.cells, current.facts, current.connected, current.waiting,
                _partition(current)) == before
        grown = dict(current.cells)
        grown[cell] = a
        _same_analysis(nxt, MachineAnalysis(grown, v))
        for other in free[:6]:
            if other != cell:
                more = dict(grown)
                more[other] = a
                assert nxt.plus(other, a) == analyse(more, v)
        current = nxt


@settings(max_examples=200, deadline=None)
@given(
    grid=st.lists(st.one_of(st.none(), st.none(), _CELL), min_size=24, max_size=24),
    source=st.one_of(st.just(15), st.integers(0, 15)),
    added=st.lists(st.tuples(st.integers(0, 99), _CELL), min_size=1, max_size=12),
    piped=st.booleans(),
    always=st.booleans(),
    wildcard=st.booleans(),
)
def test_grown_structures_built_late_equal_a_fresh_analysis(
    grid: list[Cell | None], source: int, added: list[tuple[int, Cell]],
    piped: bool, always: bool, wildcard: bool,
) -> None:
    """A chain of ``grown`` analyses whose structures nobody asked for (they are built on
    first use): each one's facts are right at once, and its structures, asked for
    only at the end (the last one's first: each built from the one before, built then
    too), equal a fresh analysis's."""
    v = replace(
        variant("standard"),
        colour_groups="piped" if piped else "touching",
        crop_flowers="always" if always else "same-colour-pipe-neighbour",
        mecha_botanist="wildcard" if wildcard else "swap",
    )
    cells = {xy: a for xy, a in zip(_GRID, grid, strict=True) if a is not None}
    cells[(0, 0)] = (None, Kind.SOURCE, 0, source, False)
    chain = [MachineAnalysis(cells, v)]
    machines = [dict(cells)]
    for pick, a in added:
        free = sorted({(x + dx, y + dy) for x, y in cells for dx, dy in _SIDES} - set(cells))
        cell = free[pick % len(free)]
        cells = dict(cells)
        cells[cell] = a
        nxt = chain[-1].grown(cell, a)
        assert nxt.facts == analyse(cells, v)
        chain.append(nxt)
        machines.append(cells)
    for an, want in reversed(list(zip(chain, machines, strict=True))):
        _same_analysis(an, MachineAnalysis(want, v))
    assert all(an._pending is None for an in chain)


def _public_cells(state: GameState, player: int) -> dict[tuple[int, int], Cell]:
    """The reference: a machine's cells from the public ``state.machine(player)``."""
    wildcard = state.variant.mecha_botanist == "wildcard"
    return {
        (t.x, t.y): (t.definition.colour, t.definition.kind, t.definition.flowers, t.exits,
                     wildcard and t.definition.kind is Kind.MECHA)
        for t in state.machine(player)
    }


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), bias=st.sampled_from([0.0, 0.7]))
def test_machine_cells_equal_the_public_view(name: str, seed: int, bias: float) -> None:
    """:func:`machine_cells` (read from the engine's machine) equals the cells built from
    the public accessor, and the cached :func:`analysis_of` their :func:`analyse`, along
    random games of every bundled variant (the cache lives across examples)."""
    def check(state: GameState, deeper: bool = True) -> None:
        for p in (0, 1):
            cells = _public_cells(state, p)
            assert machine_cells(state, p) == cells
            assert analysis_of(state, p).facts == analyse(cells, state.variant)
        legal = [] if state.is_terminal() else state.legal_actions()
        if deeper and legal and legal[0] >= PLACE_BASE:
            # every placement of one tile: the same tiles, rotations differing
            for action in legal:
                child = state.clone()
                child.apply_action(action)
                check(child, False)

    state = random_game(tileset(variant(name).tileset or "botanik"), variant(name), seed,
                        check, bias)
    check(state)
