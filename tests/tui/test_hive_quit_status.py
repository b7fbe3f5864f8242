"""Hive screen: a long message is shown whole at 80x24 and 120x40; quitting with moves in
no file asks first (as the Botanik board does); the mark of the last move's origin is
explained on screen and in the help."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from botanik_design.tui.hive.app import HiveApp
from botanik_design.tui.hive.help import LEGEND
from botanik_design.tui.hive.session import HiveSession

SIZES = [(80, 24), (120, 40)]
OPENING = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]


def screen_words(app: App[Any]) -> str:
    """The screen's text with runs of white space made one space."""
    return " ".join(" ".join(s.text for s in app.screen._compositor.render_strips()).split())


async def until(pilot: Pilot[None], done: Callable[[], bool], tries: int = 400) -> None:
    for _ in range(tries):
        await pilot.pause()
        if done():
            return
    raise AssertionError("the app did not reach the state")


def run(app: HiveApp, size: tuple[int, int],
        script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: app.game_screen.is_mounted)
            await script(pilot)

    asyncio.run(go())


def play(session: HiveSession, move: str) -> None:
    session.play(session.state.string_to_action(move))


def human_app(moves: list[str], record: Path | None = None) -> HiveApp:
    session = HiveSession.new("hive-tournament", "human")
    for move in moves:
        play(session, move)
    return HiveApp(session, bot_delay=0, record_path=record)


REASONS = [
    "wQ cannot move: pinned — lifting it would split the hive in two (the one-hive rule)",
    "a reason " + "that goes on and on " * 8 + "and ends HERE",
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("reason", REASONS)
def test_a_long_message_is_shown_whole(reason: str, size: tuple[int, int]) -> None:
    app = human_app(OPENING)

    async def script(pilot: Pilot[None]) -> None:
        app.game_screen.say(reason, warn=True)
        await until(pilot, lambda: " ".join(reason.split()) in screen_words(app))
        app.game_screen.say("short again")
        await until(pilot, lambda: "short again" in screen_words(app)
                    and "HERE" not in screen_words(app))

    run(app, size, script)


@pytest.mark.parametrize("size", SIZES)
def test_q_asks_first_when_moves_are_in_no_file(size: tuple[int, int]) -> None:
    app = human_app([])

    async def script(pilot: Pilot[None]) -> None:
        for move in OPENING:
            play(app.session, move)
        app.game_screen.after_change()
        await pilot.press("q")
        await until(pilot, lambda: "press q again to quit" in screen_words(app))
        assert app.is_running and "4 moves not saved" in app.message
        await pilot.press("escape")  # anything shown in between disarms
        await pilot.press("q")
        await until(pilot, lambda: "press q again" in app.message)
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)

    run(app, size, script)


@pytest.mark.parametrize("start", [[], OPENING])
def test_q_quits_at_once_when_nothing_would_be_lost(tmp_path: Path, start: list[str]) -> None:
    """A new game with no move, a loaded one not played on, or one autosaved to --record."""
    cases = [human_app(start), human_app(start, record=tmp_path / "game.yaml")]
    for app in cases:
        async def script(pilot: Pilot[None], app: HiveApp = app) -> None:
            if app.game_screen.record_path is not None:
                play(app.session, "wG1" if not start else "wG1 -wQ")
                app.game_screen.after_change()
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running)

        run(app, (80, 24), script)


def test_the_origin_mark_is_explained_on_screen_and_in_the_help() -> None:
    app = human_app([*OPENING, "wA1 -wQ", "bA1 bQ-", "wA1 bA1-"])  # wA1 moved: its cell empty

    async def script(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: "∙: where it came from" in screen_words(app))

    run(app, (80, 24), script)
    assert "∙ = the cell it came from" in LEGEND.plain
