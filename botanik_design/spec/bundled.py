"""Bundled schemas, variants and tile sets, read with ``importlib.resources``.

In a checkout they are the top-level ``spec/``, ``tilesets/`` and ``piecesets/``
folders; in a wheel they ship as the packages ``botanik_design._spec``,
``botanik_design._tilesets`` and ``botanik_design._piecesets``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from botanik_design.games.registry import DEFAULT_GAME

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

_REPO = Path(__file__).resolve().parents[2]


@cache
def _root(package: str, folder: str) -> Traversable:
    """The package's files, or the checkout's folder (found once per process: asking
    the import system for a package that is not there searches every path)."""
    if find_spec(package) is None:  # running from a checkout that was never installed
        return _REPO / folder
    from importlib import resources  # here: a checkout's start does without it

    return resources.files(package)


def spec_root() -> Traversable:
    """Folder holding the JSON Schemas, ``rules.md`` and ``variants/``."""
    return _root("botanik_design._spec", "spec")


def tilesets_root() -> Traversable:
    """Folder holding the bundled tile sets."""
    return _root("botanik_design._tilesets", "tilesets")


def piecesets_root() -> Traversable:
    """Folder holding the bundled Hive piece sets."""
    return _root("botanik_design._piecesets", "piecesets")


@cache
def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema named ``kind`` (``tileset``, ``variant``, ``record``, ``position``):
    the bundled ``spec/<kind>.schema.json``, or the file a game's entry names."""
    own = external_schemas().get(kind)
    source = Path(own) if own else spec_root().joinpath(f"{kind}.schema.json")
    text = source.read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _yaml_files(root: Traversable) -> dict[str, Traversable]:
    return {
        p.name.rsplit(".", 1)[0]: p
        for p in sorted(root.iterdir(), key=lambda p: p.name)
        if p.name.endswith(".yaml")
    }


@cache
def _game_of(name: str) -> str:
    """The ``game`` the bundled variant file ``name`` names (the default game if none)."""
    import yaml  # here: most commands never list the bundled variants by game

    file = spec_root().joinpath("variants").joinpath(name)
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    game = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    return str(game)


def bundled_variants(game: str | None = DEFAULT_GAME) -> dict[str, Traversable]:
    """Bundled variant files of ``game`` by name (file stem), e.g. ``standard``.

    ``game``: a game's name (the default game's variants have no ``game:``), or
    ``None`` for every bundled variant.
    """
    files = _yaml_files(spec_root().joinpath("variants"))
    return {n: f for n, f in files.items() if game is None or _game_of(f.name) == game}


def external_schemas() -> dict[str, str]:
    """Kind -> schema file of the spec kinds whose game brings its own schema."""
    from botanik_design.games.registry import entries

    return {k.kind: k.schema for e in entries() for k in e.kinds if k.schema}


#: The bundled folders a game entry's ``SpecKind.bundled`` may name.
FOLDERS = ("variants", "tilesets", "piecesets")


def bundled_files(folder: str, game: str | None) -> dict[str, Traversable]:
    """Bundled files of one folder by name: ``"variants"`` (those of ``game``),
    ``"tilesets"`` or ``"piecesets"`` (a game entry's ``SpecKind.bundled``), or the
    path of a folder a game shipped outside this package brings."""
    if folder == "variants":
        return bundled_variants(game)
    roots = {"tilesets": tilesets_root, "piecesets": piecesets_root}
    if folder not in roots:
        return _yaml_files(Path(folder)) if Path(folder).is_dir() else {}
    return _yaml_files(roots[folder]())


def bundled_tilesets() -> dict[str, Traversable]:
    """Bundled tile set files by name (file stem), e.g. ``botanik``."""
    return _yaml_files(tilesets_root())


def bundled_piecesets() -> dict[str, Traversable]:
    """Bundled Hive piece set files by name (file stem), e.g. ``hive-base``."""
    return _yaml_files(piecesets_root())
