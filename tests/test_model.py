"""The typed model: sides and rotation, tile shapes, variant defaults vs the schema."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from botanik_design.games.botanik.model import Side, TileType, Variant, rotate_exits
from botanik_design.games.botanik.model.sides import distinct_rotations, exits_mask, mask_sides
from botanik_design.games.botanik.model.tileset import exits_fit_type
from botanik_design.games.botanik.spec.load import load_tileset, load_variant
from botanik_design.spec.bundled import schema


def test_rotation_is_clockwise() -> None:
    corner = exits_mask([Side.N, Side.E])
    assert mask_sides(rotate_exits(corner, 1)) == (Side.E, Side.S)
    assert mask_sides(rotate_exits(corner, 3)) == (Side.N, Side.W)


@given(st.integers(0, 15), st.integers(0, 3), st.integers(0, 3))
def test_rotation_composes(mask: int, a: int, b: int) -> None:
    assert rotate_exits(rotate_exits(mask, a), b) == rotate_exits(mask, a + b)
    assert bin(rotate_exits(mask, a)).count("1") == bin(mask).count("1")


def test_distinct_rotations() -> None:
    assert distinct_rotations(0b1111) == (0,)
    assert distinct_rotations(0b0101) == (0, 1)
    assert distinct_rotations(0b0011) == (0, 1, 2, 3)
    assert distinct_rotations(0) == (0,)


@given(st.integers(0, 15), st.integers(0, 3))
def test_shape_check_is_rotation_invariant(mask: int, r: int) -> None:
    for t in TileType:
        assert exits_fit_type(t, mask) == exits_fit_type(t, rotate_exits(mask, r))


def test_variant_defaults_match_schema() -> None:
    props = schema("variant")["properties"]["options"]["properties"]
    defaults = Variant().options()
    assert set(props) == set(defaults)
    for name, prop in props.items():
        assert prop["default"] == defaults[name], name
        assert prop.get("description") and prop.get("x-source"), name


def test_bundled_published_set_counts() -> None:
    ts = load_tileset("botanik")
    assert ts.machine_tile_count() == 65
    assert sum(t.copies for t in ts.sources) == 2
    per_colour = {c.name: 0 for c in ts.colours}
    for t in ts.expand():
        assert t.colour is not None
        per_colour[t.colour] += 1
    assert per_colour == dict.fromkeys(per_colour, 13)
    for t in ts.tiles:
        assert exits_fit_type(t.type, t.exits), t.id


def test_bundled_variants_differ_where_the_brief_says() -> None:
    std, r3, nl = (load_variant(n) for n in ("standard", "registre-3", "no-loops"))
    assert (std.registry_columns, r3.registry_columns) == (5, 3)
    assert r3.middle_condition == "linked-to-slot" and r3.mecha_botanist == "wildcard"
    assert r3.crop_flowers == "always" and r3.tie_break == "largest-colour-group"
    # no-loops: "never a full circuit", a rule about the whole machine (issue 8, item 22)
    assert (nl.closure, nl.closure_scope) == ("no-cycle", "whole-machine")
    own = ("closure", "closure_scope")
    assert {k: v for k, v in nl.options().items() if k not in own} == {
        k: v for k, v in std.options().items() if k not in own
    }
