"""Games behind one interface (OpenSpiel's shape): see :mod:`botanik_design.games.base`.

Each game lives in its own package (``botanik_design.games.botanik.engine`` for Botanik,
``botanik_design.games.hive`` for Hive) and registers a factory here.
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
from botanik_design.games.registry import game_names, load_game, register_game

register_game("botanik", "botanik_design.games.botanik.engine.game:load_botanik")
register_game("hive", "botanik_design.games.hive.engine.game:load_hive")

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
    "register_game",
]
