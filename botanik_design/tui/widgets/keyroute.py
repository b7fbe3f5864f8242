"""Keys typed before a focus change reach the newly focused widget.

Textual hands every queued key to the widget focused when the app reads it, and
runs bindings (``enter`` on the table, ``escape`` in a field) only when the key
comes back up to the app.  Keys typed fast after ``enter`` (which moves into a
field) are therefore already on their way through the table, and keys typed after
``escape`` through the field.  Here a key reaching the wrong widget is passed,
in order, to the widget that has the focus now (issue 8 item 11: fast typing
after emptying a field garbled it).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual._dispatch_key import dispatch_key
from textual.app import App
from textual.widget import Widget
from textual.widgets import Input

_PASSED = "_botanik_passed"


def _passed(event: events.Key) -> bool:
    """True for a key handed on once already (never handed on again)."""
    return bool(getattr(event, _PASSED, False))


def _pass(event: events.Key, to: Widget) -> None:
    event.stop()
    event.prevent_default()
    again = events.Key(event.key, event.character)
    setattr(again, _PASSED, True)
    again.set_sender(to.app)
    to.post_message(again)


def pass_printable_to_field(app: App[Any], event: events.Key) -> bool:
    """Call for a key that came back up to the app, before its bindings: a text field
    stops every printable key it gets, so a printable key here while a field has the
    focus went past it (read before the focus moved there) and is typed into it.
    Returns True when the key was passed on."""
    focused = app.focused
    if _passed(event) or not isinstance(focused, Input) or not event.is_printable:
        return False
    _pass(event, focused)
    return True


class RoutedInput(Input):
    """An :class:`Input` that passes on keys it receives after losing the focus."""

    async def _on_key(self, event: events.Key) -> None:
        focused = self.screen.focused
        if focused is not None and focused is not self and not _passed(event):
            _pass(event, focused)
            return
        await super()._on_key(event)


class KeyRoutingMixin:
    """For an :class:`App`: keys that went past the focused text field reach it
    (:func:`pass_printable_to_field`)."""

    async def _on_key(self, event: events.Key) -> None:
        app = self
        assert isinstance(app, App)
        event.prevent_default()  # replaces App._on_key (it would run the bindings again)
        if not pass_printable_to_field(app, event) and not await app._check_bindings(
            event.key
        ):
            await dispatch_key(app, event)
