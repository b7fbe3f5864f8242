"""The editor's ``p`` key: the tile-set overview picture beside the file.

:class:`PictureExport` is owned by the editor app; its ``action_export_picture``
delegates to it.
"""

from __future__ import annotations

from typing import Any, Protocol

from botanik_design.model.words import plural
from botanik_design.tui.botanik.editor.document import Problem, TilesetDocument


class _Editor(Protocol):
    """What the picture export needs of the editor app."""

    @property
    def doc(self) -> TilesetDocument: ...
    @property
    def problems(self) -> list[Problem]: ...

    def run_validation(self) -> None: ...
    def set_status(self, message: str, level: str = "info") -> None: ...
    def call_from_thread(self, callback: Any, *args: Any) -> Any: ...
    def run_worker(self, work: Any, *, thread: bool, group: str) -> Any: ...


class PictureExport:
    """Draws ``editor``'s tile set to NAME-overview.svg in a worker thread."""

    def __init__(self, editor: _Editor) -> None:
        self.editor = editor

    def export(self) -> None:
        """Write the overview picture (``show --image``) beside the file: NAME-overview.svg."""
        from botanik_design.tui.botanik.editor.export import snapshot, write_picture

        ed = self.editor
        ed.run_validation()
        errors = sum(1 for p in ed.problems if p.level == "error")
        if errors:
            ed.set_status(f"no picture: fix the {plural(errors, 'error')} "
                          "first", "warn")
            return
        tileset = snapshot(ed.doc.data)
        ed.set_status("drawing the tile-set picture…")

        def work() -> None:
            try:
                done = f"picture written: {write_picture(tileset, ed.doc.path)}"
                level = "info"
            except OSError as exc:
                done, level = f"no picture: {exc.strerror or exc}", "error"
            except ImportError as exc:  # matplotlib (the pictures extra) not installed
                from botanik_design.extras import missing_extra

                missing = missing_extra(exc, "the picture")
                if missing is None:
                    raise
                done, level = f"no picture: {missing}", "error"
            try:
                ed.call_from_thread(ed.set_status, done, level)
            except RuntimeError:  # the app has exited meanwhile
                pass

        ed.run_worker(work, thread=True, group="export")
