"""Reading record and position files: validation, tile set and variant resolution.

Both kinds are YAML documents checked against their JSON Schema
(``spec/record.schema.json``, ``spec/position.schema.json``) through the
validation API (:func:`botanik_design.spec.validate.validate_text`), then
their ``tileset``/``variant`` references are loaded relative to the file and
the optional ``options`` overrides are applied (checked against the
variant schema's options).  Every problem raises :class:`RecordError`.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from botanik_design.engine.errors import RecordError
from botanik_design.model.tileset import TileSet
from botanik_design.model.variant import Variant
from botanik_design.spec.bundled import schema
from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import load_tileset, load_variant


def read_text(path: Path) -> str:
    """The file's text; :class:`RecordError` (``io`` in the message) when unreadable."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read: {exc}") from exc


def parse_doc(text: str, name: str, kind: str, folder: Path | None) -> dict[str, Any]:
    """Validate ``text`` as a ``kind`` document and return its data.

    Uses the validation API when present (positions in messages), else
    ``yaml.safe_load`` + the JSON Schema.
    """
    problems: list[str] = []
    try:
        from botanik_design.spec.validate import validate_text
    except ImportError:  # pragma: no cover - the validator ships with the package
        validate_text = None  # type: ignore[assignment]
    if validate_text is not None:
        diags = validate_text(text, name, kind, base=folder)
        problems = [d.format() for d in diags if d.level == "error"]
        if problems:
            raise RecordError(f"{name}: not a valid {kind} file", problems)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise RecordError(f"{name}: not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise RecordError(f"{name}: a {kind} file must be a mapping with a `{kind}` key")
    validator = jsonschema.Draft202012Validator(schema(kind))
    for err in sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path)):
        problems.append(f"{name}: /{'/'.join(map(str, err.absolute_path))}: {err.message}")
    if problems:
        raise RecordError(f"{name}: not a valid {kind} file", problems)
    return data


def resolve_rules(data: dict[str, Any], name: str, folder: Path | None) -> tuple[TileSet, Variant]:
    """Load the document's variant (with ``options`` applied) and tile set."""
    try:
        variant = load_variant(str(data["variant"]), folder)
    except SpecError as exc:
        raise RecordError(f"{name}: variant {data['variant']!r}: {exc}") from exc
    options = data.get("options") or {}
    if options:
        v_schema = schema("variant")
        check = jsonschema.Draft202012Validator(v_schema)
        errs = list(check.iter_errors({"variant": "override", "options": options}))
        if errs:
            raise RecordError(
                f"{name}: invalid option overrides",
                [f"{name}: /options/{'/'.join(map(str, e.absolute_path))[8:]}: {e.message}"
                 for e in errs],
            )
        variant = dataclasses.replace(variant, **options)
    ts_ref = data.get("tileset") or variant.tileset
    if ts_ref is None:
        raise RecordError(f"{name}: no tile set: name one with `tileset:`")
    try:
        tileset = load_tileset(str(ts_ref), folder)
    except SpecError as exc:
        raise RecordError(f"{name}: tile set {ts_ref!r}: {exc}") from exc
    return tileset, variant
