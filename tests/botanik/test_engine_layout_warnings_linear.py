"""``layout_warnings`` checks each tile against the whole view (issue 15, item 6).

It used to copy the view without the tile for each tile (quadratic); a tile's
neighbours never include its own cell, so the answer is the same.  The
property below holds the linear version to the old formulation.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine import network
from botanik_design.games.botanik.engine.network import Cell, Placed
from botanik_design.games.botanik.engine.position import layout_warnings
from botanik_design.games.botanik.model.variant import Variant

cells = st.tuples(st.integers(-3, 3), st.integers(-3, 3))
tiles = st.builds(Placed, st.integers(0, 50), st.integers(0, 3), st.integers(0, 15),
                  st.booleans())


def old_side_warnings(view: dict[Cell, Placed]) -> list[Cell]:
    """The cells the quadratic version reported as not matching a neighbour."""
    out = []
    for cell, placed in sorted(view.items()):
        rest = {c: p for c, p in view.items() if c != cell}
        if cell != (0, 0) and not network.matches_neighbours(rest, cell, placed):
            out.append(cell)
    return out


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(cells, tiles, max_size=30))
def test_side_warnings_equal_the_quadratic_version(view: dict[Cell, Placed]) -> None:
    view[(0, 0)] = Placed(0, 0, 15)
    got = layout_warnings(view, Variant())
    mismatched = [w for w in got if "does not match" in w]
    assert mismatched == [f"tile at {c}: a side does not match its neighbour"
                          for c in old_side_warnings(view)]
