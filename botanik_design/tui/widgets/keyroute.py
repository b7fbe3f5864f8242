"""Keys typed fast reach the text field in the order they were typed.

Textual hands every queued key to the widget focused when the app reads it, and
runs bindings (``enter`` on the table, ``backspace`` or ``end`` in a field) only
when the key comes back up to the app, while a field inserts printable keys at
once.  When keys queue up (a busy machine, a fast typist), two things went wrong
(issue 8 item 11):

* keys typed right after ``enter`` (which moves into a field) were already on
  their way through the table: the printable ones were lost;
* a field inserted the characters before the app got round to the backspaces
  typed before them: ``yyelow-long``.

Here a :class:`RoutedInput` runs its own editing bindings itself, in order with
the characters, and an app with :class:`KeyRoutingMixin` hands a key that went
past the focused field (it never saw it) to that field, in order.
"""

from __future__ import annotations

from textual import events
from textual._dispatch_key import dispatch_key
from textual.app import App
from textual.widget import Widget
from textual.widgets import Input

_PASSED = "_keyroute_passed"
_SEEN = "_keyroute_seen_by_field"


def _pass(event: events.Key, to: Widget) -> None:
    event.stop()
    event.prevent_default()
    again = events.Key(event.key, event.character)
    setattr(again, _PASSED, True)
    again.set_sender(to.app)
    to.post_message(again)


class RoutedInput(Input):
    """An :class:`Input` that keeps fast keys in order (see the module's docstring)."""

    async def _on_key(self, event: events.Key) -> None:
        setattr(event, _SEEN, True)
        focused = self.screen.focused
        if focused is not None and focused is not self and not getattr(event, _PASSED, False):
            _pass(event, focused)  # typed after the focus left (e.g. escape)
            return
        bindings = self._bindings.key_to_bindings.get(event.key, [])
        if bindings and not bindings[0].priority:
            # the field's own editing key: now, in order with the characters
            event.stop()
            event.prevent_default()
            await self.run_action(bindings[0].action)
            return
        await super()._on_key(event)


class KeyRoutingMixin:
    """For an :class:`App`: a key that went past the focused :class:`RoutedInput` (it
    was read before the focus moved there) is handed to it, in order."""

    async def _on_key(self, event: events.Key) -> None:
        app = self
        assert isinstance(app, App)
        event.prevent_default()  # replaces App._on_key (it would run the bindings again)
        focused = app.focused
        if isinstance(focused, RoutedInput) and not getattr(event, _SEEN, False) \
                and not getattr(event, _PASSED, False):
            _pass(event, focused)
            return
        if not await app._check_bindings(event.key):
            await dispatch_key(app, event)

