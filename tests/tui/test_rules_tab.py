"""The rules page in the play TUIs (issue 14 item 1): ``r``, or ``?`` then tab."""

from __future__ import annotations

import asyncio
import dataclasses

from textual.containers import VerticalScroll
from textual.widgets import Markdown

from botanik_design.games.botanik.rulespage import rules_markdown
from botanik_design.tui.botanik.app import BoardApp
from botanik_design.tui.botanik.controller import Controller, load_rules
from botanik_design.tui.botanik.screens import HelpScreen
from botanik_design.tui.hive.app import HiveApp
from botanik_design.tui.hive.session import HiveSession
from botanik_design.tui.widgets.help import KeysHelpScreen


def _markdown(screen: KeysHelpScreen) -> str:
    return str(screen.query_one("#rules-page", Markdown).source)


def test_r_opens_the_rules_of_the_variant_played_and_tab_switches() -> None:
    rules = load_rules(None, "registre-3")
    rules.overrides = {"rotation": "fixed"}
    rules.variant = dataclasses.replace(rules.variant, rotation="fixed")
    ctl = Controller(rules, 3, "human")

    async def go() -> None:
        app = BoardApp(ctl, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            d = ctl.pending()
            assert d is not None and d.kind == "pick"
            assert "r rules" in str(app.screen.query_one("#prompt").render())
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HelpScreen) and screen.tab == "rules"
            page = _markdown(screen)
            assert page == rules_markdown(rules.variant, rules.tileset, overrides=rules.overrides)
            assert "(`rotation: fixed`)" in page and "with 1 option changed" in page
            scroll = screen.query_one("#rules-scroll", VerticalScroll)
            await pilot.press("pagedown")
            await pilot.pause()
            assert scroll.scroll_y > 0
            await pilot.press("tab")
            assert screen.tab == "keys"
            await pilot.press("escape")
            await pilot.press("question_mark")
            await pilot.pause()
            helper = app.screen
            assert isinstance(helper, HelpScreen) and helper.tab == "keys"
            await pilot.press("tab")
            assert helper.tab == "rules"

    asyncio.run(go())


def test_hive_r_opens_its_rules_and_tab_stays_in_the_help() -> None:
    session = HiveSession.new("hive-box", "human", 1)

    async def go() -> None:
        app = HiveApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, KeysHelpScreen) and screen.tab == "rules"
            assert "(`tournament_opening: false`)" in _markdown(screen)
            selected = app.selected
            await pilot.press("tab")
            assert screen.tab == "keys"
            assert app.selected == selected  # the board's tab (next piece) did not run
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, KeysHelpScreen)

    asyncio.run(go())
