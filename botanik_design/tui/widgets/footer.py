"""A footer that is rebuilt only when the keys it shows change.

Textual's :class:`~textual.widgets.Footer` rebuilds all its key widgets whenever the
screen's bindings may have changed, which includes every change of focus: with the
Hive board on screen that cost 50-150 ms a key (``bench/hive_tui_speed.py``: the
``:`` prompt taking and leaving the focus).  This one compares what it would show
first.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class SteadyFooter(Footer):
    """A :class:`Footer` that redraws only when its keys, labels or their enabled state
    change."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[tuple[str, str, bool], ...] | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        shown = tuple((binding.key, binding.description, enabled)
                      for _, binding, enabled, _ in screen.active_bindings.values()
                      if binding.show)
        if shown == self._shown and self._bindings_ready:
            return
        self._shown = shown
        super().bindings_changed(screen)
