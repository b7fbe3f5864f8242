"""The tiles drawn from Botanik's pile so far, in draw order (public: each is face up once
drawn, brief §2.3 and §3.1): the ``revealed`` entry of the observation, from which a
joining player's screen rebuilds the game (:mod:`.viewstate`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botanik_design.games.botanik.engine.events import Discarded, RoundStarted

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.views import StateViews


def setup_middle(state: StateViews) -> list[int]:
    """Instance ids of the tiles the setup dealt to the middle stacks, in deal order (layer
    by layer, column 1 first; brief §2), read from a fresh deal of the same game and seed
    (the setup comes before any draw a determinization could change): host side only."""
    game: Any = state._game  # the views' own game (``get_game`` is the state's API)
    middle = game.new_initial_state(state.seed).registry.middle
    layers = max((len(st) for st in middle), default=0)
    return [st[i] for i in range(layers) for st in middle if i < len(st)]


def revealed(state: StateViews) -> list[str]:
    """Definition ids of the tiles drawn so far, in draw order (all face up once drawn,
    brief §2.3 and §3.1): the middle stacks of the setup, then each round's arrival zone
    (top first) and the tiles a short last round discards, from the state's own events."""
    drawn = setup_middle(state)
    for event in state.events(-1):
        if isinstance(event, RoundStarted):
            drawn.extend(event.tiles)
        elif isinstance(event, Discarded) and event.reason == "short-round":
            drawn.extend(event.tiles)
    return [state.table.name(t) for t in drawn]
