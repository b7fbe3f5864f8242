"""The generic join screen (pilot; the screen of a game without a play screen of its own):
the seat's moves go to the host, the other seat's moves appear,
the status line says who is connected, F2 writes a note into the record."""

from __future__ import annotations

import asyncio
from pathlib import Path

from remote_helpers import TIMEOUT, Recorder, botanik, hive, hosting, joined, run, until
from textual.widgets import Input, OptionList, RichLog, Static

from botanik_design.remote.client import Client
from botanik_design.remote.records import load_hosted
from botanik_design.tui.remote.app import JoinApp


def _status(app: JoinApp) -> str:
    return str(app.query_one("#status", Static).render())


def test_join_screen_plays_and_sees_the_other_seat(tmp_path: Path) -> None:
    async def main() -> None:
        async with hosting(botanik(seed=2), tmp_path) as server:
            other = Recorder(server.link("1"), name="bob")
            app = JoinApp(Client(server.link("0"), name="ann"), play_screen=False)
            async with joined(other), app.run_test(size=(140, 45)) as pilot:
                async def wait(pred: object, what: str) -> None:
                    async def poll() -> None:
                        while not pred():  # type: ignore[operator]
                            await pilot.pause(0.01)
                    await asyncio.wait_for(poll(), TIMEOUT)

                await wait(lambda: app.client.my_turn() and "your move" in _status(app),
                           "the first move offered")
                assert "P1 bob connected" in _status(app)
                box = app.query_one("#actions", OptionList)
                assert box.option_count == len(server.table.state.legal_actions())
                first = app.shown[0]
                app.query_one("#filter", Input).focus()
                await pilot.press("enter")
                await until(lambda: server.table.step >= 1, "the host to apply the move")
                assert server.table.state.history()[0] == first
                while not other.my_turn():
                    if app.client.my_turn():
                        await pilot.press("enter")
                    await pilot.pause(0.02)
                step = server.table.step
                assert other.view is not None
                await other.move(other.view["legal"][0][0])
                await wait(lambda: app.client.view is not None
                           and app.client.view["step"] == step + 1, "the other move")
                log = app.query_one("#moves", RichLog)
                await wait(lambda: len(log.lines) >= step + 1, "the move log")
                await pilot.press("f2")
                await wait(lambda: bool(app.query("#note")), "the note box")
                await pilot.press(*"nice", "enter")
                await until(lambda: bool(server.table.hosted.playtest.notes), "the note")
                assert server.table.hosted.playtest.notes[0] == {
                    "move": step + 1, "text": "nice", "by": "ann"}
                assert load_hosted(tmp_path / "game.yaml").playtest.notes[0]["text"] == "nice"

    run(main())


def test_spectator_screen_shows_the_game_without_actions(tmp_path: Path) -> None:
    async def main() -> None:
        async with hosting(hive(), tmp_path) as server:
            app = JoinApp(Client(server.link("watch")), play_screen=False)
            async with app.run_test(size=(120, 40)) as pilot:
                async def poll() -> None:
                    while app.client.view is None or "P0" not in _status(app):
                        await pilot.pause(0.01)
                await asyncio.wait_for(poll(), TIMEOUT)
                assert "spectator" in _status(app)
                assert app.query_one("#actions", OptionList).option_count == 0
                await pilot.press("f2")
                await pilot.pause()
                assert "cannot write notes" in app.message

    run(main())
