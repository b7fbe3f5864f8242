"""Snapshots of the Hive play app at 80x24 and 120x40 (pytest-textual-snapshot).

Deterministic: two humans at one keyboard (no bot), fixed move lists.  Regenerate after
an intended visual change with ``pytest tests/tui/test_hive_snapshots.py --snapshot-update``
and look at the report.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from botanik_design.games.hive.engine.game import load_hive
from botanik_design.tui.hive.app import HiveApp
from botanik_design.tui.hive.session import HiveSession

SnapCompare = Callable[..., bool]
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
SHORT_WIN = ["wS1", "bG1 wS1\\", "wA1 -wS1", "bS1 bG1\\", "wQ /wA1", "bQ -bS1", "wS2 -wA1",
             "bA1 bS1\\", "wA2 -wS2", "bA1 /bQ", "wA2 /bA1", "bG2 bA1-", "wQ -bG1",
             "bB1 bS1/", "wA2 -bQ"]
STACK = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wB1 \\wQ", "bB1 bQ/", "wB1 wQ/",
         "bB1 bQ", "wB1 wS1", "bB1 bS1", "wB1 bB1"]


def app_after(moves: list[str]) -> HiveApp:
    game = load_hive("hive-tournament")
    return HiveApp(HiveSession(game, "hive-tournament", "human", game.replay(moves)),
                   bot_delay=0)


@SIZES
def test_ant_destinations(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("A")

    assert snap_compare(app_after(SHORT_WIN[:12]), terminal_size=size, run_before=run_before)


@SIZES
def test_beetle_stack_of_three(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()

    assert snap_compare(app_after(STACK), terminal_size=size, run_before=run_before)


def test_pinned_reason(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("tab", "tab")

    moves = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-"]
    assert snap_compare(app_after(moves), terminal_size=(80, 24), run_before=run_before)


def test_end_screen(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()

    assert snap_compare(app_after(SHORT_WIN), terminal_size=(80, 24), run_before=run_before)


def test_help(snap_compare: SnapCompare) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("question_mark")

    assert snap_compare(app_after([]), terminal_size=(80, 24), run_before=run_before)
