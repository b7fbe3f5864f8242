"""Issue 14: the play TUI says why a chosen destination is refused (the engine's typed
reason, worded) and previews what a pick or a placement would do (pilot tests)."""

from __future__ import annotations

import random

import pytest
from test_play_app import board, drive, prompt
from textual.pilot import Pilot

from botanik_design.games.botanik.engine.actions import Pick, Place
from botanik_design.games.botanik.engine.preview import pick_preview, place_preview
from botanik_design.games.botanik.engine.whynot import CellTaken, reason_text, why_not
from botanik_design.tui.botanik import render as R
from botanik_design.tui.botanik.app import BoardApp
from botanik_design.tui.botanik.controller import Controller, Rules, load_rules
from botanik_design.tui.play.app import PlayApp


@pytest.fixture(scope="module")
def quick() -> Rules:
    return load_rules("quick-3", "standard")


def _p0_places(rules: Rules) -> Controller:
    for seed in range(100):
        c = Controller(rules, seed, "random")
        rng = random.Random(seed)
        while not c.is_over():
            d = c.pending()
            assert d is not None
            if d.kind == "place" and d.player == 0:
                return Controller(rules, seed, "random", state=c.state)
            if c.bot_to_act():
                c.bot_move()
            else:
                c.play(rng.choice(c.state.legal_actions()))
    raise AssertionError("no placement found")


def test_a_refused_slot_says_the_engine_reason(quick: Rules) -> None:
    ctl = Controller(quick, 16, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        sel = board(app).sel
        ok = {d.column for d in ctl.destinations(sel) if not d.middle}
        bad = next(c for c in range(len(ctl.state.middle_stacks())) if c not in ok)
        reason = why_not(ctl.state, Pick(sel, bad, False))
        assert reason is not None
        await pilot.press("s", str(bad + 1))
        text = prompt(app).replace("\n", " ")
        assert f"own slot {bad + 1} is not legal: " in text
        assert reason_text(ctl.state, reason)[:30] in text

    drive(BoardApp(ctl, bot_delay=0), script, size=(160, 40))


def test_a_click_on_a_refused_registry_place_says_why(quick: Rules) -> None:
    ctl = Controller(quick, 16, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        scale = board(app).scale
        sel = board(app).sel
        ok = {(d.column, d.middle) for d in ctl.destinations(sel)}
        col, middle = next((c, m) for c in range(len(ctl.state.middle_stacks()))
                           for m in (False, True) if (c, m) not in ok)
        band = 1 if middle else 2
        where = (scale.label_w + col * scale.col_w + 3, 1 + band * scale.h + scale.h // 2)
        await pilot.click("#registry", offset=where)
        reason = why_not(ctl.state, Pick(sel, col, middle))
        assert reason is not None
        assert "is not legal: " in prompt(app)
        assert reason_text(ctl.state, reason)[:30] in prompt(app).replace("\n", " ")

    drive(BoardApp(ctl, bot_delay=0), script, size=(160, 40))


def test_a_middle_pick_previews_its_releases(quick: Rules) -> None:
    found = None
    for seed in range(40):
        c = Controller(quick, seed, "human")
        rng = random.Random(seed)
        while found is None and not c.is_over():
            d = c.pending()
            if d is not None and d.kind == "pick" and not c.discards():
                found = next(((i, dd) for i in range(len(c.state.arrival_tiles()))
                              for dd in c.destinations(i)
                              if dd.middle and pick_preview(c.state, dd.action)), None)
                if found is not None:
                    break
            c.play(rng.choice(c.state.legal_actions()))
        if found is not None:
            break
    assert found is not None
    sel, dest = found
    ctl = Controller(quick, c.seed, "human", state=c.state)
    rel = [dest]
    released = pick_preview(ctl.state, rel[0].action)

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press(str(sel + 1), "m", str(rel[0].column + 1))
        who = f"P{released[0].player}'s {ctl.state.tile(released[0].tile).id}"
        assert f"releases {who}" in prompt(app)

    drive(BoardApp(ctl, bot_delay=0), script, size=(160, 40))


def test_a_placement_previews_its_score_and_a_taken_cell_says_why(quick: Rules) -> None:
    ctl = _p0_places(quick)

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        b = board(app)
        cell = b.cursor
        rots = ctl.placements()[cell]
        pv = place_preview(ctl.state, rots[0][1])
        text = prompt(app)
        assert f"[{pv.total:+d} pt" in text
        assert (f"{pv.flowers:+d} flower" in text) == bool(pv.flowers)
        assert (f"{pv.groups:+d} group" in text) == bool(pv.groups)
        assert ("NOT piped" in text) == (not pv.connected)
        assert "piped to Source" in text
        # the Source's cell is taken: a click there says so, from the engine
        assert isinstance(why_not(ctl.state, Place(0, 0, 0)), CellTaken)
        layout = b._layouts[0]
        x, y = layout.offset((0, 0))
        pane = b.query_one("#pane0")
        await pilot.click("#machine0", offset=(x + R.W // 2 - int(pane.scroll_x),
                                               y + R.H // 2 - int(pane.scroll_y)))
        assert "cell (0,0) is taken" in prompt(app)

    drive(BoardApp(ctl, bot_delay=0), script, size=(160, 40))
