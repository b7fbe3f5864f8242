"""The registry of games: one :class:`~botanik_design.games.entry.GameEntry` per game.

Entries are imported only when asked for, and an entry imports nothing heavy,
so listing names costs nothing::

    from botanik_design.games.registry import load_game, game_names, entries
    game = load_game("botanik", variant="registre-3")           # a Game
    game = load_game("hive", variant="hive-tournament")
    [e.title for e in entries()]                                 # ["Botanik", "Hive"]

``load_game(name, **params)`` calls the entry's factory with ``params`` (spec
references such as ``variant=`` / ``tileset=`` / ``pieceset=``, or already
loaded typed specs).  Raises :class:`UnknownGameError` for an unregistered
name; factories raise ``SpecError`` for specs that do not load.

A game outside this package registers with :func:`register_entry` (an entry, or
``"module:ENTRY"``).  :func:`register_game` (a factory alone) still works for a
game without spec files.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from botanik_design.games.base import Game
from botanik_design.games.entry import GameEntry, SpecKind

#: The bundled games: name -> where its entry is (the registry's data).
_BUNDLED: dict[str, str] = {
    "botanik": "botanik_design.games.botanik:ENTRY",
    "hive": "botanik_design.games.hive:ENTRY",
}

#: The game of a spec file that names none (no ``game:`` key): files written
#: before there was a second game keep their meaning.
DEFAULT_GAME = "botanik"

#: name -> the entry, or where to import it from.
_ENTRIES: dict[str, GameEntry | str] = dict(_BUNDLED)


class UnknownGameError(ValueError):
    """No game type of that name is registered."""


def resolve(target: str) -> Any:
    """The attribute a ``"package.module:attribute"`` target names (imported now)."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def register_entry(entry: GameEntry | str) -> None:
    """Register a game by its entry (or ``"module:ENTRY"``, imported when first needed)."""
    if isinstance(entry, str):
        entry = resolve(entry)
    assert isinstance(entry, GameEntry)
    _ENTRIES[entry.name] = entry


def register_game(name: str, target: str) -> None:
    """Register ``target`` (``"package.module:factory"``) as the factory of game ``name``.

    An existing entry keeps everything else; a new name gets an entry with no spec
    kinds (a game played through ``load_game`` only)."""
    if name in _ENTRIES:
        _ENTRIES[name] = dataclasses.replace(entry(name), factory=target)
    else:
        _ENTRIES[name] = GameEntry(name=name, title=name, factory=target,
                                   variant_loader="", variant_kind="")


def unregister(name: str) -> None:
    """Forget game ``name`` (a bundled game comes back on the next lookup)."""
    _ENTRIES.pop(name, None)
    if name in _BUNDLED:
        _ENTRIES[name] = _BUNDLED[name]


def game_names() -> tuple[str, ...]:
    """Registered game type names, sorted."""
    return tuple(sorted(_ENTRIES))


def entry(name: str) -> GameEntry:
    """The entry of game ``name``; :class:`UnknownGameError` when none is registered."""
    try:
        found = _ENTRIES[name]
    except KeyError:
        known = ", ".join(game_names()) or "none"
        raise UnknownGameError(f"unknown game {name!r} (known: {known})") from None
    if isinstance(found, str):
        found = resolve(found)
        assert isinstance(found, GameEntry), f"{_ENTRIES[name]} is not a GameEntry"
        _ENTRIES[name] = found
    return found


def entries() -> tuple[GameEntry, ...]:
    """Every registered entry, the default game first, then by name."""
    names = sorted(_ENTRIES, key=lambda n: (n != DEFAULT_GAME, n))
    return tuple(entry(n) for n in names)


def replace_entry(name: str, **changes: Any) -> None:
    """Change fields of game ``name``'s entry (e.g. its ``variant_loader``)."""
    _ENTRIES[name] = dataclasses.replace(entry(name), **changes)


def spec_kind(kind: str | None) -> tuple[GameEntry, SpecKind] | None:
    """The game that reads spec kind ``kind``, with the kind's declaration."""
    if kind is None:
        return None
    for e in entries():
        found = e.kind(kind)
        if found is not None:
            return e, found
    return None


def load_game(name: str, **params: Any) -> Game:
    """Build the :class:`Game` ``name`` with ``params`` (see the module docstring)."""
    game: Game = resolve(entry(name).factory)(**params)
    return game
