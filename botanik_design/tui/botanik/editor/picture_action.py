"""The editor's ``p`` key: the tile-set overview picture beside the file."""

from __future__ import annotations

from typing import Any, Protocol

from botanik_design.model.words import plural
from botanik_design.tui.botanik.editor.document import Problem, TilesetDocument


class _Editor(Protocol):
    doc: TilesetDocument
    problems: list[Problem]

    def run_validation(self) -> None: ...
    def set_status(self, message: str, level: str = "info") -> None: ...
    def call_from_thread(self, callback: Any, *args: Any) -> Any: ...
    def run_worker(self, work: Any, *, thread: bool, group: str) -> Any: ...


class PictureActionMixin:
    """``action_export_picture`` of :class:`EditorApp`."""

    def action_export_picture(self: _Editor) -> None:
        """Write the overview picture (``show --image``) beside the file: NAME-overview.svg."""
        from botanik_design.tui.botanik.editor.export import snapshot, write_picture

        self.run_validation()
        errors = sum(1 for p in self.problems if p.level == "error")
        if errors:
            self.set_status(f"no picture: fix the {plural(errors, 'error')} "
                            "first", "warn")
            return
        tileset = snapshot(self.doc.data)
        self.set_status("drawing the tile-set picture…")

        def work() -> None:
            try:
                done = f"picture written: {write_picture(tileset, self.doc.path)}"
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
                self.call_from_thread(self.set_status, done, level)
            except RuntimeError:  # the app has exited meanwhile
                pass

        self.run_worker(work, thread=True, group="export")
