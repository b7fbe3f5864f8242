"""The fast articulation points equal networkx's (the source of truth) on random hives."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botanik_design.games.hive.engine.board import neighbour_masks
from botanik_design.games.hive.engine.coords import DELTAS, ORIGIN, pack, unpack
from botanik_design.games.hive.engine.fastgen import cut_cells
from botanik_design.games.hive.engine.hivegraph import (
    articulation_points,
    articulation_points_nx,
    is_one_hive,
)

_SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


@st.composite
def hives(draw: st.DrawFn) -> set[int]:
    """Connected sets of cells grown from the origin one neighbour at a time."""
    size = draw(st.integers(min_value=0, max_value=30))
    cells: list[int] = [ORIGIN] if size else []
    while len(cells) < size:
        base = cells[draw(st.integers(0, len(cells) - 1))]
        nxt = base + DELTAS[draw(st.integers(0, 5))]
        if nxt not in cells:
            cells.append(nxt)
    return set(cells)


@st.composite
def holey_hives(draw: st.DrawFn) -> set[int]:
    """Connected sets grown inside a hexagon of radius 3 around the origin (37 cells):
    crowded enough to enclose empty cells (holes) often."""
    size = draw(st.integers(min_value=3, max_value=30))
    cells: list[int] = [ORIGIN]
    while len(cells) < size:
        nxt = cells[draw(st.integers(0, len(cells) - 1))] + DELTAS[draw(st.integers(0, 5))]
        q, r = unpack(nxt)
        if nxt not in cells and max(abs(q), abs(r), abs(q + r)) <= 3:
            cells.append(nxt)
    return set(cells)


@given(st.one_of(hives(), holey_hives()))
@settings(max_examples=300, deadline=None, suppress_health_check=_SLOW)
def test_mask_cut_cells_equal_networkx(cells: set[int]) -> None:
    """The fast generator's cut cells (no search at all when the hive has no hole)."""
    assert cut_cells(neighbour_masks(cells), dict.fromkeys(cells, [0])) == \
        articulation_points_nx(cells)


@given(hives())
@settings(max_examples=300, deadline=None,
          # the strategy draws until the hive has its size: slow on a loaded machine
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_articulation_points_equal_networkx(cells: set[int]) -> None:
    assert is_one_hive(cells)
    assert articulation_points(cells) == articulation_points_nx(cells)


def test_a_line_of_three_has_its_middle_pinned() -> None:
    cells = {pack(0, 0), pack(1, 0), pack(2, 0)}
    assert articulation_points(cells) == {pack(1, 0)}
    assert not is_one_hive({pack(0, 0), pack(2, 0)})


@given(st.integers(-2047, 2047), st.integers(-2047, 2047))
def test_pack_unpack_round_trip(q: int, r: int) -> None:
    assert unpack(pack(q, r)) == (q, r)
