"""What one seat may see: the game interface's per-player observation.

``state.observation(player) -> dict`` (JSON-able, only what that player may
see: never the order of Botanik's draw pile) and
``state.observation_string(player) -> str`` come from the game interface; the
host sends nothing else about the state.
"""

from __future__ import annotations

from typing import Any

from botanik_design.games.base import State, observation_text


def observation(state: State, player: int) -> dict[str, Any]:
    """``player``'s observation of ``state`` (a JSON-able dict)."""
    return state.observation(player)


def seat_text(state: State, player: int) -> str:
    """``player``'s observation in words (what the join screen shows)."""
    return state.observation_string(player)


def public_observation(state: State, players: int) -> tuple[dict[str, Any], str]:
    """What a spectator may see: the entries every seat's observation has alike (a seat's
    own entries, such as Botanik's ``player``, left out), with their text."""
    views = [observation(state, p) for p in range(players)]
    common = {k: v for k, v in views[0].items() if all(o.get(k, _MISSING) == v for o in views)}
    return common, observation_text(common)


_MISSING = object()
