"""What one seat may see: the game interface's per-player observation.

``state.observation(player) -> dict`` (JSON-able, only what that player may
see: never the order of Botanik's draw pile) and
``state.observation_string(player) -> str`` come from the game interface; the
host sends nothing else about the state.
"""

from __future__ import annotations

from typing import Any

from botanik_design.games.base import State


def observation(state: State, player: int) -> dict[str, Any]:
    """``player``'s observation of ``state`` (a JSON-able dict)."""
    return state.observation(player)


def observation_text(state: State, player: int) -> str:
    """``player``'s observation in words (what the join screen shows)."""
    return state.observation_string(player)


def public_observation(state: State, players: int) -> tuple[dict[str, Any], str] | None:
    """What a spectator may see: the observation when every seat sees the same, else
    ``None`` (a spectator then gets the move list only)."""
    first = observation(state, 0)
    if all(observation(state, p) == first for p in range(1, players)):
        return first, observation_text(state, 0)
    return None
