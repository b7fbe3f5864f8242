"""The registry of game types by name.

Game modules are imported only when their game is loaded, so listing names
costs nothing::

    from botanik_design.games.registry import load_game, game_names
    game = load_game("botanik", variant="registre-3")           # a Game
    game = load_game("hive", variant="hive-tournament")

``load_game(name, **params)`` calls the registered factory with ``params``
(spec references such as ``variant=`` / ``tileset=`` / ``pieceset=``, or
already loaded typed specs).  Raises :class:`UnknownGameError` for an
unregistered name; factories raise ``SpecError`` for specs that do not load.
"""

from __future__ import annotations

import importlib
from typing import Any

from botanik_design.games.base import Game

#: name -> "module:factory" (imported lazily).
_FACTORIES: dict[str, str] = {}


class UnknownGameError(ValueError):
    """No game type of that name is registered."""


def register_game(name: str, target: str) -> None:
    """Register ``target`` (``"package.module:factory"``) as game type ``name``."""
    _FACTORIES[name] = target


def game_names() -> tuple[str, ...]:
    """Registered game type names, sorted."""
    return tuple(sorted(_FACTORIES))


def load_game(name: str, **params: Any) -> Game:
    """Build the :class:`Game` ``name`` with ``params`` (see the module docstring)."""
    try:
        target = _FACTORIES[name]
    except KeyError:
        known = ", ".join(game_names()) or "none"
        raise UnknownGameError(f"unknown game {name!r} (known: {known})") from None
    module, _, attr = target.partition(":")
    factory = getattr(importlib.import_module(module), attr)
    game: Game = factory(**params)
    return game
