"""Games behind one interface (OpenSpiel's shape): see :mod:`botanik_design.games.base`.

Each game is a package ``botanik_design.games.<name>`` that declares one
:class:`~botanik_design.games.entry.GameEntry` (its ``ENTRY``); the registry
(:mod:`botanik_design.games.registry`) finds the bundled games' entries and imports a
game's parts only when they are used.
"""

from botanik_design.games.base import (
    TERMINAL,
    Event,
    Game,
    GameInfo,
    IllegalActionError,
    Metric,
    State,
)
from botanik_design.games.registry import game_names, load_game, register_entry, register_game

__all__ = [
    "TERMINAL",
    "Event",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "Metric",
    "State",
    "game_names",
    "load_game",
    "register_entry",
    "register_game",
]
