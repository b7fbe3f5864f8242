"""Frame times of a Textual app under a pilot, shared by the TUI benches.

:func:`record_frames` wraps the app's ``_display`` (in a terminal it writes an
update out) so that each update composed appends ``time.perf_counter()`` to
the returned list; a key's cost is the time to the last frame after it.
"""

from __future__ import annotations

import time
from typing import Any


def record_frames(app: Any) -> list[float]:
    """Start recording ``app``'s frames (call inside ``run_test``); the list fills as it runs."""
    frames: list[float] = []
    display = app._display

    def timed(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if renderable is not None:
            frames.append(time.perf_counter())

    app._display = timed
    return frames
