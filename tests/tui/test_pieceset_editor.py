"""``botanik-design edit PIECESET.yaml``: the piece-set document (round trip, comments,
undo), the app driven by the pilot, the command line (kinds, --from, rescue files)."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Static
from tui_wait import until

from botanik_design.cli import main
from botanik_design.spec.validate import validate_path, validate_text
from botanik_design.tui.editor.screens import ChoiceScreen
from botanik_design.tui.hive.editor import app as app_module
from botanik_design.tui.hive.editor.app import PiecesetApp
from botanik_design.tui.hive.editor.document import PiecesetDocument, bug_infos

ROOT = Path(__file__).resolve().parents[2]
BASE = (ROOT / "piecesets" / "hive-base.yaml").read_text(encoding="utf-8")
ROW = {b.name: i for i, b in enumerate(bug_infos())}
Script = Callable[[PiecesetApp, Pilot[None]], Awaitable[None]]


@pytest.fixture
def base(tmp_path: Path) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(BASE, encoding="utf-8")
    return path


def drive(path: Path, script: Script, size: tuple[int, int] = (80, 24)) -> PiecesetApp:
    app = PiecesetApp(PiecesetDocument.open(path, name=path.name), validate_delay=0.01)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(go())
    return app


async def checked(app: PiecesetApp, pilot: Pilot[None]) -> None:
    """Wait for the background validation of the current text."""
    await until(pilot, lambda: app._checker.current, "the validation of the current text")


def status(app: PiecesetApp) -> str:
    return str(app.query_one("#status", Static).render())


# ----------------------------------------------------------------- the document

def test_rows_follow_the_schema_and_the_models_letters() -> None:
    assert [(b.name, b.letter) for b in bug_infos()] == [
        ("queen", "Q"), ("spider", "S"), ("beetle", "B"), ("grasshopper", "G"), ("ant", "A"),
        ("mosquito", "M"), ("ladybug", "L"), ("pillbug", "P")]
    assert [b.maximum for b in bug_infos()][-3:] == [1, 1, 1]
    assert [b.name for b in bug_infos() if b.expansion] == ["mosquito", "ladybug", "pillbug"]


def test_an_unedited_file_round_trips_exactly(base: Path) -> None:
    doc = PiecesetDocument.open(base)
    assert doc.roundtrip_exact and doc.text == BASE and not doc.modified
    assert doc.total() == 11 and doc.expansions() == []


def test_edits_keep_comments_order_and_undo(base: Path) -> None:
    doc = PiecesetDocument.open(base)
    doc.set_count(ROW["ant"], 4)
    doc.set_count(ROW["pillbug"], 1)  # a bug not in the file: added in schema order
    doc.set_meta("title", "Four ants")
    lines = doc.text.splitlines()
    assert lines[:2] == BASE.splitlines()[:2]  # the comment above stays
    assert "  ant: 4" in lines and lines[-1] == "  pillbug: 1"
    assert "title: Four ants" in lines
    assert doc.expansions() == ["pillbug"] and doc.total() == 13
    doc.set_meta("title", "Four ants!")  # typing on in one field: one undo step
    assert doc.undo() is not None and "title: Hive (base game)" in doc.text
    doc.undo()
    doc.undo()
    assert doc.text == BASE and not doc.modified
    with pytest.raises(ValueError, match="0 to 9"):
        doc.set_count(ROW["queen"], 10)


def test_problems_come_from_the_validator_with_their_bug(base: Path) -> None:
    doc = PiecesetDocument.open(base)
    doc.set_count(ROW["queen"], 0)
    doc.set_count(ROW["mosquito"], 1)
    doc.add_copies(ROW["mosquito"], 1)
    problems = doc.validate()
    expected = validate_text(doc.text, doc.name, kind="pieceset", base=base.parent)
    assert sorted(p.rule for p in problems) == sorted(d.rule for d in expected)
    assert any(p.tile == ROW["mosquito"] and p.level == "error" for p in problems)
    doc.add_copies(ROW["mosquito"], -1)  # schema-valid again: the semantic check speaks
    assert any(p.rule == "sem-hive-queen-count" for p in doc.validate())


COUNTS = st.lists(st.tuples(st.integers(0, 7), st.integers(0, 9)), max_size=12)


@settings(max_examples=40, deadline=None)
@given(edits=COUNTS)
def test_any_edits_keep_the_comments_and_read_back(edits: list[tuple[int, int]]) -> None:
    doc = PiecesetDocument(Path("x.yaml"), BASE)
    for row, n in edits:
        doc.set_count(row, n)
    again = PiecesetDocument(Path("x.yaml"), doc.text)
    for info in bug_infos():
        assert again.count(info.name) == doc.count(info.name)
    assert doc.text.startswith(BASE.split("pieceset:")[0])  # the leading comments
    for _ in edits:
        doc.undo()
    assert doc.text == BASE


# ----------------------------------------------------------------------- the app

def test_keys_change_counts_and_save_keeps_the_rest(base: Path) -> None:
    async def script(app: PiecesetApp, pilot: Pilot[None]) -> None:
        await pilot.press("down", "down")  # beetle
        await pilot.press("plus", "plus")
        await pilot.press("down", "down", "down", "1")  # mosquito: 1
        await checked(app, pilot)
        table = app.query_one("#bugs", DataTable)
        assert str(table.get_cell_at((ROW["beetle"], 2))) == "4"
        assert "14 pieces per player" in str(app.query_one("#summary", Static).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "saved" in status(app)

    drive(base, script)
    text = base.read_text(encoding="utf-8")
    assert "  beetle: 4" in text and "  mosquito: 1" in text
    assert text.splitlines()[:2] == BASE.splitlines()[:2]
    assert [d for d in validate_path(base) if d.level == "error"] == []


def test_an_error_is_listed_and_marks_its_bug(base: Path) -> None:
    async def script(app: PiecesetApp, pilot: Pilot[None]) -> None:
        await pilot.press("0")  # no Queen
        await checked(app, pilot)
        listed = app.query_one("#problems", OptionList)
        assert listed.option_count >= 1
        assert any(p.rule == "sem-hive-queen-count" for p in app.problems)
        assert "✗" in str(app.query_one("#titlebar", Static).render())
        assert "✗" in str(app.query_one("#bugs", DataTable).get_cell_at((0, 2)))
        await pilot.press("u")
        await checked(app, pilot)
        assert app.problems == [] and not app.doc.modified

    drive(base, script)


def test_fields_edit_name_and_title(base: Path) -> None:
    async def script(app: PiecesetApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # into the name field
        name = app.query_one("#f-pieceset", Input)
        assert app.focused is name
        name.cursor_position = len(name.value)
        await pilot.press(*"-x")
        await pilot.press("tab", "ctrl+u")  # title: emptied removes the key
        await pilot.press("escape")
        await checked(app, pilot)
        assert app.doc.meta("pieceset") == "hive-base-x" and "title" not in app.doc.data
        await pilot.press("u")
        await pilot.pause()
        assert app.query_one("#f-title", Input).value == "Hive (base game)"

    drive(base, script)


def test_quit_with_changes_asks(base: Path) -> None:
    async def script(app: PiecesetApp, pilot: Pilot[None]) -> None:
        await pilot.press("plus", "q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen) and app.doc.modified

    drive(base, script)
    assert base.read_text(encoding="utf-8") == BASE


# ------------------------------------------------------------------ command line

@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[PiecesetDocument]:
    docs: list[PiecesetDocument] = []

    def fake_run(self: PiecesetApp, *args: object, **kwargs: object) -> None:
        docs.append(self.doc)

    monkeypatch.setattr(app_module.PiecesetApp, "run", fake_run)
    return docs


def test_edit_opens_a_piece_set(base: Path, opened: list[PiecesetDocument]) -> None:
    assert main(["edit", str(base)]) == 0
    assert len(opened) == 1 and isinstance(opened[0], PiecesetDocument)


def test_from_a_bundled_piece_set(tmp_path: Path, opened: list[PiecesetDocument]) -> None:
    path = tmp_path / "My Bugs.yaml"
    assert main(["edit", str(path), "--from", "hive-full"]) == 0
    doc = opened[0]
    assert doc.meta("pieceset") == "my-bugs" and doc.modified and not path.exists()
    assert doc.expansions() == ["mosquito", "ladybug", "pillbug"]


@pytest.mark.parametrize(("source", "kind"), [
    ("spec/variants/hive-tournament.yaml", "a Hive variant"),
    ("spec/variants/standard.yaml", "a Botanik variant"),
    ("examples/hive/short-win.yaml", "a Hive record"),
])
def test_other_kinds_are_named(tmp_path: Path, opened: list[PiecesetDocument],
                               capsys: pytest.CaptureFixture[str], source: str,
                               kind: str) -> None:
    path = tmp_path / "x.yaml"
    text = (ROOT / source).read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    assert main(["edit", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"is {kind}, not a tile set or a piece set" in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == text and opened == []


def test_a_stop_signal_rescues_unsaved_piece_set_edits(
    base: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run_then_signal(self: PiecesetApp, *args: object, **kwargs: object) -> None:
        self.doc.set_count(ROW["ant"], 7)
        monkeypatch.setattr(self, "exit", lambda **kw: None)
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler)
        handler(signal.SIGTERM, None)

    monkeypatch.setattr(app_module.PiecesetApp, "run", run_then_signal)
    assert main(["edit", str(base)]) == 1
    assert base.read_text(encoding="utf-8") == BASE
    rescued = [p for p in base.parent.iterdir() if p.name.startswith("mine.yaml.unsaved-")]
    assert len(rescued) == 1 and "  ant: 7" in rescued[0].read_text(encoding="utf-8")
    assert str(rescued[0]) in capsys.readouterr().err


def test_a_crash_rescues_unsaved_piece_set_edits(
    base: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crashing_run(self: PiecesetApp, *args: object, **kwargs: object) -> None:
        self.doc.set_count(ROW["spider"], 3)
        self._return_code = 1

    monkeypatch.setattr(app_module.PiecesetApp, "run", crashing_run)
    assert main(["edit", str(base)]) == 1
    rescued = [p for p in base.parent.iterdir() if p.name.startswith("mine.yaml.unsaved-")]
    assert len(rescued) == 1 and "  spider: 3" in rescued[0].read_text(encoding="utf-8")
