"""Hand-worked cases of the options that settle two unsettled points (issue 8, items
21 and 22): ``wildcard_pairs`` (are two neighbouring wildcard mecha-botanists
joined?) and ``closure: both``, and the scope of the bundled ``no-loops``
variant.  Each new value has a case where it changes the result."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from engine_helpers import tileset, variant

from botanik_design.games.botanik.engine.geometry import encode_cell
from botanik_design.games.botanik.engine.machine import Machine
from botanik_design.games.botanik.engine.network import Cell, Placed, closure_holds
from botanik_design.games.botanik.engine.placement import (
    legal_placements,
    machine_view,
    reference_placements,
)
from botanik_design.games.botanik.engine.position import position_from_data, score_position
from botanik_design.games.botanik.engine.tiles import compile_tiles

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "positions"

N, E, S, W = 1, 2, 4, 8


def _position(name: str, **options: Any) -> Any:
    data: dict[str, Any] = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["options"] = {**data.get("options", {}), **options}
    return position_from_data(data, "test", EXAMPLES)


# ------------------------------------------------------------------ wildcard_pairs


@pytest.mark.parametrize(("pairs", "total", "removed"), [
    ("not-joined", 2, ["blue-mecha"]),  # only the red one is connected: 1 x 2
    ("joined", 4, []),                  # the pair is joined: 2 x 2
])
def test_two_mecha_botanists_side_by_side_score(pairs: str, total: int,
                                                removed: list[str]) -> None:
    s = score_position(_position("wildcard-pair.yaml", wildcard_pairs=pairs)).players[0]
    assert (s.total, s.mecha_points) == (total, total)
    assert [t.tile for t in s.removed] == removed


def _pair_loop_machine(pairs: str) -> tuple[Machine, Any, int, Any]:
    """Source (0,0), red mecha (0,1), blue mecha (1,1); the corner to place at (1,0)
    (rotation 3: exits W and N) would close Source-(0,1)-(1,1)-(1,0)-Source."""
    v = replace(variant("registre-3"), closure="no-cycle",
                wildcard_pairs=pairs)  # type: ignore[arg-type]
    table = compile_tiles(tileset("botanik"), v)
    src = table.source_id(0)
    m = Machine(src, table.masks[src][0], v.wild_pairs)
    ids = {table.defs[i].id: i for i in range(table.n_machine)}
    m.place(encode_cell(0, 1), ids["red-mecha"], 0, 0, True)
    m.place(encode_cell(1, 1), ids["blue-mecha"], 0, 0, True)
    return m, table, ids["red-corner"], v


@pytest.mark.parametrize(("pairs", "legal"), [("not-joined", True), ("joined", False)])
def test_a_loop_through_a_pair_of_wildcards_under_no_cycle(pairs: str, legal: bool) -> None:
    m, table, corner, v = _pair_loop_machine(pairs)
    key = encode_cell(1, 0) * 4 + 3
    fast = legal_placements(m, table, corner, v.closure, v.closure_scope)
    assert (key in fast) is legal
    assert fast == reference_placements(machine_view(m), table, corner, v.closure,
                                        v.closure_scope, v.wild_pairs)


def test_wildcard_pairs_defaults_to_the_earlier_behaviour() -> None:
    assert variant("standard").wildcard_pairs == "not-joined"
    assert variant("registre-3").wildcard_pairs == "not-joined"


# ------------------------------------------------------------------ closure: both


def _view(cells: dict[Cell, int]) -> dict[Cell, Placed]:
    return {c: Placed(k, 0, mask) for k, (c, mask) in enumerate(cells.items())}


#: A Source with four crops pointing at it: no open end, no cycle.
CLOSED = _view({(0, 0): N | E | S | W, (0, 1): S, (1, 0): W, (0, -1): N, (-1, 0): E})
#: A ring of four corners through the Source: a cycle, open ends left (S, W of the Source).
RING = _view({(0, 0): N | E | S | W, (0, 1): S | E, (1, 1): S | W, (1, 0): N | W})
#: A straight line: open ends, no cycle.
LINE = _view({(0, 0): N | E | S | W, (1, 0): E | W})


@pytest.mark.parametrize(("view", "closure", "holds"), [
    (CLOSED, "open-end", False), (CLOSED, "no-cycle", True), (CLOSED, "both", False),
    (CLOSED, "none", True),
    (RING, "open-end", True), (RING, "no-cycle", False), (RING, "both", False),
    (RING, "none", True),
    (LINE, "open-end", True), (LINE, "no-cycle", True), (LINE, "both", True),
    (LINE, "none", True),
])
@pytest.mark.parametrize("scope", ["source-network", "every-network", "whole-machine"])
def test_closure_both_is_open_end_and_no_cycle(view: dict[Cell, Placed], closure: str,
                                               holds: bool, scope: str) -> None:
    assert closure_holds(view, closure, scope) is holds


# ------------------------------------------------------------------ no-loops scope


def _detached_ring(variant_name: str, **options: Any) -> list[str]:
    """Warnings for a machine with a loop of four corners away from the Source."""
    corners = [((3, 3), 0), ((4, 3), 3), ((3, 4), 1), ((4, 4), 2)]
    data = {
        "position": "detached loop", "variant": variant_name, "tileset": "botanik",
        "options": options,
        "machines": [[{"tile": t, "cell": list(c), "rotation": r}
                      for t, (c, r) in zip(["red-corner", "red-corner", "yellow-corner",
                                            "yellow-corner"], corners, strict=True)]],
    }
    return [w for w in score_position(position_from_data(data, "t", EXAMPLES)).warnings
            if "closure rule" in w]


def test_no_loops_forbids_a_loop_anywhere_in_the_machine() -> None:
    v = variant("no-loops")
    assert (v.closure, v.closure_scope) == ("no-cycle", "whole-machine")
    assert _detached_ring("no-loops")  # the loop breaks "never a full circuit"
    # the reading the variant inherited before: the loop is not the Source's network
    assert not _detached_ring("no-loops", closure_scope="source-network")
