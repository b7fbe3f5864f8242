"""Every option combination the schema allows plays to the end with the invariants
intact (hypothesis over variants), and the dynamic validator reports problems."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from engine_helpers import tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine import dynamic
from botanik_design.games.botanik.engine.dynamic import simulate_check
from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.invariants import check_invariants, decision_bound
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.botanik.engine.state import setup_need
from botanik_design.spec.bundled import schema

_OPTIONS: dict[str, Any] = schema("variant")["properties"]["options"]["properties"]


def _option(name: str) -> st.SearchStrategy[Any]:
    spec = _OPTIONS[name]
    if "enum" in spec:
        return st.sampled_from(spec["enum"])
    lo = spec.get("minimum", 0)
    hi = spec.get("maximum", 4)
    ints = st.integers(lo, min(hi, lo + 8))
    if spec["type"] == ["integer", "null"]:
        return st.one_of(st.none(), ints)
    return ints


OPTION_STRATEGY = st.fixed_dictionaries({name: _option(name) for name in _OPTIONS})


def test_strategy_covers_every_schema_option() -> None:
    from botanik_design.games.botanik.model.variant import Variant

    assert set(_OPTIONS) == set(Variant.option_names())


@settings(max_examples=200, deadline=None)
@given(
    options=OPTION_STRATEGY,
    ts_name=st.sampled_from(["quick-3", "botanik"]),
    seed=st.integers(0, 2**32),
    bias=st.sampled_from([0.0, 0.6, 1.0]),
)
def test_any_option_combination_plays_to_the_end(
    options: dict[str, Any], ts_name: str, seed: int, bias: float
) -> None:
    v = replace(variant("standard"), **options)
    ts = tileset(ts_name)
    if ts.machine_tile_count() < setup_need(v):  # e.g. 9 columns x 3 tiles on quick-3
        with pytest.raises(ValueError, match="a game needs at least"):
            new_game(ts, v, seed)
        return
    s = new_game(ts, v, seed)
    rng = random.Random(seed)
    bound = decision_bound(s)
    steps = 0
    while not s.is_terminal():
        assert steps < bound
        s.apply_action(random_action(s, rng, bias))
        steps += 1
        problems = check_invariants(s, deep=steps % 8 == 0)
        assert not problems, problems
    assert not check_invariants(s)
    assert s.totals() == s.scores().totals()


@pytest.mark.parametrize("name", ["standard", "no-loops", "registre-3"])
def test_simulate_check_bundled_variants_have_no_errors(name: str) -> None:
    v = variant(name)
    found = simulate_check(tileset("botanik"), v, 20, seed=1)
    assert [d for d in found if d.level == "error"] == []
    rules = {d.rule for d in found}
    if name == "registre-3":
        assert "sim-no-registry-move" in rules  # forbids middle stacks without a linked slot
    else:
        assert rules == set()


def test_simulate_check_reports_heavy_discards() -> None:
    # one column whose middle stack needs a linked slot tile: most picks find no
    # registry move and the picker must discard an arrival tile
    v = replace(variant("standard"), registry_columns=1, middle_condition="linked-to-slot",
                middle_condition_empty_slots="forbid")
    found = simulate_check(tileset("botanik"), v, 10, seed=0, file="x.yaml")
    assert {d.rule for d in found} >= {"sim-discards", "sim-no-registry-move"}
    assert all(d.file == "x.yaml" for d in found)


def test_simulate_check_reports_crashes_and_stalls(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> int:
        raise RuntimeError("kaput")

    monkeypatch.setattr(dynamic, "random_action", boom)
    found = simulate_check(tileset("quick-3"), variant("standard"), 3)
    assert [d.rule for d in found] == ["sim-crash"]  # one report per distinct crash
    assert "kaput" in found[0].message and found[0].level == "error"

    monkeypatch.setattr(dynamic, "decision_bound", lambda s: 5)
    monkeypatch.setattr(dynamic, "random_action", lambda s, rng: s.legal_actions()[0])
    found = simulate_check(tileset("quick-3"), variant("standard"), 2)
    assert {d.rule for d in found} == {"sim-too-long"}
