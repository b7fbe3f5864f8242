"""Waiting on a TUI's own state, never on time (a helper module of the TUI tests).

:func:`until` lets the app run until a predicate on its state holds: each round lets
it go idle (``pilot.pause()``), then waits for its background workers (a bot's move, a
validation thread) to finish.  How long that takes on a loaded machine decides nothing;
only a hang (no progress for ``limit`` seconds) fails the test.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.worker import WorkerCancelled

#: Seconds without the predicate holding after which the app is taken as hung.
HANG = 120.0


async def until(pilot: Pilot[Any], done: Callable[[], bool], what: str = "the app to settle",
                limit: float = HANG) -> None:
    """Run the app until ``done()`` holds, then let it go idle once more (so the screen
    shows it); ``AssertionError`` naming ``what`` only after ``limit`` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while True:
        await pilot.pause()
        if done():
            await pilot.pause()
            return
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:
            pass  # superseded by a newer worker (a validation of newer text): wait on
        await asyncio.sleep(0.005)  # let a timer (a debounced check) come round
