"""``why_not`` (issue 14): the typed reason is ``None`` exactly when the action is legal,
for random states under random options and every candidate action of every kind."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine_helpers import tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_options import OPTION_STRATEGY

from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.geometry import decode_cell
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.botanik.engine.state import GameState, setup_need
from botanik_design.games.botanik.engine.whynot import (
    NoSharedColourOrType,
    SlotTaken,
    reason_text,
    why_not,
)


def _candidates(s: GameState) -> list[int]:
    out = [A.encode(A.Pick(i, c, m)) for i in range(A.MAX_ARRIVAL)
           for c in range(A.MAX_COLUMNS) for m in (False, True)]
    out += [A.DISCARD_BASE + i for i in range(A.MAX_ARRIVAL)]
    out += [A.SWAP_BASE + c for c in range(A.MAX_COLUMNS)]
    d = s.pending()
    if d is not None:
        mac = s.machines[d.player]
        cells = set(mac.tile) | set(mac.frontier)
        cells |= {(x, y) for x, y in ((0, 5), (7, -3))}  # type: ignore[arg-type]
        for cell in cells:
            x, y = cell if isinstance(cell, tuple) else decode_cell(cell)
            out += [A.encode(A.Place(x, y, r)) for r in range(4)]
    return out


def _check(s: GameState) -> None:
    legal = set(s.legal_actions())
    for a in _candidates(s):
        reason = why_not(s, a)
        assert (reason is None) == (a in legal), (s.pending(), A.decode(a), reason)
        if reason is not None:
            assert reason_text(s, reason)


@settings(max_examples=60, deadline=None)
@given(options=OPTION_STRATEGY, ts_name=st.sampled_from(["quick-3", "botanik"]),
       seed=st.integers(0, 2**32), bias=st.sampled_from([0.0, 0.7]))
def test_reason_is_none_iff_legal(options: dict[str, Any], ts_name: str, seed: int,
                                  bias: float) -> None:
    v = replace(variant("standard"), **options)
    ts = tileset(ts_name)
    if ts.machine_tile_count() < setup_need(v):
        return
    s = new_game(ts, v, seed % 1000)
    rng = random.Random(seed)
    while not s.is_terminal():
        _check(s)
        s.apply_action(random_action(s, rng, bias))
    _check(s)


def test_typed_reasons_name_the_rule() -> None:
    s = new_game(tileset("botanik"), variant("standard"), 3)
    p = s.current_player()
    seen: set[type] = set()
    for i, t in enumerate(s.arrival_tiles()):
        for c in range(len(s.middle_stacks())):
            r = why_not(s, A.Pick(i, c, False))
            if isinstance(r, NoSharedColourOrType):
                assert r.tile == t and r.top == s.middle_stacks()[c][-1]
                assert "shares neither colour nor type" in reason_text(s, r)
            seen.add(type(r))
    legal = [a for a in s.legal_actions() if not A.decode(a).middle]  # type: ignore[union-attr]
    if legal:
        act = A.decode(legal[0])
        s.apply_action(legal[0])
        while s.current_player() != p and not s.is_terminal():
            s.apply_action(s.legal_actions()[-1])
        d = s.pending()
        if d is not None and d.kind == "pick":
            r = why_not(s, A.Pick(0, act.column, False))  # type: ignore[union-attr]
            assert isinstance(r, SlotTaken) and r.column == act.column  # type: ignore[union-attr]
    assert NoSharedColourOrType in seen


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), name=st.sampled_from(["standard", "registre-3"]))
def test_previews_match_what_happens(seed: int, name: str) -> None:
    from botanik_design.games.botanik.engine.events import Released
    from botanik_design.games.botanik.engine.preview import pick_preview, place_preview

    s = new_game(tileset("botanik"), variant(name), seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        d = s.pending()
        assert d is not None
        a = random_action(s, rng, 0.5)
        before = s.serialize()
        step = len(s.history())
        if d.kind == "pick" and a < A.DISCARD_BASE:
            rel = pick_preview(s, a)
            assert s.serialize() == before  # a clone, never the state
            s.apply_action(a)
            got = [(e.player, e.tile) for e in s.events(step)
                   if isinstance(e, Released) and e.step == step]
            assert [(r.player, r.tile) for r in rel] == got
            assert all(not s.table.linked(r.tile, r.top) for r in rel)
        elif d.kind == "place":
            pv = place_preview(s, a)
            assert s.serialize() == before
            total = s.scores().players[d.player].total
            s.apply_action(a)
            assert pv.total == pv.groups + pv.flowers + pv.mecha
            assert s.scores().players[d.player].total - total == pv.total
        else:
            s.apply_action(a)
