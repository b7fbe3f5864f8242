"""Hive's editor (the entry's ``tui_editor``): ``edit`` on a piece set.  No textual
import until the app is built."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botanik_design.tui.hive.editor.document import PiecesetDocument


class PiecesetEditor:
    """See :class:`botanik_design.tui.plugins.EditorLauncher`."""

    kind = "pieceset"
    noun = "piece set"

    def new_document(self, path: Path, text: str, name: str) -> PiecesetDocument:
        from botanik_design.spec.refs import name_from_path

        return PiecesetDocument.from_text(path, text,
                                          pieceset_name=name_from_path(path, "pieceset"),
                                          name=name)

    def open_document(self, path: Path, raw: str, name: str) -> PiecesetDocument:
        return PiecesetDocument(path, raw, name=name)

    def app(self, doc: Any, note: str) -> Any:
        from botanik_design.tui.hive.editor.app import PiecesetApp

        return PiecesetApp(doc, note=note)


EDITOR = PiecesetEditor()
