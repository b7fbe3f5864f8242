"""``join`` opens each game's own play screen: two seats over loopback play a whole seeded
game through the screens' controllers to the state the same actions give in-process; a move
the host refuses shows its error and changes nothing; the screen says who is connected."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from remote_helpers import SHORT_WIN, TIMEOUT, botanik, hive, hosting, run, until
from textual.pilot import Pilot

from botanik_design.games.base import State
from botanik_design.remote.client import Client
from botanik_design.remote.server import GameServer
from botanik_design.tui.botanik.remote import RemoteBoard
from botanik_design.tui.botanik.screens import SummaryScreen
from botanik_design.tui.hive.widgets import EndScreen
from botanik_design.tui.remote.app import JoinApp

SIZE = (80, 24)  # the smallest size that shows everything: the least to draw


async def wait(pilot: Pilot[None], predicate: Callable[[], bool], what: str) -> None:
    """Let the apps run until ``predicate()`` (bounded; no fixed sleep decides anything)."""
    async def poll() -> None:
        while not predicate():
            await pilot.pause(0.01)

    try:
        await asyncio.wait_for(poll(), TIMEOUT)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


def state_of(app: JoinApp) -> State:
    screen = app.game_screen
    return screen.ctl.state if isinstance(screen, RemoteBoard) else screen.session.state


@asynccontextmanager
async def seats(server: GameServer, *links: str) -> AsyncIterator[tuple[Pilot[None],
                                                                       list[JoinApp]]]:
    """A join app per link, each on its game screen."""
    apps = [JoinApp(Client(server.link(s), name=f"p{s}")) for s in links]
    async with AsyncExitStack() as stack:
        pilots = [await stack.enter_async_context(a.run_test(size=SIZE)) for a in apps]
        await wait(pilots[0], lambda: all(a.game_screen is not None and a.game_screen.is_mounted
                                          for a in apps), "the game screens")
        yield pilots[0], apps


def submit(app: JoinApp, action: int) -> None:
    """Play ``action`` the way the screen's own keys do (the controller's move sink)."""
    screen = app.game_screen
    if isinstance(screen, RemoteBoard):
        screen.play(action)
    else:
        screen.play(screen.session.play(action))


Chooser = Callable[[State, int], int]


def _whole_game(hosted: Any, choose: Chooser, tmp_path: Path, end_screen: type) -> None:
    """Both seats play ``choose(view state, move number)`` through their screens to the end."""
    game = hosted.game
    start = game.new_initial_state(int(hosted.refs.get("seed", 0)))

    async def main() -> None:
        async with hosting(hosted, tmp_path) as server, \
                seats(server, "0", "1") as (pilot, apps):
            played: list[int] = []
            while not server.table.state.is_terminal():
                step = len(played)
                await wait(pilot, lambda n=step: all(len(state_of(a).history()) == n
                                                   for a in apps), f"both screens at move {step}")
                mover = apps[state_of(apps[0]).current_player()]
                legal = state_of(mover).legal_actions()
                assert legal == server.table.state.legal_actions()
                action = choose(state_of(mover), step)
                submit(mover, action)
                played.append(action)
                await until(lambda n=step: server.table.step == n + 1, "the host to apply it")
            await wait(pilot, lambda: all(isinstance(a.screen, end_screen) for a in apps),
                       "the end screens")
            local = start
            for a in played:
                local.apply_action(a)
            assert server.table.state.history() == played
            assert server.table.state.returns() == local.returns()
            for p, app in enumerate(apps):
                view = state_of(app)
                assert view.history() == played
                assert view.returns() == local.returns()
                assert view.observation(p) == local.observation(p)

    run(main())


def test_a_whole_botanik_game_through_both_boards(tmp_path: Path) -> None:
    rng = random.Random(11)
    _whole_game(botanik(seed=5), lambda s, _: rng.choice(s.legal_actions()), tmp_path,
                SummaryScreen)


def test_a_whole_hive_game_through_both_screens(tmp_path: Path) -> None:
    _whole_game(hive(), lambda s, n: s.string_to_action(SHORT_WIN[n]), tmp_path, EndScreen)


def test_a_refused_move_shows_the_hosts_error_and_changes_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with hosting(botanik(seed=2), tmp_path) as server, \
                seats(server, "0", "1", "watch") as (pilot, apps):
            first, second, watcher = apps
            board = first.game_screen
            assert isinstance(board, RemoteBoard)
            await wait(pilot, lambda: "P1 p1 connected" in board._status().plain
                       and "1 watching" in board._status().plain, "who is connected")
            assert "your move" in board._status().plain
            assert "P0 p0 to move" in second.game_screen._status().plain
            assert "spectator" in watcher.game_screen._status().plain
            before = board.ctl.state.observation(0)
            cases = [(second, board.ctl.state.legal_actions()[0], "out-of-turn"),
                     (first, 99_999, "illegal")]
            for app, action, code in cases:
                submit(app, action)
                await wait(pilot, lambda a=app, c=code: f"({c})" in a.game_screen.message,
                           f"the host's {code} error on the screen")
                assert app.game_screen.warn
                assert server.table.step == 0
                assert board.ctl.state.observation(0) == before
            watcher.game_screen.play(board.ctl.state.legal_actions()[0])
            assert "read-only" in watcher.game_screen.message
            assert server.table.step == 0

    run(main())


def test_a_bot_in_the_other_seat_answers_on_the_board(tmp_path: Path) -> None:
    async def main() -> None:
        async with hosting(botanik(seed=3), tmp_path, bots={1: "random"}) as server, \
                seats(server, "0") as (pilot, apps):
            board = apps[0].game_screen
            assert "P1 random connected" in board._status().plain
            for _ in range(3):
                step = server.table.step
                await wait(pilot, lambda: board.ctl.human_to_act()
                           and len(board.ctl.state.history()) == server.table.step,
                           "the seat's turn")
                board.action_confirm()  # the highlighted choice, as Enter plays it
                await until(lambda n=step: server.table.step > n, "the host to apply it")
            await wait(pilot, lambda: len(board.ctl.lines) >= server.table.step,
                       "the bot's moves in the log")
            assert any(line.startswith("P1") for line in board.ctl.lines)

    run(main())


def test_host_messages_after_the_app_begins_to_exit_reach_no_screen(tmp_path: Path) -> None:
    """A message from the host that arrives while the app comes down (the connection's
    last status, a bot's move) is not drawn on screens whose widgets are being removed:
    that raised ``NoMatches`` and failed the client's worker on a loaded machine."""
    async def main() -> None:
        async with hosting(botanik(seed=3), tmp_path, bots={1: "random"}) as server, \
                seats(server, "0") as (_pilot, apps):
            app = apps[0]
            heard: list[str] = []
            app.game_screen.seat_status = heard.append
            app.seat._status("connected")
            assert heard == ["connected"]  # while running, the screen hears the host
            app.exit()
            assert app.seat.listener is None
            app.seat._status("disconnected")
            app.seat._error("gone", "the host went away")
            assert heard == ["connected"]

    run(main())


@pytest.mark.parametrize("game", ["botanik", "hive"])
def test_a_board_not_drawn_yet_follows_the_host_and_draws_it_at_mount(
        tmp_path: Path, game: str) -> None:
    """Host messages can reach a pushed screen before it is mounted (a bot answers at
    once): the board follows the state and keeps the message, drawing nothing until its
    own on_mount draws everything."""
    from botanik_design.games.registry import entry
    from botanik_design.games.registry import resolve as resolve_target

    async def main() -> None:
        hosted = botanik(seed=3) if game == "botanik" else hive()
        async with hosting(hosted, tmp_path, bots={1: "random"}) as server, \
                seats(server, "0") as (_pilot, apps):
            seat = apps[0].seat
            target = entry(game).join_screen
            assert target is not None
            fresh = resolve_target(target)(seat)
            assert not fresh.is_mounted
            fresh.seat_status("connected")
            fresh.seat_error("stale", "a move for an older position")
            assert fresh.message == "host: a move for an older position (stale)"
            assert seat.state is not None
            fresh.seat_state(seat.state, {})
            shown = fresh.ctl.state if game == "botanik" else fresh.session.state
            assert shown.history() == seat.state.history()

    run(main())
