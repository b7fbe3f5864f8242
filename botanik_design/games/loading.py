"""Load any game from a variant reference: the dispatcher ``simulate``, ``compare``
and ``replay`` use.

A variant file names its game in an optional top-level ``game:`` key (absent:
``botanik``).  :func:`load_from_variant` reads the file once with the
validator's reader (:func:`botanik_design.spec.load.read_ref`), looks the game
up in :data:`_VARIANT_LOADERS` and hands it the read document, so the game
checks and builds it without parsing the file again::

    game = load_from_variant("registre-3")                    # a BotanikGame
    game = load_from_variant("my-hive.yaml")                  # game: hive

A game plugs in with :func:`register_variant_loader` (``"module:function"``,
imported lazily); the function is called as ``function(session, doc, **params)``
and returns a :class:`~botanik_design.games.base.Game` or raises ``SpecError``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from botanik_design.games.base import Game
from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import read_ref

#: Game name when a variant has no ``game:`` key.
DEFAULT_GAME = "botanik"

#: game name -> "module:function(session, doc, **params) -> Game".
_VARIANT_LOADERS: dict[str, str] = {
    "botanik": "botanik_design.games.botanik.engine.game:botanik_from_doc",
    "hive": "botanik_design.games.hive.engine.game:hive_from_doc",
}


def register_variant_loader(game: str, target: str) -> None:
    """Let variants with ``game: <game>`` load through ``target`` (``"module:function"``)."""
    _VARIANT_LOADERS[game] = target


def game_of(data: object) -> str:
    """The game a variant document's data names (``game:``), :data:`DEFAULT_GAME` if none."""
    if isinstance(data, dict):
        name = data.get("game", DEFAULT_GAME)
        return name if isinstance(name, str) else repr(name)
    return DEFAULT_GAME


def load_from_variant(ref: str, relative_to: Path | None = None, **params: Any) -> Game:
    """The :class:`Game` a variant reference (bundled name or path) describes.

    ``params`` go to the game's loader (Botanik: ``tileset=``, ``first_player=``).
    Raises ``SpecError`` when the reference names nothing, the file is invalid,
    or its ``game:`` is not a known game.
    """
    session, doc = read_ref(ref, "variant", relative_to)
    name = game_of(doc.data)
    target = _VARIANT_LOADERS.get(name)
    if target is None:
        from botanik_design.spec.load import check_doc

        check_doc(session, doc, "variant")  # the schema names the games: file:line:col
        known = ", ".join(sorted(_VARIANT_LOADERS))
        raise SpecError(f"{doc.name}: unknown game {name!r} (known: {known})")
    module, _, attr = target.partition(":")
    loader = getattr(importlib.import_module(module), attr)
    game: Game = loader(session, doc, **params)
    return game
