"""Sheet layout: page sizes, the grid, back pages, cut lines, refusals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from botanik_design.draw.pages import LayoutError, page_size, sheet_layout


@pytest.mark.parametrize(
    ("page", "tile", "margin", "cols", "rows"),
    [
        ("a4", 45, 10, 4, 6),      # 190 x 277 usable
        ("A4", 40, 10, 4, 6),
        ("letter", 45, 10, 4, 5),  # 195.9 x 259.4 usable
        ("a4", 20, 5, 10, 14),
        ("a4", 190, 10, 1, 1),     # exactly the usable width
    ],
)
def test_grid_size(page: str, tile: float, margin: float, cols: int, rows: int) -> None:
    lay = sheet_layout(67, page, tile, margin)
    assert (lay.columns, lay.rows) == (cols, rows)
    assert lay.pages == -(-67 // (cols * rows))


@pytest.mark.parametrize(
    ("page", "tile", "margin", "gap", "words"),
    [
        ("a5", 45, 10, 0, "unknown page size 'a5'"),
        ("", 45, 10, 0, "unknown page size"),
        ("a4", 191, 10, 0, "does not fit on an A4 page"),
        ("letter", 260, 10, 0, "at most 195.9 mm"),
        ("a4", 10, 10, 0, "too small"),
        ("a4", float("nan"), 10, 0, "finite"),
        ("a4", 45, -1, 0, "margin must be"),
        ("a4", 45, 105, 0, "leaves no room"),
        ("a4", 45, 10, float("inf"), "gap must be"),
    ],
)
def test_refused(page: str, tile: float, margin: float, gap: float, words: str) -> None:
    with pytest.raises(LayoutError, match=words):
        sheet_layout(10, page, tile, margin, gap)


def test_page_sizes_in_mm() -> None:
    assert page_size("a4") == (210.0, 297.0)
    assert page_size(" Letter ") == (215.9, 279.4)


@given(
    count=st.integers(1, 200),
    page=st.sampled_from(["a4", "letter"]),
    tile=st.floats(15, 120),
    margin=st.floats(0, 30),
    gap=st.floats(0, 10),
)
def test_slots_inside_margins_distinct_and_mirrored(count: int, page: str, tile: float,
                                                    margin: float, gap: float) -> None:
    lay = sheet_layout(count, page, tile, margin, gap)
    xs, ys = lay.cut_lines()
    seen: set[tuple[int, float, float]] = set()
    eps = 1e-6
    for i in range(count):
        p, x, y = lay.slot(i)
        assert 0 <= p < lay.pages
        assert margin - eps <= x and x + tile <= lay.width - margin + eps
        assert margin - eps <= y and y + tile <= lay.height - margin + eps
        key = (p, round(x, 6), round(y, 6))
        assert key not in seen
        seen.add(key)
        # every tile edge is on a cut line
        assert min(abs(x - v) for v in xs) < 1e-5 and min(abs(x + tile - v) for v in xs) < 1e-5
        assert min(abs(y - v) for v in ys) < 1e-5 and min(abs(y + tile - v) for v in ys) < 1e-5
        # the back is the mirror image across the page's vertical centre line
        bp, bx, by = lay.slot(i, back=True)
        assert (bp, by) == (p, y)
        assert abs((bx + tile / 2) - (lay.width - (x + tile / 2))) < 1e-6
        # and lands on the same grid (the grid is centred), so cut marks serve both sides
        assert min(abs(bx - v) for v in xs) < 1e-5


def test_first_tile_top_left() -> None:
    lay = sheet_layout(5, "a4", 45, 10)
    _, x, y = lay.slot(0)
    _, x1, _ = lay.slot(1)
    assert x == lay.left and y + 45 == pytest.approx(lay.bottom + lay.grid_height)
    assert x1 == pytest.approx(x + 45)
