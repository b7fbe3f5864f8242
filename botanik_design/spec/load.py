"""Load tile sets and variants by bundled name or path into typed model objects.

A *reference* is either a bundled name (``standard``, ``botanik``) or a path to
a YAML file (absolute, or relative to ``relative_to`` / the working directory).
Loading validates the file; any problem raises :class:`SpecError`.
"""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from botanik_design.model.sides import Side, exits_mask
from botanik_design.model.tileset import Colour, Kind, TileDef, TileSet, TileType
from botanik_design.model.variant import Variant
from botanik_design.spec.bundled import bundled_tilesets, bundled_variants, schema
from botanik_design.spec.errors import SpecError


def resolve_ref(
    ref: str, kind: str, relative_to: Path | None = None
) -> tuple[str, Traversable | Path]:
    """Find the file a reference names.

    ``kind`` is ``"tileset"`` or ``"variant"``.  A bundled name wins over a
    file of the same name only when no such file exists.  Returns
    ``(display_name, file)``; raises :class:`SpecError` when nothing matches.
    """
    base = relative_to if relative_to is not None else Path.cwd()
    candidate = Path(ref) if Path(ref).is_absolute() else base / ref
    if candidate.is_file():
        return str(candidate), candidate
    bundled = bundled_tilesets() if kind == "tileset" else bundled_variants()
    if ref in bundled:
        return ref, bundled[ref]
    known = ", ".join(sorted(bundled))
    raise SpecError(f"no {kind} named {ref!r}: not a file, and not a bundled {kind} ({known})")


def _read(file: Traversable | Path, name: str) -> Any:
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError(f"{name}: cannot read: {exc}") from exc
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise SpecError(f"{name}: not valid YAML: {exc}") from exc


def _check_schema(data: Any, kind: str, name: str) -> None:
    validator = jsonschema.Draft202012Validator(schema(kind))
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        problems = [f"{name}: /{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]
        raise SpecError(f"{name}: not a valid {kind}", problems)


def tileset_from_data(data: dict[str, Any], path: str | None = None) -> TileSet:
    """Build a :class:`TileSet` from schema-valid data (no semantic checks)."""
    colours = tuple(Colour(c["name"], c["symbol"], c["display"]) for c in data["palette"])
    tiles = tuple(
        TileDef(
            id=t["id"],
            colour=t.get("colour"),
            type=TileType(t["type"]),
            kind=Kind(t["kind"]),
            exits=exits_mask([Side[s] for s in t["exits"]]),
            flowers=t.get("flowers", 0),
            copies=t["copies"],
            label=t.get("label", ""),
        )
        for t in data["tiles"]
    )
    return TileSet(
        name=data["tileset"], colours=colours, tiles=tiles,
        description=data.get("description", ""), path=path,
    )


def load_tileset(ref: str, relative_to: Path | None = None) -> TileSet:
    """Load and validate a tile set by bundled name or path.

    Raises :class:`SpecError` when the file is missing, unreadable or invalid.
    """
    name, file = resolve_ref(ref, "tileset", relative_to)
    data = _read(file, name)
    _check_schema(data, "tileset", name)
    return tileset_from_data(data, str(file) if isinstance(file, Path) else None)


def _variant_chain(
    ref: str, relative_to: Path | None
) -> list[tuple[str, dict[str, Any], Path | None]]:
    """The variant and its ancestors, child first: ``(name, data, folder)``."""
    chain: list[tuple[str, dict[str, Any], Path | None]] = []
    seen: list[str] = []
    current: str | None = ref
    folder = relative_to
    while current is not None:
        name, file = resolve_ref(current, "variant", folder)
        if name in seen:
            raise SpecError(f"cyclic extends: {' -> '.join([*seen, name])}")
        seen.append(name)
        data = _read(file, name)
        _check_schema(data, "variant", name)
        own_folder = file.parent if isinstance(file, Path) else None
        chain.append((name, data, own_folder))
        current = data.get("extends")
        folder = own_folder
        if len(chain) > 32:
            raise SpecError(f"extends chain too long from {ref!r}")
    return chain


def effective_options(ref: str, relative_to: Path | None = None) -> dict[str, Any]:
    """The variant's effective options: defaults, overridden root-first along ``extends``."""
    options = Variant().options()
    for _, data, _ in reversed(_variant_chain(ref, relative_to)):
        options.update(data.get("options") or {})
    return options


def load_variant(ref: str, relative_to: Path | None = None) -> Variant:
    """Load a variant by bundled name or path, resolving ``extends``.

    The default tile set (``tileset``) is inherited from the nearest ancestor
    that names one, and made absolute when it is a path.  Raises
    :class:`SpecError` on a missing file, invalid content or a cyclic chain.
    """
    chain = _variant_chain(ref, relative_to)
    options = Variant().options()
    tileset: str | None = None
    for _, data, folder in reversed(chain):
        options.update(data.get("options") or {})
        if "tileset" in data:
            ts = data["tileset"]
            if folder is not None and (folder / ts).is_file():
                ts = str(folder / ts)
            tileset = ts
    top = chain[0][1]
    return Variant.from_options(
        options, name=top["variant"], title=top.get("title", ""), tileset=tileset
    )
