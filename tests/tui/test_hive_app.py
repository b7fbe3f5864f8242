"""Pilot tests of the Hive play app: whole games by keys, a beetle climbing, a pass, undo,
save and reload, a pinned piece's reason, clicks on the board and in the hand."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from botanik_design.games.hive.engine.blocked import Blocked, blocked_reason
from botanik_design.games.hive.engine.board import decode
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.setup import HiveSetup
from botanik_design.tui.hive.app import EndScreen, HiveApp
from botanik_design.tui.hive.render import View, render_board
from botanik_design.tui.hive.session import HiveSession

#: examples/hive/short-win.yaml: White surrounds Black's Queen at move 15.
SHORT_WIN = ["wS1", "bG1 wS1\\", "wA1 -wS1", "bS1 bG1\\", "wQ /wA1", "bQ -bS1", "wS2 -wA1",
             "bA1 bS1\\", "wA2 -wS2", "bA1 /bQ", "wA2 /bA1", "bG2 bA1-", "wQ -bG1",
             "bB1 bS1/", "wA2 -bQ"]
#: Beetles climb: bB1 onto bQ, wB1 onto wS1, bB1 onto bS1, then wB1 onto bB1 (a stack of 3).
BEETLE = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wB1 \\wQ", "bB1 bQ/", "wB1 wQ/",
          "bB1 bQ", "wB1 wS1", "bB1 bS1", "wB1 bB1"]


def sync(fn: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async pilot test with ``asyncio.run`` (the project uses no asyncio plugin)."""

    @functools.wraps(fn)
    def run(*args: Any, **kw: Any) -> None:
        asyncio.run(fn(*args, **kw))

    return run


async def settle(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, HiveApp)
    for _ in range(200):
        await pilot.pause()
        if not app.bot_busy and not app.session.bot_to_act():
            return
        await app.workers.wait_for_complete()


async def play_by_keys(pilot: Pilot[Any], move: str) -> None:
    """Select the move's piece with a bug letter or tab, cycle to its cell, press enter."""
    app = pilot.app
    assert isinstance(app, HiveApp)
    s = app.session
    before = len(s.state.history())
    pid, dest = decode(s.state.string_to_action(move))
    if s.state.board.pos[pid] is None:
        await pilot.press(s.state.board.table.names[pid][1])
    else:
        for _ in range(30):
            if app.selected == pid:
                break
            await pilot.press("tab")
    assert app.selected == pid, move
    for _ in range(len(app.targets)):
        if app.targets[app.target_index] == dest:
            break
        await pilot.press("right")
    await pilot.press("enter")
    await pilot.pause()
    assert len(s.state.history()) > before, (move, app.message)  # (a bot may answer at once)


def human_app(**kw: Any) -> HiveApp:
    return HiveApp(HiveSession.new("hive-tournament", "human"), bot_delay=0, **kw)


@sync
async def test_whole_game_by_keys_to_a_surrounded_queen() -> None:
    app = human_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for move in SHORT_WIN:
            await play_by_keys(pilot, move)
        await pilot.pause()
        s = app.session
        assert s.is_over() and s.state.winner == 0
        assert s.state.end_reason == "queen-surrounded"
        assert isinstance(app.screen, EndScreen)
        assert "White wins" in s.outcome() and "Black's Queen is surrounded" in s.outcome()
        await pilot.press("u")  # undo from the end screen
        await pilot.pause()
        assert not s.is_over() and len(s.state.history()) == 14


@sync
async def test_typed_movestrings_and_a_beetle_stack_of_three() -> None:
    app = human_app()
    async with app.run_test(size=(120, 40)) as pilot:
        for move in BEETLE:
            await pilot.press("colon")
            await pilot.press(*list(move))
            await pilot.press("enter")
            await pilot.pause()
        s = app.session
        assert s.state.history() == load_hive("hive-tournament").replay(BEETLE).history()
        board = s.state.board
        cell = board.pos[board.table.by_name["wB1"]]
        assert cell is not None and board.height(cell) == 3
        text = render_board(board, View(), 60, 20).plain
        assert "wB1^3" in text
        # the covered Black beetle says why it cannot move
        covered = board.table.by_name["bB1"]
        assert blocked_reason(board, s.game.variant, covered) is Blocked.COVERED


@sync
async def test_bad_movestring_is_explained() -> None:
    app = human_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", "w", "Q", "enter")
        await pilot.pause()
        assert app.session.state.history() == []
        assert app.warn and "Queen" in app.message


@sync
async def test_pinned_piece_shows_the_reason() -> None:
    app = human_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for move in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-"]:
            await play_by_keys(pilot, move)
        # wS1 links White's side to Black's: lifting the Queen or wS1 splits the hive
        for _ in range(6):
            if app.selected == app.session.state.board.table.by_name["wQ"]:
                break
            await pilot.press("tab")
        assert app.targets == []
        assert "pinned" in app.message and "one-hive" in app.message
        assert "pinned" in str(app.game_screen.query_one("#status").render())


@pytest.mark.parametrize("opponent", ["random", "greedy", "mcts:iterations=20"])
@sync
async def test_bot_answers_and_undo_returns_to_your_turn(opponent: str) -> None:
    app = HiveApp(HiveSession.new("hive-tournament", opponent, seed=3), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_by_keys(pilot, "wG1")
        await settle(pilot)
        s = app.session
        assert len(s.state.history()) == 2 and s.to_move == 0
        await pilot.press("u")
        await pilot.pause()
        assert s.state.history() == [] and s.to_move == 0


@sync
async def test_pass_only_when_nothing_else_is_legal() -> None:
    game = load_hive("hive-tournament")
    ring = {(0, 0): "wQ", (1, 0): "bQ", (0, 1): "bS1", (-1, 1): "bS2", (-1, 0): "bA1",
            (0, -1): "bA2"}
    state = game.state_from_setup(HiveSetup.of(ring, to_move=0, turn=6))
    app = HiveApp(HiveSession(game, "hive-tournament", "human", state), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "press p to pass" in str(app.game_screen.query_one("#status").render())
        await pilot.press("p")
        await pilot.pause()
        assert app.session.state.move_strings() == ["pass"]
        assert app.session.to_move == 1
        await pilot.press("p")  # Black can move: no pass
        await pilot.pause()
        assert "cannot pass" in app.message and len(app.session.state.history()) == 1


@sync
async def test_record_is_saved_and_reloads(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    app = human_app(record_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        for move in SHORT_WIN[:6]:
            await play_by_keys(pilot, move)
    again = HiveSession.from_record(path, "human")
    assert again.state.move_strings() == SHORT_WIN[:6]
    app2 = HiveApp(again, bot_delay=0)
    async with app2.run_test(size=(80, 24)) as pilot:
        for move in SHORT_WIN[6:]:
            await play_by_keys(pilot, move)
        assert app2.session.is_over()
    again.save(path)
    assert "result: WhiteWins" in path.read_text(encoding="utf-8")
    assert HiveSession.from_record(path, "human").is_over()


@sync
async def test_clicks_take_from_hand_and_play() -> None:
    app = human_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # the hand lists Q, S, B, G, A from the fourth line: click the grasshoppers
        await pilot.click("#hand-white", offset=(3, 6))
        await pilot.pause()
        assert app.selected == app.session.state.board.table.by_name["wG1"]
        board = app.board_widget
        target = app.targets[0]
        from botanik_design.tui.hive.render import cell_xy, origin

        ox, oy = origin(app.session.state.board, board.view, board.size.width,
                        board.size.height)
        x, y = cell_xy(target)
        await pilot.click("#board", offset=(ox + x + 1, oy + y))
        await pilot.pause()
        assert app.session.state.move_strings() == ["wG1"]


@sync
async def test_prompt_line_stays_and_the_footer_is_rebuilt_only_on_change() -> None:
    from textual.widgets import Input
    from textual.widgets._footer import FooterKey

    from botanik_design.tui.widgets.footer import SteadyFooter

    app = human_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        footer = screen.query_one(SteadyFooter)
        keys = list(footer.children)
        names = [str(k.key) for k in footer.query(FooterKey)]
        assert "u" in names
        await pilot.press("A", "escape", "tab")  # the selection changes, the keys do not
        screen.refresh_bindings()  # Textual's Footer would rebuild every key here
        await pilot.pause()
        assert list(footer.children) == keys
        prompt = screen.query_one("#prompt", Input)
        assert prompt.display and prompt.region.height == 1
        await pilot.press("colon")
        await pilot.pause()
        assert app.focused is prompt
        assert list(footer.children) != keys  # typed letters are no longer keys
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is None and prompt.display and prompt.value == ""
        assert [str(k.key) for k in footer.query(FooterKey)] == names


def test_the_cursor_on_an_empty_cell_is_one_pair_of_brackets() -> None:
    from botanik_design.games.hive.engine.coords import pack

    board = load_hive("hive-tournament").replay(["wS1", "bS1 wS1-"]).board
    away = render_board(board, View(cursor=pack(-1, -1)), 40, 9).plain
    assert "[ ]" in away and "[[" not in away
    on_piece = render_board(board, View(cursor=board.pos[board.table.by_name["wS1"]]), 40, 9)
    assert "[wS1]" in on_piece.plain
    target = render_board(board, View(cursor=pack(-1, 0), targets=frozenset({pack(-1, 0)})),
                          40, 9).plain
    assert "[·]" in target


def test_the_last_move_marks_its_destination_not_the_piece_left_behind() -> None:
    board = load_hive("hive-tournament").replay(BEETLE).board  # wB1 left wS1 for bB1
    cells = {n: board.pos[board.table.by_name[n]] for n in ("wS1", "wB1")}
    source, dest = cells["wS1"], cells["wB1"]
    assert source is not None and dest is not None
    text = render_board(board, View(last=(source, dest)), 60, 9).plain
    assert "*wS1" not in text and "wS1" in text and "wB1^3" in text
    text = render_board(board, View(last=(None, source)), 60, 9).plain
    assert "*wS1" in text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@sync
async def test_every_footer_key_is_on_screen(size: tuple[int, int]) -> None:
    """The footer's keys all fit at the smallest supported size (at 80 columns the
    footer once cut 'Select' and dropped 'Quit')."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    app = human_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        keys = list(app.screen.query_one(Footer).query(FooterKey))
        shown = {k.description for k in keys}
        assert {"Help", "Rules", "Undo", "MoveString", "Pass", "Select", "Quit"} <= shown
        for k in keys:
            assert 0 < k.region.width and k.region.right <= size[0], k.description
