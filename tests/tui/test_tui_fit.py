"""Every key line of the play screens shows help and quit and fits the terminal; every
help screen says how to close it in view; lists say how to choose; the end summary never
leaves a score on a line of its own; the variant form opens without a query storm.

Tried at the smallest supported size (80x24) and a large one (120x40)."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from botanik_design.tui.botanik.app import BoardApp
from botanik_design.tui.botanik.controller import Controller, Rules, load_rules
from botanik_design.tui.botanik.screens import ActionListScreen, HelpScreen, SummaryScreen
from botanik_design.tui.botanik.texts import ALWAYS_KEYS, fit_keys
from botanik_design.tui.play.app import PlayApp
from botanik_design.tui.play.setup import SetupScreen

SIZES = [(80, 24), (120, 40)]


@pytest.fixture(scope="module")
def quick() -> Rules:
    return load_rules("quick-3", "standard")


def screen_lines(app: App[Any]) -> list[str]:
    """The text of every row of the screen as drawn."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def until(pilot: Pilot[None], done: Callable[[], bool], tries: int = 400) -> None:
    for _ in range(tries):
        await pilot.pause()
        if done():
            await pilot.pause()
            return
    raise AssertionError("the app did not reach the state")


def run(app: App[Any], size: tuple[int, int],
        script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(go())


@given(st.lists(st.text(alphabet="abc ↑↓→", min_size=1, max_size=20), max_size=8),
       st.integers(30, 200), st.text(alphabet="xyz?", max_size=30))
def test_fitted_keys_end_with_help_and_quit_and_fit(keys: list[str], width: int,
                                                    first: str) -> None:
    line = fit_keys(keys, width, first=first)
    assert line.endswith(" · ".join(ALWAYS_KEYS))
    assert line.startswith(first)
    floor = " · ".join([*([first] if first else []), *ALWAYS_KEYS])
    assert len(line) <= max(width, len(floor))


def _played_out(rules: Rules, stop: Callable[[Controller], bool]) -> Controller:
    for seed in range(50):
        c = Controller(rules, seed, "random")
        rng = random.Random(seed)
        while not c.is_over():
            if stop(c):
                return c
            if c.bot_to_act():
                c.bot_move()
            else:
                c.play(rng.choice(c.state.legal_actions()))
        if stop(c):
            return c
    raise AssertionError("no game reached the state")


MODES: dict[str, Callable[[Controller], bool]] = {
    "pick": lambda c: c.pending() is not None and c.pending().kind == "pick"  # type: ignore[union-attr]
    and c.human_to_act() and not c.discards(),
    "place": lambda c: c.pending() is not None and c.pending().kind == "place"  # type: ignore[union-attr]
    and c.human_to_act(),
    "swap": lambda c: c.pending() is not None and c.pending().kind == "swap"  # type: ignore[union-attr]
    and c.human_to_act(),
    "over": lambda c: c.is_over(),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_key_line_shows_help_and_quit_and_fits(quick: Rules, mode: str,
                                                      size: tuple[int, int]) -> None:
    found = _played_out(quick, MODES[mode])
    ctl = Controller(quick, found.seed, "random", state=found.state)
    app = BoardApp(ctl, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: app.board is not None and app.board.is_mounted)
        assert app.board is not None
        keys = str(app.board.query_one("#prompt", Static).render()).split("\n")[1]
        assert "? help" in keys and "q quit" in keys, keys
        assert len(keys) <= size[0] - 2, keys
        if mode == "over":  # the summary's own key line
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, SummaryScreen))
            assert "q quit" in screen_lines(app)[-1]

    run(app, size, script)


def _summary_app(ctl: Controller) -> App[Any]:
    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(SummaryScreen(ctl.outcome(), ctl.summary()))

    return One()


@pytest.mark.parametrize("size", SIZES)
def test_the_summary_never_leaves_a_score_alone_on_a_line(quick: Rules,
                                                          size: tuple[int, int]) -> None:
    ctl = _played_out(load_rules("botanik", "standard"), lambda c: c.is_over())
    long = [line for line in ctl.summary().splitlines() if len(line) > size[0] - 4]
    app = _summary_app(ctl)

    async def script(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen)
                    and "result:" in screen_text(app.screen))
        text = screen_text(app.screen)
        assert not [line for line in text.splitlines() if re.fullmatch(r"\s*[\d.-]+", line)]
        assert not [line for line in text.splitlines() if len(line) > size[0] - 4]

    run(app, size, script)
    assert long or size[0] > 100  # at 80 columns, some lines must have been wrapped


def screen_text(screen: Screen[Any]) -> str:
    return str(screen.query_one("#breakdown", Static).render())


HELPS: dict[str, Callable[[], Screen[Any]]] = {
    "play": lambda: HelpScreen(),
    "play with rules": lambda: HelpScreen("# Rules\n\nSome text.\n" * 40),
}


def _editor_help() -> Screen[Any]:
    from botanik_design.tui.editor.screens import HelpScreen as EditorHelp

    return EditorHelp()


def _hive_help() -> Screen[Any]:
    from botanik_design.tui.hive.help import KEYS, LEGEND
    from botanik_design.tui.widgets.help import KeysHelpScreen

    return KeysHelpScreen("Hive: keys", KEYS, LEGEND, "# Hive\n\ntext\n" * 40)


def _pieceset_help() -> Screen[Any]:
    from botanik_design.tui.hive.editor.app import KEYS, LEGEND
    from botanik_design.tui.widgets.help import KeysHelpScreen

    return KeysHelpScreen("Piece-set editor — keys", KEYS, LEGEND)


HELPS.update({"editor": _editor_help, "hive": _hive_help, "pieceset editor": _pieceset_help})


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("which", sorted(HELPS))
def test_every_help_screen_says_how_to_close_it_in_view(which: str,
                                                         size: tuple[int, int]) -> None:
    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(HELPS[which]())

    app = One()

    async def script(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: any("esc closes" in line for line in screen_lines(app)))
        lines = screen_lines(app)
        assert len(lines) == size[1]
        assert all(len(line) <= size[0] for line in lines)

    run(app, size, script)


@pytest.mark.parametrize("size", SIZES)
def test_the_action_list_says_how_to_choose_and_close(size: tuple[int, int]) -> None:
    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ActionListScreen("every move", [(i, f"move {i}") for i in range(40)]))

    app = One()

    async def script(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: any("esc closes" in line for line in screen_lines(app)))
        assert any("enter plays" in line for line in screen_lines(app))

    run(app, size, script)


@pytest.mark.parametrize("size", SIZES)
def test_the_form_shows_its_quit_key_and_marks_changes_once_per_batch(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    mark = SetupScreen._mark_changed

    def counted(self: SetupScreen) -> None:
        calls.append(1)
        mark(self)

    monkeypatch.setattr(SetupScreen, "_mark_changed", counted)
    app = PlayApp(None, setup=True, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen) and bool(calls))
        assert "esc quit" in screen_lines(app)[0]
        # loading the base sets every row (one Changed event each): one repaint of
        # the marks, not one per row (each scanned the whole form: 15 s to open)
        form = app.screen
        assert isinstance(form, SetupScreen)
        assert len(calls) <= 3 < len(form.fields), len(calls)

    run(app, size, script)
