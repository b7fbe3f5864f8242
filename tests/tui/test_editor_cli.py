"""``botanik-design edit``: argument handling before the app starts (the app itself is stubbed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.tui.botanik.editor import app as app_module
from botanik_design.tui.botanik.editor.document import TilesetDocument

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[TilesetDocument]:
    """Replace the app's ``run`` and collect the documents it would have edited."""
    docs: list[TilesetDocument] = []

    def fake_run(self: app_module.EditorApp, *args: object, **kwargs: object) -> None:
        docs.append(self.doc)

    monkeypatch.setattr(app_module.EditorApp, "run", fake_run)
    return docs


def test_existing_file_opens(tmp_path: Path, opened: list[TilesetDocument]) -> None:
    path = tmp_path / "q.yaml"
    path.write_text((ROOT / "tilesets" / "quick-3.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    assert main(["edit", str(path)]) == 0
    assert len(opened) == 1 and not opened[0].modified and opened[0].path == path


def test_missing_file_without_from_is_a_usage_error(
    tmp_path: Path, opened: list[TilesetDocument], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["edit", str(tmp_path / "nope.yaml")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "--from botanik" in err
    assert opened == []


def test_not_yaml_exits_1_without_touching_the_file(
    tmp_path: Path, opened: list[TilesetDocument], capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.yaml"
    text = "tileset: broken\ntiles:\n  - {id: a, colour: red\n  - {id: b}\n"
    path.write_text(text, encoding="utf-8")
    assert main(["edit", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:" in err and "not valid YAML" in err and "not changed" in err
    assert path.read_text(encoding="utf-8") == text and opened == []


def test_from_bundled_starts_a_new_unsaved_set(
    tmp_path: Path, opened: list[TilesetDocument]
) -> None:
    path = tmp_path / "My Set.yaml"
    assert main(["edit", str(path), "--from", "quick-3"]) == 0
    assert not path.exists()  # nothing written until the user saves
    doc = opened[0]
    assert doc.modified and "tileset: my-set\n" in doc.text and "# --- red ---" in doc.text
    doc.save()
    assert path.read_text(encoding="utf-8") == doc.text


def test_from_refuses_to_overwrite_without_force(
    tmp_path: Path, opened: list[TilesetDocument], capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("keep me\n", encoding="utf-8")
    assert main(["edit", str(path), "--from", "botanik"]) == 2
    assert "--force" in capsys.readouterr().err and opened == []
    assert main(["edit", str(path), "--from", "botanik", "--force"]) == 0
    assert path.read_text(encoding="utf-8") == "keep me\n"  # still only replaced on save
    assert opened[0].path == path


def test_from_unknown_name(
    tmp_path: Path, opened: list[TilesetDocument], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["edit", str(tmp_path / "n.yaml"), "--from", "no-such-set"]) == 2
    assert "no-such-set" in capsys.readouterr().err and opened == []


def test_a_variant_is_not_a_tile_set(
    tmp_path: Path, opened: list[TilesetDocument], capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "v.yaml"
    path.write_text((ROOT / "spec" / "variants" / "standard.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    assert main(["edit", str(path)]) == 1
    assert "not a tile set" in capsys.readouterr().err


def test_a_crash_with_unsaved_edits_writes_them_beside_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "q.yaml"
    original = (ROOT / "tilesets" / "quick-3.yaml").read_text(encoding="utf-8")
    path.write_text(original, encoding="utf-8")

    def crashing_run(self: app_module.EditorApp, *args: object, **kwargs: object) -> None:
        self.doc.set_field(1, "copies", 9)
        self._return_code = 1  # what Textual sets after an unhandled exception

    monkeypatch.setattr(app_module.EditorApp, "run", crashing_run)
    assert main(["edit", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == original
    rescued = [p for p in tmp_path.iterdir() if p.name.startswith("q.yaml.unsaved-")]
    assert len(rescued) == 1 and "copies: 9}" in rescued[0].read_text(encoding="utf-8")
    assert str(rescued[0]) in capsys.readouterr().err


@pytest.mark.parametrize("signame", ["SIGHUP", "SIGTERM"])
def test_a_stop_signal_writes_the_unsaved_edits_beside_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    signame: str,
) -> None:
    import signal

    path = tmp_path / "q.yaml"
    original = (ROOT / "tilesets" / "quick-3.yaml").read_text(encoding="utf-8")
    path.write_text(original, encoding="utf-8")
    signum = getattr(signal, signame)
    before = signal.getsignal(signum)
    exits: list[object] = []

    def run_then_signal(self: app_module.EditorApp, *args: object, **kwargs: object) -> None:
        self.doc.set_field(1, "copies", 9)
        monkeypatch.setattr(self, "exit", lambda **kw: exits.append(kw))
        handler = signal.getsignal(signum)
        assert callable(handler) and handler is not before
        handler(signum, None)  # what the terminal closing / kill would run

    monkeypatch.setattr(app_module.EditorApp, "run", run_then_signal)
    assert main(["edit", str(path)]) == 1
    assert exits, "the app was not asked to exit"
    assert signal.getsignal(signum) is before  # handlers put back
    assert path.read_text(encoding="utf-8") == original
    rescued = [p for p in tmp_path.iterdir() if p.name.startswith("q.yaml.unsaved-")]
    assert len(rescued) == 1 and "copies: 9}" in rescued[0].read_text(encoding="utf-8")
    err = capsys.readouterr().err
    assert str(rescued[0]) in err and "stopped" in err


def test_a_stop_signal_without_edits_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import signal

    path = tmp_path / "q.yaml"
    path.write_text((ROOT / "tilesets" / "quick-3.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")

    def run_then_signal(self: app_module.EditorApp, *args: object, **kwargs: object) -> None:
        monkeypatch.setattr(self, "exit", lambda **kw: None)
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler)
        handler(signal.SIGTERM, None)

    monkeypatch.setattr(app_module.EditorApp, "run", run_then_signal)
    assert main(["edit", str(path)]) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["q.yaml"]
