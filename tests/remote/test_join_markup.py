"""The generic join screen shows what the host and the other seat wrote as written: a name
or note with markup brackets (``[/]``, ``[bold]``) once crashed its status line (a Rich
MarkupError) or changed its style."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from remote_helpers import TIMEOUT, Recorder, botanik, hive, hosting, joined, run
from textual.widgets import OptionList, RichLog, Static

from botanik_design.remote.client import Client
from botanik_design.tui.remote.app import JoinApp

NAMES = ["[/]", "[bold]x", "[link=http://x]y[/link]", "a[/b]c"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("game", ["botanik", "hive"])
def test_names_and_notes_with_markup_are_shown_as_written(tmp_path: Path, name: str,
                                                          game: str) -> None:
    async def main() -> None:
        async with hosting(botanik() if game == "botanik" else hive(), tmp_path) as server:
            other = Recorder(server.link("1"), name=name)
            app = JoinApp(Client(server.link("0"), name="ann"), play_screen=False)
            async with joined(other), app.run_test(size=(160, 45)) as pilot:
                await other.note(name)

                def status() -> str:
                    return str(app.query_one("#status", Static).render())

                async def poll() -> None:
                    while not (f"P1 {name} connected" in status()
                               and app.client.view is not None and app.client.view["notes"]):
                        await pilot.pause(0.01)

                await asyncio.wait_for(poll(), TIMEOUT)
                log = app.query_one("#moves", RichLog)
                assert any(name in "".join(s.text for s in line) for line in log.lines)
                assert app.query_one("#actions", OptionList).option_count > 0

    run(main())


@pytest.mark.parametrize("game", ["botanik", "hive"])
def test_the_game_screens_show_names_with_markup_as_written(tmp_path: Path, game: str) -> None:
    """Botanik's board titles each machine with its player's name (a border title, which
    Textual reads as markup); Hive's status line names the seats."""
    name = "[/]x[bold"

    async def main() -> None:
        async with hosting(botanik(seed=5) if game == "botanik" else hive(), tmp_path) as server:
            apps = [JoinApp(Client(server.link(s), name=name)) for s in ("0", "1")]
            async with apps[0].run_test(size=(120, 40)) as pilot, apps[1].run_test(size=(120, 40)):
                async def poll() -> None:
                    while not (all(a.game_screen is not None and a.game_screen.is_mounted
                                   for a in apps)
                               and server.table.hosted.playtest.players == [name, name]
                               and all(a.client.view is not None
                                       and a.client.view["players"] == [name, name]
                                       for a in apps)):
                        await pilot.pause(0.01)

                await asyncio.wait_for(poll(), TIMEOUT)
                for _ in range(20):  # let both screens redraw with the names
                    await pilot.pause(0.01)
                assert all(a.is_running for a in apps)
                assert all(a.return_code is None for a in apps)

    run(main())
