"""The editor's ``t`` key: the dialog for the set's title, description and palette.

:class:`DetailsActions` is owned by the editor app; the app's ``action_details`` and
its ``on_details_screen_*`` handlers delegate to it.
"""

from __future__ import annotations

from typing import Any, Protocol

from botanik_design.tui.botanik.editor.details_screen import DetailsScreen
from botanik_design.tui.botanik.editor.document import TilesetDocument

#: The colour a new palette entry starts with.
NEW_COLOUR = {"symbol": "?", "display": "#808080"}


class _Editor(Protocol):
    """What the details dialog's actions need of the editor app."""

    @property
    def doc(self) -> TilesetDocument: ...
    @property
    def selected(self) -> int: ...

    def rebuild_table(self, select: int) -> None: ...
    def refresh_title(self) -> None: ...
    def schedule_validation(self) -> None: ...
    def set_status(self, message: str, level: str = "info") -> None: ...
    def push_screen(self, screen: Any) -> Any: ...


class DetailsActions:
    """Opens :class:`DetailsScreen` and applies what it reports to ``editor``'s document."""

    def __init__(self, editor: _Editor) -> None:
        self.editor = editor

    def open(self) -> None:
        doc = self.editor.doc
        texts = {k: str(doc.data.get(k) or "") for k in ("title", "description")}
        self.editor.push_screen(DetailsScreen(texts, doc.palette_entries()))

    def edited(self, what: str) -> None:
        """Redraw and validate after the details changed; ``what`` goes to the status bar."""
        ed = self.editor
        ed.rebuild_table(ed.selected)  # symbols and colours of the rows may change
        ed.refresh_title()
        ed.schedule_validation()
        ed.set_status(what)

    def changed(self, event: DetailsScreen.Changed) -> None:
        doc = self.editor.doc
        if event.field[0] == "colour":
            _, index, key = event.field
            doc.set_colour(index, key, event.value)
            what = f"colour {index + 1}: {key} set to {event.value!r}"
        else:
            doc.set_text(event.field[0], event.value)
            what = f"{event.field[0]} set to {event.value!r}"
        self.edited(what)

    def colour_added(self, event: DetailsScreen.ColourAdded) -> None:
        doc = self.editor.doc
        names = {c["name"] for c in doc.palette_entries()}
        n = 1
        while f"colour-{n}" in names:
            n += 1
        colour = {"name": f"colour-{n}", **NEW_COLOUR}
        doc.add_colour(colour["name"], colour["symbol"], colour["display"])
        event.screen.add_row(colour)
        self.edited(f"added colour {colour['name']}: give it a name, a symbol "
                    "and a colour")
