"""Snapshots of the play-test screens at 80x24 and 120x40 (pytest-textual-snapshot).

Deterministic: fixed seeds, the random bot, no bot delay, no clock on screen.
Regenerate after an intended visual change with
``pytest tests/tui/test_play_snapshots.py --snapshot-update`` and look at the report.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from botanik_design.tui.botanik.app import BoardApp
from botanik_design.tui.botanik.controller import Controller, load_rules
from botanik_design.tui.play.app import PlayApp

SnapCompare = Callable[..., bool]
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


async def settle(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, PlayApp)
    for _ in range(500):
        await pilot.pause()
        board = app.board
        if board is None or (not board._bot_busy and not board.ctl.bot_to_act()):
            return
        await app.workers.wait_for_complete()


def game(seed: int = 1, moves: int = 0) -> Controller:
    """A quick-3 game against the random bot after ``moves`` random human decisions."""
    c = Controller(load_rules("quick-3", "standard"), seed, "random")
    rng = random.Random(seed)
    while not c.is_over():
        if c.bot_to_act():
            c.bot_move()
        elif moves > 0:
            c.play(rng.choice(c.state.legal_actions()))
            moves -= 1
        else:
            break
    return Controller(c.rules, seed, "random", state=c.state)


def placing() -> Controller:
    """The first position where player 0 places a released tile."""
    for seed in range(50):
        c = Controller(load_rules("quick-3", "standard"), seed, "random")
        rng = random.Random(seed)
        while not c.is_over():
            d = c.pending()
            assert d is not None
            if d.kind == "place" and d.player == 0 and len(c.state.machine(0)) > 1:
                return Controller(c.rules, seed, "random", state=c.state)
            if c.bot_to_act():
                c.bot_move()
            else:
                c.play(rng.choice(c.state.legal_actions()))
    raise AssertionError("no placement found")


@SIZES
def test_board(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("2", "right")

    assert snap_compare(BoardApp(game(1, 8), bot_delay=0), terminal_size=size,
                        run_before=run_before)


@SIZES
def test_placement_preview(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("r")

    assert snap_compare(BoardApp(placing(), bot_delay=0), terminal_size=size,
                        run_before=run_before)


@SIZES
def test_variant_form(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()

    app = PlayApp(None, setup=True, bot_delay=0, opponent="random", variant_ref="registre-3",
                  seed=3)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@SIZES
def test_hive_variant_form(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    """The form on a Hive variant: its rows from the Hive schema, one option changed."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press(*["tab"] * 10)  # from Play round to queen_deadline
        await pilot.press("backspace", "3")
        await pilot.pause()

    app = PlayApp(None, setup=True, bot_delay=0, opponent="human", variant_ref="hive-mlp",
                  seed=3)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_summary(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter")

    assert snap_compare(BoardApp(game(2, 100), bot_delay=0), terminal_size=(80, 24),
                        run_before=run_before)
