"""Spec layer: bundled resources, strict YAML reading, schema and semantic validation.

Imports neither networkx nor textual, so ``botanik-design validate`` starts fast.
Modules: ``yamlread`` (strict YAML with positions), ``positions``,
``schema_check`` (kinds and JSON Schema errors), ``semantic`` (errors no schema
can express), ``variants`` (``extends`` chains, effective options),
``lint`` (warnings), ``session`` (one run: each file read and checked once),
``validate`` (the API), ``report`` (text, JSON and GitHub output), ``refs``
(resolving references), ``load`` (typed loading); for Hive ``hive_semantic``,
``hive_variants``, ``hive_check`` and ``hive`` (loaders).
"""

from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.errors import SpecError
from botanik_design.spec.hive import load_hive_variant, load_pieceset
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
    "load_hive_variant",
    "load_pieceset",
    "load_tileset",
    "load_variant",
    "resolve_ref",
    "tileset_from_data",
    "validate_path",
    "validate_text",
]
