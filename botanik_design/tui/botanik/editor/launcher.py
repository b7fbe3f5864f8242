"""Botanik's editor (the entry's ``tui_editor``): ``edit`` on a tile set.  No textual
import until the app is built."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botanik_design.tui.botanik.editor.document import TilesetDocument


class TilesetEditor:
    """See :class:`botanik_design.tui.plugins.EditorLauncher`."""

    kind = "tileset"
    noun = "tile set"

    def new_document(self, path: Path, text: str, name: str) -> TilesetDocument:
        from botanik_design.spec.refs import name_from_path

        return TilesetDocument.from_text(path, text, tileset_name=name_from_path(path, "tileset"),
                                         name=name)

    def open_document(self, path: Path, raw: str, name: str) -> TilesetDocument:
        return TilesetDocument(path, raw, name=name)

    def app(self, doc: Any, note: str) -> Any:
        from botanik_design.tui.botanik.editor.app import EditorApp

        return EditorApp(doc, note=note)


EDITOR = TilesetEditor()
