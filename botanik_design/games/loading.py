"""Load any game from a variant reference: the dispatcher ``simulate``, ``compare``
and ``replay`` use.

A variant file names its game in an optional top-level ``game:`` key (absent:
the registry's default game).  :func:`load_from_variant` reads the file once with the
validator's reader (:func:`botanik_design.spec.load.read_ref`), finds the game's entry
(:mod:`botanik_design.games.registry`) and hands the read document to the entry's
``variant_loader``, so the game checks and builds it without parsing the file again::

    game = load_from_variant("registre-3")                    # a Botanik game
    game = load_from_variant("my-hive.yaml")                  # game: hive

The loader is called as ``function(session, doc, **params)`` and returns a
:class:`~botanik_design.games.base.Game` or raises ``SpecError``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botanik_design.games.base import Game
from botanik_design.games.registry import (
    DEFAULT_GAME,
    UnknownGameError,
    entries,
    entry,
    replace_entry,
    resolve,
)
from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import read_ref


def register_variant_loader(game: str, target: str) -> None:
    """Let variants with ``game: <game>`` load through ``target`` (``"module:function"``);
    the game must be registered (:func:`~botanik_design.games.registry.register_game`)."""
    replace_entry(game, variant_loader=target)


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
    target = _loader_of(name)
    if target is None:
        from botanik_design.spec.load import check_doc

        check_doc(session, doc, "variant")  # the schema names the games: file:line:col
        known = ", ".join(e.name for e in entries() if e.variant_loader)
        raise SpecError(f"{doc.name}: unknown game {name!r} (known: {known})")
    game: Game = resolve(target)(session, doc, **params)
    return game


def _loader_of(name: str) -> str | None:
    try:
        return entry(name).variant_loader or None
    except UnknownGameError:
        return None
