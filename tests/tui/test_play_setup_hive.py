"""The variant form (``play --setup``) with Hive variants: schema-built rows, saving with
portable references, starting the Hive screen, the validator's problems, focus in sight."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Label, Select, Static
from tui_wait import until

from botanik_design.cli import main
from botanik_design.spec.validate import validate_path
from botanik_design.tui.hive.screen import HiveScreen
from botanik_design.tui.play.app import PlayApp
from botanik_design.tui.play.setup import SetupScreen
from botanik_design.tui.play.setup_fields import OptionField, option_fields

Script = Callable[[PlayApp, Pilot[None]], Awaitable[None]]


def drive(app: PlayApp, script: Script, size: tuple[int, int] = (80, 24)) -> PlayApp:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(go())
    return app


def form_of(app: PlayApp) -> SetupScreen:
    assert isinstance(app.screen, SetupScreen)
    return app.screen


def problems(form: SetupScreen) -> str:
    return str(form.query_one("#problems", Static).render())


def test_hive_fields_come_from_the_hive_schema() -> None:
    fields = {f.name: f for f in option_fields("hive")}
    assert list(fields) == ["expansions", "tournament_opening", "queen_deadline",
                            "move_before_queen", "placement_order", "pass_only_when_stuck",
                            "repetition_draw", "ply_cap"]
    assert fields["expansions"].kind == "set"
    assert fields["expansions"].choices == ("mosquito", "ladybug", "pillbug")
    assert fields["tournament_opening"].kind == "bool"
    assert fields["placement_order"].kind == "choice"
    assert (fields["queen_deadline"].minimum, fields["queen_deadline"].maximum) == (1, 99)
    assert fields["ply_cap"].nullable and not fields["queen_deadline"].nullable


def test_option_field_parses_each_kind() -> None:
    expansions = OptionField("expansions", "", ("mosquito", "ladybug", "pillbug"), kind="set")
    assert expansions.parse("pillbug,mosquito") == (["mosquito", "pillbug"], "")
    assert expansions.parse("") == ([], "")
    assert "not one of" in expansions.parse("wasp")[1]
    assert expansions.same(["pillbug", "mosquito"], ["mosquito", "pillbug"])
    flag = OptionField("tournament_opening", "", ("true", "false"), kind="bool")
    assert flag.parse("false") == (False, "") and flag.show(True) == "true"
    assert not flag.same(True, 1)


def test_the_form_offers_hive_variants_and_rebuilds_its_rows() -> None:
    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        form = form_of(app)
        for name in ("hive-tournament", "hive-box", "hive-mlp", "standard"):
            assert name in form.variants
        assert form.query("#o-registry_columns")
        form.query_one("#base", Select).value = "hive-box"
        await until(pilot, lambda: form.base == "hive-box")
        assert form.game == "hive"
        assert not form.query("#o-registry_columns")
        assert form.query_one("#o-tournament_opening", Select).value == "false"
        assert form.query_one("#o-queen_deadline", Input).value == "4"
        assert str(form.query_one("#tileset-label", Label).render()) == "piece set"
        assert form.changed() == ({}, [])
        form.query_one("#base", Select).value = "hive-mlp"
        await until(pilot, lambda: form.base == "hive-mlp")
        assert all(b.value for b in form.query("#o-expansions Checkbox").results(Checkbox))
        form.query_one("#base", Select).value = "standard"
        await until(pilot, lambda: form.base == "standard")
        assert form.game == "botanik" and form.query("#o-registry_columns")
        assert str(form.query_one("#tileset-label", Label).render()) == "tile set"

    drive(PlayApp(None, setup=True, bot_delay=0, opponent="human"), script)


def test_saving_a_hive_variant_keeps_portable_references(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("")  # one project: references stay inside it
    base = tmp_path / "rules" / "base.yaml"
    base.parent.mkdir()
    base.write_text("variant: base\ngame: hive\nextends: hive-tournament\n"
                    "options:\n  queen_deadline: 3\n", encoding="utf-8")
    target = tmp_path / "out" / "mine.yaml"
    target.parent.mkdir()

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        form = form_of(app)
        assert form.game == "hive"
        assert form.query_one("#o-queen_deadline", Input).value == "3"
        form.query_one("#o-ply_cap", Input).value = "80"
        form.query_one("#o-placement_order", Select).value = "any"
        form.query_one("#tileset", Select).value = "hive-base"
        await pilot.pause()
        assert form.query_one("#l-ply_cap", Label).has_class("changed")
        assert form.save(str(target)), problems(form)
        assert "accepts it" in problems(form)

    drive(PlayApp(None, setup=True, bot_delay=0, variant_ref=str(base)), script)
    data = yaml.safe_load(target.read_text(encoding="utf-8"))
    assert data["game"] == "hive" and data["variant"] == "mine"
    assert data["extends"] == "../rules/base.yaml"  # relative to the saved file
    assert data["pieceset"] == "hive-base"  # a bundled name stays a name
    assert data["options"] == {"placement_order": "any", "ply_cap": 80}
    assert [d for d in validate_path(target) if d.level == "error"] == []
    # both folders moved together: the file still loads
    moved = tmp_path / "moved"
    moved.mkdir()
    os.rename(base.parent, moved / "rules")
    os.rename(target.parent, moved / "out")
    assert [d for d in validate_path(moved / "out" / "mine.yaml") if d.level == "error"] == []


def test_play_starts_the_hive_screen_with_the_changed_options() -> None:
    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        form = form_of(app)
        form.query_one("#o-ply_cap", Input).value = "40"
        form.query_one("#o-tournament_opening", Select).value = "false"
        form.query_one("#seed", Input).value = "7"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, HiveScreen), problems(form)
        session = app.screen.session
        assert app.board is app.screen and app.game == "hive"
        assert session.game.variant.ply_cap == 40
        assert not session.game.variant.tournament_opening
        await pilot.press("Q", "enter")  # the box rules: the Queen may open
        await pilot.pause()
        assert session.state.move_strings() == ["wQ"]

    drive(PlayApp(None, setup=True, bot_delay=0, opponent="human",
                  variant_ref="hive-tournament"), script)


def test_the_validator_says_why_a_hive_form_does_not_play() -> None:
    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        form = form_of(app)
        form.query_one("#o-expansions-mosquito", Checkbox).value = True
        await pilot.pause()
        assert form.query_one("#l-expansions", Label).has_class("changed")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        shown = problems(form)
        assert "expansions and the piece set disagree" in shown and "hive-base" in shown
        form.query_one("#tileset", Select).value = "hive-full"
        form.query_one("#o-expansions-ladybug", Checkbox).value = True
        form.query_one("#o-expansions-pillbug", Checkbox).value = True
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, HiveScreen), problems(form)
        assert app.screen.session.game.variant.expansions == ("mosquito", "ladybug", "pillbug")

    drive(PlayApp(None, setup=True, bot_delay=0, opponent="human",
                  variant_ref="hive-tournament"), script)


def test_a_recorded_hive_game_with_changes_names_the_saved_file(tmp_path: Path) -> None:
    record = tmp_path / "game.yaml"
    variant = tmp_path / "v.yaml"

    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        form = form_of(app)
        form.query_one("#o-ply_cap", Input).value = "50"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "save these options first" in problems(form)
        assert form.save(str(variant))
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, HiveScreen), problems(form)
        await pilot.press("G", "enter")
        await pilot.pause()

    drive(PlayApp(None, setup=True, bot_delay=0, opponent="human", variant_ref="hive-box",
                  record_path=record), script)
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert Path(data["variant"]).resolve() == variant.resolve()
    assert data["moves"] == ["wG1"]
    assert [d for d in validate_path(record) if d.level == "error"] == []


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_focus_stays_in_sight_through_the_whole_form(size: tuple[int, int]) -> None:
    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        form = form_of(app)
        seen: set[str] = set()
        for _ in range(40):
            await pilot.press("tab")
            await pilot.pause()
            focused = app.focused
            assert focused is not None
            seen.add(focused.id or type(focused).__name__)
            region = focused.region
            screen = form.region
            assert region.height > 0 and screen.contains_region(region), focused
            assert region.y + region.height <= screen.height
        assert {"o-queen_deadline", "o-ply_cap", "o-expansions-pillbug", "play"} <= seen

    drive(PlayApp(None, setup=True, bot_delay=0, opponent="human", variant_ref="hive-mlp"),
          script, size)


def test_cli_opens_the_form_for_a_hive_variant(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    opened: list[Any] = []

    def fake_run(self: PlayApp) -> None:
        opened.append((self.setup, self.variant_ref))

    monkeypatch.setattr(PlayApp, "run", fake_run)
    assert main(["play", "--setup", "--variant", "hive-box"]) == 0
    assert opened == [(True, "hive-box")]
    assert main(["play", "--setup", "--variant", "hive-box", "--tileset", "botanik"]) == 2
    assert "piece set" in capsys.readouterr().err


def test_expansion_boxes_show_their_state_without_colour() -> None:
    async def script(app: PlayApp, pilot: Pilot[None]) -> None:
        form = form_of(app)
        box = form.query_one("#o-expansions-ladybug", Checkbox)
        assert not box.value and "X" not in str(box.render())
        box.value = True
        await pilot.pause()
        assert "X" in str(box.render())

    drive(PlayApp(None, setup=True, bot_delay=0, opponent="human",
                  variant_ref="hive-tournament"), script)
