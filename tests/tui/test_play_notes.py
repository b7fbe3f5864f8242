"""Play-test notes in ``play`` (key n): Botanik and Hive, written into the record with the
move they belong to, valid records, kept when the record is loaded again."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import yaml
from textual.app import App

from botanik_design.cli import main
from botanik_design.tui.botanik.app import BoardApp
from botanik_design.tui.botanik.controller import Controller, load_rules
from botanik_design.tui.hive.app import HiveApp
from botanik_design.tui.hive.session import HiveSession
from botanik_design.tui.widgets.note import NoteScreen


async def _note(app: App[Any], keys: list[str]) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if app.screen.focused is not None or app.screen_stack[-1] is not app.screen:
                break
        await pilot.press("n")
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, NoteScreen):
                break
        assert isinstance(app.screen, NoteScreen)
        await pilot.press(*keys)
        for _ in range(200):
            await pilot.pause()
            if not isinstance(app.screen, NoteScreen):
                break


@pytest.mark.parametrize(("keys", "kept"), [
    (list("too many blues") + ["enter"], "too many blues"),
    (list("never mind") + ["escape"], None),
    (["space", "enter"], None),
])
def test_botanik_note_goes_into_the_record(tmp_path: Path, keys: list[str], kept: str | None,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "r.yaml"
    ctl = Controller(load_rules(None, "standard"), 5, "human")
    ctl.play(ctl.state.legal_actions()[0])
    app = BoardApp(ctl, bot_delay=0, record_path=record)
    asyncio.run(_note(app, keys))
    data = yaml.safe_load(record.read_text())
    if kept is None:
        assert "notes" not in data
        return
    assert data["notes"] == [{"move": 1, "text": kept}]
    assert main(["validate", str(record)]) == 0
    again = Controller.from_record(record, "human")
    assert again.notes == [{"move": 1, "text": kept}]
    again.add_note("second")
    assert [n["move"] for n in again.record()["notes"]] == [1, 1]


def test_hive_note_goes_into_the_record(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "h.yaml"
    session = HiveSession.new("hive-tournament", "human")
    session.play(session.state.legal_actions()[0])
    app = HiveApp(session, record_path=record, bot_delay=0)
    asyncio.run(_note(app, [*"queen came out late", "enter"]))
    data = yaml.safe_load(record.read_text())
    assert data["notes"] == [{"move": 1, "text": "queen came out late"}]
    assert main(["validate", str(record)]) == 0
    assert HiveSession.from_record(record, "human").notes == data["notes"]
