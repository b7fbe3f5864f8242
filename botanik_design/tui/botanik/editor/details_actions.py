"""The editor's ``t`` key: the dialog for the set's title, description and palette."""

from __future__ import annotations

from typing import Any, Protocol

from botanik_design.tui.botanik.editor.details_screen import DetailsScreen
from botanik_design.tui.botanik.editor.document import TilesetDocument

#: The colour a new palette entry starts with.
NEW_COLOUR = {"symbol": "?", "display": "#808080"}


class _Editor(Protocol):
    doc: TilesetDocument
    selected: int

    def rebuild_table(self, select: int) -> None: ...
    def refresh_title(self) -> None: ...
    def schedule_validation(self) -> None: ...
    def set_status(self, message: str, level: str = "info") -> None: ...
    def push_screen(self, screen: Any) -> Any: ...
    def _details_edited(self, what: str) -> None: ...


class DetailsActionsMixin:
    """Opens :class:`DetailsScreen` and applies what it reports to the document."""

    def action_details(self: _Editor) -> None:
        texts = {k: str(self.doc.data.get(k) or "") for k in ("title", "description")}
        self.push_screen(DetailsScreen(texts, self.doc.palette_entries()))

    def _details_edited(self: _Editor, what: str) -> None:
        self.rebuild_table(self.selected)  # symbols and colours of the rows may change
        self.refresh_title()
        self.schedule_validation()
        self.set_status(what)

    # handlers by name: ``@on`` is only seen on classes that are message pumps
    def on_details_screen_changed(self: _Editor, event: DetailsScreen.Changed) -> None:
        if event.field[0] == "colour":
            _, index, key = event.field
            self.doc.set_colour(index, key, event.value)
            what = f"colour {index + 1}: {key} set to {event.value!r}"
        else:
            self.doc.set_text(event.field[0], event.value)
            what = f"{event.field[0]} set to {event.value!r}"
        self._details_edited(what)

    def on_details_screen_colour_added(self: _Editor, event: DetailsScreen.ColourAdded) -> None:
        names = {c["name"] for c in self.doc.palette_entries()}
        n = 1
        while f"colour-{n}" in names:
            n += 1
        colour = {"name": f"colour-{n}", **NEW_COLOUR}
        self.doc.add_colour(colour["name"], colour["symbol"], colour["display"])
        event.screen.add_row(colour)
        self._details_edited(f"added colour {colour['name']}: give it a name, a symbol "
                             "and a colour")
