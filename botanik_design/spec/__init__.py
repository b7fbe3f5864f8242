"""Spec layer: bundled resources, strict YAML reading, schema and semantic validation.

Imports neither networkx nor textual, so ``botanik-design validate`` starts fast.
Modules: ``yamlread`` (strict YAML with positions), ``positions``,
``schema_check`` (kinds and JSON Schema errors), ``semantic`` (errors no schema
can express), ``lint`` (warnings), ``validate`` (the API and the per-run
session), ``report`` (text, JSON and GitHub output), ``load`` (typed loading).
"""

from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import (
    effective_options,
    load_tileset,
    load_variant,
    resolve_ref,
    tileset_from_data,
)
from botanik_design.spec.validate import validate_path, validate_text

__all__ = [
    "Diagnostic",
    "SpecError",
    "effective_options",
    "load_tileset",
    "load_variant",
    "resolve_ref",
    "tileset_from_data",
    "validate_path",
    "validate_text",
]
