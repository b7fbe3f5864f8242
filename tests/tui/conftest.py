"""What every TUI test shares: nothing on screen depends on the clock.

Textual's ``Input`` blinks its cursor every half second from a timer; a snapshot taken
after a slow moment on a loaded machine caught it hidden (the focused field drawn one
cell different), so the screen depended on how fast the machine was.  Here the cursor
never blinks: it shows whenever its field has the focus, as on a terminal that does not
blink.  Animations and focus are waited for by the tests themselves
(``pilot.wait_for_scheduled_animations()``, predicates on the app's state).
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text cursor of every ``Input`` stays as focus left it (no blink timer)."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
