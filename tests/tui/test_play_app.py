"""The play-test app driven through Textual's pilot with keys only."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Label, Select, Static

from botanik_design.games.botanik.engine import Discard, Pick, Swap
from botanik_design.spec.validate import validate_path
from botanik_design.tui.botanik import render as R
from botanik_design.tui.botanik.app import BoardApp, BoardScreen
from botanik_design.tui.botanik.controller import Controller, Rules, load_rules
from botanik_design.tui.botanik.screens import ActionListScreen, HelpScreen, SummaryScreen
from botanik_design.tui.play.app import PlayApp
from botanik_design.tui.play.setup import SetupScreen

Script = Callable[[PlayApp, Pilot[None]], Awaitable[None]]


@pytest.fixture(scope="module")
def quick() -> Rules:
    return load_rules("quick-3", "standard")


def drive(app: PlayApp, script: Script, size: tuple[int, int] = (80, 24)) -> PlayApp:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await script(app, pilot)

    asyncio.run(go())
    return app


async def settle(app: PlayApp, pilot: Pilot[None]) -> None:
    """Wait until the bot (worker thread) has made every move it must make."""
    for _ in range(500):
        await pilot.pause()
        board = app.board
        if board is None or board._bot_error or (
                not board._bot_busy and not board.ctl.bot_to_act()):
            return
        await app.workers.wait_for_complete()
    raise AssertionError("the bot never finished")


def board(app: PlayApp) -> BoardScreen:
    b = app.board
    assert isinstance(b, BoardScreen)
    return b


def prompt(app: PlayApp) -> str:
    return str(board(app).query_one("#prompt", Static).render())


def test_a_full_game_against_the_random_bot_with_keys_only(quick: Rules) -> None:
    ctl = Controller(quick, 11, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        for _ in range(300):
            if isinstance(app.screen, SummaryScreen):
                break
            d = ctl.pending()
            assert d is not None and d.player == 0
            if d.kind == "pick":
                # arrival tile 2 when there is one, then the next legal destination
                await pilot.press("2" if len(ctl.state.arrival_tiles()) > 1 else "1", "right")
            elif d.kind == "place":
                await pilot.press("r", "left")
            await pilot.press("enter")
            await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        text = str(app.screen.query_one("#breakdown", Static).render())
        assert "result:" in text and "colour groups" in text
        await pilot.press("escape")
        assert isinstance(app.screen, BoardScreen)
        assert "Game over" in prompt(app)

    drive(BoardApp(ctl, bot_delay=0), script)
    assert ctl.is_over()
    assert len(ctl.state.history()) > 20


def _state_where_p0_swaps(rules: Rules) -> Controller:
    for seed in range(200):
        c = Controller(rules, seed, "random")
        rng = random.Random(seed)
        while not c.is_over():
            d = c.pending()
            assert d is not None
            if d.kind == "swap" and d.player == 0 and len(c.swaps()) > 1:
                return c
            if c.bot_to_act():
                c.bot_move()
            else:
                c.play(rng.choice(c.state.legal_actions()))
    raise AssertionError("no game where player 0 must swap")


def test_a_mecha_botanist_swap_is_chosen_with_keys(quick: Rules) -> None:
    found = _state_where_p0_swaps(quick)
    ctl = Controller(quick, found.seed, "random", state=found.state)
    columns = sorted(ctl.swaps())
    target = columns[-1]

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        assert "swaps" in prompt(app)
        await pilot.press(str(target + 1))
        assert board(app).col == target
        assert f"middle {target + 1}" in prompt(app)
        before = len(ctl.state.history())
        await pilot.press("enter")
        await pilot.pause()
        assert ctl.state.history()[before] == ctl.state.encode(Swap(target))
        # a swap is followed by the owner placing the tile taken
        d = ctl.pending()
        assert d is not None and d.kind == "place" and d.player == 0
        assert "places" in prompt(app)

    drive(BoardApp(ctl, bot_delay=0), script)


def test_undo_restores_the_previous_state(quick: Rules) -> None:
    ctl = Controller(quick, 12, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        assert ctl.human_to_act()
        before = ctl.state.to_dict()
        log_lines = list(ctl.lines)
        await pilot.press("1", "s")  # own slot: choose a column, or fall back to the middle
        dests = ctl.destinations(0)
        slot = [d for d in dests if not d.middle]
        await pilot.press(str(slot[0].column + 1) if slot else "escape")
        await pilot.press("enter")
        await settle(app, pilot)
        assert ctl.state.to_dict() != before
        await pilot.press("u")
        await settle(app, pilot)
        assert ctl.state.to_dict() == before
        assert ctl.lines == log_lines
        assert "undone" in prompt(app)

    drive(BoardApp(ctl, bot_delay=0), script)


def test_save_then_load_a_record_gives_the_same_state(quick: Rules, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "g.yaml"
    ctl = Controller(quick, 13, "random")
    saved: dict[str, object] = {}

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        for _ in range(4):
            await pilot.press("enter")
            await settle(app, pilot)
        saved.update(ctl.state.to_dict())
        await pilot.press("ctrl+s")
        await pilot.pause()
        field = app.screen.query_one(Input)
        field.value = ""
        await pilot.press(*"g.yaml", "enter")
        await pilot.pause()
        assert path.is_file()
        assert "saved" in prompt(app)
        await pilot.press("enter")  # play on: the state differs from the record now
        await settle(app, pilot)
        assert ctl.state.to_dict() != saved
        await pilot.press("ctrl+o")
        await pilot.pause()
        field = app.screen.query_one(Input)
        field.value = ""
        await pilot.press(*"g.yaml", "enter")
        await settle(app, pilot)
        assert board(app).ctl is not ctl
        assert board(app).ctl.state.to_dict() == saved
        assert "loaded" in prompt(app)

    drive(BoardApp(ctl, bot_delay=0), script)
    assert [d for d in validate_path(path) if d.level == "error"] == []


def test_record_option_writes_after_every_move(quick: Rules, tmp_path: Path) -> None:
    path = tmp_path / "auto.yaml"
    ctl = Controller(quick, 14, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await settle(app, pilot)
        assert path.is_file()
        loaded = Controller.from_record(path, "random")
        assert loaded.state.to_dict() == ctl.state.to_dict()

    drive(BoardApp(ctl, bot_delay=0, record_path=path), script)


def test_placement_rotation_and_cell_with_keys(quick: Rules) -> None:
    for seed in range(100):
        c = Controller(quick, seed, "random")
        rng = random.Random(seed)
        while not c.is_over():
            d = c.pending()
            assert d is not None
            if d.kind == "place" and d.player == 0 and any(
                    len(r) > 1 for r in c.placements().values()):
                break
            if c.bot_to_act():
                c.bot_move()
            else:
                c.play(rng.choice(c.state.legal_actions()))
        else:
            continue
        break
    ctl = Controller(quick, c.seed, "random", state=c.state)
    cell, rots = next((k, v) for k, v in sorted(ctl.placements().items()) if len(v) > 1)

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        b = board(app)
        for _ in range(20):  # walk to the cell with the arrow keys
            if b.cursor == cell:
                break
            dx, dy = cell[0] - b.cursor[0], cell[1] - b.cursor[1]
            key = ("right" if dx > 0 else "left") if dx else ("up" if dy > 0 else "down")
            await pilot.press(key)
        assert b.cursor == cell
        await pilot.press("r")
        want = rots[1][1]
        assert f"r{rots[1][0]}" in prompt(app)
        before = len(ctl.state.history())
        await pilot.press("enter")
        await pilot.pause()
        assert ctl.state.history()[before] == want

    drive(BoardApp(ctl, bot_delay=0), script)


def test_action_list_and_help(quick: Rules) -> None:
    ctl = Controller(quick, 15, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("a")
        assert isinstance(app.screen, ActionListScreen)
        before = len(ctl.state.history())
        first = ctl.state.legal_actions()[0]
        await pilot.press("enter")
        await settle(app, pilot)
        assert ctl.state.history()[before] == first
        assert isinstance(ctl.state.decode(first), Pick)

    drive(BoardApp(ctl, bot_delay=0), script)


def test_illegal_choice_is_explained(quick: Rules) -> None:
    ctl = Controller(quick, 16, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        taken = [c for c, t in enumerate(ctl.state.slots(0)) if t is not None]
        legal_slots = {d.column for d in ctl.destinations(board(app).sel) if not d.middle}
        bad = next(c for c in range(5) if c not in legal_slots)
        await pilot.press("s", str(bad + 1))
        assert "not legal" in prompt(app)
        assert taken is not None

    drive(BoardApp(ctl, bot_delay=0), script)


def test_variant_form_saves_a_valid_variant_and_starts_a_game(tmp_path: Path) -> None:
    target = tmp_path / "house-rules.yaml"

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, SetupScreen)
        form = app.screen
        form.query_one("#tileset", Select).value = "quick-3"
        form.query_one("#o-closure", Select).value = "no-cycle"
        form.query_one("#o-registry_columns", Input).value = "12"
        await pilot.pause()
        assert form.save(str(target)) is False  # 12 columns: out of range
        assert not target.exists()
        assert "at most 9" in str(form.query_one("#problems", Static).render())
        form.query_one("#o-registry_columns", Input).value = "4"
        form.query_one("#o-mecha_chain_limit", Input).value = "1"
        form.query_one("#save-path", Input).value = str(target)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert target.is_file()
        assert "accepts it" in str(form.query_one("#problems", Static).render())
        form.query_one("#seed", Input).value = "5"
        await pilot.press("ctrl+g")
        await settle(app, pilot)
        b = board(app)
        assert b.ctl.rules.variant.closure == "no-cycle"
        assert b.ctl.rules.variant.registry_columns == 4
        assert b.ctl.rules.tileset.name == "quick-3"
        assert b.ctl.seed == 5

    drive(PlayApp(None, setup=True, bot_delay=0, opponent="random", seed=5), script)
    assert validate_path(target) == []
    text = target.read_text(encoding="utf-8")
    assert "extends: standard" in text and "closure: no-cycle" in text
    assert "registry_columns: 4" in text and "mecha_chain_limit: 1" in text
    assert "tileset: quick-3" in text and "arrival_tiles" not in text


def test_variant_form_starts_from_a_local_file(tmp_path: Path) -> None:
    local = tmp_path / "mine.yaml"
    local.write_text("variant: mine\nextends: registre-3\noptions:\n  mecha_bonus: 7\n",
                     encoding="utf-8")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        form = app.screen
        assert isinstance(form, SetupScreen)
        assert form.query_one("#o-mecha_bonus", Input).value == "7"
        assert form.query_one("#o-registry_columns", Input).value == "3"
        assert form.changed() == ({}, [])

    drive(PlayApp(None, setup=True, bot_delay=0, variant_ref=str(local)), script)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_mouse_picks_a_tile_and_a_destination(quick: Rules, size: tuple[int, int]) -> None:
    ctl = Controller(quick, 17, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        scale = board(app).scale
        assert scale.compact == (size[1] < 30)
        # the second arrival tile
        await pilot.click("#arrival", offset=(4, 1 + scale.h + scale.h // 2))
        assert board(app).sel == 1
        dest = ctl.destinations(1)[-1]
        band = 1 if dest.middle else 2
        where = (scale.label_w + dest.column * scale.col_w + 3, 1 + band * scale.h + scale.h // 2)
        await pilot.click("#registry", offset=where)
        assert board(app)._chosen() == dest.action
        before = len(ctl.state.history())
        await pilot.click("#registry", offset=where)  # a second click plays it
        await settle(app, pilot)
        assert ctl.state.history()[before] == dest.action

    drive(BoardApp(ctl, bot_delay=0), script, size)


def test_a_failing_bot_leaves_the_game_playable(quick: Rules) -> None:
    ctl = Controller(quick, 18, "random")
    while not ctl.bot_to_act():
        ctl.play(ctl.state.legal_actions()[0])

    def broken(snapshot: object) -> int:
        raise ValueError("boom")

    ctl.think = broken  # type: ignore[assignment,method-assign]

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "bot failed" in prompt(app) and "boom" in prompt(app)
        before = len(ctl.state.history())
        await pilot.press("a")
        assert isinstance(app.screen, ActionListScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(ctl.state.history()) == before + 1

    drive(BoardApp(ctl, bot_delay=0), script)


def test_forced_discard_with_keys() -> None:
    rules = load_rules("quick-3", "registre-3", {"middle_condition_empty_slots": "forbid"})
    c = Controller(rules, 2, "random")
    rng = random.Random(2)
    while not (c.human_to_act() and c.discards()):
        if c.bot_to_act():
            c.bot_move()
        else:
            c.play(rng.choice(c.state.legal_actions()))
    ctl = Controller(rules, 2, "random", state=c.state)
    choice = max(ctl.discards())

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        assert "discard" in prompt(app)
        await pilot.press(str(choice + 1))
        before = len(ctl.state.history())
        await pilot.press("enter")
        await pilot.pause()
        assert ctl.state.history()[before] == ctl.state.encode(Discard(choice))

    drive(BoardApp(ctl, bot_delay=0), script)


def test_quit_asks_again_when_the_game_is_not_saved(quick: Rules) -> None:
    ctl = Controller(quick, 19, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await settle(app, pilot)
        await pilot.press("q")
        assert "press q again" in prompt(app)
        assert app.is_running
        await pilot.press("q")

    drive(BoardApp(ctl, bot_delay=0), script)


def test_arrow_keys_reach_the_board_not_the_move_log(quick: Rules) -> None:
    """No scrollable widget (the move log) takes the focus and swallows the arrows."""
    ctl = Controller(quick, 9, "human")
    # a long move log (scrollable), then a pick with several arrival tiles
    rng = random.Random(9)
    for _ in range(40):
        d = ctl.pending()
        assert d is not None
        if d.kind == "pick" and len(ctl.state.arrival_tiles()) > 1 and len(ctl.lines) > 15:
            break
        ctl.play(rng.choice(ctl.state.legal_actions()))
    ctl = Controller(quick, 9, "human", state=ctl.state)

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        b = board(app)
        assert app.focused is None or not app.focused.can_focus
        d = ctl.pending()
        assert d is not None and d.kind == "pick"
        before = b.sel
        await pilot.press("down")
        assert b.sel != before
        await pilot.press("up")
        assert b.sel == before

    drive(BoardApp(ctl, bot_delay=0), script)


def test_arrow_keys_move_the_placement_cell(quick: Rules) -> None:
    ctl = Controller(quick, 9, "human")
    rng = random.Random(3)
    while True:
        d = ctl.pending()
        assert d is not None
        if d.kind == "place" and len(ctl.placements()) > 2 and len(ctl.lines) > 15:
            break
        ctl.play(rng.choice(ctl.state.legal_actions()))
    ctl = Controller(quick, 9, "human", state=ctl.state)

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        b = board(app)
        seen = {b.cursor}
        for key in ("up", "down", "left", "right", "up", "left"):
            await pilot.press(key)
            seen.add(b.cursor)
        assert len(seen) > 1

    drive(BoardApp(ctl, bot_delay=0), script)


def status_line(app: PlayApp) -> str:
    return str(board(app).query_one("#status", Static).render())


def log_text(app: PlayApp) -> str:
    from textual.widgets import RichLog

    return "\n".join(line.text for line in board(app).query_one("#log", RichLog).lines)


def test_a_failed_autosave_is_shown_and_quit_asks(quick: Rules, tmp_path: Path) -> None:
    target = tmp_path / "a-folder"  # cannot be replaced by a file
    target.mkdir()
    ctl = Controller(quick, 19, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        assert "autosave failed" in status_line(app)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.autosave_error
        assert "autosave failed" in status_line(app)
        assert "autosave failed" in log_text(app)
        await pilot.press("q")
        assert app.is_running
        assert "press q again" in prompt(app) and "autosave failed" in prompt(app)
        await pilot.press("q")

    drive(BoardApp(ctl, bot_delay=0, record_path=target), script)
    assert target.is_dir()


def test_quit_after_a_manual_save_does_not_ask(quick: Rules, tmp_path: Path) -> None:
    path = tmp_path / "saved.yaml"
    ctl = Controller(quick, 19, "random")
    exited: list[bool] = []

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await settle(app, pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        await pilot.pause()
        assert "saved" in prompt(app)
        await pilot.press("q")
        await pilot.pause()
        exited.append(not app.is_running)

    drive(BoardApp(ctl, bot_delay=0), script)
    assert exited == [True]
    assert path.is_file()


def test_quit_after_a_move_made_since_the_save_asks(quick: Rules, tmp_path: Path) -> None:
    path = tmp_path / "saved.yaml"
    ctl = Controller(quick, 19, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await settle(app, pilot)
        ctl.save(path)
        await pilot.press("enter")
        await settle(app, pilot)
        await pilot.press("q")
        assert app.is_running and "not saved" in prompt(app)
        await pilot.press("q")

    drive(BoardApp(ctl, bot_delay=0), script)


def _commented_record(quick: Rules, path: Path) -> str:
    c = Controller(quick, 21, "human")
    rng = random.Random(21)
    for _ in range(8):
        c.play(rng.choice(c.state.legal_actions()))
    c.save(path)
    text = path.read_text(encoding="utf-8")
    first = text.index("actions:\n- ") + len("actions:\n- ")
    end = text.index("\n", first)
    text = (
        "# a hand-written record\n"
        + text[:first] + "{action: " + repr(text[first:end]) + ", comment: the opening}"
        + text[end:]
    ).replace("\nseed:", "\ndescription: why this game matters\nseed:")
    text += "expect: {terminal: false}\n"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o644)
    return text


def test_loading_and_recording_the_same_file_keeps_it_until_a_new_move(
        quick: Rules, tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    original = _commented_record(quick, path)
    ctl = Controller.from_record(path, "human")
    assert ctl.source is not None and ctl.source.comments == {0: "the opening"}

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        assert "rewritten after your next move" in prompt(app)
        await pilot.press("u")
        await pilot.press("u")
        await pilot.pause()
        assert path.read_text(encoding="utf-8") == original
        await pilot.press("q")  # the file holds the game: nothing to lose
        await pilot.pause()
        assert app.is_running  # two undos: the game differs from the file now
        await pilot.press("enter")  # a new move: the file is rewritten
        await pilot.pause()
        assert "autosaving to" in prompt(app)

    drive(BoardApp(ctl, bot_delay=0, record_path=path), script)
    text = path.read_text(encoding="utf-8")
    assert text != original
    assert "description: why this game matters" in text
    assert "comment: the opening" in text
    assert "expect:" not in text  # the game is not the one it described any more
    assert path.stat().st_mode & 0o777 == 0o644
    assert [d for d in validate_path(path) if d.level == "error"] == []
    assert Controller.from_record(path, "human").state.history() == ctl.state.history()


def test_a_long_prompt_keeps_the_key_hints_on_screen_at_80x24(quick: Rules) -> None:
    ctl = Controller(quick, 9, "human")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        b = board(app)
        b.say("a very long message " * 10)
        await pilot.pause()
        widget = b.query_one("#prompt", Static)
        lines = [widget.render_line(y).text for y in range(widget.size.height)]
        assert lines[0].rstrip().endswith("…")
        assert "? help" in lines[1]

    drive(BoardApp(ctl, bot_delay=0), script)


def test_a_terminal_smaller_than_80x24_is_told(quick: Rules) -> None:
    ctl = Controller(quick, 9, "human")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        assert "enlarge it to 80x24" in status_line(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "enlarge" not in status_line(app)

    drive(BoardApp(ctl, bot_delay=0), script, size=(70, 20))


def test_pick_prompt_says_what_the_counts_are(quick: Rules) -> None:
    ctl = Controller(quick, 9, "human")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        n = len(ctl.destinations(board(app).sel))
        assert f"{n} destinations for this tile · {len(ctl.state.legal_actions())} moves" \
            in prompt(app)
        await pilot.press("question_mark")
        help_text = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "•" in help_text and "placed last" in help_text

    drive(BoardApp(ctl, bot_delay=0), script, size=(120, 40))


def test_a_waiting_swap_is_shown_and_the_score_panel_has_the_mecha_bonus() -> None:
    rules = load_rules("quick-3", "standard", {"mecha_botanist": "wildcard", "mecha_bonus": 2})
    ctl = Controller(rules, 9, "human")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        assert "mecha bonus" in str(board(app).query_one("#scores", Static).render())

    drive(BoardApp(ctl, bot_delay=0), script, size=(120, 40))
    quick = load_rules("quick-3", "standard")
    c = Controller(quick, 44, "human")
    rng = random.Random(44)
    while not c.waiting_swaps():
        c.play(rng.choice(c.state.legal_actions()))
    waiting = Controller(quick, 44, "human", state=c.state)

    async def script2(app: PlayApp, pilot: Pilot[None]) -> None:
        assert "then: P" in status_line(app) and "swaps blue-mecha" in status_line(app)

    drive(BoardApp(waiting, bot_delay=0), script2, size=(120, 40))


def test_variant_form_checks_numbers_on_leaving_and_shows_warnings(tmp_path: Path) -> None:
    target = tmp_path / "w.yaml"

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        form = app.screen
        assert isinstance(form, SetupScreen)
        save_box = form.query_one("#save-path", Input)
        assert save_box.value == "" and save_box.placeholder.startswith("(empty)")
        cols = form.query_one("#o-registry_columns", Input)
        cols.focus()
        await pilot.pause()
        cols.value = "12"
        await pilot.press("tab")  # leave the field
        await pilot.pause()
        note = str(form.query_one("#e-registry_columns", Label).render())
        assert "at most 9" in note and cols.has_class("-invalid")
        cols.value = "4"
        cols.focus()
        await pilot.press("tab")
        await pilot.pause()
        assert str(form.query_one("#e-registry_columns", Label).render()) == ""
        seed = form.query_one("#seed", Input)
        seed.focus()
        seed.value = "-3"
        await pilot.press("tab")
        await pilot.pause()
        assert ">= 0" in str(form.query_one("#e-seed", Label).render())
        seed.value = "4"
        form.query_one("#o-mecha_botanist", Select).value = "wildcard"
        form.query_one("#o-mecha_chain_limit", Input).value = "2"
        await pilot.pause()
        assert form.save(str(target))
        shown = str(form.query_one("#problems", Static).render())
        assert "1 warning" in shown and "lint-no-effect" in shown

    drive(PlayApp(None, setup=True, bot_delay=0, opponent="random"), script)


@pytest.mark.parametrize("start", [(60, 20), (100, 30)])
@pytest.mark.parametrize("end", [(80, 24), (120, 40)])
def test_after_a_resize_the_log_rewraps_and_the_machines_are_centred(
    quick: Rules, start: tuple[int, int], end: tuple[int, int]
) -> None:
    """Issue 8 item 19: the move log kept its small-width wrapping, and the machine view
    was not re-centred, after the terminal grew."""
    ctl = Controller(quick, 3, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        for _ in range(3):  # a few moves, so the log has lines to wrap
            await pilot.press("1", "right", "enter")
            await settle(app, pilot)
            await pilot.press("enter")
            await settle(app, pilot)
        await pilot.resize_terminal(*end)
        for _ in range(4):
            await pilot.pause()
        b = board(app)
        log = b.query_one("#log")
        width = log.scrollable_content_region.width
        shown = [strip.text.rstrip() for strip in log.lines]  # type: ignore[attr-defined]
        for line in log.entries:  # type: ignore[attr-defined]
            if len(line.plain) <= width:  # a line that fits is on one row, whole
                assert line.plain.rstrip() in shown
        for p in (0, 1):
            pane = b.query_one(f"#pane{p}")
            layout = b._layouts[p]
            x, y = R.centre_offset(layout)
            region = pane.scrollable_content_region
            assert pane.scroll_offset.x == min(max(0, x - region.width // 2),
                                               int(pane.max_scroll_x))
            assert pane.scroll_offset.y == min(max(0, y - region.height // 2),
                                               int(pane.max_scroll_y))

    drive(BoardApp(ctl, bot_delay=0), script, size=start)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (100, 30)])
def test_five_machine_rows_fit_and_the_arrival_zone_has_its_own_box(
        quick: Rules, size: tuple[int, int]) -> None:
    """Issue 14 item 4: at 80x24 the registry and the arrival zone draw one-line tiles so
    that five rows of machine tiles stay in view; the arrival zone is a box of its own,
    labelled, without the registry's destination marks."""
    ctl = Controller(quick, 17, "random")

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        b = board(app)
        await pilot.pause()
        for p in (0, 1):
            pane = b.query_one(f"#pane{p}")
            assert pane.scrollable_content_region.height >= 5 * R.H
        assert b.scale.compact == (size[1] < 30)
        arrival = str(b.query_one("#arrival", Static).render())
        assert arrival.startswith("arrival")
        assert "›" not in arrival and "‹" not in arrival and "1▸" in arrival
        registry = str(b.query_one("#registry", Static).render())
        assert "›" in registry  # the destinations of the selected tile
        lines = registry.splitlines()
        assert len(lines) == 1 + 3 * b.scale.h
        assert any(line.startswith("P1") for line in lines)
        assert any(line.startswith("middle") for line in lines)
        box = b.query_one("#arrival-box")
        assert box.region.x >= b.query_one("#registry").region.right

    drive(BoardApp(ctl, bot_delay=0), script, size)


def test_the_tile_to_place_fits_the_compact_arrival_box(quick: Rules) -> None:
    for seed in range(60):
        c = Controller(quick, seed, "random")
        rng = random.Random(seed)
        while not c.is_over():
            d = c.pending()
            assert d is not None
            if d.kind == "place":
                break
            c.play(rng.choice(c.state.legal_actions()))
        else:
            continue
        break
    for scale in (R.COMPACT, R.FULL):
        lines = R.arrival_text(c.state, scale=scale).plain.splitlines()
        assert lines[0].rstrip() == f"place P{d.player}:"
        assert max(len(line) for line in lines) <= R.arrival_width(scale)
