"""Spec layer: bundled resources, YAML loading, schema and semantic validation.

Imports neither networkx nor textual, so ``botanik-design validate`` starts fast.
"""

from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import load_tileset, load_variant, resolve_ref

__all__ = ["SpecError", "load_tileset", "load_variant", "resolve_ref"]
