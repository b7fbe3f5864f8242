"""The raw event records of a Botanik game: what the engine writes on its hot path.

A raw record is ``(code, step, *fields)``: ``code`` one of the integers below,
``step`` the 0-based index in ``history()`` of the action that produced it (``-1``
for the setup), then the fields of the typed event of that code, in order
(:mod:`~botanik_design.games.botanik.engine.events` builds the typed events,
``KINDS[code]``, only when ``GameState.events`` is asked).  Kept apart from the
typed events so that playing a game never imports them (simulations start faster).
"""

from __future__ import annotations

from typing import Literal

SETUP_DONE = 0
ROUND_STARTED = 1
NO_REGISTRY_MOVE = 2
PICKED = 3
RELEASED = 4
SWAPPED = 5
PLACED = 6
STAYED_IN_SLOT = 7
DISCARDED = 8
GAME_ENDED = 9

#: A raw record: ``(code, step, *fields)``.
Raw = tuple[object, ...]

#: Why tiles left the game (``GameState.discard_reasons()`` uses the same words).
DiscardReason = Literal["arrival", "no-placement", "mecha-no-target", "short-round",
                        "registry-end"]
#: Discard reasons that mean "left when the game ended" (not a rule during play).
END_REASONS: frozenset[str] = frozenset({"registry-end", "short-round"})
