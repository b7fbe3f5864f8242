"""The editor's ``p``: the tile-set overview written beside the file (as ``show --image``)."""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from pathlib import Path

from textual.widgets import Static

from botanik_design.tui.botanik.editor.app import EditorApp
from botanik_design.tui.botanik.editor.document import TilesetDocument

DATA = Path(__file__).parent / "data"


def _run(path: Path) -> str:
    app = EditorApp(TilesetDocument.open(path, name=path.name), validate_delay=0.01)

    async def go() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("p")
            for _ in range(400):  # the picture is drawn in a worker thread
                await pilot.pause(0.05)
                text = str(app._main.query_one("#status", Static).render())
                if "picture written" in text or "no picture" in text:
                    return text
            return str(app._main.query_one("#status", Static).render())

    return asyncio.run(go())


def test_export_writes_the_overview(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text((DATA / "small.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    status = _run(path)
    assert "picture written" in status
    assert ET.parse(tmp_path / "small-overview.svg").getroot().tag.endswith("svg")
    assert path.read_text(encoding="utf-8") == (DATA / "small.yaml").read_text(encoding="utf-8")


def test_export_refused_with_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    text = (DATA / "small.yaml").read_text(encoding="utf-8").replace(
        "exits: [N, E], flowers: 1", "exits: [N, S], flowers: 1")
    path.write_text(text, encoding="utf-8")
    status = _run(path)
    assert "no picture: fix the 1 error first" in status
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]
