"""Bundled schemas, variants and tile sets, read with ``importlib.resources``.

In a checkout they are the top-level ``spec/``, ``tilesets/`` and ``piecesets/``
folders; in a wheel they ship as the packages ``botanik_design._spec``,
``botanik_design._tilesets`` and ``botanik_design._piecesets``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

_REPO = Path(__file__).resolve().parents[2]


def _root(package: str, folder: str) -> Traversable:
    try:
        return resources.files(package)
    except ModuleNotFoundError:  # running from a checkout that was never installed
        return _REPO / folder


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
    """The JSON Schema named ``kind`` (``tileset``, ``variant``, ``record``, ``position``)."""
    text = spec_root().joinpath(f"{kind}.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _yaml_files(root: Traversable) -> dict[str, Traversable]:
    return {
        p.name.rsplit(".", 1)[0]: p
        for p in sorted(root.iterdir(), key=lambda p: p.name)
        if p.name.endswith(".yaml")
    }


def bundled_variants() -> dict[str, Traversable]:
    """Bundled variant files by name (file stem), e.g. ``standard``."""
    return _yaml_files(spec_root().joinpath("variants"))


def bundled_tilesets() -> dict[str, Traversable]:
    """Bundled tile set files by name (file stem), e.g. ``botanik``."""
    return _yaml_files(tilesets_root())


def bundled_piecesets() -> dict[str, Traversable]:
    """Bundled Hive piece set files by name (file stem), e.g. ``hive-base``."""
    return _yaml_files(piecesets_root())
